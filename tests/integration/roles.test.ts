import { describe, expect, it } from 'vitest';
import { NOT_A_MEMBER } from '../../src/domain/permissions.ts';
import { ROLE_MESSAGES } from '../../src/domain/roles.ts';
import { loadGraph, openStream, postChanges, type Tree } from './graphHelpers.ts';
import { expectError, useTestServer, type Answer, type Client } from './helpers.ts';
import { hopperFamily, type HopperMembers } from './sharingHelpers.ts';
import { emptyChangeSet } from '../../src/domain/changeSet.ts';

const site = useTestServer();

/** A change set moving one card: the smallest write to a tree. */
function move(tree: Tree, nodeId: string) {
  const changes = emptyChangeSet(tree.saved.revision ?? 0);
  const node = tree.saved.nodes.find((n) => n.id === nodeId)!;
  changes.nodes.upsert.push({ ...node, position: { x: node.position.x + 15, y: node.position.y } });
  return changes;
}

function bioPatch(tree: Tree, profileId: string, bio: string) {
  const changes = emptyChangeSet(tree.saved.revision ?? 0);
  changes.profiles.upsert.push({ id: profileId, set: { bio } });
  return changes;
}

/** Every endpoint that reads or writes one tree or the people on it, as `client` calls it. */
async function everyTreeCall(client: Client, h: HopperMembers): Promise<[string, Answer][]> {
  const g = h.tree.graphId;
  const person = h.mary.profileId;
  const invitations = await h.grace.client.get(`/api/graphs/${g}/invitations`);
  const id = invitations.body.invitations[0]?.id ?? '0'.repeat(24);
  return [
    ['open the tree', await client.get(`/api/graphs/${g}`)],
    ['save a change', await postChanges(client, g, move(h.tree, h.mary.nodeId))],
    ['read a person', await client.get(`/api/profiles/${encodeURIComponent(person)}`)],
    ['edit a person', await client.patch(`/api/profiles/${encodeURIComponent(person)}`, { set: { bio: 'x' } })],
    ['see a photo', await client.get(`/files/profiles/${encodeURIComponent(person)}/avatar_320.jpg`)],
    ['replace a photo', await client.request('PUT', `/api/profiles/${encodeURIComponent(person)}/avatar`)],
    ['begin an import', await client.post(`/api/graphs/${g}/imports`, { clientId: 't', chunks: 1 })],
    ['invite', await client.post('/api/invitations', { graphUid: g, nodeId: h.mary.nodeId, email: 'mary@example.com' })],
    ['list invitations', await client.get(`/api/graphs/${g}/invitations`)],
    ['copy an invitation link', await client.post(`/api/graphs/${g}/invitations/${id}/link`)],
    ['resend an invitation', await client.post(`/api/graphs/${g}/invitations/${id}/resend`)],
    ['revoke an invitation', await client.delete(`/api/graphs/${g}/invitations/${id}`)],
    ['list members', await client.get(`/api/graphs/${g}/members`)],
    ['change a role', await client.patch(`/api/graphs/${g}/members/${h.ed.uid}`, { role: 'viewer' })],
    ['remove a member', await client.delete(`/api/graphs/${g}/members/${h.ed.uid}`)],
    ['rename the tree', await client.patch(`/api/graphs/${g}`, { name: 'Mine now' })],
  ];
}

