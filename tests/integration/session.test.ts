import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/backend/api.ts';
import { pruneExpired } from '../../server/db/migrations.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { PASSWORD, createMember, expectError, useTestServer } from './helpers.ts';

const site = useTestServer();

describe('GET /api/session', () => {
  it('answers null when signed out', async () => {
    const res = await site.client().get('/api/session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
  });

  it('answers the member when the cookie names a live session', async () => {
    const m = await createMember(site.server, { email: 'Ada@Example.com ' });
    const res = await m.client.get('/api/session');
    expect(res.body).toEqual({ user: { uid: m.uid, email: 'ada@example.com', displayName: 'Ada Lovelace', photoURL: '' } });
  });

  it('treats a forged or garbage cookie as signed out and clears it', async () => {
    const client = site.client();
    client.cookie = 'A'.repeat(43);
    const res = await client.get('/api/session');
    expect(res.body).toEqual({ user: null });
    expect(res.setCookies.join()).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
  });
});

describe('POST /api/session (sign in)', () => {
  it('signs in with the right password, case-insensitively on the e-mail, and sets a safe cookie', async () => {
    const m = await createMember(site.server);
    const client = site.client();
    const res = await client.post('/api/session', { email: `  ${m.email.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user.uid).toBe(m.uid);
    const cookie = res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);
    expect((await client.get('/api/session')).body.user.uid).toBe(m.uid);
  });

  it('stores only a hash of the session token', async () => {
    const m = await createMember(site.server);
    const rows = await site.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE uid = $1', [m.uid]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(m.client.cookie!));
    expect(rows[0]!.token_hash).not.toContain(m.client.cookie!);
  });

  it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
    const m = await createMember(site.server);
    const wrong = await site.client().post('/api/session', { email: m.email, password: 'not the password' });
    const unknown = await site.client().post('/api/session', { email: 'nobody@example.com', password: 'not the password' });
    expectError(wrong, 401, 'auth/invalid-credential', 'Incorrect email or password.');
    expectError(unknown, 401, 'auth/invalid-credential', 'Incorrect email or password.');
    expect(unknown.text).toBe(wrong.text);
    expect(wrong.setCookies).toEqual([]);
  });

  it('does as much work for an unknown e-mail as for a wrong password (dummy hash)', async () => {
    const m = await createMember(site.server);
    // CPU time spent by this process (the server, its database and argon2's threads), not the
    // wall clock: a busy machine stretches both answers alike but does not change the work done.
    const work = async (email: string) => {
      const before = process.cpuUsage();
      await site.client().post('/api/session', { email, password: 'not the password' });
      const spent = process.cpuUsage(before);
      return spent.user + spent.system;
    };
    await work('warm@example.com');
    const known = (await work(m.email)) + (await work(m.email)) + (await work(m.email));
    const unknown = (await work('x@example.com')) + (await work('y@example.com')) + (await work('z@example.com'));
    // Without the dummy hash an unknown e-mail costs a few percent of a password check.
    expect(unknown).toBeGreaterThan(known * 0.5);
  });

  it('asks for both fields with the §5 message', async () => {
    expectError(await site.client().post('/api/session', { email: '', password: 'x' }), 400, 'invalid-argument', 'Email and password are required.');
    expectError(await site.client().post('/api/session', { email: 'a@b.co' }), 400, 'invalid-argument', 'Email and password are required.');
  });

  it('stores passwords as argon2id hashes', async () => {
    const m = await createMember(site.server);
    const rows = await site.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE uid = $1', [m.uid]);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('DELETE /api/session (sign out)', () => {
  it('ends the session on the server, so the old cookie no longer works', async () => {
    const m = await createMember(site.server);
    const stolen = m.client.cookie!;
    const res = await m.client.delete('/api/session');
    expect(res.status).toBe(204);
    expect(res.setCookies.join()).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    const replay = site.client();
    replay.cookie = stolen;
    expect((await replay.get('/api/session')).body).toEqual({ user: null });
    expect(await site.db.query('SELECT 1 FROM sessions WHERE uid = $1', [m.uid])).toEqual([]);
  });

  it('leaves the member’s other sessions alone', async () => {
    const m = await createMember(site.server);
    const other = site.client();
    await other.post('/api/session', { email: m.email, password: PASSWORD });
    await m.client.delete('/api/session');
    expect((await other.get('/api/session')).body.user.uid).toBe(m.uid);
  });
});

describe('session expiry', () => {
  it('ends a session after its 30 days', async () => {
    const m = await createMember(site.server);
    const rows = await site.db.query<{ days: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 86400) AS days FROM sessions WHERE uid = $1`,
      [m.uid],
    );
    expect(Number(rows[0]!.days)).toBe(30);
    await site.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE uid = $1`, [m.uid]);
    expect((await m.client.get('/api/session')).body).toEqual({ user: null });
    expectError(await m.client.patch('/api/me', { displayName: 'X' }), 401, 'unauthenticated');
  });

  it('prunes expired sessions (done at each start)', async () => {
    const a = await createMember(site.server);
    const b = await createMember(site.server);
    await site.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE uid = $1`, [a.uid]);
    await pruneExpired(site.db);
    const left = await site.db.query<{ uid: string }>('SELECT uid FROM sessions');
    expect(left.map((r) => r.uid)).toEqual([b.uid]);
  });
});

describe('PATCH /api/me', () => {
  it('updates the display name and photo URL of the auth user', async () => {
    const m = await createMember(site.server);
    const res = await m.client.patch('/api/me', { displayName: '  Ada King ', photoURL: '/api/files/profiles/x/avatar_320.webp' });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ uid: m.uid, email: m.email, displayName: 'Ada King', photoURL: '/api/files/profiles/x/avatar_320.webp' });
    const only = await m.client.patch('/api/me', { photoURL: 'https://example.com/a.png' });
    expect(only.body.user.displayName).toBe('Ada King');
    expect((await m.client.get('/api/session')).body.user.photoURL).toBe('https://example.com/a.png');
  });

  it('refuses bad values with a coded 400 and signed-out callers with 401', async () => {
    const m = await createMember(site.server);
    expectError(await m.client.patch('/api/me', { photoURL: 'javascript:alert(1)' }), 400, 'invalid-argument', /photo URL/);
    expectError(await m.client.patch('/api/me', { displayName: 42 }), 400, 'invalid-argument', /displayName/);
    expectError(await m.client.patch('/api/me', { displayName: 'x'.repeat(201) }), 400, 'invalid-argument', /too long/);
    expectError(await site.client().patch('/api/me', { displayName: 'X' }), 401, 'unauthenticated', 'You must be signed in.');
  });
});

