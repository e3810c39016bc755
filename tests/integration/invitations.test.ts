import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/backend/api.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { PASSWORD, createMember, expectError, startTestServer, useTestServer } from './helpers.ts';

const site = useTestServer();

const signUp = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'grace',
  lastName: 'hopper',
  gender: 'Female',
  email,
  password: PASSWORD,
  ...extra,
});

describe('GET /api/invitations/:token', () => {
  it('describes a pending invitation', async () => {
    const token = await site.server.createInvitation({ email: '  Grace@Example.COM ' });
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const res = await site.client().get(`/api/invitations/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email: 'grace@example.com',
      firstAccount: false,
      inviterName: '',
      treeName: '',
      firstName: '',
      lastName: '',
      personName: '',
      role: 'editor',
      expiresAt: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('gives 404 for an unknown token and 400 for a malformed one', async () => {
    expectError(await site.client().get(`/api/invitations/${'0'.repeat(32)}`), 404, 'auth/invitation-invalid');
    for (const bad of ['abc', 'A'.repeat(32), 'g'.repeat(32), '0'.repeat(33)]) {
      expectError(await site.client().get(`/api/invitations/${bad}`), 400, 'invalid-argument', /32 hexadecimal/);
    }
  });

  it('gives 410 once the invitation has been used', async () => {
    const token = await site.server.createInvitation({ email: 'g@example.com' });
    expect((await site.client().post(`/api/invitations/${token}/accept`, signUp('g@example.com'))).status).toBe(200);
    expectError(await site.client().get(`/api/invitations/${token}`), 410, 'auth/invitation-used', 'This invitation has already been used.');
  });
});

describe('POST /api/invitations/:token/accept', () => {
  it('creates the account and its own profile, marks the invitation accepted and signs in', async () => {
    const token = await site.server.createInvitation({ email: 'grace@example.com' });
    const client = site.client();
    const res = await client.post(`/api/invitations/${token}/accept`, signUp('GRACE@example.com'));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('signed-in');
    const { user } = res.body;
    expect(user).toEqual({ uid: expect.stringMatching(/^[A-Za-z0-9]{28}$/), email: 'grace@example.com', displayName: 'Grace Hopper', photoURL: '' });
    expect(res.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`) && /HttpOnly/.test(c))).toBe(true);
    expect((await client.get('/api/session')).body.user).toEqual(user);

    const inv = await site.db.query<{ status: string; accepted_by: string; accepted_at: Date | null }>(
      'SELECT status, accepted_by, accepted_at FROM invitations WHERE token_hash = $1',
      [hashToken(token)],
    );
    expect(inv[0]).toMatchObject({ status: 'accepted', accepted_by: user.uid });
    expect(inv[0]!.accepted_at).not.toBeNull();

    const profile = (await client.get(`/api/profiles/${user.uid}`)).body.profile;
    expect(profile).toMatchObject({ id: user.uid, firstName: 'Grace', lastName: 'Hopper', gender: 'F', email: 'grace@example.com', ownerUid: user.uid });
  });

  it.each([
    ['Female', 'F'],
    ['Male', 'M'],
    ['Non-binary', ''],
    ['Prefer not to say', ''],
  ])('maps the sign-up gender %s to the profile gender %j', async (gender, expected) => {
    const m = await createMember(site.server, { gender });
    expect((await m.client.get(`/api/profiles/${m.uid}`)).body.profile.gender).toBe(expected);
  });

  it('refuses a used invitation with 410 and its §8 message', async () => {
    const token = await site.server.createInvitation({ email: 'g@example.com' });
    await site.client().post(`/api/invitations/${token}/accept`, signUp('g@example.com'));
    const again = await site.client().post(`/api/invitations/${token}/accept`, signUp('g@example.com'));
    expectError(again, 410, 'auth/invitation-used', 'This invitation has already been used.');
    expect(again.setCookies).toEqual([]);
  });

  it('lets only one of two simultaneous accepts win', async () => {
    const token = await site.server.createInvitation();
    const [a, b] = await Promise.all([
      site.client().post(`/api/invitations/${token}/accept`, signUp('one@example.com')),
      site.client().post(`/api/invitations/${token}/accept`, signUp('two@example.com')),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 410]);
    expect(await site.db.query('SELECT 1 FROM users')).toHaveLength(1);
  });

  it('refuses unknown (404) and malformed (400) tokens', async () => {
    expectError(await site.client().post(`/api/invitations/${'a'.repeat(32)}/accept`, signUp('x@example.com')), 404, 'auth/invitation-invalid');
    expectError(await site.client().post('/api/invitations/XYZ/accept', signUp('x@example.com')), 400, 'invalid-argument');
  });

  it("refuses an e-mail that already has an account with 409 on an operator's invitation (only the operator holds it) and leaves it pending", async () => {
    await createMember(site.server, { email: 'taken@example.com' });
    const token = await site.server.createInvitation({ email: 'taken@example.com' });
    expectError(await site.client().post(`/api/invitations/${token}/accept`, signUp('Taken@example.com')), 409, 'auth/email-already-in-use');
    expect((await site.client().get(`/api/invitations/${token}`)).status).toBe(200);
  });

  it('refuses an e-mail other than the invited one', async () => {
    const token = await site.server.createInvitation({ email: 'invited@example.com' });
    expectError(await site.client().post(`/api/invitations/${token}/accept`, signUp('other@example.com')), 400, 'invalid-argument', /different email/);
  });

  it('applies the §5 sign-up rules with their messages', async () => {
    const token = await site.server.createInvitation();
    const accept = (body: Record<string, unknown>) => site.client().post(`/api/invitations/${token}/accept`, body);
    expectError(await accept(signUp('a@example.com', { password: '' })), 400, 'invalid-argument', 'Email and password are required.');
    expectError(await accept(signUp('')), 400, 'invalid-argument', 'Email and password are required.');
    expectError(await accept(signUp('a@example.com', { password: 'short' })), 400, 'invalid-argument', 'Password must be at least 8 characters.');
    expectError(await accept(signUp('not-an-email')), 400, 'invalid-email', 'Invalid email');
    expectError(await accept(signUp('a@example.com', { firstName: '  ' })), 400, 'invalid-argument', 'First name and last name are required.');
    expectError(await accept(signUp('a@example.com', { gender: 'Other' })), 400, 'invalid-argument', 'Gender is required.');
    expectError(await accept(signUp('a@example.com', { gender: 3 })), 400, 'invalid-argument', /gender/);
    expectError(await accept(signUp('a@example.com', { password: 'x'.repeat(257) })), 400, 'invalid-argument', /at most 256/);
    expect(await site.db.query('SELECT 1 FROM users')).toEqual([]);
    expect((await site.client().get(`/api/invitations/${token}`)).status).toBe(200);
  });
});

