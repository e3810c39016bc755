import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_EXPIRED, INVITATION_INVALID, INVITATION_REVOKED, INVITATION_USED } from '../../src/domain/invitations.ts';
import { NO_SUCH_INVITATION } from '../../src/domain/invitations.ts';
import { loadGraph, signUpAndConfirm, tokenOf } from './graphHelpers.ts';
import { CONFIRM_SIGNUP_LINK, PASSWORD, eventually, expectError, logCollector, startTestServer, takeMail, useTestServer, type Client } from './helpers.ts';
import { hopperFamily, hopperTree, type Hoppers } from './sharingHelpers.ts';
import { readableMail, startSmtpPeer } from './smtp.ts';

const site = useTestServer();

async function invite(h: Hoppers, email = 'mary@example.com', extra: Record<string, unknown> = {}) {
  const res = await h.grace.client.post('/api/invitations', { graphUid: h.tree.graphId, nodeId: h.mary.nodeId, email, ...extra });
  expect(res.status, res.text).toBe(200);
  return res.body as { token: string; inviteUrl: string; invitation: { id: string; expiresAt: string; createdAt: string }; mailed: boolean };
}

const signUp = (email: string) => ({ firstName: 'mary', lastName: 'hopper', gender: 'Female', email, password: PASSWORD });

/** What an invitation link can do; each call is counted, none should change anything when refused. */
async function everyUse(client: Client, token: string, email: string) {
  return {
    details: await client.get(`/api/invitations/${token}`),
    accept: await client.post(`/api/invitations/${token}/accept`, signUp(email)),
  };
}

