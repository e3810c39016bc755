import { describe, expect, it } from 'vitest';
import { ROLE_MESSAGES } from '../../src/domain/roles.ts';
import { OTHER_EMAIL } from '../../src/domain/invitations.ts';
import { addNew, loadGraph, openStream, openTree, primaryNodeId, saveOk, tokenOf } from './graphHelpers.ts';
import { CONFIRM_SIGNUP_LINK, PASSWORD, createMember, expectError, mailsTo, takeMail, useTestServer, type Member } from './helpers.ts';
import { hopperTree, type Hoppers } from './sharingHelpers.ts';

const site = useTestServer();

async function invite(h: Hoppers, email: string, role: 'editor' | 'viewer' = 'editor') {
  const res = await h.grace.client.post('/api/invitations', { graphUid: h.tree.graphId, nodeId: h.mary.nodeId, email, role });
  expect(res.status, res.text).toBe(200);
  return tokenOf(res.body.inviteUrl);
}

const signUp = (email: string) => ({ firstName: 'mary', lastName: 'hopper', gender: 'Female', email, password: 'another password 1' });

/** Mary already has an account and a tree of her own (with her husband on it). */
async function maryWithATree(): Promise<Member> {
  const mary = await createMember(site.server, { email: 'mary@example.com', firstName: 'mary', lastName: 'smith' });
  const own = await openTree(mary);
  await saveOk(own, addNew(own.saved, mary.uid, 'spouse', primaryNodeId(own.saved), { firstName: 'John', lastName: 'Smith' }).graph);
  return mary;
}

describe('no endpoint tells whether an address has an account', () => {
  it('signing up from an invitation answers the same for a registered address and a new one; each address gets its own mail', async () => {
    const h = await hopperTree(site.server);
    await maryWithATree();
    const registered = await site.client().post(`/api/invitations/${await invite(h, 'mary@example.com')}/accept`, signUp('mary@example.com'));
    const other = await hopperTree(site.server);
    const fresh = await site.client().post(`/api/invitations/${await invite(other, 'newcomer@example.com')}/accept`, signUp('newcomer@example.com'));
    for (const res of [registered, fresh]) {
      expect(res.status).toBe(202);
      expect(res.setCookies).toEqual([]);
      expect(Object.keys(res.body)).toEqual(['status', 'email']);
      expect(res.body.status).toBe('confirm-email');
    }
    expect(registered.headers.get('content-type')).toBe(fresh.headers.get('content-type'));

    // The registered address hears how to sign in and accept; no account or password changed.
    const link = await takeMail(site.server, 'mary@example.com', /(\/invite\?token=[0-9a-f]{32})/);
    expect(link).toMatch(/^\/invite\?token=/);
    // (The invitation itself went to the outbox too, as there is no SMTP here.)
    const told = (await mailsTo(site.server, 'mary@example.com')).find((m) => !/^Subject: Join our family tree/m.test(m))!;
    expect(told).toContain('This address already has an account, so no new one was made.');
    expect(told).toContain('Sign in to accept');
    expect(told).not.toContain('/confirm-signup');
    expect((await site.client().post('/api/session', { email: 'mary@example.com', password: PASSWORD })).status).toBe(200);
    expect((await site.client().post('/api/session', { email: 'mary@example.com', password: 'another password 1' })).status).toBe(401);
    // The new address gets the link that finishes its sign-up.
    expect(await takeMail(site.server, 'newcomer@example.com', CONFIRM_SIGNUP_LINK)).toHaveLength(43);
    expect(await site.db.query('SELECT 1 FROM users WHERE email = $1', ['newcomer@example.com'])).toEqual([]);
  });

  it('the invitation page, a password reset and self-service sign-up answer alike too', async () => {
    const h = await hopperTree(site.server);
    await maryWithATree();
    const a = await site.client().get(`/api/invitations/${await invite(h, 'mary@example.com')}`);
    const b = await site.client().get(`/api/invitations/${await invite(await hopperTree(site.server), 'nobody@example.com')}`);
    expect(Object.keys(a.body)).toEqual(Object.keys(b.body));
    const resets = [await site.client().post('/api/password-resets', { email: 'mary@example.com' }), await site.client().post('/api/password-resets', { email: 'nobody@example.com' })];
    expect([resets[0]!.status, resets[0]!.text]).toEqual([resets[1]!.status, resets[1]!.text]);
    const signups = [await site.client().post('/api/accounts', signUp('mary@example.com')), await site.client().post('/api/accounts', signUp('nobody@example.com'))];
    expect(signups[0]!.text).toBe(signups[1]!.text);
  });
});