describe('the first-account invitation', () => {
  it('exists only while there are no accounts, is the same link each time and has no e-mail', async () => {
    const link = await site.server.firstAccountLink();
    expect(link).toMatch(new RegExp(`^${site.server.url}/invite\\?token=[0-9a-f]{32}$`));
    expect(await site.server.firstAccountLink()).toBe(link);
    const token = new URL(link!).searchParams.get('token')!;
    expect((await site.client().get(`/api/invitations/${token}`)).body).toMatchObject({ email: '', firstAccount: true, expiresAt: '' });

    const res = await site.client().post(`/api/invitations/${token}/accept`, signUp('Founder@Example.com'));
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('founder@example.com');
    expect(await site.server.firstAccountLink()).toBeNull();
    expectError(await site.client().get(`/api/invitations/${token}`), 410, 'auth/invitation-used');
  });

  it('dies as soon as any account exists, even one made through another invitation', async () => {
    const link = (await site.server.firstAccountLink())!;
    await createMember(site.server);
    const token = new URL(link).searchParams.get('token')!;
    expectError(await site.client().get(`/api/invitations/${token}`), 410, 'auth/invitation-used');
    expectError(await site.client().post(`/api/invitations/${token}/accept`, signUp('late@example.com')), 410, 'auth/invitation-used');
  });

  it('takes its e-mail from ADMIN_EMAIL when set', async () => {
    const admin = await startTestServer(site.db, { adminEmail: ' Admin@Example.com ' });
    try {
      const token = new URL((await admin.firstAccountLink())!).searchParams.get('token')!;
      expect((await admin.client().get(`/api/invitations/${token}`)).body).toMatchObject({ email: 'admin@example.com', firstAccount: true });
      expectError(await admin.client().post(`/api/invitations/${token}/accept`, signUp('someone@example.com')), 400, 'invalid-argument');
      expect((await admin.client().post(`/api/invitations/${token}/accept`, signUp('admin@example.com'))).status).toBe(200);
    } finally {
      await admin.close();
    }
  });
});

describe('POST /api/accounts (self-service sign-up)', () => {
  it('is refused: sign-up is by invitation only', async () => {
    const res = await site.client().post('/api/accounts', signUp('self@example.com'));
    expectError(res, 403, 'auth/signup-disabled', 'Sign up is by invitation only.');
    expect(await site.db.query('SELECT 1 FROM users')).toEqual([]);
  });
});
