import { describe, expect, it } from 'vitest';
import type { OpenGraphResponse } from '../../../../src/backend/firebase/callables.ts';
import { assembleGraph, viewedGraph, createChangeFeed, LogGap, orderedRun, snapshotGraph, UNREADABLE_GRAPH } from '../../../../src/backend/firebase/changeLog.ts';
import type { ChangeDoc, SnapshotChunkDoc } from '../../../../src/backend/firebase/paths.ts';
import { encodeGraphColumns, GRAPH_COLUMNS_FORMAT } from '../../../../src/backend/graphColumns.ts';
import { applyChangeSet, emptyChangeSet, type ChangeSet } from '../../../../src/domain/changeSet.ts';
import type { Graph, GraphNode } from '../../../../src/domain/types.ts';
import { makeGraph } from '../../domain/helpers.ts';

const base = (): Graph & { revision: number } => ({
  ...makeGraph({
    people: [
      { node: 'n1001', profile: 'u-owner', primary: true, fields: { ownerUid: 'u-owner', lastName: 'Lovelace' } },
      { node: 'n1002', role: 'mother', fields: { lastName: 'Lovelace', bio: 'ünïcødé 👪 split across chunks' } },
    ],
    parents: [['n1002', 'n1001']],
  }),
  revision: 10,
});

/** The snapshot's JSON text cut into `pieces` chunk docs, possibly in the middle of a character pair. */
function chunksOf(graph: Graph, pieces: number): SnapshotChunkDoc[] {
  const text = JSON.stringify(encodeGraphColumns(graph));
  const size = Math.ceil(text.length / pieces);
  return Array.from({ length: pieces }, (_, index) => ({ index, text: text.slice(index * size, (index + 1) * size) }));
}

const open = (revision: number, chunks: number, snapshotRevision = 10): OpenGraphResponse => ({
  graphId: 'g1',
  ownerUid: 'u-owner',
  revision,
  updatedAt: '2025-06-01T00:00:00.000Z',
  migrations: ['spouses-v1'],
  snapshot: { id: 's1', revision: snapshotRevision, chunks, format: GRAPH_COLUMNS_FORMAT, bytes: 0 },
  role: 'editor',
  name: 'Hopper family tree',
  view: null,
});

const moved = (id: string, x: number): ChangeSet => {
  const cs = emptyChangeSet(0);
  cs.nodes.upsert.push({ ...(base().nodes.find((n) => n.id === id) as GraphNode), position: { x, y: 0 } });
  return cs;
};
const change = (revision: number, cs: ChangeSet | null = moved('n1001', revision)): ChangeDoc => ({
  revision,
  clientId: `tab-${revision}`,
  actorUid: 'u-owner',
  changes: cs && JSON.stringify(cs),
  at: `2025-06-0${Math.min(9, revision - 9)}T00:00:00.000Z`,
});

