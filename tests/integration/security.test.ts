import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/backend/api.ts';
import type { Database } from '../../server/db/database.ts';
import { clearData } from '../../server/db/migrations.ts';
import {
  PASSWORD,
  createMember,
  expectError,
  logCollector,
  startTestServer,
  tempDir,
  testDatabase,
  type TestServer,
} from './helpers.ts';

let db: Database;
let server: TestServer;

beforeAll(async () => {
  db = await testDatabase();
  server = await startTestServer(db);
});
afterAll(async () => {
  await server?.close();
  await db?.close();
});
beforeEach(() => clearData(db));

describe('requests from other sites', () => {
  it('refuses a state-changing request whose Origin is another site', async () => {
    const m = await createMember(server);
    for (const origin of ['https://evil.example', 'null', server.url.replace('127.0.0.1', 'localhost')]) {
      const res = await m.client.post('/api/session', { email: m.email, password: PASSWORD }, { origin });
      expectError(res, 403, 'permission-denied', 'Requests from other sites are not allowed.');
    }
    expectError(await m.client.delete('/api/session', { origin: 'https://evil.example' }), 403, 'permission-denied');
    expectError(await m.client.patch('/api/me', { displayName: 'Pwned' }, { origin: 'https://evil.example' }), 403, 'permission-denied');
    expect((await m.client.get('/api/session')).body.user.displayName).toBe('Ada Lovelace');
  });

  it('refuses Sec-Fetch-Site: cross-site even without an Origin', async () => {
    const m = await createMember(server);
    expectError(await m.client.delete('/api/session', { 'sec-fetch-site': 'cross-site' }), 403, 'permission-denied');
    expect((await m.client.get('/api/session')).body.user).not.toBeNull();
  });

  it('accepts its own origin, same-origin fetch metadata, no Origin at all, and reads from anywhere', async () => {
    const m = await createMember(server);
    const ok = await m.client.patch('/api/me', { displayName: 'A' }, { origin: server.url, 'sec-fetch-site': 'same-origin' });
    expect(ok.status).toBe(200);
    expect((await m.client.patch('/api/me', { displayName: 'B' })).status).toBe(200);
    expect((await m.client.get('/api/session', { origin: 'https://evil.example' })).status).toBe(200);
  });

  it('accepts the configured public URL as an origin', async () => {
    const pub = await startTestServer(db, { publicUrl: 'https://family.example.org/' });
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
    const limited = await startTestServer(db, { rateLimits: { signIn: { max: 3, timeWindowMs: 60_000 } } });
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
    const limited = await startTestServer(db, { rateLimits: { passwordReset: { max: 2, timeWindowMs: 60_000 } } });
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
    const m = await createMember(server);
    const res = await m.client.request(method, path, body, { 'content-type': 'application/json' });
    expectError(res, 400, 'invalid-argument', message);
  });

  it('refuses bodies that are not JSON and bodies that are too large', async () => {
    expectError(await server.client().request('POST', '/api/session', 'email=a', { 'content-type': 'application/x-www-form-urlencoded' }), 400, 'invalid-argument', /JSON/);
    expectError(await server.client().request('POST', '/api/session', 'x', { 'content-type': 'text/plain' }), 400, 'invalid-argument', /JSON/);
    expectError(await server.client().request('POST', '/api/session', JSON.stringify({ email: 'x'.repeat(2_000_000) })), 400, 'invalid-argument', /too large/);
  });

  it('refuses malformed URLs with a coded 400 that does not echo them', async () => {
    for (const path of ['/api/password-resets/secretToken%ZZ', '/api/profiles/%E0%A4%A', `/api/profiles/${'x'.repeat(5000)}`]) {
      const res = await server.client().get(path);
      expectError(res, 400, 'invalid-argument', 'The request URL is not valid.');
    }
  });

  it('refuses a missing body', async () => {
    expectError(await server.client().request('POST', '/api/session'), 400, 'invalid-argument', 'The request body must be a JSON object.');
  });
});

describe('errors', () => {
  it('answers unknown /api routes with a JSON 404', async () => {
    expectError(await server.client().get('/api/nothing-here'), 404, 'not-found', 'No such API route: GET /api/nothing-here');
    expectError(await server.client().post('/api/session/extra', {}), 404, 'not-found');
    expectError(await server.client().get('/api'), 404, 'not-found');
  });

  it('answers an unexpected failure with a generic 500 and keeps the details in the log', async () => {
    const log = logCollector();
    const failing = await startTestServer(db, { log: { level: 'info', stream: log.stream } });
    const realQuery = db.query;
    try {
      db.query = async () => {
        throw new Error('connection to secret-db-host refused');
      };
      const res = await failing.client().post('/api/session', { email: 'a@example.com', password: 'whatever1' });
      expectError(res, 500, 'internal', 'Something went wrong on the server. Please try again.');
      expect(res.text).not.toContain('secret-db-host');
      expect(log.lines.join('\n')).toContain('secret-db-host');
    } finally {
      db.query = realQuery;
      await failing.close();
    }
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await server.client().get('/api/session');
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
    const proxied = await startTestServer(db, { trustProxy: true });
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
    const m = await createMember(server);
    const res = await server.client().post('/api/session', { email: m.email, password: PASSWORD }, { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).not.toMatch(/Secure/);
  });
});

describe('the built front end', () => {
  let site: TestServer;
  beforeAll(async () => {
    const dist = await tempDir('kinfolk-dist-');
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Kinfolk</title><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    site = await startTestServer(db, { serveStatic: true, staticDir: dist });
  });
  afterAll(() => site?.close());

  it('serves index.html for app routes (SPA fallback) and files as they are', async () => {
    for (const path of ['/', '/app/home', '/invite?token=0123456789abcdef0123456789abcdef', '/reset-password?token=x']) {
      const res = await site.client().get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    const asset = await site.client().get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await site.client().get('/app/home')).headers.get('cache-control')).toBe('no-cache');
  });

  it('does not answer missing files or /api routes with index.html', async () => {
    expectError(await site.client().get('/assets/missing.js'), 404, 'not-found');
    expectError(await site.client().get('/api/missing'), 404, 'not-found');
    expect((await site.client().get('/api/session')).body).toEqual({ user: null });
  });
});
