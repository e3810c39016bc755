import { describe, expect, it } from 'vitest';
import { diffGraphs } from '../../src/domain/changeSet.ts';
import { markNotDuplicate, mergePeople } from '../../src/domain/duplicates/index.ts';
import { undoFacts } from '../../src/domain/facts/factsResult.ts';
import { snapshotGraph } from '../../src/domain/snapshot.ts';
import { addNew, loadGraph, openTree, postChanges, primaryNodeId, saveOk } from './graphHelpers.ts';
import { createMember, expectError, useTestServer, type Client } from './helpers.ts';
import { createHttpGraphImporter } from '../../src/backend/http/httpGraphImport.ts';

function importer(client: Client) {
  const withCookie: typeof fetch = (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: `kin_session=${client.cookie}` } });
  return createHttpGraphImporter({ baseUrl: client.base, fetch: withCookie, chunkChars: 20_000, retryMs: 10 });
}

/**
 * Duplicates on the self-hosted server (issue 24): a merge is one change set through the normal
 * save path, its undo another; "Not a duplicate" pairs are kept per tree (migration 15) and come
 * back on the next load; a malformed pair is refused with a code.
 */
const site = useTestServer();

async function twoJohns(bulk = false) {
  const member = await createMember(site.server, { firstName: 'Ada', lastName: 'King' });
  const tree = await openTree(member);
  const own = primaryNodeId(tree.saved);
  const a = addNew(tree.saved, member.uid, 'child', own, { firstName: 'John', lastName: 'Smith', birthYear: '1950' });
  const b = addNew(a.graph, member.uid, 'child', own, { firstName: 'John', lastName: 'Smith', birthYear: '1950' });
  const c = addNew(b.graph, member.uid, 'child', b.nodeId, { firstName: 'Tom', lastName: 'Smith' });
  if (bulk) {
    // As a GEDCOM import saves them: one bulk commit.
    await importer(member.client).importChangeSet(member.uid, diffGraphs(tree.saved, c.graph), tree.clientId, () => {});
    tree.saved = (await loadGraph(member.client)).graph;
  } else await saveOk(tree, c.graph);
  return { member, tree, a, b, c };
}

let seed = 7;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

describe('duplicates on the server', () => {
  it.each([false, true])('a merge is saved as one change set and its undo as another; the tree loads back as the merge left it (people imported in bulk: %s)', async (bulk) => {
    const { member, tree, a, b, c } = await twoJohns(bulk);
    const before = tree.saved;
    const merged = mergePeople(before, { keep: a.profileId, gone: b.profileId, uid: member.uid, role: 'owner', graphOwnerUid: tree.ownerUid, now: new Date().toISOString(), random });
    if (!merged.ok) throw new Error(merged.message);
    const revision = await saveOk(tree, merged.graph);
    expect(revision).toBe(tree.saved.revision);
    const loaded = (await loadGraph(member.client)).graph;
    expect(loaded.profiles[b.profileId]).toBeUndefined();
    expect(loaded.profiles[a.profileId]!.children).toEqual([c.profileId]);
    expect(loaded.profiles[c.profileId]!.parents).toEqual([a.profileId]);
    expect(loaded.nodes.map((n) => n.id)).not.toContain(b.nodeId);
    expect(loaded.edges.some((e) => e.source === a.nodeId && e.target === c.nodeId)).toBe(true);

    await saveOk(tree, undoFacts(tree.saved, merged).graph);
    const undone = (await loadGraph(member.client)).graph;
    // As before, but for the server's stamps of who saved each profile last, and when.
    const unstamped = (g: typeof before) => Object.values(snapshotGraph(g).profiles).map(({ updatedAt: _a, updatedBy: _b, ...p }) => p);
    expect(unstamped(undone)).toEqual(unstamped(before));
    expect(snapshotGraph(undone).edges).toEqual(snapshotGraph(before).edges);
  });

  it('"Not a duplicate" is kept for the tree, and refused with a code when malformed', async () => {
    const { member, tree, a, b } = await twoJohns();
    const marked = markNotDuplicate(tree.saved, b.profileId, a.profileId);
    if (!marked.ok) throw new Error(marked.message);
    await saveOk(tree, marked.graph);
    const id = Object.keys(marked.graph.notDuplicates!)[0]!;
    expect((await loadGraph(member.client)).graph.notDuplicates).toEqual(marked.graph.notDuplicates);

    const bad = { ...diffGraphs(tree.saved, tree.saved), notDuplicates: { upsert: [{ id: 'nd-x', people: [b.profileId, a.profileId].sort().reverse() }], remove: [] } };
    const res = await postChanges(member.client, tree.graphId, bad, tree.clientId);
    expectError(res, 400, 'invalid-argument', /not a duplicate/);
    expect((await loadGraph(member.client)).graph.notDuplicates).toEqual({ [id]: marked.graph.notDuplicates![id] });
  });

  it('"Not a duplicate" can be reverted from the history, and the revert reverted (a pair is a kind the history reads)', async () => {
    const { member, tree, a, b } = await twoJohns();
    const marked = markNotDuplicate(tree.saved, b.profileId, a.profileId);
    if (!marked.ok) throw new Error(marked.message);
    const revision = await saveOk(tree, marked.graph);
    const base = `/api/graphs/${tree.graphId}`;
    const revert = await member.client.post(`${base}/history/revert`, { revision, mode: 'one', clientId: tree.clientId });
    expect(revert.status, revert.text).toBe(200);
    expect((await loadGraph(member.client)).graph.notDuplicates ?? {}).toEqual({});
    const again = await member.client.post(`${base}/history/revert`, { revision: revert.body.revision as number, mode: 'one', clientId: tree.clientId });
    expect(again.status, again.text).toBe(200);
    expect((await loadGraph(member.client)).graph.notDuplicates).toEqual(marked.graph.notDuplicates);
  });
});
