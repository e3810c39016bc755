import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/backend/api.ts';
import { createMember, expectError, usePostgresSite, type TestServer } from './helpers.ts';

/**
 * What several app processes on one PostgreSQL share (DATABASE_URL): the rate limits and the
 * avatar files. Two servers with their own data folders stand for two processes.
 */
const LIMITS = {
  signIn: { max: 6, timeWindowMs: 60_000 },
  signInAccount: { max: 4, timeWindowMs: 60_000 },
  passwordReset: { max: 100, timeWindowMs: 60_000 },
};

const site = usePostgresSite({ schemaPrefix: 'kinfolk_security', processes: 2, server: { trustProxy: 1, rateLimits: LIMITS } });

describe('two app processes on one PostgreSQL', () => {
  it('enforce one sign-in limit per address and per account, even under concurrent guesses', async () => {
    const [a, b] = site.servers;
    const m = await createMember(a);
    const guess = (server: TestServer, address: string, i: number) =>
      server.client().post('/api/session', { email: m.email, password: `guess ${i}` }, { 'x-forwarded-for': address });
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(i % 2 ? b : a, `198.51.100.${i % 3}`, i).then((r) => r.status)));
    // The account's first four are checked, and past them at most the first try of each of the
    // three addresses (which of them came first is up to the race), never more.
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThanOrEqual(LIMITS.signInAccount.max);
    expect(checked).toBeLessThanOrEqual(LIMITS.signInAccount.max + 3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - checked);
    // Every address has tried, and the account is over its limit: each is held, on either process.
    for (let i = 0; i < 3; i++) expectError(await guess(i % 2 ? a : b, `198.51.100.${i}`, 100 + i), 429, 'resource-exhausted');

    // One address trying a different account each time: the address limit, counted across both.
    const fromOne = (server: TestServer, i: number) =>
      server.client().post('/api/session', { email: `someone${i}@example.com`, password: 'not it' }, { 'x-forwarded-for': '203.0.113.50' });
    for (let i = 0; i < LIMITS.signIn.max; i++) expect((await fromOne(i % 2 ? b : a, i)).status).toBe(401);
    expectError(await fromOne(a, 100), 429, 'resource-exhausted');
    expectError(await fromOne(b, 101), 429, 'resource-exhausted');
  });

  it('serve an avatar stored through either of them', async () => {
    const [a, b] = site.servers;
    const m = await createMember(a);
    const form = new FormData();
    for (const [name, size] of [['large', 320], ['small', 170]] as const) {
      const bytes = await sharp({ create: { width: size, height: size, channels: 3, background: '#2f5d4a' } }).jpeg().toBuffer();
      form.append(name, new Blob([bytes], { type: 'image/jpeg' }), `${name}.jpg`);
    }
    const put = await fetch(`${b.url}/api/profiles/${m.uid}/avatar`, { method: 'PUT', headers: { cookie: `${SESSION_COOKIE}=${m.client.cookie}` }, body: form });
    expect(put.status).toBe(200);
    const { photoURL, photoURLSmall } = (await put.json()) as { photoURL: string; photoURLSmall: string };
    for (const server of [a, b]) {
      for (const path of [photoURL, photoURLSmall]) {
        const res = await fetch(server.url + path, { headers: { cookie: `${SESSION_COOKIE}=${m.client.cookie}` } });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/jpeg');
        expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      }
    }
  });

  it('refuse text PostgreSQL cannot store with a coded 400, not a 500', async () => {
    const [a, b] = site.servers;
    const m = await createMember(a);
    expectError(await m.client.patch(`/api/profiles/${m.uid}`, { set: { bio: 'nul \u0000' } }), 400, 'invalid-argument', /^set\.bio: .*NUL/);
    expectError(await m.client.patch('/api/me', { displayName: 'broken \ud83d' }), 400, 'invalid-argument', /^displayName: .*unpaired surrogate/);
    expectError(await b.client().post('/api/session', { email: 'x\u0000@example.com', password: 'whatever1' }), 400, 'invalid-argument');
  });
});
