import { describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens.ts';
import { createMember, expectError, useTestServer } from './helpers.ts';
import { addNew, inviteAndJoin, loadGraph, openStream, openTree, primaryNodeId, saveOk, signUpAndConfirm, tokenOf } from './graphHelpers.ts';

const site = useTestServer();

/** Owner, their spouse and a daughter whose details the owner entered. */
async function family() {
  const owner = await createMember(site.server);
  const tree = await openTree(owner);
  const primary = primaryNodeId(tree.saved);
  const daughter = addNew(tree.saved, owner.uid, 'child', primary, { firstName: 'Annabella', birthYear: '1990', birthMonth: '12', birthDay: '10', bio: 'Entered by her mother', gender: 'F' });
  const spouse = addNew(daughter.graph, owner.uid, 'spouse', primary, { firstName: 'William' });
  const grandchild = addNew(spouse.graph, owner.uid, 'child', daughter.nodeId, { firstName: 'Ralph' });
  await saveOk(tree, grandchild.graph);
  return { owner, tree, primary, daughter, spouse, grandchild };
}

describe('POST /api/invitations', () => {
  it('stores a pending invitation for a card of the graph and answers a link on the site', async () => {
    const { owner, daughter } = await family();
    const res = await owner.client.post('/api/invitations', { graphUid: owner.uid, nodeId: daughter.nodeId, email: '  Annabella@Example.COM ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{32}$/),
      inviteUrl: `${site.server.url}/invite?token=${res.body.token}`,
      invitation: {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        graphId: owner.uid,
        nodeId: daughter.nodeId,
        profileId: daughter.profileId,
        email: 'annabella@example.com',
        role: 'editor',
        inviterUid: owner.uid,
        inviterName: 'Ada Lovelace',
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        status: 'pending',
      },
      // No SMTP here: the §7 mail-compose link is the way.
      mailed: false,
    });
    const rows = await site.db.query('SELECT email, node_id, inviter_uid, graph_uid, status, first_account, role FROM invitations WHERE token_hash = $1', [hashToken(res.body.token)]);
    expect(rows).toEqual([{ email: 'annabella@example.com', node_id: daughter.nodeId, inviter_uid: owner.uid, graph_uid: owner.uid, status: 'pending', first_account: false, role: 'editor' }]);
    expect((await site.client().get(`/api/invitations/${res.body.token}`)).body).toMatchObject({ email: 'annabella@example.com', firstAccount: false, firstName: 'Annabella', personName: 'Annabella' });
  });

  it.each(['', 'annabella', 'a@b', 'a b@c.d', '@example.com'])('refuses the e-mail %j with invalid-email', async (email) => {
    const { owner, daughter } = await family();
    expectError(await owner.client.post('/api/invitations', { graphUid: owner.uid, nodeId: daughter.nodeId, email }), 400, 'invalid-email', 'Invalid email');
    expect(await site.db.query("SELECT 1 FROM invitations WHERE node_id <> ''")).toEqual([]);
  });

  it('is for members of the graph, for cards on it not yet claimed', async () => {
    const { owner, tree, daughter, spouse } = await family();
    const stranger = await createMember(site.server);
    expectError(await stranger.client.post('/api/invitations', { graphUid: owner.uid, nodeId: daughter.nodeId, email: 'x@example.com' }), 403, 'permission-denied');
    expectError(await site.client().post('/api/invitations', { graphUid: owner.uid, nodeId: daughter.nodeId, email: 'x@example.com' }), 401, 'unauthenticated');
    expectError(await owner.client.post('/api/invitations', { graphUid: owner.uid, nodeId: 'n9999', email: 'x@example.com' }), 404, 'not-found', 'That person is not on this family tree.');
    expectError(await owner.client.post('/api/invitations', { graphUid: owner.uid, nodeId: primaryNodeId(tree.saved), email: 'x@example.com' }), 409, 'failed-precondition');
    expectError(await owner.client.post('/api/invitations', { graphUid: owner.uid, email: 'x@example.com' }), 400, 'invalid-argument');
    // graphUid defaults to the inviter's own graph (§3).
    const byDefault = await owner.client.post('/api/invitations', { nodeId: spouse.nodeId, email: 'w@example.com' });
    expect(byDefault.status, byDefault.text).toBe(200);
    expect(await site.db.query('SELECT graph_uid FROM invitations WHERE token_hash = $1', [hashToken(byDefault.body.token)])).toEqual([{ graph_uid: owner.uid }]);
    const kid = await inviteAndJoin(site.server, tree, daughter.nodeId, 'annabella@example.com');
    // Another member of the graph may invite too; a claimed card may not be invited again.
    expect((await kid.client.post('/api/invitations', { graphUid: owner.uid, nodeId: spouse.nodeId, email: 'william@example.com' })).status).toBe(200);
    expectError(await owner.client.post('/api/invitations', { graphUid: owner.uid, nodeId: daughter.nodeId, email: 'x@example.com' }), 409, 'failed-precondition');
  });
});

describe('accepting an invitation to a graph', () => {
  it("makes the invitee a member, re-keys the card's profile to their uid and keeps what relatives entered", async () => {
    const { owner, tree, daughter, spouse, grandchild } = await family();
    const ownerStream = await openStream(owner.client, `/api/graphs/${owner.uid}/events`);
    try {
      const kid = await inviteAndJoin(site.server, tree, daughter.nodeId, 'Annabella@example.com', { firstName: 'ANNA', lastName: 'byron', gender: 'Non-binary' });

      const loaded = await loadGraph(kid.client);
      expect(loaded.graphId).toBe(owner.uid);
      expect(loaded.ownerUid).toBe(owner.uid);
      const g = loaded.graph;
      expect(g.nodes.find((n) => n.id === daughter.nodeId)!.data.profileId).toBe(kid.uid);
      expect(g.profiles[daughter.profileId]).toBeUndefined();
      expect(g.profiles[kid.uid]).toMatchObject({
        id: kid.uid,
        firstName: 'Anna',
        lastName: 'Byron',
        email: 'annabella@example.com',
        ownerUid: kid.uid,
        // The member's own choice at sign-up (Non-binary: not stated), not the card's 'F'.
        gender: '',
        birthYear: '1990',
        birthMonth: '12',
        birthDay: '10',
        bio: 'Entered by her mother',
        parents: [owner.uid, spouse.profileId].filter((id) => tree.saved.profiles[daughter.profileId]!.parents.includes(id)),
        children: [grandchild.profileId],
        createdBy: owner.uid,
      });
      expect(g.profiles[owner.uid]!.children).toEqual([kid.uid]);
      expect(g.profiles[grandchild.profileId]!.parents).toEqual([kid.uid]);
      expect(JSON.stringify(g)).not.toContain(daughter.profileId);
      expect(await site.db.query('SELECT 1 FROM profiles WHERE id = $1', [daughter.profileId])).toEqual([]);
      expect(await site.db.query('SELECT role FROM graph_members WHERE graph_id = $1 AND uid = $2', [owner.uid, kid.uid])).toEqual([{ role: 'editor' }]);
      // The owner's open tree hears about it.
      const e = await ownerStream.next((x) => x.event === 'change', 1000);
      expect(e.data.actorUid).toBe(kid.uid);
      expect(e.data.changes.profiles.remove).toEqual([daughter.profileId]);
      expect(e.data.changes.nodes.upsert.map((n: { id: string }) => n.id)).toEqual([daughter.nodeId]);
      // The session knows them by the same profile.
      expect((await kid.client.get('/api/session')).body.user).toMatchObject({ uid: kid.uid, displayName: 'Anna Byron' });
      expect((await kid.client.get(`/api/profiles/${kid.uid}`)).body.profile.birthYear).toBe('1990');
      // Members read each other's profiles in the shared graph.
      expect((await kid.client.get(`/api/profiles/${owner.uid}`)).status).toBe(200);
      expect((await owner.client.get(`/api/profiles/${kid.uid}`)).status).toBe(200);
    } finally {
      ownerStream.close();
    }
  });

  it.each([
    ['Prefer not to say', ''],
    ['Male', 'M'],
    ['Female', 'F'],
  ])("keeps the gender chosen at sign-up (%s) over the card's", async (choice, expected) => {
    const { tree, daughter } = await family();
    const kid = await inviteAndJoin(site.server, tree, daughter.nodeId, 'annabella@example.com', { firstName: 'anna', lastName: 'byron', gender: choice });
    expect((await loadGraph(kid.client)).graph.profiles[kid.uid]!.gender).toBe(expected);
    expect((await kid.client.get(`/api/profiles/${kid.uid}`)).body.profile.gender).toBe(expected);
  });

  it('an invitation without a card still creates the account with its own graph', async () => {
    const token = await site.server.createInvitation({ email: 'solo@example.com' });
    const client = site.client();
    const res = await client.post(`/api/invitations/${token}/accept`, { firstName: 'solo', lastName: 'member', gender: 'Male', email: 'solo@example.com', password: 'correct horse battery' });
    expect(res.status).toBe(200);
    const loaded = await loadGraph(client);
    expect(loaded.graphId).toBe(res.body.user.uid);
    expect(loaded.graph.profiles[res.body.user.uid]).toMatchObject({ firstName: 'Solo', gender: 'M' });
  });

  it('joins with a fresh profile when the card was removed after the invitation', async () => {
    const { owner, tree, spouse } = await family();
    const created = await owner.client.post('/api/invitations', { graphUid: owner.uid, nodeId: spouse.nodeId, email: 'will@example.com' });
    const withoutSpouse = { ...tree.saved, nodes: tree.saved.nodes.filter((n) => n.id !== spouse.nodeId) };
    await saveOk(tree, withoutSpouse);
    const will = await signUpAndConfirm(site.server, tokenOf(created.body.inviteUrl), 'will@example.com', { firstName: 'will', lastName: 'king', gender: 'Male' });
    const g = (await loadGraph(will.client)).graph;
    expect(g.profiles[will.uid]).toMatchObject({ firstName: 'Will', ownerUid: will.uid });
    expect(g.profiles[spouse.profileId]).toBeDefined();
  });
});