describe('GET /api/profiles/:id', () => {
  it('gives the member their own profile, made at sign-up, names capitalised by the domain rule', async () => {
    const m = await createMember(site.server, { firstName: 'mARY-jane', lastName: ' o’neil ', gender: 'Male' });
    const res = await m.client.get(`/api/profiles/${m.uid}`);
    expect(res.status).toBe(200);
    const p = res.body.profile;
    expect(p).toMatchObject({
      id: m.uid,
      firstName: 'Mary-Jane',
      lastName: 'O’Neil',
      gender: 'M',
      email: m.email,
      ownerUid: m.uid,
      createdBy: m.uid,
      updatedBy: m.uid,
      photoURL: '',
      spouses: [],
      parents: [],
      children: [],
    });
    expect(new Date(p.createdAt).toISOString()).toBe(p.createdAt);
  });

  it('refuses someone else’s profile (403), an unknown one (404) and signed-out callers (401)', async () => {
    const a = await createMember(site.server);
    const b = await createMember(site.server);
    expectError(await a.client.get(`/api/profiles/${b.uid}`), 403, 'permission-denied');
    expectError(await a.client.get('/api/profiles/pr:nothing'), 404, 'not-found');
    expectError(await site.client().get(`/api/profiles/${a.uid}`), 401, 'unauthenticated');
  });
});