describe('existing members accept by signing in', () => {
  it('only the account the invitation names joins; the card becomes theirs and keeps its id; the tree hears it', async () => {
    const h = await hopperTree(site.server);
    const mary = await maryWithATree();
    const someoneElse = await createMember(site.server);
    const token = await invite(h, 'Mary@Example.com', 'viewer');
    expectError(await site.client().post(`/api/invitations/${token}/join`), 401, 'unauthenticated');
    expectError(await someoneElse.client.post(`/api/invitations/${token}/join`), 400, 'invalid-argument', OTHER_EMAIL);
    expectError(await h.grace.client.post(`/api/invitations/${token}/join`), 400, 'invalid-argument', OTHER_EMAIL);

    const stream = await openStream(h.grace.client, `/api/graphs/${h.tree.graphId}/events?since=${h.tree.saved.revision}`);
    try {
      const joined = await mary.client.post(`/api/invitations/${token}/join`);
      expect(joined.status, joined.text).toBe(200);
      expect(joined.body).toEqual({ graphId: h.tree.graphId });
      const event = await stream.next((e) => e.event === 'change');
      expect(event.data.changes.profiles.upsert).toEqual([
        { id: h.mary.profileId, set: expect.objectContaining({ ownerUid: mary.uid, email: 'mary@example.com', firstName: 'Mary', lastName: 'Smith', gender: 'F' }) },
      ]);
    } finally {
      stream.close();
    }
    const seen = (await loadGraph(h.grace.client)).graph;
    expect(seen.nodes.find((n) => n.id === h.mary.nodeId)!.data.profileId).toBe(h.mary.profileId);
    // What relatives entered stays; her own names win.
    expect(seen.profiles[h.mary.profileId]).toMatchObject({ ownerUid: mary.uid, firstName: 'Mary', lastName: 'Smith', birthYear: '1990', createdBy: h.grace.uid });
    // Her own tree's profile is untouched: its relatives stay its own.
    expect((await mary.client.get(`/api/profiles/${mary.uid}`)).body.profile.parents).toEqual([]);
    expectError(await mary.client.post(`/api/invitations/${token}/join`), 410, 'auth/invitation-used');
    // A member of the tree already cannot join again through another invitation.
    const again = await h.grace.client.post('/api/invitations', { graphUid: h.tree.graphId, nodeId: h.walter.nodeId, email: 'mary@example.com' });
    expectError(await mary.client.post(`/api/invitations/${tokenOf(again.body.inviteUrl)}/join`), 409, 'failed-precondition', ROLE_MESSAGES.alreadyMember);
  });

  it('a member belongs to several trees, switches between them, and the last one opened is remembered', async () => {
    const h = await hopperTree(site.server);
    const mary = await maryWithATree();
    expect((await mary.client.post(`/api/invitations/${await invite(h, 'mary@example.com', 'viewer')}/join`)).status).toBe(200);

    const trees = (await mary.client.get('/api/graphs')).body.trees;
    expect(trees).toEqual([
      { graphId: h.tree.graphId, name: 'Hopper family tree', ownerUid: h.grace.uid, ownerName: 'Grace Hopper', role: 'viewer', people: 5, joinedAt: expect.any(String), current: true, activity: { count: 0, lines: [], since: expect.any(String) } },
      { graphId: mary.uid, name: 'Smith family tree', ownerUid: mary.uid, ownerName: 'Mary Smith', role: 'owner', people: 2, joinedAt: expect.any(String), current: false, activity: { count: 0, lines: [], since: expect.any(String) } },
    ]);
    // Accepting opened the joined tree; opening her own switches back, and it is remembered (on any device).
    expect((await loadGraph(mary.client)).graphId).toBe(h.tree.graphId);
    const own = await mary.client.get(`/api/graphs/${mary.uid}`);
    expect(own.body).toMatchObject({ graphId: mary.uid, role: 'owner', name: 'Smith family tree', privacy: {} });
    expect((await loadGraph(mary.client)).graphId).toBe(mary.uid);
    const elsewhere = site.client();
    expect((await elsewhere.post('/api/session', { email: 'mary@example.com', password: PASSWORD })).status).toBe(200);
    expect((await loadGraph(elsewhere)).graphId).toBe(mary.uid);
    expect((await mary.client.get('/api/graphs')).body.trees.map((t: { current: boolean }) => t.current)).toEqual([true, false]);
    expect((await mary.client.get(`/api/graphs/${h.tree.graphId}`)).body.role).toBe('viewer');
    expect((await loadGraph(mary.client)).graphId).toBe(h.tree.graphId);
    // Another member's own tree stays closed to her.
    const other = await createMember(site.server);
    await openTree(other);
    expectError(await mary.client.get(`/api/graphs/${other.uid}`), 403, 'permission-denied');
  });
});
