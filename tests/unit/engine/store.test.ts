import { describe, expect, it } from 'vitest';
import type { GraphStore } from '../../../engine/core/store.ts';
import type { Rect } from '../../../engine/core/types.ts';
import { card, edge, makeEditor } from './fixtures.ts';

/** A grid of cards 20 wide and 200 apart, each joined to the one on its right: a bulk load. */
function makeGrid(rows = 10) {
  const nodes = [], edges = [];
  for (let i = 0; i < 20 * rows; i++) {
    nodes.push(card(`n${i}`, (i % 20) * 200, Math.floor(i / 20) * 200));
    if (i % 20) edges.push(edge(`n${i - 1}`, `n${i}`, { sourceHandle: 'right', targetHandle: 'left' }));
  }
  return makeEditor({ nodes, edges });
}

/** What the store's culling finds in `rect`, sorted: by a scan before the trees are built, through them after. */
function culled(store: GraphStore, rect: Rect) {
  const nodes: string[] = [], edges: string[] = [];
  store.queryNodes(rect, (n) => nodes.push(n.id));
  store.queryEdges(rect, (id) => edges.push(id));
  return { nodes: nodes.sort(), edges: edges.sort() };
}

describe('graph store', () => {
  it('diffs incoming arrays by reference: unchanged nodes keep their record version', () => {
    const t = makeEditor();
    const before = t.engine.store.nodes.get('b')!.version;
    const nodes = t.nodes.map((n) => (n.id === 'a' ? { ...n, position: { x: 50, y: 0 } } : n));
    t.engine.setNodes(nodes);
    expect(t.engine.store.nodes.get('b')!.version).toBe(before);
    expect(t.positionOf('a')).toEqual({ x: 50, y: 0 });
    expect(t.engine.nodesIn({ x: 170, y: 0, width: 5, height: 5 })).toEqual(['a']);
  });

  it('removes nodes missing from a new array, with their index entries and edge geometry', () => {
    const t = makeEditor();
    t.engine.setNodes(t.nodes.filter((n) => n.id !== 'd'));
    expect(t.engine.store.nodes.has('d')).toBe(false);
    expect(t.engine.nodesIn({ x: 0, y: 200, width: 100, height: 100 })).toEqual([]);
    expect(t.engine.store.edgeIndex.size).toBe(0);
  });

  it('a new array naming an id twice still drops exactly the nodes and edges it leaves out', () => {
    const t = makeEditor({ nodes: [card('a', 0, 0), card('b', 200, 0), card('c', 400, 0), card('d', 0, 200)], edges: [edge('a', 'b'), edge('b', 'c'), edge('a', 'd')] });
    const [a, ...rest] = t.nodes;
    t.engine.setNodes([a!, ...rest.filter((n) => n.id !== 'd'), { ...a!, position: { x: 7, y: 7 } }]);
    expect([...t.engine.store.nodes.keys()].sort()).toEqual(t.nodes.map((n) => n.id).filter((id) => id !== 'd').sort());
    expect(t.positionOf(a!.id)).toEqual({ x: 7, y: 7 });
    const edges = [...t.engine.store.edges.values()].map((r) => r.edge);
    t.engine.setEdges([...edges.slice(1), edges[edges.length - 1]!]);
    expect([...t.engine.store.edges.keys()].sort()).toEqual(edges.slice(1).map((e) => e.id).sort());
  });

  it('resolves parent-relative positions, moves children with their parent and clamps to a parent extent', () => {
    const parent = card('p', 100, 100, { width: 400, height: 300 });
    const child = card('k', 20, 30, { parentId: 'p', extent: 'parent' });
    const t = makeEditor({ nodes: [child, parent], edges: [] });
    expect(t.positionOf('k')).toEqual({ x: 120, y: 130 });
    t.drag(t.screenOf('p', { x: 300, y: 250 }), { x: 400 + 50, y: 350 + 50 });
    expect(t.positionOf('p')).toEqual({ x: 150, y: 150 });
    expect(t.positionOf('k')).toEqual({ x: 170, y: 180 });
    t.drag(t.screenOf('k'), { x: 2000, y: 2000 });
    // The child stays inside its parent: right edge at 150 + 400, bottom at 150 + 300.
    expect(t.positionOf('k')).toEqual({ x: 550 - 128, y: 450 - 88 });
    const change = t.nodeChanges.filter((c) => c.type === 'position' && c.id === 'k').at(-1)!;
    expect(change.type === 'position' && change.position).toEqual({ x: 400 - 128, y: 300 - 88 });
  });

  it('keeps hidden nodes and their edges out of the index', () => {
    const t = makeEditor({ nodes: [card('a', 0, 0), card('d', 0, 200, { hidden: true })], edges: [edge('a', 'd')] });
    expect(t.engine.nodesIn({ x: -10, y: -10, width: 500, height: 500 })).toEqual(['a']);
    expect(t.engine.store.edgeIndex.size).toBe(0);
  });

  it('moves incident edges in the edge index when a node moves', () => {
    const t = makeEditor();
    const far = { x: 2400, y: 2400, width: 300, height: 400 };
    expect(t.engine.store.edgeIndex.queryIds(far)).toEqual([]);
    t.engine.setNodes(t.nodes.map((n) => (n.id === 'a' ? { ...n, position: { x: 4950, y: 4900 } } : n)));
    expect(t.engine.store.edgeIndex.queryIds(far)).toEqual(['e-a-d']);
  });

  it('a patch changes only the nodes and edges it names, and adds new ones on top', () => {
    const t = makeEditor();
    const b = t.engine.store.nodes.get('b')!.version;
    const moved = { ...t.nodes.find((n) => n.id === 'a')!, position: { x: 50, y: 0 } };
    t.engine.patch({ nodes: { upsert: [moved, card('z', 900, 900)], remove: ['d'] }, edges: { upsert: [edge('a', 'z')] } });
    expect(t.engine.store.nodes.get('b')!.version).toBe(b);
    expect(t.positionOf('a')).toEqual({ x: 50, y: 0 });
    expect(t.engine.store.nodes.has('d')).toBe(false);
    expect(t.engine.nodesIn({ x: 890, y: 890, width: 20, height: 20 })).toEqual(['z']);
    expect(t.engine.store.nodes.get('z')!.order).toBeGreaterThan(t.engine.store.nodes.get('b')!.order);
    expect(t.engine.store.edgeIndex.queryIds({ x: 880, y: 880, width: 40, height: 40 })).toEqual(['e-a-z']);
    t.engine.patch({ edges: { remove: ['e-a-z'] } });
    expect(t.engine.store.edges.has('e-a-z')).toBe(false);
    expect(t.engine.store.edgeIndex.queryIds({ x: 880, y: 880, width: 40, height: 40 })).toEqual([]);
  });

  it('a patched node without `selected` keeps the engine\'s selection', () => {
    const t = makeEditor();
    t.engine.select(['a']);
    const { selected: _, ...plain } = t.nodes.find((n) => n.id === 'a')!;
    t.engine.patch({ nodes: { upsert: [{ ...plain, data: { label: 'renamed' } }] } });
    expect(t.engine.store.nodes.get('a')!.selected).toBe(true);
    expect(t.engine.store.selectedNodes.has('a')).toBe(true);
  });

  it('storing the position of a drag the engine made redraws nothing', () => {
    const t = makeEditor();
    const rec = t.engine.store.nodes.get('a')!;
    t.engine.moveNodes(new Map([['a', { x: 300, y: 40 }]]), false);
    const version = rec.version;
    const content = t.engine.store.contentVersion;
    const stored = { ...rec.node, position: { x: 300, y: 40 } };
    t.engine.patch({ nodes: { upsert: [stored] } });
    expect(rec.node).toBe(stored);
    expect(rec.version).toBe(version);
    expect(t.engine.store.contentVersion).toBe(content);
  });

  it("indexes a fork edge over its whole route, its sideways drop included, without building it", () => {
    const fork = edge('a', 'd', { type: 'fork', pathOptions: { joinDx: 600 } });
    const t = makeEditor({ nodes: [card('a', 0, 0), card('d', 0, 200)], edges: [fork] });
    const drop = { x: 64 + 590, y: 110, width: 20, height: 20 };
    expect(t.engine.store.edgeIndex.queryIds(drop)).toEqual(['e-a-d']);
    expect(t.engine.store.edges.get('e-a-d')!.geometry).toBeNull();
  });

  it('an edge with a reach is indexed and culled by it, its route options not read until it is drawn', () => {
    let read = 0;
    const fork = { ...edge('a', 'd', { type: 'fork' }), reach: 600, get pathOptions() { return read++, { joinDx: 600 }; } };
    const t = makeEditor({ nodes: [card('a', 0, 0), card('d', 0, 200)], edges: [fork] });
    const drop = { x: 64 + 590, y: 110, width: 20, height: 20 };
    expect(culled(t.engine.store, drop).edges).toEqual(['e-a-d']);
    expect(t.engine.store.edgeIndex.queryIds(drop)).toEqual(['e-a-d']);
    expect(read).toBe(0);
    // Seen from far away its ends are all that is drawn: still no route, nothing kept.
    const rec = t.engine.store.edges.get('e-a-d')!;
    const geometry = t.engine.store.edgeGeometry(rec, false)!;
    read = 0;
    expect(t.engine.store.edgeEnds(rec)).toEqual({ source: geometry.source, target: geometry.target });
    expect(read).toBe(0);
    expect(rec.geometry).toBeNull();
  });

  it('a bulk load leaves the trees for later, and culling by a scan finds what the trees find', () => {
    const t = makeGrid();
    const store = t.engine.store;
    expect(store.indexesPending).toBe(true);
    const rects = [{ x: 150, y: 150, width: 500, height: 300 }, { x: -1000, y: -1000, width: 900, height: 900 }, { x: 328, y: 0, width: 0, height: 0 }];
    const scanned = rects.map((r) => culled(store, r));
    expect(scanned[0].nodes.length).toBeGreaterThan(0);
    expect(scanned[0].edges.length).toBeGreaterThan(0);
    expect(store.buildIndexes(() => false)).toBe(false);
    expect(store.indexesPending).toBe(false);
    expect(rects.map((r) => culled(store, r))).toEqual(scanned);
  });

  it('moves, patches and removals made before the trees are built are in them once built', () => {
    const t = makeGrid();
    t.engine.moveNodes(new Map([['n0', { x: 5000, y: 5000 }]]), false);
    t.engine.patch({ nodes: { upsert: [card('z', 6000, 6000)], remove: ['n1'] }, edges: { upsert: [edge('n0', 'z')] } });
    const store = t.engine.store;
    expect(t.engine.nodesIn({ x: 4990, y: 4990, width: 20, height: 20 })).toEqual(['n0']);
    expect(t.engine.nodesIn({ x: 5990, y: 5990, width: 20, height: 20 })).toEqual(['z']);
    expect(t.engine.nodesIn({ x: 190, y: -10, width: 20, height: 20 })).toEqual([]);
    expect(store.edgeIndex.queryIds({ x: 5500, y: 5500, width: 10, height: 10 })).toEqual(['e-n0-z']);
    expect([...store.edgesOf('n0')].sort()).toEqual(['e-n0-n1', 'e-n0-z']);
    expect(store.edgesOf('n2')).toEqual(['e-n1-n2', 'e-n2-n3']);
  });

  it('builds the indexes in slices when time is short, and one needed mid-build is complete at once', () => {
    const t = makeGrid(100);
    const store = t.engine.store;
    const all = { x: -1000, y: -1000, width: 30000, height: 30000 };
    const slice = () => store.buildIndexes(() => true);
    for (let i = 0; i < 3; i++) expect(slice()).toBe(true);
    expect(t.engine.nodesIn(all)).toHaveLength(2000);
    t.click(t.screenOf('n1999').x, t.screenOf('n1999').y);
    expect(t.selectedIds()).toEqual(['n1999']);
    expect(slice()).toBe(true);
    expect(store.edgesOf('n1999')).toEqual(['e-n1998-n1999']);
    expect(slice()).toBe(true);
    expect(store.edgeIndex.size).toBe(1900);
    expect(store.indexesPending).toBe(false);

    const again = makeGrid(100).engine.store;
    let slices = 1;
    while (again.buildIndexes(() => true)) slices++;
    // 2000 cards, then 1900 edges twice (lookup, tree), a few hundred records per slice.
    expect(slices).toBeGreaterThan(10);
  });

  it('moves, patches and removals made during a sliced build are in the finished indexes', () => {
    const t = makeGrid(100);
    const store = t.engine.store;
    const changes = [
      (i: number) => t.engine.moveNodes(new Map([[`n${(i * 37) % 600}`, { x: 9000 + i * 10, y: 100 }], [`n${599 - i}`, { x: -3000, y: i * 50 }]]), false),
      (i: number) => t.engine.patch({ nodes: { upsert: [card(`z${i}`, 7000, i * 200)], remove: [`n${(i * 53) % 600}`] }, edges: { upsert: [edge(`z${i}`, `n${(i * 71) % 600}`)] } }),
      (i: number) => {
        const old = store.edges.get(`e-n${(i * 29) % 599}-n${((i * 29) % 599) + 1}`);
        if (old) t.engine.patch({ edges: { upsert: [{ ...old.edge, target: `n${(i * 13 + 300) % 600}` }] } });
      },
      (i: number) => {
        const rec = store.nodes.get(`n${(i * 41) % 600}`);
        if (rec) t.engine.patch({ nodes: { upsert: [{ ...rec.node, hidden: true }] }, edges: { remove: [`e-n${(i * 7) % 599}-n${((i * 7) % 599) + 1}`] } });
      },
    ];
    let i = 0;
    // A change of each kind between slices, all along the node tree's, the lookup's and the edge tree's walks.
    while (store.buildIndexes(() => true)) changes[i % changes.length](i++);
    expect(i).toBeGreaterThan(16);

    // The same graph loaded afresh: its culling scans the records, its lookup is made in one go.
    const nodes = [...store.nodes.values()].map((r) => ({ ...r.node, position: store.relativePosition(r) }));
    const fresh = makeEditor({ nodes, edges: [...store.edges.values()].map((r) => r.edge) }).engine.store;
    const rects = [{ x: -4000, y: -1000, width: 20000, height: 8000 }, { x: 8000, y: 0, width: 2000, height: 300 }, { x: 300, y: 300, width: 900, height: 700 }];
    expect(rects.map((r) => culled(store, r))).toEqual(rects.map((r) => culled(fresh, r)));
    expect(fresh.indexesPending).toBe(true);
    for (const id of store.nodes.keys()) expect([...store.edgesOf(id)].sort()).toEqual([...fresh.edgesOf(id)].sort());
  });

  it('a click before the trees are built hits the card under the pointer', () => {
    const t = makeGrid();
    t.click(t.screenOf('n21').x, t.screenOf('n21').y);
    expect(t.selectedIds()).toEqual(['n21']);
  });
});
