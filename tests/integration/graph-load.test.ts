import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveEventsOut } from '../../src/domain/facts/eventsLoading.ts';
import { decodeGraphColumns, GRAPH_COLUMNS_TYPE } from '../../src/backend/graphColumns.ts';
import { loadGraph } from '../../src/backend/http/graphLoad.ts';
import type { LoadedGraph } from '../../src/backend/ports.ts';
import { emptyChangeSet } from '../../src/domain/changeSet.ts';
import { coupleId, type FactEvent, type Place } from '../../src/domain/facts/types.ts';
import { familyChangeSet } from '../../bench/scene/familyChangeSet.ts';
import type { Database } from '../../server/db/database.ts';
import { sqlChangeLog } from '../../server/graphs/changeLog.ts';
import { createLocalFeed } from '../../server/graphs/feed.ts';
import { createGraphService } from '../../server/graphs/service.ts';
import { partsToGraph, readGraphParts } from '../../server/graphs/store.ts';
import { createMember, eventually, useTestServer, type Client, type Member } from './helpers.ts';
import { addNew, loadGraph as loadPlain, openTree, postChanges, primaryNodeId, saveOk } from './graphHelpers.ts';

const site = useTestServer();
afterEach(() => vi.unstubAllGlobals());

/** The browser's fetch for the adapter: same-origin paths go to the test server with the member's cookie. */
function asBrowserOf(client: Client): void {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) =>
    realFetch(client.base + path, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: `kin_session=${client.cookie}` } }),
  );
}

async function adapterLoad(member: Member): Promise<LoadedGraph> {
  asBrowserOf(member.client);
  try {
    return await loadGraph();
  } finally {
    vi.unstubAllGlobals();
  }
}

async function snapshotRevision(graphId: string): Promise<number | undefined> {
  const rows = await site.db.query<{ revision: unknown }>('SELECT revision FROM graph_snapshots WHERE graph_id = $1', [graphId]);
  return rows[0] ? Number(rows[0].revision) : undefined;
}

/** Snapshots are made after the answer has gone: wait for the one at `revision`. */
const snapshotAt = (graphId: string, revision: number) => eventually(async () => ((await snapshotRevision(graphId)) === revision ? revision : undefined));

/** What the adapter loads must be exactly the plain LoadedGraph, order of cards and lines included. */
async function expectSameAsPlain(member: Member): Promise<LoadedGraph> {
  const plain = await loadPlain(member.client);
  const compact = await adapterLoad(member);
  // The compact open leaves people's events on the server (facts/eventsLoading.ts): the plain
  // read with each profile's events turned into the open's marker.
  const profiles = Object.fromEntries(Object.entries(plain.graph.profiles).map(([id, p]) => [id, leaveEventsOut(p)]));
  expect(compact).toEqual({ ...plain, graph: { ...plain.graph, profiles } });
  expect(compact.graph.nodes.map((n) => n.id)).toEqual(plain.graph.nodes.map((n) => n.id));
  expect(compact.graph.edges.map((e) => e.id)).toEqual(plain.graph.edges.map((e) => e.id));
  return compact;
}