describe('the invitation page: who invites whom, to which tree, as whom', () => {
  it('"Grace Hopper invites you to join the Hopper family tree as Mary Hopper", names to prefill, the e-mail fixed', async () => {
    const h = await hopperTree(site.server);
    const { token, invitation } = await invite(h, ' Mary@Example.com ', { role: 'viewer' });
    const res = await site.client().get(`/api/invitations/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email: 'mary@example.com',
      firstAccount: false,
      inviterName: 'Grace Hopper',
      treeName: 'Hopper family tree',
      firstName: 'Mary',
      lastName: 'Hopper',
      personName: 'Mary Hopper',
      role: 'viewer',
      expiresAt: invitation.expiresAt,
    });
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    expect(days).toBe(14);
    // The owner renames the tree; the page follows.
    expect((await h.grace.client.patch(`/api/graphs/${h.tree.graphId}`, { name: 'The Hoppers of Arlington' })).body.tree.name).toBe('The Hoppers of Arlington');
    expect((await site.client().get(`/api/invitations/${token}`)).body.treeName).toBe('The Hoppers of Arlington');
    expect((await h.grace.client.patch(`/api/graphs/${h.tree.graphId}`, { name: '' })).body.tree.name).toBe('Hopper family tree');
    expectError(await h.grace.client.patch(`/api/graphs/${h.tree.graphId}`, { name: 'x'.repeat(101) }), 400, 'invalid-argument');
  });

  it('tokens are 128 random bits, and only their SHA-256 is stored', async () => {
    const h = await hopperTree(site.server);
    const { token, invitation } = await invite(h);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const rows = await site.db.query<Record<string, unknown>>('SELECT * FROM invitations WHERE id = $1', [invitation.id]);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('unknown, used, revoked and expired links: each its own coded error, and nothing changes', () => {
  it('unknown: 404 auth/invitation-invalid', async () => {
    const { details, accept } = await everyUse(site.client(), '0'.repeat(32), 'x@example.com');
    expectError(details, 404, 'auth/invitation-invalid', INVITATION_INVALID);
    expectError(accept, 404, 'auth/invitation-invalid', INVITATION_INVALID);
  });

  it('used: 410 auth/invitation-used', async () => {
    const h = await hopperTree(site.server);
    const { token } = await invite(h);
    await signUpAndConfirm(site.server, token, 'mary@example.com');
    const users = await site.db.query('SELECT uid FROM users');
    const { details, accept } = await everyUse(site.client(), token, 'mary@example.com');
    expectError(details, 410, 'auth/invitation-used', INVITATION_USED);
    expectError(accept, 410, 'auth/invitation-used', INVITATION_USED);
    expect(await site.db.query('SELECT uid FROM users')).toEqual(users);
  });

  it('revoked: 410 auth/invitation-revoked, also for a sign-up waiting for its confirmation', async () => {
    const h = await hopperTree(site.server);
    const { token, invitation } = await invite(h);
    const waiting = await site.client().post(`/api/invitations/${token}/accept`, signUp('mary@example.com'));
    expect(waiting.status).toBe(202);
    expect((await h.grace.client.delete(`/api/graphs/${h.tree.graphId}/invitations/${invitation.id}`)).status).toBe(204);
    const { details, accept } = await everyUse(site.client(), token, 'mary@example.com');
    expectError(details, 410, 'auth/invitation-revoked', INVITATION_REVOKED);
    expectError(accept, 410, 'auth/invitation-revoked', INVITATION_REVOKED);
    const confirm = await takeMail(site.server, 'mary@example.com', CONFIRM_SIGNUP_LINK);
    expectError(await site.client().post(`/api/signups/${confirm}`), 410, 'auth/invitation-revoked');
    expect(await site.db.query('SELECT 1 FROM users WHERE email = $1', ['mary@example.com'])).toEqual([]);
    expectError(await h.grace.client.delete(`/api/graphs/${h.tree.graphId}/invitations/${invitation.id}`), 404, 'not-found', NO_SUCH_INVITATION);
  });

  it('expired (14 days): 410 auth/invitation-expired', async () => {
    const h = await hopperTree(site.server);
    const { token, invitation } = await invite(h);
    await site.db.query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [invitation.id]);
    const { details, accept } = await everyUse(site.client(), token, 'mary@example.com');
    expectError(details, 410, 'auth/invitation-expired', INVITATION_EXPIRED);
    expectError(accept, 410, 'auth/invitation-expired', INVITATION_EXPIRED);
    expect((await h.grace.client.get(`/api/graphs/${h.tree.graphId}/invitations`)).body.invitations[0]).toMatchObject({ id: invitation.id, status: 'expired' });
  });

  it('a malformed token: 400, and an unknown confirmation link: 410', async () => {
    expectError(await site.client().get('/api/invitations/XYZ'), 400, 'invalid-argument');
    expectError(await site.client().post(`/api/signups/${'a'.repeat(43)}`), 410, 'auth/confirmation-link-invalid');
    expectError(await site.client().post('/api/signups/short'), 410, 'auth/confirmation-link-invalid');
  });
});

describe('the inviter manages invitations: list, copy link, resend, revoke', () => {
  it('lists the pending ones (to whom, card, when, expires) and renews a link (the earlier stops working)', async () => {
    const h = await hopperTree(site.server);
    const first = await invite(h);
    const list = await h.grace.client.get(`/api/graphs/${h.tree.graphId}/invitations`);
    expect(list.body.invitations).toEqual([
      {
        id: first.invitation.id,
        graphId: h.tree.graphId,
        nodeId: h.mary.nodeId,
        profileId: h.mary.profileId,
        email: 'mary@example.com',
        role: 'editor',
        inviterUid: h.grace.uid,
        inviterName: 'Grace Hopper',
        createdAt: first.invitation.createdAt,
        expiresAt: first.invitation.expiresAt,
        status: 'pending',
      },
    ]);
    await site.db.query(`UPDATE invitations SET expires_at = now() - interval '1 day', created_at = now() - interval '15 days' WHERE id = $1`, [first.invitation.id]);
    const renewed = await h.grace.client.post(`/api/graphs/${h.tree.graphId}/invitations/${first.invitation.id}/link`);
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.body).toMatchObject({ invitation: { id: first.invitation.id, status: 'pending' }, mailed: false });
    expect(tokenOf(renewed.body.inviteUrl)).not.toBe(first.token);
    expect(Date.parse(renewed.body.invitation.expiresAt)).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expectError(await site.client().get(`/api/invitations/${first.token}`), 404, 'auth/invitation-invalid');
    expect((await site.client().get(`/api/invitations/${tokenOf(renewed.body.inviteUrl)}`)).status).toBe(200);
    const resent = await h.grace.client.post(`/api/graphs/${h.tree.graphId}/invitations/${first.invitation.id}/resend`);
    expect(resent.status).toBe(200);
    expectError(await site.client().get(`/api/invitations/${tokenOf(renewed.body.inviteUrl)}`), 404, 'auth/invitation-invalid');
    expectError(await h.grace.client.post(`/api/graphs/${h.tree.graphId}/invitations/${'f'.repeat(24)}/link`), 404, 'not-found');
  });

  it('a new invitation for the same card revokes the one before; accepted and revoked ones leave the list', async () => {
    const h = await hopperTree(site.server);
    const wrong = await invite(h, 'mary@exmaple.com');
    const right = await invite(h, 'mary@example.com');
    expectError(await site.client().get(`/api/invitations/${wrong.token}`), 410, 'auth/invitation-revoked');
    const ids = async () => (await h.grace.client.get(`/api/graphs/${h.tree.graphId}/invitations`)).body.invitations.map((i: { id: string }) => i.id);
    expect(await ids()).toEqual([right.invitation.id]);
    await signUpAndConfirm(site.server, right.token, 'mary@example.com');
    expect(await ids()).toEqual([]);
  });
});

describe('rate limits', () => {
  it('counts invitation lookups per address across processes', async () => {
    const h = await hopperTree(site.server);
    const { token } = await invite(h);
    const limits = { invitationLookup: { max: 3, timeWindowMs: 60_000 } };
    const a = await startTestServer(site.db, { rateLimits: limits });
    const b = await startTestServer(site.db, { rateLimits: limits });
    try {
      expect((await a.client().get(`/api/invitations/${token}`)).status).toBe(200);
      expect((await b.client().get(`/api/invitations/${'1'.repeat(32)}`)).status).toBe(404);
      expect((await a.client().get(`/api/invitations/${'2'.repeat(32)}`)).status).toBe(404);
      const over = await b.client().get(`/api/invitations/${token}`);
      expectError(over, 429, 'resource-exhausted');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('counts invitations made per member (200 in a row are not all accepted any more)', async () => {
    const h = await hopperFamily(site.server);
    const limited = await startTestServer(site.db, { rateLimits: { invitationCreate: { max: 5, timeWindowMs: 60_000 } } });
    // The family's own invitations counted too: start from none.
    await site.db.query('DELETE FROM rate_limits');
    try {
      const grace = limited.client();
      grace.cookie = h.grace.client.cookie;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => grace.post('/api/invitations', { graphUid: h.tree.graphId, nodeId: h.mary.nodeId, email: `m${i}@example.com` })),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
      for (const r of answers.filter((x) => x.status !== 200)) expectError(r, 429, 'resource-exhausted');
      // Another member is counted apart.
      const ed = limited.client();
      ed.cookie = h.ed.client.cookie;
      expect((await ed.post('/api/invitations', { graphUid: h.tree.graphId, nodeId: h.mary.nodeId, email: 'mary@example.com' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

// Issue 19, item 17: without SMTP a relative's link reached neither the outbox nor the log.
describe('without SMTP the invitation goes to the outbox and the log, like every other link', () => {
  it('creating and resending write the mail as .eml and log the link; the answer says it was not mailed', async () => {
    const outLog = logCollector();
    const server = await startTestServer(site.db, { log: { level: 'info', stream: outLog.stream } });
    try {
      const h = await hopperTree(server);
      const created = await h.grace.client.post('/api/invitations', { graphUid: h.tree.graphId, nodeId: h.mary.nodeId, email: 'mary.outbox@example.com' });
      expect(created.status, created.text).toBe(200);
      expect(created.body.mailed).toBe(false);
      const link = `${server.url}/invite?token=${created.body.token}`;
      expect(await takeMail(server, 'mary.outbox@example.com', /(\/invite\?token=[0-9a-f]{32})/)).toBe(`/invite?token=${created.body.token}`);
      expect(await eventually(() => outLog.lines.find((l) => l.includes(link)))).toContain('Join our family tree on Kinfolk');
      const resent = await h.grace.client.post(`/api/graphs/${h.tree.graphId}/invitations/${created.body.invitation.id}/resend`);
      expect(resent.body.mailed).toBe(false);
      expect(await takeMail(server, 'mary.outbox@example.com', /(\/invite\?token=[0-9a-f]{32})/)).toBe(`/invite?token=${tokenOf(resent.body.inviteUrl)}`);
      expect(await eventually(() => outLog.lines.find((l) => l.includes(resent.body.inviteUrl)))).toBeTruthy();
    } finally {
      await server.close();
    }
  });
});

describe('with SMTP configured the server mails the invitation itself', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(() => smtp.close());

  it('mails the link on creating and again on resending; the sign-up confirmation goes the same way', async () => {
    const server = await startTestServer(site.db, { smtpUrl: smtp.url });
    try {
      const h = await hopperTree(server);
      const created = await h.grace.client.post('/api/invitations', { graphUid: h.tree.graphId, nodeId: h.mary.nodeId, email: 'mary.smtp@example.com' });
      expect(created.body.mailed).toBe(true);
      const first = await waitForMail(smtp.received, 'mary.smtp@example.com', created.body.token);
      expect(first).toContain('Grace Hopper invites you to join the Hopper family tree on Kinfolk as Mary Hopper.');
      expect(first).toContain('Subject: Join our family tree on Kinfolk');
      const resent = await h.grace.client.post(`/api/graphs/${h.tree.graphId}/invitations/${created.body.invitation.id}/resend`);
      expect(resent.body.mailed).toBe(true);
      await waitForMail(smtp.received, 'mary.smtp@example.com', tokenOf(resent.body.inviteUrl));
      // Copy link makes a link without mailing it.
      const before = smtp.received.length;
      const copied = await h.grace.client.post(`/api/graphs/${h.tree.graphId}/invitations/${created.body.invitation.id}/link`);
      expect(copied.body.mailed).toBe(false);

      const client = server.client();
      expect((await client.post(`/api/invitations/${tokenOf(copied.body.inviteUrl)}/accept`, signUp('mary.smtp@example.com'))).status).toBe(202);
      const mail = await waitForMail(smtp.received, 'mary.smtp@example.com', '/confirm-signup?token=');
      expect(smtp.received.length).toBe(before + 1);
      const confirm = mail.match(/\/confirm-signup\?token=([A-Za-z0-9_-]{43})/)![1]!;
      expect((await client.post(`/api/signups/${confirm}`)).status).toBe(200);
      const loaded = await loadGraph(client);
      expect(loaded.graphId).toBe(h.tree.graphId);
      expect(loaded.role).toBe('editor');
    } finally {
      await server.close();
    }
  });
});

async function waitForMail(received: { to: string[]; raw: string }[], to: string, containing: string): Promise<string> {
  return eventually(() => received.map((m) => (m.to.includes(to) ? readableMail(m.raw) : '')).find((text) => text.includes(containing)));
}
