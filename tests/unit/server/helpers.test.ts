import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../../src/domain/errors.ts';
import { SECRET_TOKEN, hashToken, newSecretToken, newUid } from '../../../server/auth/tokens.ts';
import { needsBuild } from '../../../server/build.ts';
import { describeZodError, parseBody } from '../../../server/http/errors.ts';
import { isForeignRequest } from '../../../server/http/origin.ts';
import { redactUrl } from '../../../server/http/redact.ts';
import { humanLogStream } from '../../../server/log.ts';
import { resetPasswordMail } from '../../../src/mail/templates.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/password-resets/abcDEF_-123', '/api/password-resets/:token'],
    ['/api/invitations/0123456789abcdef0123456789abcdef/accept', '/api/invitations/:token/accept'],
    ['/invite?token=0123456789abcdef0123456789abcdef', '/invite?token=redacted'],
    ['/reset-password?token=secret&x=1', '/reset-password?token=redacted&x=1'],
    ['/api/signups/abcDEF_-123', '/api/signups/:token'],
    ['/api/account/email/abcDEF_-123', '/api/account/email/:token'],
    ['/api/account/email', '/api/account/email'],
    ['/confirm-signup?token=secret', '/confirm-signup?token=redacted'],
    ['/api/session', '/api/session'],
    ['/app/tree?edit=1', '/app/tree?edit=1'],
    ['/api/password-resets', '/api/password-resets'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('tokens', () => {
  it('makes 256-bit secret tokens and stores their SHA-256', () => {
    const t = newSecretToken();
    expect(t).toMatch(SECRET_TOKEN);
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(t)).toBe(hashToken(t));
    expect(hashToken(t)).not.toBe(hashToken(newSecretToken()));
  });

  it('makes 28-character alphanumeric uids using the whole alphabet', () => {
    const uids = Array.from({ length: 300 }, () => newUid());
    for (const u of uids) expect(u).toMatch(/^[A-Za-z0-9]{28}$/);
    const seen = new Set(uids.join(''));
    expect(seen.size).toBe(62);
  });
});


describe('parseBody', () => {
  const schema = z.object({ email: z.string().default('') });
  it('returns the parsed body', () => expect(parseBody(schema, { email: 'a' })).toEqual({ email: 'a' }));
  it.each([undefined, null, 'x', 3, [1]])('refuses %j as a body with a coded error', (body) => {
    expect(() => parseBody(schema, body)).toThrow(new AppError('invalid-argument', 'The request body must be a JSON object.'));
  });
  it('names the field in the message', () => {
    try {
      parseBody(schema, { email: 5 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).code).toBe('invalid-argument');
      expect((e as AppError).message).toMatch(/^email: /);
    }
  });
  it('describes an error without a path plainly', () => {
    const r = z.string().safeParse(1);
    expect(describeZodError(r.error!)).not.toMatch(/^: /);
  });
});

describe('isForeignRequest', () => {
  const req = (method: string, headers: Record<string, string>, protocol = 'http', host = 'localhost:3000') =>
    ({ method, headers, protocol, host }) as unknown as FastifyRequest;
  it.each([
    ['POST', {}, false],
    ['GET', { origin: 'https://evil.example' }, false],
    ['POST', { origin: 'http://localhost:3000' }, false],
    ['POST', { origin: 'HTTP://LOCALHOST:3000' }, false],
    ['DELETE', { origin: 'http://localhost:3001' }, true],
    ['PATCH', { origin: 'null' }, true],
    ['PUT', { origin: 'https://localhost:3000' }, true],
    ['POST', { 'sec-fetch-site': 'cross-site' }, true],
    ['POST', { 'sec-fetch-site': 'same-site', origin: 'http://localhost:3000' }, false],
  ] as const)('%s %j → foreign %s', (method, headers, foreign) => {
    expect(isForeignRequest(req(method, headers), null)).toBe(foreign);
  });
  it('accepts the public origin', () => {
    expect(isForeignRequest(req('POST', { origin: 'https://family.example' }), 'https://family.example')).toBe(false);
  });
});

describe('needsBuild', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'kinfolk-build-'));
    await mkdir(join(root, 'src', 'deep'), { recursive: true });
    await writeFile(join(root, 'src', 'deep', 'a.ts'), '');
    await writeFile(join(root, 'index.html'), '');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));
  const age = (path: string, secondsAgo: number) => {
    const t = new Date(Date.now() - secondsAgo * 1000);
    return utimes(path, t, t);
  };

  it('is true without a build, false when the build is newer, true when a source changed since', async () => {
    expect(needsBuild(root)).toBe(true);
    await mkdir(join(root, 'dist'));
    await writeFile(join(root, 'dist', 'index.html'), '');
    for (const p of ['src/deep/a.ts', 'src/deep', 'src', 'index.html']) await age(join(root, p), 100);
    expect(needsBuild(root)).toBe(false);
    await age(join(root, 'dist', 'index.html'), 200);
    expect(needsBuild(root)).toBe(true);
  });
});

describe('humanLogStream', () => {
  it('prints one short line per entry', () => {
    let out = '';
    const stream = humanLogStream({ write: (s: string) => (out += s) });
    stream.write(JSON.stringify({ level: 30, time: Date.UTC(2024, 0, 1, 12), msg: 'GET /api/session 200 3ms' }) + '\n');
    expect(out).toMatch(/^\d\d:\d\d:\d\d info  GET \/api\/session 200 3ms\n$/);
  });
});

describe('resetPasswordMail', () => {
  it('has the subject, the link in both parts, the validity and escapes the HTML', () => {
    const mail = resetPasswordMail('a@example.com', 'http://h/reset-password?token=a&b', 60);
    expect(mail.subject).toBe('Reset your Kinfolk password');
    expect(mail.text).toContain('http://h/reset-password?token=a&b');
    expect(mail.text).toContain('one hour');
    expect(mail.html).toContain('http://h/reset-password?token=a&amp;b');
    expect(mail.html).toContain('Connect and share your family&#39;s story.');
  });
});
