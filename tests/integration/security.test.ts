import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/backend/api.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { TOO_MANY_REQUESTS } from '../../server/http/errors.ts';
import {
  PASSWORD,
  createMember,
  expectError,
  logCollector,
  startTestServer,
  tempDir,
  useTestServer,
  type TestServer,
} from './helpers.ts';

const site = useTestServer();

describe('requests from other sites', () => {
  it('refuses a state-changing request whose Origin is another site', async () => {
    const m = await createMember(site.server);
    for (const origin of ['https://evil.example', 'null', site.server.url.replace('127.0.0.1', 'localhost')]) {
      const res = await m.client.post('/api/session', { email: m.email, password: PASSWORD }, { origin });
      expectError(res, 403, 'permission-denied', 'Requests from other sites are not allowed.');
    }
    expectError(await m.client.delete('/api/session', { origin: 'https://evil.example' }), 403, 'permission-denied');
    expectError(await m.client.patch('/api/me', { displayName: 'Pwned' }, { origin: 'https://evil.example' }), 403, 'permission-denied');
    expect((await m.client.get('/api/session')).body.user.displayName).toBe('Ada Lovelace');
  });

  it('refuses Sec-Fetch-Site: cross-site even without an Origin', async () => {
    const m = await createMember(site.server);
    expectError(await m.client.delete('/api/session', { 'sec-fetch-site': 'cross-site' }), 403, 'permission-denied');
    expect((await m.client.get('/api/session')).body.user).not.toBeNull();
  });

  it('accepts its own origin, same-origin fetch metadata, no Origin at all, and reads from anywhere', async () => {
    const m = await createMember(site.server);
    const ok = await m.client.patch('/api/me', { displayName: 'A' }, { origin: site.server.url, 'sec-fetch-site': 'same-origin' });
    expect(ok.status).toBe(200);
    expect((await m.client.patch('/api/me', { displayName: 'B' })).status).toBe(200);
    expect((await m.client.get('/api/session', { origin: 'https://evil.example' })).status).toBe(200);
  });

  it('accepts the configured public URL as an origin', async () => {
    const pub = await startTestServer(site.db, { publicUrl: 'https://family.example.org/' });
    try {
      const res = await pub.client().post('/api/password-resets', { email: 'a@b.co' }, { origin: 'https://family.example.org' });
      expect(res.status).toBe(202);
      expectError(await pub.client().post('/api/password-resets', { email: 'a@b.co' }, { origin: 'https://other.example.org' }), 403, 'permission-denied');
    } finally {
      await pub.close();
    }
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per IP with a coded 429', async () => {
    const limited = await startTestServer(site.db, { rateLimits: { signIn: { max: 3, timeWindowMs: 60_000 } } });
    try {
      const attempt = () => limited.client().post('/api/session', { email: 'a@example.com', password: 'wrong password' });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
      const res = await attempt();
      expectError(res, 429, 'resource-exhausted', 'Too many attempts. Please wait a few minutes and try again.');
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      // Other routes are not counted against it.
      expect((await limited.client().get('/api/session')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits password-reset requests per IP with a coded 429', async () => {
    const limited = await startTestServer(site.db, { rateLimits: { passwordReset: { max: 2, timeWindowMs: 60_000 } } });
    try {
      const ask = () => limited.client().post('/api/password-resets', { email: 'a@example.com' });
      expect((await ask()).status).toBe(202);
      expect((await ask()).status).toBe(202);
      expectError(await ask(), 429, 'resource-exhausted');
    } finally {
      await limited.close();
    }
  });
});

describe('rate limits that hold however the requests arrive', () => {
  const wrong = { email: 'a@example.com', password: 'wrong password' };

  it('with TRUST_PROXY=1 reads the address the proxy saw: a forged X-Forwarded-For does not reset the sign-in limit', async () => {
    const limited = await startTestServer(site.db, { trustProxy: true, rateLimits: { signIn: { max: 3, timeWindowMs: 60_000 } } });
    try {
      // The caller writes whatever it likes on the left; the one proxy appends the address it saw.
      const attempt = (i: number, seen = '203.0.113.7') =>
        limited.client().post('/api/session', wrong, { 'x-forwarded-for': `198.51.100.${i}, ${seen}` });
      for (let i = 0; i < 3; i++) expect((await attempt(i)).status).toBe(401);
      expectError(await attempt(3), 429, 'resource-exhausted', TOO_MANY_REQUESTS);
      expectError(await attempt(4), 429, 'resource-exhausted');
      expect((await attempt(5, '203.0.113.8')).status).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('reads X-Forwarded-For only as far as the configured number of proxy hops', async () => {
    const limited = await startTestServer(site.db, { trustProxy: 2, rateLimits: { signIn: { max: 2, timeWindowMs: 60_000 } } });
    try {
      const attempt = (forged: string, client: string) =>
        limited.client().post('/api/session', wrong, { 'x-forwarded-for': `${forged}, ${client}, 10.0.0.2` });
      expect((await attempt('1.1.1.1', '203.0.113.7')).status).toBe(401);
      expect((await attempt('2.2.2.2', '203.0.113.7')).status).toBe(401);
      expectError(await attempt('3.3.3.3', '203.0.113.7'), 429, 'resource-exhausted');
      expect((await attempt('3.3.3.3', '203.0.113.9')).status).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('holds many addresses guessing one account: one guess from each new address, none more, and none past the cap', async () => {
    const m = await createMember(site.server);
    const other = await createMember(site.server);
    const limited = await startTestServer(site.db, {
      trustProxy: true,
      rateLimits: {
        signIn: { max: 100, timeWindowMs: 60_000 },
        signInAccount: { max: 10, timeWindowMs: 60_000 },
        // Held attempts count too: 10 guesses, 5 held, 2 from .6, then 4 more new addresses.
        signInAccountAnywhere: { max: 21, timeWindowMs: 60_000 },
      },
    });
    try {
      const from = (address: string, body: object) => limited.client().post('/api/session', body, { 'x-forwarded-for': address });
      const guesses = [];
      for (let a = 1; a <= 5; a++) for (let i = 0; i < 2; i++) guesses.push((await from(`203.0.113.${a}`, { email: m.email, password: `guess ${a}.${i}` })).status);
      expect(guesses).toEqual(Array(10).fill(401));
      // The account has had its ten: every address that guessed waits, whatever the e-mail's case.
      for (let a = 1; a <= 5; a++) expectError(await from(`203.0.113.${a}`, { email: m.email.toUpperCase(), password: 'guess' }), 429, 'resource-exhausted', TOO_MANY_REQUESTS);
      // A new address has its one guess checked, then waits too.
      expect((await from('203.0.113.6', { email: m.email, password: 'guess 6' })).status).toBe(401);
      expectError(await from('203.0.113.6', { email: m.email, password: PASSWORD }), 429, 'resource-exhausted');
      // Past the cap on the account (21 attempts in all), no address gets its password checked.
      for (let a = 7; a <= 10; a++) expect((await from(`203.0.113.${a}`, { email: m.email, password: `guess ${a}` })).status).toBe(401);
      const capped = await from('203.0.113.99', { email: m.email, password: PASSWORD });
      expectError(capped, 429, 'resource-exhausted', TOO_MANY_REQUESTS);
      expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another account, from the same addresses, is not held up.
      expect((await from('203.0.113.1', { email: other.email, password: PASSWORD })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('one address guessing an account does not lock its owner out: the owner signs in from another address, the guesser stays held', async () => {
    const m = await createMember(site.server);
    const limited = await startTestServer(site.db, { trustProxy: true, rateLimits: { signIn: { max: 100, timeWindowMs: 60_000 } } });
    try {
      const from = (address: string, password: string) => limited.client().post('/api/session', { email: m.email, password }, { 'x-forwarded-for': address });
      const attacker = '198.51.100.66';
      for (let i = 0; i < 10; i++) expect((await from(attacker, `guess ${i}`)).status).toBe(401);
      expectError(await from(attacker, 'guess 10'), 429, 'resource-exhausted', TOO_MANY_REQUESTS);
      expectError(await from(attacker, PASSWORD), 429, 'resource-exhausted');
      // The default limits: the owner, at home, has made no wrong guess.
      expect((await from('203.0.113.20', PASSWORD)).status).toBe(200);
      expectError(await from(attacker, 'guess 11'), 429, 'resource-exhausted');
      expectError(await from(attacker, PASSWORD), 429, 'resource-exhausted');
      // Again in the next window: the owner still signs in.
      await site.db.query(`UPDATE rate_limits SET window_ends = now() - interval '1 second'`);
      for (let i = 0; i < 10; i++) expect((await from(attacker, `again ${i}`)).status).toBe(401);
      expectError(await from(attacker, 'again 10'), 429, 'resource-exhausted');
      expect((await from('203.0.113.21', PASSWORD)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('a successful sign-in clears the account’s count of wrong passwords', async () => {
    const m = await createMember(site.server);
    const limited = await startTestServer(site.db, { rateLimits: { signInAccount: { max: 3, timeWindowMs: 60_000 } } });
    try {
      const attempt = (password: string) => limited.client().post('/api/session', { email: m.email, password });
      expect((await attempt('typo one')).status).toBe(401);
      expect((await attempt('typo two')).status).toBe(401);
      expect((await attempt(PASSWORD)).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await attempt(`typo ${i}`)).status).toBe(401);
      expectError(await attempt(PASSWORD), 429, 'resource-exhausted');
    } finally {
      await limited.close();
    }
  });

  it('a password reset clears the account’s count, and a window that has ended counts from zero', async () => {
    const m = await createMember(site.server);
    const limited = await startTestServer(site.db, { rateLimits: { signInAccount: { max: 2, timeWindowMs: 60_000 } } });
    try {
      const attempt = (password: string) => limited.client().post('/api/session', { email: m.email, password });
      const lockOut = async () => {
        for (let i = 0; i < 2; i++) expect((await attempt('guess')).status).toBe(401);
        expectError(await attempt(PASSWORD), 429, 'resource-exhausted');
      };
      await lockOut();
      expect((await limited.client().post('/api/password-resets', { email: m.email })).status).toBe(202);
      const [{ uid }] = await site.db.query<{ uid: string }>('SELECT uid FROM password_resets');
      const token = '0123456789abcdef0123456789abcdef0123456789a';
      await site.db.query(`UPDATE password_resets SET token_hash = $1 WHERE uid = $2`, [hashToken(token), uid]);
      expect((await limited.client().post(`/api/password-resets/${token}`, { password: 'a brand new secret' })).status).toBe(204);
      expect((await attempt('a brand new secret')).status).toBe(200);

      await lockOut();
      // The window ends (its end moved into the past rather than waiting for it).
      await site.db.query(`UPDATE rate_limits SET window_ends = now() - interval '1 second'`);
      expect((await attempt(PASSWORD)).status).toBe(401);
      expect((await attempt('a brand new secret')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('two processes on one database share every limit', async () => {
    const limits = { signIn: { max: 4, timeWindowMs: 60_000 }, passwordReset: { max: 2, timeWindowMs: 60_000 } };
    const a = await startTestServer(site.db, { rateLimits: limits });
    const b = await startTestServer(site.db, { rateLimits: limits });
    try {
      const signIns = [];
      for (const s of [a, b, a, b]) signIns.push((await s.client().post('/api/session', wrong)).status);
      expect(signIns).toEqual([401, 401, 401, 401]);
      expectError(await a.client().post('/api/session', wrong), 429, 'resource-exhausted');
      expectError(await b.client().post('/api/session', wrong), 429, 'resource-exhausted');
      expect((await a.client().post('/api/password-resets', { email: 'a@example.com' })).status).toBe(202);
      expect((await b.client().post('/api/password-resets', { email: 'a@example.com' })).status).toBe(202);
      expectError(await a.client().post('/api/password-resets', { email: 'a@example.com' }), 429, 'resource-exhausted');
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('text the database cannot store', () => {
  const BAD_TEXT: [string, string][] = [
    ['a NUL character', 'Ada\u0000Lovelace'],
    ['a lone high surrogate', 'Ada\ud800'],
    ['a lone low surrogate', '\udc00Ada'],
  ];
  const bodies: [string, string, (m: { uid: string; email: string }, bad: string) => unknown][] = [
    ['POST', '/api/session', (m, bad) => ({ email: `${bad}${m.email}`, password: PASSWORD })],
    ['POST', '/api/session', (m, bad) => ({ email: m.email, password: `${PASSWORD}${bad}` })],
    ['POST', '/api/password-resets', (_, bad) => ({ email: `x${bad}@example.com` })],
    ['PATCH', '/api/me', (_, bad) => ({ displayName: bad })],
    ['PATCH', '/api/profiles/:uid', (_, bad) => ({ set: { bio: bad } })],
    ['PATCH', '/api/profiles/:uid', (_, bad) => ({ set: { birthYear: `19${bad}` } })],
    ['PATCH', '/api/profiles/:uid', (_, bad) => ({ set: { death: `1952-${bad}` } })],
    ['PATCH', '/api/profiles/:uid', (_, bad) => ({ set: { [`bio${bad}`]: 'x' } })],
    ['POST', '/api/graphs/:uid/changes', (_, bad) => ({ changes: { baseRevision: 0, nodes: { upsert: [], remove: [] }, edges: { upsert: [], remove: [] }, profiles: { upsert: [], remove: [] } }, clientId: `tab${bad}` })],
    ['POST', '/api/invitations', (m, bad) => ({ graphUid: m.uid, nodeId: `n${bad}`, email: 'kid@example.com' })],
  ];
  for (const [what, bad] of BAD_TEXT) {
    it.each(bodies)(`${what}: %s %s → 400 invalid-argument, nothing stored`, async (method, path, body) => {
      const m = await createMember(site.server);
      const text = JSON.stringify(body(m, bad));
      const res = await m.client.request(method, path.replace(':uid', m.uid), text, { 'content-type': 'application/json' });
      expectError(res, 400, 'invalid-argument', /NUL character|unpaired surrogate/);
      expect((await m.client.get('/api/session')).body.user.displayName).toBe('Ada Lovelace');
      expect((await m.client.get(`/api/profiles/${m.uid}`)).body.profile.bio).toBe('');
    });
  }

  it('accepts a well-formed pair of surrogates (an emoji) and every other character', async () => {
    const m = await createMember(site.server);
    const fine = 'Ada 😀 \t\u0001 Ł 漢字';
    const res = await m.client.patch(`/api/profiles/${m.uid}`, { set: { bio: fine } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.profile.bio).toBe(fine);
  });

  it('refuses it in the names of an invitation being accepted', async () => {
    const token = await site.server.createInvitation({ email: 'new@example.com' });
    const res = await site.client().post(`/api/invitations/${token}/accept`, {
      firstName: 'Ada\u0000',
      lastName: 'Lovelace',
      gender: 'Female',
      email: 'new@example.com',
      password: PASSWORD,
    });
    expectError(res, 400, 'invalid-argument', /NUL character/);
    expect(await site.db.query('SELECT 1 FROM users')).toEqual([]);
  });
});

describe('bad input', () => {
  const cases: [string, string, string, string | RegExp][] = [
    ['POST', '/api/session', '{"email": ', 'The request body is not valid JSON.'],
    ['POST', '/api/session', '[1,2]', 'The request body must be a JSON object.'],
    ['POST', '/api/session', '"text"', 'The request body must be a JSON object.'],
    ['POST', '/api/session', 'null', 'The request body must be a JSON object.'],
    ['POST', '/api/session', '{"email": 5, "password": "x"}', /^email: /],
    ['POST', '/api/password-resets', '{"email": {"$ne": ""}}', /^email: /],
    ['PATCH', '/api/me', '{"__proto__": {"admin": true}}', 'The request body is not valid JSON.'],
  ];
  it.each(cases)('%s %s %s → 400 invalid-argument', async (method, path, body, message) => {
    const m = await createMember(site.server);
    const res = await m.client.request(method, path, body, { 'content-type': 'application/json' });
    expectError(res, 400, 'invalid-argument', message);
  });

  it('refuses bodies that are not JSON and bodies that are too large', async () => {
    expectError(await site.client().request('POST', '/api/session', 'email=a', { 'content-type': 'application/x-www-form-urlencoded' }), 400, 'invalid-argument', /JSON/);
    expectError(await site.client().request('POST', '/api/session', 'x', { 'content-type': 'text/plain' }), 400, 'invalid-argument', /JSON/);
    expectError(await site.client().request('POST', '/api/session', JSON.stringify({ email: 'x'.repeat(2_000_000) })), 400, 'invalid-argument', /too large/);
  });

  it('refuses malformed URLs with a coded 400 that does not echo them', async () => {
    for (const path of ['/api/password-resets/secretToken%ZZ', '/api/profiles/%E0%A4%A', `/api/profiles/${'x'.repeat(5000)}`]) {
      const res = await site.client().get(path);
      expectError(res, 400, 'invalid-argument', 'The request URL is not valid.');
    }
  });

  it('refuses a missing body', async () => {
    expectError(await site.client().request('POST', '/api/session'), 400, 'invalid-argument', 'The request body must be a JSON object.');
  });
});

describe('errors', () => {
  it('answers unknown /api routes with a JSON 404', async () => {
    expectError(await site.client().get('/api/nothing-here'), 404, 'not-found', 'No such API route: GET /api/nothing-here');
    expectError(await site.client().post('/api/session/extra', {}), 404, 'not-found');
    expectError(await site.client().get('/api'), 404, 'not-found');
  });

  it('answers an unexpected failure with a generic 500 and keeps the details in the log', async () => {
    const log = logCollector();
    const failing = await startTestServer(site.db, { log: { level: 'info', stream: log.stream } });
    const realQuery = site.db.query;
    try {
      site.db.query = async () => {
        throw new Error('connection to secret-db-host refused');
      };
      const res = await failing.client().post('/api/session', { email: 'a@example.com', password: 'whatever1' });
      expectError(res, 500, 'internal', 'Something went wrong on the server. Please try again.');
      expect(res.text).not.toContain('secret-db-host');
      expect(log.lines.join('\n')).toContain('secret-db-host');
    } finally {
      site.db.query = realQuery;
      await failing.close();
    }
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await site.client().get('/api/session');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('cookie Secure flag', () => {
  it('is set when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await startTestServer(site.db, { trustProxy: true });
    try {
      const m = await createMember(proxied);
      const res = await proxied.client().post('/api/session', { email: m.email, password: PASSWORD }, { 'x-forwarded-proto': 'https' });
      const cookie = res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-Proto when the proxy is not trusted', async () => {
    const m = await createMember(site.server);
    const res = await site.client().post('/api/session', { email: m.email, password: PASSWORD }, { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).not.toMatch(/Secure/);
  });
});

describe('the built front end', () => {
  let frontEnd: TestServer;
  beforeAll(async () => {
    const dist = await tempDir('kinfolk-dist-');
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Kinfolk</title><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    frontEnd = await startTestServer(site.db, { serveStatic: true, staticDir: dist });
  });
  afterAll(() => frontEnd?.close());

  it('serves index.html for app routes (SPA fallback) and files as they are', async () => {
    for (const path of ['/', '/app/home', '/invite?token=0123456789abcdef0123456789abcdef', '/reset-password?token=x']) {
      const res = await frontEnd.client().get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    const asset = await frontEnd.client().get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await frontEnd.client().get('/app/home')).headers.get('cache-control')).toBe('no-cache');
  });

  it('does not answer missing files or /api routes with index.html', async () => {
    expectError(await frontEnd.client().get('/assets/missing.js'), 404, 'not-found');
    expectError(await frontEnd.client().get('/api/missing'), 404, 'not-found');
    expect((await frontEnd.client().get('/api/session')).body).toEqual({ user: null });
  });
});