describe('assembleGraph: the latest snapshot plus the change log after it', () => {
  it('joins the chunks in index order (whatever order they came in) and applies the tail in order', () => {
    const chunks = chunksOf(base(), 3).reverse();
    const loaded = assembleGraph(open(12, 3), chunks, [change(12, moved('n1002', 5)), change(11)]);
    const expected = applyChangeSet(applyChangeSet(base(), moved('n1001', 11)), moved('n1002', 5));
    expect(loaded).toEqual({
      graphId: 'g1',
      ownerUid: 'u-owner',
      migrations: ['spouses-v1'],
      role: 'editor',
      name: 'Hopper family tree',
      privacy: {},
      graph: { ...expected, revision: 12, updatedAt: change(12).at },
    });
  });

  it("answers a viewer's load from the graph the function sent, redacted there, with its privacy reasons", () => {
    const graph = { ...base(), revision: 10 };
    const viewer: OpenGraphResponse = { ...open(10, 0), snapshot: null, role: 'viewer', view: { graph, privacy: { 'u-owner': 'living' } } };
    expect(viewedGraph(viewer)).toEqual({
      graphId: 'g1',
      ownerUid: 'u-owner',
      migrations: ['spouses-v1'],
      role: 'viewer',
      name: 'Hopper family tree',
      privacy: { 'u-owner': 'living' },
      graph,
    });
    expect(viewedGraph(open(10, 1))).toBeNull();
  });

  it('goes on past the revision the open named when more was saved meanwhile', () => {
    expect(assembleGraph(open(10, 2), chunksOf(base(), 2), [change(11)]).graph.revision).toBe(11);
  });

  it('keeps the snapshot and its time when nothing was logged after it', () => {
    const loaded = assembleGraph(open(10, 1), chunksOf(base(), 1), []);
    expect(loaded.graph).toEqual({ ...base(), updatedAt: '2025-06-01T00:00:00.000Z' });
  });

  it('starts a graph without a snapshot empty at revision 0', () => {
    const none = { ...open(0, 0), snapshot: null, updatedAt: '' };
    expect(assembleGraph(none, [], []).graph).toEqual({ nodes: [], edges: [], profiles: {}, updatedAt: '', version: 1, revision: 0 });
    expect(assembleGraph(none, [], [change(1, moved('n1001', 1))]).graph.nodes).toHaveLength(1);
  });

  it.each<[string, () => unknown]>([
    ['a chunk missing', () => assembleGraph(open(10, 3), chunksOf(base(), 3).slice(1), [])],
    ['a revision missing from the tail', () => assembleGraph(open(13, 1), chunksOf(base(), 1), [change(11), change(13)])],
    ['the tail short of the opened revision', () => assembleGraph(open(12, 1), chunksOf(base(), 1), [change(11)])],
    ['a change set too large to have been kept', () => assembleGraph(open(11, 1), chunksOf(base(), 1), [change(11, null)])],
  ])('asks to open again (LogGap) with %s', (_, load) => {
    expect(load).toThrow(LogGap);
  });

  it('refuses a snapshot it cannot read with a coded error', () => {
    expect(() => snapshotGraph(open(10, 1), [{ index: 0, text: '{"nodes":' }])).toThrow(UNREADABLE_GRAPH);
    expect(() => snapshotGraph({ ...open(10, 1), snapshot: { ...open(10, 1).snapshot!, format: 'other/2' } }, chunksOf(base(), 1))).toThrow(UNREADABLE_GRAPH);
  });

  it('reads a snapshot written before events were packed (format /1, events whole) as the same graph', () => {
    const graph = base();
    graph.profiles['u-owner'] = { ...graph.profiles['u-owner']!, events: [{ id: 'ev1', type: 'RESI', customType: '', date: '1850', placeId: '', description: '', age: '' }] };
    const wire = encodeGraphColumns(graph);
    wire.profileFacts = wire.profileFacts!.map(([i]) => [i, { events: graph.profiles['u-owner']!.events }]);
    const old = { ...open(10, 1), snapshot: { ...open(10, 1).snapshot!, format: 'kinfolk-graph-columns/1' } };
    expect(snapshotGraph(old, [{ index: 0, text: JSON.stringify(wire) }])).toEqual({ ...graph, revision: 10 });
  });

  it('drops revisions at or before the snapshot and a revision read twice', () => {
    expect(orderedRun(10, [change(9), change(10), change(11), change(11), change(12)]).map((e) => e.revision)).toEqual([11, 12]);
  });
});

describe('createChangeFeed: one listener, each revision once and in order', () => {
  const revisions = (r: { deliver: { revision: number }[] }) => r.deliver.map((e) => e.revision);

  it('delivers what follows and holds back what comes early until the gap is filled', () => {
    const feed = createChangeFeed(10);
    expect(revisions(feed.receive([change(11), change(13)], true))).toEqual([11]);
    expect(feed.receive([change(14)], true)).toMatchObject({ reload: false });
    expect(revisions(feed.receive([change(12)], true))).toEqual([12, 13, 14]);
    expect(feed.last).toBe(14);
  });

  it('hands on the event as the live stream does', () => {
    const feed = createChangeFeed(10);
    expect(feed.receive([change(11)], false).deliver).toEqual([{ revision: 11, changes: moved('n1001', 11), clientId: 'tab-11', actorUid: 'u-owner' }]);
  });

  it('skips what was already delivered or loaded (a replay after reconnecting)', () => {
    const feed = createChangeFeed(10);
    feed.receive([change(11), change(12)], false);
    expect(feed.receive([change(9), change(11), change(12)], false)).toEqual({ deliver: [], reload: false });
    expect(revisions(feed.receive([change(12), change(13)], false))).toEqual([13]);
  });

  it("waits out a gap in the cache's answer but reloads on a gap the server confirms", () => {
    const feed = createChangeFeed(10);
    expect(feed.receive([change(12)], true)).toEqual({ deliver: [], reload: false });
    expect(feed.receive([], false)).toEqual({ deliver: [], reload: true });
  });

  it('reloads at a change set too large to keep, after delivering what came before it', () => {
    const feed = createChangeFeed(10);
    const r = feed.receive([change(11), change(12, null), change(13)], false);
    expect(revisions(r)).toEqual([11]);
    expect(r.reload).toBe(true);
    expect(feed.last).toBe(11);
  });

  it('reloads at an unreadable change set', () => {
    const feed = createChangeFeed(10);
    expect(feed.receive([{ ...change(11), changes: '{"nodes":' }], false)).toEqual({ deliver: [], reload: true });
  });
});
