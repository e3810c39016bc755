import { describe, expect, it } from 'vitest';
import { TestEngine } from '../../../engine/core/testing.ts';
import { FORK_DEFAULTS, flattenPath } from '../../../engine/core/edgePaths.ts';
import type { XY } from '../../../engine/core/types.ts';
import { cardNodeType } from '../../../engine/render/nodeTypes/cardNode.ts';
import { defaultNodeType } from '../../../engine/render/nodeTypes/defaultNode.ts';
import { forkOptions, parentLineRoutes, type ParentLineRoute } from '../../../src/screens/tree/canvas/parentLines.ts';
import { PERSON_CARD, PersonCards } from '../../../src/screens/tree/canvas/personCards.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { makeGraph } from '../domain/helpers.ts';

/**
 * Issue 12, item 7: lines from different parents ran together, so a child linked only to Lily
 * looked linked to Oliver too. Oliver (n1001) and Lily (n1002) are a couple with two children;
 * Lily has a child of her own (left of Oliver) and Oliver one of his (right of Lily).
 */
const oliverAndLily = () =>
  makeGraph({
    people: [
      { node: 'n1001', x: 0, y: 0 },
      { node: 'n1002', x: 180, y: 0 },
      { node: 'n1003', x: 40, y: 160 },
      { node: 'n1004', x: 180, y: 160 },
      { node: 'n1005', x: -160, y: 160 },
      { node: 'n1006', x: 340, y: 160 },
    ],
    parents: [
      ['n1001', 'n1003'], ['n1002', 'n1003'],
      ['n1001', 'n1004'], ['n1002', 'n1004'],
      ['n1002', 'n1005'],
      ['n1001', 'n1006'],
    ],
    spouses: [['n1001', 'n1002']],
  });

/** Every parent line as the tree draws it: the tree's own edge building, the engine's geometry. */
function drawnLines(graph: Graph): Map<string, XY[]> {
  const { nodes, edges } = new PersonCards({ invitationsEnabled: false, compact: false, uid: '', role: 'owner' }).build(graph);
  const t = new TestEngine({ nodeTypes: { default: defaultNodeType, card: cardNodeType }, nodes, edges });
  const lines = new Map<string, XY[]>();
  for (const e of graph.edges) {
    const rec = t.engine.store.edges.get(e.id)!;
    lines.set(e.id, flattenPath(t.engine.store.edgeGeometry(rec)!.commands));
  }
  return lines;
}

/** Length along which two polylines run on top of each other (horizontal or vertical stretches). */
function sharedLength(a: XY[], b: XY[]): number {
  let total = 0;
  for (let i = 1; i < a.length; i++) {
    for (let j = 1; j < b.length; j++) {
      const [p, q, r, s] = [a[i - 1], a[i], b[j - 1], b[j]];
      if (p.y === q.y && r.y === s.y && Math.abs(p.y - r.y) < 1) {
        total += Math.max(0, Math.min(Math.max(p.x, q.x), Math.max(r.x, s.x)) - Math.max(Math.min(p.x, q.x), Math.min(r.x, s.x)));
      } else if (p.x === q.x && r.x === s.x && Math.abs(p.x - r.x) < 1) {
        total += Math.max(0, Math.min(Math.max(p.y, q.y), Math.max(r.y, s.y)) - Math.max(Math.min(p.y, q.y), Math.min(r.y, s.y)));
      }
    }
  }
  return total;
}

describe('parent lines on the tree', () => {
  it("never share a stretch with the lines of someone who is not the child's parent", () => {
    const graph = oliverAndLily();
    const lines = drawnLines(graph);
    const parentsOf = (child: string) => graph.edges.filter((e) => e.target === child).map((e) => e.source);
    for (const a of graph.edges) {
      for (const b of graph.edges) {
        if (parentsOf(a.target).includes(b.source)) continue;
        expect(sharedLength(lines.get(a.id)!, lines.get(b.id)!), `${a.id} runs along ${b.id}`).toBe(0);
      }
    }
  });

  it("draws a couple's children from the point between the two parents", () => {
    const lines = drawnLines(oliverAndLily());
    const between = 90 + PERSON_CARD.width / 2;
    const forkY = PERSON_CARD.height + FORK_DEFAULTS.forkDepth;
    for (const id of ['e-n1001-n1003', 'e-n1002-n1003', 'e-n1001-n1004', 'e-n1002-n1004']) {
      const line = lines.get(id)!;
      // It drops from between the two parents, just under their cards.
      const drop = line.findIndex((p, i) => i > 0 && p.x === between && line[i - 1].x === between);
      expect(drop, id).toBeGreaterThan(0);
      expect(line[drop - 1].y - forkY, id).toBeLessThanOrEqual(FORK_DEFAULTS.radius);
    }
    // Both parents' lines to one child meet and run on together from there.
    expect(sharedLength(lines.get('e-n1001-n1003')!, lines.get('e-n1002-n1003')!)).toBeGreaterThan(60);
  });
});

