import { describe, expect, it } from 'vitest';
import { HISTORY_MESSAGES } from '../../src/domain/history/types.ts';
import { deletePerson } from '../../src/domain/relationships.ts';
import { loadGraph, saveTree, type Tree } from './graphHelpers.ts';
import { expectError, useTestServer } from './helpers.ts';
import { hopperFamily, type HopperMembers } from './sharingHelpers.ts';

/** Issue 24 over HTTP: the history's routes answer coded errors, and never a viewer's revert. */
const site = useTestServer();

async function treeOf(h: HopperMembers, who: 'grace' | 'ed' | 'vi'): Promise<Tree> {
  const member = h[who];
  return { member, graphId: h.tree.graphId, ownerUid: h.grace.uid, saved: (await loadGraph(member.client)).graph, clientId: `${who}-tab` };
}

describe('the history routes', () => {
  it('a viewer may read the history but neither revert (403 permission-denied) nor list or restore the deleted', async () => {
    const h = await hopperFamily(site.server);
    const ed = await treeOf(h, 'ed');
    const removed = deletePerson(ed.saved, h.walter.nodeId);
    if (!removed.ok) throw new Error(removed.message);
    expect((await saveTree(ed, removed.graph)).status).toBe(200);
    const base = `/api/graphs/${h.tree.graphId}`;
    const page = await h.grace.client.get(`${base}/history?limit=5`);
    expect(page.status, page.text).toBe(200);
    const revision = page.body.entries[0].revision as number;
    expect(page.body.entries[0]).toMatchObject({ actorUid: h.ed.uid, removedIds: [h.walter.profileId] });

    expect((await h.vi.client.get(`${base}/history`)).status).toBe(200);
    expectError(await h.vi.client.post(`${base}/history/revert`, { revision, mode: 'one', clientId: 'vi-tab' }), 403, 'permission-denied', HISTORY_MESSAGES.revertRole);
    expectError(await h.vi.client.post(`${base}/history/revert`, { revision, mode: 'one', clientId: 'vi-tab', preview: true }), 403, 'permission-denied');
    expectError(await h.vi.client.get(`${base}/deleted`), 403, 'permission-denied', HISTORY_MESSAGES.restoreRole);
    expectError(await h.vi.client.post(`${base}/deleted/restore`, { revision, profileId: h.walter.profileId, clientId: 'vi-tab' }), 403, 'permission-denied');
    expectError(await h.stranger.client.get(`${base}/history`), 403, 'permission-denied');
    expect((await loadGraph(h.grace.client)).graph.profiles[h.walter.profileId]).toBeUndefined();
  });

  it('bad input is a coded 400, an unknown change or deletion 404', async () => {
    const h = await hopperFamily(site.server);
    const base = `/api/graphs/${h.tree.graphId}`;
    expectError(await h.grace.client.post(`${base}/history/revert`, { revision: 'x', mode: 'one', clientId: 't' }), 400, 'invalid-argument');
    expectError(await h.grace.client.post(`${base}/history/revert`, { revision: 1, mode: 'sideways', clientId: 't' }), 400, 'invalid-argument');
    expectError(await h.grace.client.get(`${base}/history?limit=100000`), 400, 'invalid-argument');
    expectError(await h.grace.client.post(`${base}/history/revert`, { revision: 99999, mode: 'one', clientId: 't' }), 404, 'not-found', HISTORY_MESSAGES.notFound);
    expectError(await h.grace.client.post(`${base}/deleted/restore`, { revision: 1, profileId: h.walter.profileId, clientId: 't' }), 404, 'not-found');
    expectError(await h.ed.client.get(`/api/graphs/bad%20id/history`), 400, 'invalid-argument');
  });
});
