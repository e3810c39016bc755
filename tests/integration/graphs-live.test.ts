import { describe, expect, it } from 'vitest';
import { emptyChangeSet } from '../../src/domain/changeSet.ts';
import type { Graph } from '../../src/domain/types.ts';
import { createMember, eventually, expectError, startTestServer, useTestServer } from './helpers.ts';
import { addNew, inviteAndJoin, loadGraph, openStream, openTree, postChanges, primaryNodeId, saveOk } from './graphHelpers.ts';

const site = useTestServer({ server: { liveKeepAliveMs: 200 } });

async function sharedFamily() {
  const owner = await createMember(site.server);
  const tree = await openTree(owner);
  const child = addNew(tree.saved, owner.uid, 'child', primaryNodeId(tree.saved), { firstName: 'Byron' });
  const spouse = addNew(child.graph, owner.uid, 'spouse', primaryNodeId(tree.saved), { firstName: 'William' });
  await saveOk(tree, spouse.graph);
  const kid = await inviteAndJoin(site.server, tree, child.nodeId, 'kid@example.com');
  return { owner, tree, child, spouse, kid };
}

const eventsPath = (graphId: string, query = '') => `/api/graphs/${graphId}/events${query}`;

describe('GET /api/graphs/:graphId/events', () => {
  it("pushes each applied change set to another member's stream and the member's other tab within a second", async () => {
    const { owner, tree, spouse, kid } = await sharedFamily();
    const kidStream = await openStream(kid.client, eventsPath(owner.uid));
    const otherTab = await openStream(owner.client, eventsPath(owner.uid));
    try {
      expect(kidStream.status).toBe(200);
      expect(kidStream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const base = (await loadGraph(owner.client)).graph;
      const cs = emptyChangeSet(base.revision!);
      cs.nodes.upsert.push({ ...base.nodes.find((n) => n.id === spouse.nodeId)!, position: { x: 333, y: 444 } });
      const started = Date.now();
      const res = await postChanges(owner.client, tree.graphId, cs, 'owner-tab-1');
      expect(res.status).toBe(200);
      for (const stream of [kidStream, otherTab]) {
        const e = await stream.next((x) => x.event === 'change', 1000);
        expect(Date.now() - started).toBeLessThan(1000);
        expect(e.id).toBe(String(res.body.revision));
        expect(e.data).toEqual({ revision: res.body.revision, changes: { ...cs, baseRevision: base.revision }, clientId: 'owner-tab-1', actorUid: owner.uid });
      }
    } finally {
      kidStream.close();
      otherTab.close();
    }
  });

  it('carries profile-page saves (PATCH /api/profiles/:id) to every graph that shows the profile', async () => {
    const { owner, kid } = await sharedFamily();
    const stream = await openStream(owner.client, eventsPath(owner.uid));
    try {
      const before = (await loadGraph(owner.client)).graph.revision!;
      const res = await kid.client.patch(`/api/profiles/${kid.uid}`, { set: { bio: 'Hello from my profile page' } });
      expect(res.status, res.text).toBe(200);
      const e = await stream.next((x) => x.event === 'change', 1000);
      expect(e.data.revision).toBe(before + 1);
      expect(e.data.actorUid).toBe(kid.uid);
      expect(e.data.changes.profiles.upsert).toEqual([{ id: kid.uid, set: { bio: 'Hello from my profile page', updatedBy: kid.uid, updatedAt: res.body.profile.updatedAt } }]);
      const g = (await loadGraph(owner.client)).graph;
      expect(g.revision).toBe(before + 1);
      expect(g.profiles[kid.uid]!.bio).toBe('Hello from my profile page');
    } finally {
      stream.close();
    }
  });

  it('is for members only', async () => {
    const { owner } = await sharedFamily();
    const stranger = await createMember(site.server);
    const refused = await openStream(stranger.client, eventsPath(owner.uid));
    expect(refused.status).toBe(403);
    await refused.ended;
    expect(refused.events).toEqual([]);
    expectError(await stranger.client.get(eventsPath(owner.uid)), 403, 'permission-denied');
    expectError(await site.client().get(eventsPath(owner.uid)), 401, 'unauthenticated');
  });

  it('replays the change sets after ?since= or Last-Event-ID, then goes on live', async () => {
    const { owner, tree } = await sharedFamily();
    const start = (await loadGraph(owner.client)).graph.revision!;
    let g: Graph = (await loadGraph(owner.client)).graph;
    tree.saved = g;
    for (let i = 0; i < 3; i++) {
      g = addNew(g, owner.uid, 'child', primaryNodeId(g), { firstName: `Late${i}` }).graph;
      await saveOk(tree, g);
    }
    for (const [query, headers] of [[`?since=${start}`, {}], ['', { 'last-event-id': String(start) }]] as const) {
      const stream = await openStream(owner.client, eventsPath(owner.uid, query), headers);
      try {
        const seen = [];
        for (let i = 0; i < 3; i++) seen.push((await stream.next((x) => x.event === 'change')).data.revision);
        expect(seen).toEqual([start + 1, start + 2, start + 3]);
        const cs = emptyChangeSet(start + 3);
        cs.profiles.upsert.push({ id: owner.uid, set: { bio: query || 'header' } });
        expect((await postChanges(owner.client, owner.uid, cs)).status).toBe(200);
        const live = await stream.next((x) => x.event === 'change' && x.data.changes.profiles.upsert[0]?.set.bio === (query || 'header'), 1000);
        expect(live.data.actorUid).toBe(owner.uid);
      } finally {
        stream.close();
      }
    }
  });

  it('asks for a reload when the log no longer reaches back far enough', async () => {
    const { owner } = await sharedFamily();
    const revision = (await loadGraph(owner.client)).graph.revision!;
    await site.db.query('DELETE FROM graph_changes WHERE graph_id = $1 AND revision = 2', [owner.uid]);
    const stream = await openStream(owner.client, eventsPath(owner.uid, '?since=1'));
    try {
      const e = await stream.next();
      expect(e).toMatchObject({ event: 'reload', data: { revision } });
    } finally {
      stream.close();
    }
  });

  it('sends a keep-alive comment', async () => {
    const { owner } = await sharedFamily();
    const stream = await openStream(owner.client, eventsPath(owner.uid));
    try {
      expect(await eventually(() => stream.comments.find((c) => c === 'ping'))).toBe('ping');
    } finally {
      stream.close();
    }
  });
});

describe('closing the server', () => {
  it('ends the open streams', async () => {
    const own = await startTestServer(site.db);
    const m = await createMember(own);
    await openTree(m);
    const stream = await openStream(m.client, `/api/graphs/${m.uid}/events`);
    expect(stream.status).toBe(200);
    const closed = own.close();
    await Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 3000))]);
    await closed;
  });
});