describe('GET /api/graph, compressed and compact', () => {
  it.each([
    { accept: 'br', encoding: 'br' },
    { accept: 'gzip, deflate', encoding: 'gzip' },
    { accept: 'gzip, deflate, br', encoding: 'br' },
    { accept: 'br;q=0, gzip', encoding: 'gzip' },
    { accept: 'identity', encoding: null },
  ])('answers Accept-Encoding "$accept" with $encoding, the same graph either way', async ({ accept, encoding }) => {
    const owner = await createMember(site.server);
    await postChanges(owner.client, owner.uid, familyChangeSet(50, owner.uid));
    const plain = await owner.client.get('/api/graph', { 'accept-encoding': 'identity' });
    const res = await owner.client.get('/api/graph', { 'accept-encoding': accept });
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(res.body).toEqual(plain.body);
    expect(res.body.graph.nodes).toHaveLength(50);
  });

  it('sends the compact form when asked for it, and the adapter decodes it to the same LoadedGraph', async () => {
    const owner = await createMember(site.server);
    await postChanges(owner.client, owner.uid, familyChangeSet(300, owner.uid));
    // No snapshot yet: the graph is read whole and sent plain, and the snapshot made meanwhile.
    const first = await owner.client.get('/api/graph', { accept: GRAPH_COLUMNS_TYPE });
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    await snapshotAt(owner.uid, 1);
    const res = await owner.client.get('/api/graph', { accept: GRAPH_COLUMNS_TYPE, 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-type')).toBe(`${GRAPH_COLUMNS_TYPE}; charset=utf-8`);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const plain = await owner.client.get('/api/graph', { 'accept-encoding': 'identity' });
    expect(res.text.length).toBeLessThan(plain.text.length / 3);
    const loaded = await expectSameAsPlain(owner);
    expect(loaded.graph.nodes).toHaveLength(300);
  });

  it('opens from the snapshot and the change sets logged since, exactly as a full read', async () => {
    const owner = await createMember(site.server);
    const tree = await openTree(owner);
    let g = tree.saved;
    const child = addNew(g, owner.uid, 'child', primaryNodeId(g), { firstName: 'Byron' });
    await saveOk(tree, (g = child.graph));
    await expectSameAsPlain(owner);
    const snapshotted = await snapshotAt(tree.graphId, tree.saved.revision!);

    // Every kind of change after the snapshot: new card, moved card, patched and new profiles,
    // a card removed and added back (it goes to the end), a profile page save.
    const spouse = addNew(g, owner.uid, 'spouse', primaryNodeId(g), { firstName: 'William' });
    await saveOk(tree, (g = spouse.graph));
    await saveOk(tree, (g = { ...g, nodes: g.nodes.map((n) => (n.id === child.nodeId ? { ...n, position: { x: 77, y: 88 } } : n)) }));
    const removed = emptyChangeSet(tree.saved.revision);
    removed.nodes.remove.push(spouse.nodeId);
    expect((await postChanges(owner.client, tree.graphId, removed)).status).toBe(200);
    const back = emptyChangeSet(tree.saved.revision);
    back.nodes.upsert.push(spouse.graph.nodes.find((n) => n.id === spouse.nodeId)!);
    expect((await postChanges(owner.client, tree.graphId, back)).status).toBe(200);
    expect((await owner.client.patch(`/api/profiles/${child.profileId}`, { set: { bio: 'Poet' } })).status).toBe(200);

    const loaded = await expectSameAsPlain(owner);
    expect(loaded.graph.revision).toBe(snapshotted + 5);
    expect(loaded.graph.nodes.at(-1)!.id).toBe(spouse.nodeId);
    expect(loaded.graph.profiles[child.profileId]!.bio).toBe('Poet');
    // The snapshot stayed where it was: the open used the log.
    expect(await snapshotRevision(tree.graphId)).toBe(snapshotted);
  });

  it('opens places, couples, events and names from the snapshot and the log, exactly as a full read', async () => {
    const owner = await createMember(site.server);
    const tree = await openTree(owner);
    const spouse = addNew(tree.saved, owner.uid, 'spouse', primaryNodeId(tree.saved), { firstName: 'William' });
    await saveOk(tree, spouse.graph);
    const ev = (id: string, type: FactEvent['type'], placeId = ''): FactEvent => ({ id, type, customType: '', date: '', placeId, description: id, age: '' });
    const town: Place = { id: 'pl-town', name: 'Town', parentId: '', kind: 'town', latitude: 1, longitude: 2, altNames: ['Burgh'] };
    const id = coupleId(owner.uid, spouse.profileId);
    const partners: [string, string] = owner.uid < spouse.profileId ? [owner.uid, spouse.profileId] : [spouse.profileId, owner.uid];
    let g = tree.saved;
    const withFacts = (events: FactEvent[]) => ({ ...g.profiles, [spouse.profileId]: { ...g.profiles[spouse.profileId]!, events, names: [{ id: 'nm1', kind: 'aka' as const, prefix: '', given: 'Will', surnamePrefix: '', surname: '', suffix: '', nickname: '' }] } });
    await saveOk(tree, (g = { ...g, places: { [town.id]: town }, couples: { [id]: { id, partners, events: [ev('ev-m', 'MARR', town.id)] } }, profiles: withFacts([ev('ev-1', 'OCCU')]) }));
    await expectSameAsPlain(owner);
    const snapshotted = await snapshotAt(tree.graphId, tree.saved.revision!);
    // After the snapshot: an event added, a place added, the couple's events changed.
    const hall: Place = { ...town, id: 'pl-hall', name: 'Hall', parentId: town.id, altNames: [] };
    await saveOk(tree, (g = { ...g, places: { ...g.places, [hall.id]: hall }, couples: { [id]: { id, partners, events: [ev('ev-m', 'MARR', hall.id), ev('ev-d', 'DIV')] } }, profiles: withFacts([ev('ev-1', 'OCCU'), ev('ev-2', 'RESI', hall.id)]) }));
    const loaded = await expectSameAsPlain(owner);
    expect(loaded.graph.places).toEqual({ [town.id]: town, [hall.id]: hall });
    expect(loaded.graph.couples![id]!.events.map((e) => e.id)).toEqual(['ev-m', 'ev-d']);
    expect(loaded.graph.profiles[spouse.profileId]!.eventsNotLoaded).toEqual([{ type: 'RESI', placeId: hall.id }]);
    expect((await loadPlain(owner.client)).graph.profiles[spouse.profileId]!.events!.map((e) => e.id)).toEqual(['ev-1', 'ev-2']);
    expect(await snapshotRevision(tree.graphId)).toBe(snapshotted);
  });

  it('reads the graph whole, and keeps it as the new snapshot, when the log cannot fill the gap', async () => {
    const owner = await createMember(site.server);
    const tree = await openTree(owner);
    await expectSameAsPlain(owner);
    const first = await snapshotAt(tree.graphId, tree.saved.revision!);
    let g = tree.saved;
    for (const name of ['Ann', 'Bea', 'Cy']) await saveOk(tree, (g = addNew(g, owner.uid, 'child', primaryNodeId(g), { firstName: name }).graph));
    // As if the log had been pruned past the snapshot.
    await site.db.query('DELETE FROM graph_changes WHERE graph_id = $1 AND revision = $2', [tree.graphId, first + 2]);

    const loaded = await expectSameAsPlain(owner);
    expect(loaded.graph.nodes).toHaveLength(4);
    await snapshotAt(tree.graphId, first + 3);
    await expectSameAsPlain(owner);
  });
});

describe('the snapshot renewed after a bulk import', () => {
  /** The graph service over the test database, noting whether anything read a graph whole. */
  function countingService() {
    const db = site.db;
    const whole = { reads: 0 };
    const query: Database['query'] = (sql, params) => {
      if (sql.includes('string_agg')) whole.reads++;
      return db.query(sql, params);
    };
    const counted: Database = { kind: db.kind, query, exec: (sql) => db.exec(sql), transaction: (fn) => db.transaction(fn), close: () => db.close() };
    return { graphs: createGraphService(counted, createLocalFeed(sqlChangeLog(db))), whole };
  }

  async function snapshotGraph(graphId: string) {
    const rows = await site.db.query<{ revision: unknown; body: string }>('SELECT revision, body FROM graph_snapshots WHERE graph_id = $1', [graphId]);
    return { revision: Number(rows[0]!.revision), graph: decodeGraphColumns(JSON.parse(rows[0]!.body)) };
  }

  /** A snapshot must hold exactly what a whole read holds, order of cards and lines included. */
  async function expectWhole(graphId: string) {
    const snap = await snapshotGraph(graphId);
    const whole = partsToGraph((await readGraphParts(site.db, graphId))!);
    expect(snap.graph).toEqual(whole);
    expect(snap.graph.nodes.map((n) => n.id)).toEqual(whole.nodes.map((n) => n.id));
    expect(snap.graph.edges.map((e) => e.id)).toEqual(whole.edges.map((e) => e.id));
    return snap;
  }

  /** A tree with a snapshot, a logged change, an import the log lacks (too large) and a logged change after it. */
  async function importedTree() {
    const owner = await createMember(site.server);
    await adapterLoad(owner);
    await snapshotAt(owner.uid, 0);
    expect((await owner.client.patch(`/api/profiles/${owner.uid}`, { set: { bio: 'Before' } })).status).toBe(200);
    const { graphs, whole } = countingService();
    const applied = await graphs.saveApplied(owner.uid, owner.uid, { changes: familyChangeSet(200, owner.uid), clientId: 'import-tab' });
    await site.db.query('UPDATE graph_changes SET changes = NULL WHERE graph_id = $1 AND revision = $2', [owner.uid, applied.revision]);
    const someone = applied.changes.profiles.upsert.find((p) => p.create)!.id;
    expect((await owner.client.patch(`/api/profiles/${someone}`, { set: { bio: 'After' } })).status).toBe(200);
    return { owner, graphs, whole, applied };
  }

  it('is made from the snapshot before and the change sets since, and equals one made from a whole read', async () => {
    const { owner, graphs, whole, applied } = await importedTree();
    await graphs.renewSnapshot(owner.uid, applied);
    expect(whole.reads).toBe(0);
    const renewed = await expectWhole(owner.uid);
    expect(renewed.revision).toBe(applied.revision + 1);
    expect(Object.keys(renewed.graph.profiles)).toHaveLength(200);

    await site.db.query('DELETE FROM graph_snapshots WHERE graph_id = $1', [owner.uid]);
    await graphs.renewSnapshot(owner.uid);
    expect(whole.reads).toBe(1);
    expect((await snapshotGraph(owner.uid)).graph).toEqual(renewed.graph);
  });

  it('reads the graph whole when the log lacks another change set since the snapshot', async () => {
    const { owner, graphs, whole, applied } = await importedTree();
    await site.db.query('UPDATE graph_changes SET changes = NULL WHERE graph_id = $1 AND revision = $2', [owner.uid, applied.revision - 1]);
    await graphs.renewSnapshot(owner.uid, applied);
    expect(whole.reads).toBe(1);
    expect((await expectWhole(owner.uid)).revision).toBe(applied.revision + 1);
  });
});