describe('parentLineRoutes', () => {
  const card = PERSON_CARD;
  it.each<[string, Graph, Record<string, ParentLineRoute>]>([
    [
      'a single parent drops straight from its card',
      makeGraph({ people: [{ node: 'n1001', x: 0, y: 0 }, { node: 'n1002', x: 140, y: 160 }], parents: [['n1001', 'n1002']] }),
      { 'e-n1001-n1002': { joinDx: 0, fork: 0, lane: 0 } },
    ],
    [
      'a couple side by side drops from half way between them',
      makeGraph({
        people: [{ node: 'n1001', x: 0, y: 0 }, { node: 'n1002', x: 180, y: 0 }, { node: 'n1003', x: 90, y: 160 }],
        parents: [['n1001', 'n1003'], ['n1002', 'n1003']],
      }),
      { 'e-n1001-n1003': { joinDx: 90, fork: 0, lane: 0 }, 'e-n1002-n1003': { joinDx: -90, fork: 0, lane: 0 } },
    ],
    [
      'a child adopted by one of a couple hangs from each parent alone, so the two kinds of line do not run together',
      (() => {
        const g = makeGraph({
          people: [{ node: 'n1001', x: 0, y: 0 }, { node: 'n1002', x: 180, y: 0 }, { node: 'n1003', x: 90, y: 160 }],
          parents: [['n1001', 'n1003'], ['n1002', 'n1003']],
        });
        return { ...g, edges: g.edges.map((e) => (e.source === 'n1002' ? { ...e, data: { kind: 'parent' as const, pedigree: 'adopted' as const } } : e)) };
      })(),
      { 'e-n1001-n1003': { joinDx: 0, fork: 0, lane: 0 }, 'e-n1002-n1003': { joinDx: 0, fork: 0, lane: 1 } },
    ],
    [
      'two parents in different rows are two single parents, whose buses meet over the child on two lanes',
      makeGraph({
        people: [{ node: 'n1001', x: 0, y: 0 }, { node: 'n1002', x: 180, y: -160 }, { node: 'n1003', x: 90, y: 160 }],
        parents: [['n1001', 'n1003'], ['n1002', 'n1003']],
      }),
      { 'e-n1001-n1003': { joinDx: 0, fork: 0, lane: 0 }, 'e-n1002-n1003': { joinDx: 0, fork: 0, lane: 1 } },
    ],
    [
      'overlapping buses over one row take different lanes, the narrower nearer its children',
      oliverAndLily(),
      {
        'e-n1001-n1003': { joinDx: 90, fork: 0, lane: 0 },
        'e-n1002-n1003': { joinDx: -90, fork: 0, lane: 0 },
        'e-n1001-n1004': { joinDx: 90, fork: 0, lane: 0 },
        'e-n1002-n1004': { joinDx: -90, fork: 0, lane: 0 },
        'e-n1002-n1005': { joinDx: 0, fork: 0, lane: 1 },
        'e-n1001-n1006': { joinDx: 0, fork: 0, lane: 2 },
      },
    ],
    [
      'parents far apart are two single parents',
      makeGraph({
        people: [{ node: 'n1001', x: 0, y: 0 }, { node: 'n1002', x: 500, y: 0 }, { node: 'n1003', x: 250, y: 160 }],
        parents: [['n1001', 'n1003'], ['n1002', 'n1003']],
      }),
      { 'e-n1001-n1003': { joinDx: 0, fork: 0, lane: 0 }, 'e-n1002-n1003': { joinDx: 0, fork: 0, lane: 1 } },
    ],
    [
      'buses far apart share a lane',
      makeGraph({
        people: [{ node: 'n1001', x: 0, y: 0 }, { node: 'n1002', x: 600, y: 0 }, { node: 'n1003', x: 0, y: 160 }, { node: 'n1004', x: 600, y: 160 }],
        parents: [['n1001', 'n1003'], ['n1002', 'n1004']],
      }),
      { 'e-n1001-n1003': { joinDx: 0, fork: 0, lane: 0 }, 'e-n1002-n1004': { joinDx: 0, fork: 0, lane: 0 } },
    ],
    [
      'a parent with two partners on one side forks deeper for the farther couple',
      makeGraph({
        people: [
          { node: 'n1001', x: 0, y: 0 }, { node: 'n1002', x: 180, y: 0 }, { node: 'n1003', x: 360, y: 0 },
          { node: 'n1004', x: 90, y: 160 }, { node: 'n1005', x: 360, y: 320 },
        ],
        parents: [['n1001', 'n1004'], ['n1002', 'n1004'], ['n1001', 'n1005'], ['n1003', 'n1005']],
      }),
      {
        'e-n1001-n1004': { joinDx: 90, fork: 0, lane: 0 },
        'e-n1002-n1004': { joinDx: -90, fork: 0, lane: 0 },
        'e-n1001-n1005': { joinDx: 180, fork: 1, lane: 0 },
        'e-n1003-n1005': { joinDx: -180, fork: 1, lane: 0 },
      },
    ],
  ])('%s', (_name, graph, want) => {
    expect(Object.fromEntries(parentLineRoutes(graph, card))).toEqual(want);
  });

  it('leaves out hidden lines and lines to hidden cards', () => {
    const graph = oliverAndLily();
    graph.nodes.find((n) => n.id === 'n1005')!.hidden = true;
    graph.edges.find((e) => e.id === 'e-n1002-n1005')!.hidden = true;
    const routes = parentLineRoutes(graph, card);
    expect(routes.has('e-n1002-n1005')).toBe(false);
    // Without Lily's own child, Oliver's wide bus needs only the second lane.
    expect(routes.get('e-n1001-n1006')).toEqual({ joinDx: 0, fork: 0, lane: 1 });
  });
});

describe('forkOptions', () => {
  it.each<[ParentLineRoute, object]>([
    [{ joinDx: 0, fork: 0, lane: 0 }, { joinDx: 0, forkDepth: 10, busHeight: 14 }],
    [{ joinDx: -90, fork: 1, lane: 2 }, { joinDx: -90, forkDepth: 16, busHeight: 30 }],
  ])('%j → %j', (route, want) => {
    expect(forkOptions(route)).toEqual(want);
  });
});