describe('roles per tree, each as a real account', () => {
  it('a non-member gets permission-denied from every graph, profile, invitation and member endpoint, and the stream', async () => {
    const h = await hopperFamily(site.server);
    await h.grace.client.post('/api/invitations', { graphUid: h.tree.graphId, nodeId: h.mary.nodeId, email: 'mary@example.com' });
    for (const [what, res] of await everyTreeCall(h.stranger.client, h)) {
      expect(res.status, what).toBe(403);
      expect(res.body.error.code, what).toBe('permission-denied');
    }
    const stream = await openStream(h.stranger.client, `/api/graphs/${h.tree.graphId}/events`);
    expect(stream.status).toBe(403);
    stream.close();
    // Nothing they tried changed anything.
    expect((await loadGraph(h.grace.client)).graph.profiles[h.mary.profileId]!.bio).not.toBe('x');
  });

  it('a viewer cannot write through any endpoint, and may edit only their own profile', async () => {
    const h = await hopperFamily(site.server);
    const before = (await loadGraph(h.grace.client)).graph.revision;
    const refused = (await everyTreeCall(h.vi.client, h)).filter(([what]) => !['open the tree', 'read a person', 'see a photo'].includes(what));
    for (const [what, res] of refused) {
      expect(res.status, what).toBe(403);
      expect(res.body.error.code, what).toBe('permission-denied');
    }
    expect(refused.find(([w]) => w === 'save a change')![1].body.error.message).toBe(ROLE_MESSAGES.viewer);
    expect(refused.find(([w]) => w === 'list members')![1].body.error.message).toBe(ROLE_MESSAGES.ownerOnly);
    expect((await loadGraph(h.grace.client)).graph.revision).toBe(before);

    // Their own profile: on the profile page and through the tree's change path.
    const tree: Tree = { member: h.vi, graphId: h.tree.graphId, ownerUid: h.grace.uid, saved: (await loadGraph(h.vi.client)).graph, clientId: 'vi-tab' };
    expect((await h.vi.client.patch(`/api/profiles/${h.vi.uid}`, { set: { bio: 'Viewer, writing about myself' } })).status).toBe(200);
    const own = await postChanges(h.vi.client, tree.graphId, bioPatch(tree, h.vi.uid, 'Still me'));
    expect(own.status, own.text).toBe(200);
    expectError(await postChanges(h.vi.client, tree.graphId, bioPatch(tree, h.grace.uid, 'Not mine')), 403, 'permission-denied', ROLE_MESSAGES.viewer);
    expectError(await postChanges(h.vi.client, tree.graphId, move(tree, h.mary.nodeId)), 403, 'permission-denied', ROLE_MESSAGES.viewer);
  });

  it('an editor edits and invites as §6 allows but does not manage the tree', async () => {
    const h = await hopperFamily(site.server);
    const tree: Tree = { member: h.ed, graphId: h.tree.graphId, ownerUid: h.grace.uid, saved: (await loadGraph(h.ed.client)).graph, clientId: 'ed-tab' };
    expect((await postChanges(h.ed.client, tree.graphId, move(tree, h.mary.nodeId))).status).toBe(200);
    expect((await h.ed.client.post('/api/invitations', { graphUid: tree.graphId, nodeId: h.mary.nodeId, email: 'mary@example.com', role: 'viewer' })).status).toBe(200);
    expect((await h.ed.client.get(`/api/graphs/${tree.graphId}/invitations`)).body.invitations).toHaveLength(1);
    // Grace's card is hers: an editor may not edit it (§6), even though Grace made the tree.
    expectError(await h.ed.client.patch(`/api/profiles/${h.grace.uid}`, { set: { bio: 'x' } }), 403, 'permission-denied', 'You may not edit this person');
    for (const res of [
      await h.ed.client.get(`/api/graphs/${tree.graphId}/members`),
      await h.ed.client.patch(`/api/graphs/${tree.graphId}/members/${h.vi.uid}`, { role: 'editor' }),
      await h.ed.client.delete(`/api/graphs/${tree.graphId}/members/${h.vi.uid}`),
      await h.ed.client.patch(`/api/graphs/${tree.graphId}`, { name: 'Ed’s' }),
    ]) {
      expectError(res, 403, 'permission-denied', ROLE_MESSAGES.ownerOnly);
    }
  });

  it('the owner sees the members (name, e-mail, role, joined, card) and cannot demote or remove themselves', async () => {
    const h = await hopperFamily(site.server);
    const res = await h.grace.client.get(`/api/graphs/${h.tree.graphId}/members`);
    expect(res.status).toBe(200);
    expect(res.body.members).toEqual([
      { uid: h.grace.uid, name: 'Grace Hopper', email: h.grace.email, role: 'owner', joinedAt: expect.any(String), profileId: h.grace.uid },
      { uid: h.ed.uid, name: 'Ed Hopper', email: h.ed.email, role: 'editor', joinedAt: expect.any(String), profileId: h.ed.uid },
      { uid: h.vi.uid, name: 'Vi Hopper', email: h.vi.email, role: 'viewer', joinedAt: expect.any(String), profileId: h.vi.uid },
    ]);
    expectError(await h.grace.client.patch(`/api/graphs/${h.tree.graphId}/members/${h.grace.uid}`, { role: 'viewer' }), 409, 'failed-precondition', ROLE_MESSAGES.ownRole);
    expectError(await h.grace.client.delete(`/api/graphs/${h.tree.graphId}/members/${h.grace.uid}`), 409, 'failed-precondition');
    expectError(await h.grace.client.patch(`/api/graphs/${h.tree.graphId}/members/${h.stranger.uid}`, { role: 'viewer' }), 404, 'not-found', ROLE_MESSAGES.notAMemberOfTree);
    expectError(await h.grace.client.patch(`/api/graphs/${h.tree.graphId}/members/${h.ed.uid}`, { role: 'owner' }), 400, 'invalid-argument');
  });

  it('a role change reloads the member’s open stream under the new role; the next load says so', async () => {
    const h = await hopperFamily(site.server);
    const stream = await openStream(h.ed.client, `/api/graphs/${h.tree.graphId}/events?since=${h.tree.saved.revision}`);
    try {
      const res = await h.grace.client.patch(`/api/graphs/${h.tree.graphId}/members/${h.ed.uid}`, { role: 'viewer' });
      expect(res.status).toBe(200);
      expect(res.body.member).toMatchObject({ uid: h.ed.uid, role: 'viewer' });
      expect((await stream.next((e) => e.event === 'reload')).event).toBe('reload');
      await stream.ended;
      const reloaded = await loadGraph(h.ed.client);
      expect(reloaded.role).toBe('viewer');
      expect(reloaded.graph.profiles[h.mary.profileId]!.firstName).toBe('Private');
      const tree: Tree = { member: h.ed, graphId: h.tree.graphId, ownerUid: h.grace.uid, saved: reloaded.graph, clientId: 'ed' };
      expectError(await postChanges(h.ed.client, tree.graphId, move(tree, h.mary.nodeId)), 403, 'permission-denied', ROLE_MESSAGES.viewer);
    } finally {
      stream.close();
    }
  });

  it('a removed member’s open stream is closed at once and their next call refused; their card stays theirs', async () => {
    const h = await hopperFamily(site.server);
    const stream = await openStream(h.ed.client, `/api/graphs/${h.tree.graphId}/events?since=${h.tree.saved.revision}`);
    try {
      expect((await h.grace.client.delete(`/api/graphs/${h.tree.graphId}/members/${h.ed.uid}`)).status).toBe(204);
      const closed = await stream.next((e) => e.event === 'closed');
      expect(closed.data).toEqual({ code: 'permission-denied', message: NOT_A_MEMBER });
      await stream.ended;
    } finally {
      stream.close();
    }
    expectError(await h.ed.client.get(`/api/graphs/${h.tree.graphId}`), 403, 'permission-denied', NOT_A_MEMBER);
    expectError(await h.ed.client.get(`/api/profiles/${h.mary.profileId}`), 403, 'permission-denied');
    const again = await openStream(h.ed.client, `/api/graphs/${h.tree.graphId}/events`);
    expect(again.status).toBe(403);
    again.close();
    // Their Family Tree is now their own, and their card in Grace's tree is still theirs.
    expect((await loadGraph(h.ed.client)).graphId).toBe(h.ed.uid);
    expect((await loadGraph(h.grace.client)).graph.profiles[h.ed.uid]!.ownerUid).toBe(h.ed.uid);
    expect((await h.grace.client.get(`/api/graphs/${h.tree.graphId}/members`)).body.members.map((m: { uid: string }) => m.uid)).toEqual([h.grace.uid, h.vi.uid]);
  });

  it('unauthenticated calls get 401 before anything else', async () => {
    const h = await hopperFamily(site.server);
    for (const [what, res] of await everyTreeCall(site.client(), h)) expect(res.status, what).toBe(401);
  });
});
