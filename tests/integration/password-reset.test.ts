import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  createMember,
  eventually,
  expectError,
  logCollector,
  startTestServer,
  useTestServer,
} from './helpers.ts';
import { readableMail, resetTokenIn, startSmtpPeer } from './smtp.ts';

const RESET_SENT = 'If an account exists for that email, a reset link has been sent.';
const NEW_PASSWORD = 'a brand new secret';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
const log = logCollector();

beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp?.close());
const site = useTestServer({ server: () => ({ smtpUrl: smtp.url, log: { level: 'info', stream: log.stream } }) });
beforeEach(() => {
  smtp.received.length = 0;
});

async function requestReset(email: string) {
  const res = await site.client().post('/api/password-resets', { email });
  expect(res.status).toBe(202);
  expect(res.body).toEqual({ message: RESET_SENT });
  return res;
}

async function mailedToken(to: string): Promise<string> {
  const mail = await eventually(() => smtp.received.find((m) => m.to.includes(to)));
  return resetTokenIn(mail.raw)!;
}

describe('asking for a reset', () => {
  it('mails a known address a Kinfolk reset link over SMTP', async () => {
    const m = await createMember(site.server);
    await requestReset(m.email.toUpperCase());
    const mail = await eventually(() => smtp.received[0]);
    expect(mail.to).toEqual([m.email]);
    expect(mail.from).toBe('no-reply@localhost');
    const text = readableMail(mail.raw);
    expect(text).toMatch(/^Subject: Reset your Kinfolk password$/m);
    expect(text).toMatch(/^From: Kinfolk <no-reply@localhost>$/m);
    expect(text).toMatch(/text\/plain/);
    expect(text).toMatch(/text\/html/);
    expect(text).toContain("Connect and share your family's story.");
    expect(text).toContain(`${site.server.url}/reset-password?token=`);
    expect(resetTokenIn(mail.raw)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers an unknown address exactly the same and sends nothing', async () => {
    const m = await createMember(site.server);
    const known = await requestReset(m.email);
    const unknown = await requestReset('nobody@example.com');
    expect(unknown.text).toBe(known.text);
    await eventually(() => smtp.received[0]);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(1);
    expect(await site.db.query('SELECT 1 FROM password_resets')).toHaveLength(1);
  });

  it('needs an e-mail (§5 message)', async () => {
    expectError(await site.client().post('/api/password-resets', { email: '  ' }), 400, 'invalid-argument', 'Enter your email to reset your password.');
    expectError(await site.client().post('/api/password-resets', {}), 400, 'invalid-argument', 'Enter your email to reset your password.');
  });

  it('stores only a hash of the token, valid for one hour', async () => {
    const m = await createMember(site.server);
    await requestReset(m.email);
    const token = await mailedToken(m.email);
    const rows = await site.db.query<{ token_hash: string; minutes: number }>(
      `SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 60) AS minutes FROM password_resets`,
    );
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(Number(rows[0]!.minutes)).toBe(60);
  });
});

describe('using the link', () => {
  it('sets the new password: the old one stops working, the new one works', async () => {
    const m = await createMember(site.server);
    await requestReset(m.email);
    const token = await mailedToken(m.email);
    expect((await site.client().get(`/api/password-resets/${token}`)).status).toBe(204);
    expect((await site.client().post(`/api/password-resets/${token}`, { password: NEW_PASSWORD })).status).toBe(204);
    expectError(await site.client().post('/api/session', { email: m.email, password: PASSWORD }), 401, 'auth/invalid-credential');
    expect((await site.client().post('/api/session', { email: m.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('is single-use', async () => {
    const m = await createMember(site.server);
    await requestReset(m.email);
    const token = await mailedToken(m.email);
    expect((await site.client().post(`/api/password-resets/${token}`, { password: NEW_PASSWORD })).status).toBe(204);
    expectError(await site.client().get(`/api/password-resets/${token}`), 410, 'auth/reset-link-invalid');
    expectError(await site.client().post(`/api/password-resets/${token}`, { password: 'yet another one' }), 410, 'auth/reset-link-invalid');
    expect((await site.client().post('/api/session', { email: m.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('ends every session of that member', async () => {
    const m = await createMember(site.server);
    const other = site.client();
    await other.post('/api/session', { email: m.email, password: PASSWORD });
    await requestReset(m.email);
    const token = await mailedToken(m.email);
    await site.client().post(`/api/password-resets/${token}`, { password: NEW_PASSWORD });
    expect((await m.client.get('/api/session')).body).toEqual({ user: null });
    expect((await other.get('/api/session')).body).toEqual({ user: null });
  });

  it('expires after an hour', async () => {
    const m = await createMember(site.server);
    await requestReset(m.email);
    const token = await mailedToken(m.email);
    await site.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second'`);
    expectError(await site.client().get(`/api/password-resets/${token}`), 410, 'auth/reset-link-invalid');
    expectError(await site.client().post(`/api/password-resets/${token}`, { password: NEW_PASSWORD }), 410, 'auth/reset-link-invalid');
    expect((await site.client().post('/api/session', { email: m.email, password: PASSWORD })).status).toBe(200);
  });

  it('kills the member’s other outstanding links too', async () => {
    const m = await createMember(site.server);
    await requestReset(m.email);
    await requestReset(m.email);
    await eventually(() => (smtp.received.length >= 2 ? true : undefined));
    const [first, second] = smtp.received.map((r) => resetTokenIn(r.raw)!);
    await site.client().post(`/api/password-resets/${second}`, { password: NEW_PASSWORD });
    expectError(await site.client().get(`/api/password-resets/${first}`), 410, 'auth/reset-link-invalid');
  });

  it('validates the new password and keeps the link alive when it is refused', async () => {
    const m = await createMember(site.server);
    await requestReset(m.email);
    const token = await mailedToken(m.email);
    expectError(await site.client().post(`/api/password-resets/${token}`, { password: 'short' }), 400, 'invalid-argument', 'Password must be at least 8 characters.');
    expectError(await site.client().post(`/api/password-resets/${token}`, {}), 400, 'invalid-argument', 'Password is required.');
    expect((await site.client().get(`/api/password-resets/${token}`)).status).toBe(204);
  });

  it('answers 410 for unknown and malformed tokens', async () => {
    expectError(await site.client().get(`/api/password-resets/${'A'.repeat(43)}`), 410, 'auth/reset-link-invalid');
    expectError(await site.client().get('/api/password-resets/short'), 410, 'auth/reset-link-invalid');
  });
});

describe('logs', () => {
  it('never contain the reset token, session cookie or invitation token when mail goes over SMTP', async () => {
    log.lines.length = 0;
    const m = await createMember(site.server);
    const invitation = await site.server.createInvitation({ email: 'later@example.com' });
    await site.client().get(`/api/invitations/${invitation}`);
    await requestReset(m.email);
    const token = await mailedToken(m.email);
    await site.client().get(`/api/password-resets/${token}`);
    await site.client().post(`/api/password-resets/${token}`, { password: NEW_PASSWORD });
    const all = log.lines.join('\n');
    expect(all).toContain('/api/password-resets/:token');
    expect(all).toContain('/api/invitations/:token');
    expect(all).not.toContain(token);
    expect(all).not.toContain(invitation);
    expect(all).not.toContain(m.client.cookie!);
    expect(all).not.toContain(NEW_PASSWORD);
  });
});

describe('without SMTP', () => {
  it('writes the mail as an .eml file into DATA_DIR/outbox and logs the link', async () => {
    const outLog = logCollector();
    const local = await startTestServer(site.db, { log: { level: 'info', stream: outLog.stream }, mailFrom: 'Family <family@example.org>' });
    try {
      const m = await createMember(local);
      expect((await local.client().post('/api/password-resets', { email: m.email })).status).toBe(202);
      const outbox = join(local.dataDir, 'outbox');
      const file = await eventually(async () => (await readdir(outbox).catch(() => [] as string[])).find((f) => f.endsWith('.eml')));
      const raw = await readFile(join(outbox, file), 'utf8');
      expect(readableMail(raw)).toMatch(/^Subject: Reset your Kinfolk password$/m);
      expect(readableMail(raw)).toMatch(/^From: Family <family@example.org>$/m);
      expect(readableMail(raw)).toMatch(new RegExp(`^To: ${m.email}$`, 'm'));
      const token = resetTokenIn(raw)!;
      const logged = await eventually(() => outLog.lines.find((l) => l.includes('/reset-password?token=')));
      expect(logged).toContain(`${local.url}/reset-password?token=${token}`);
      expect((await local.client().post(`/api/password-resets/${token}`, { password: NEW_PASSWORD })).status).toBe(204);
      await local.client().post('/api/password-resets', { email: 'nobody@example.com' });
      await new Promise((r) => setTimeout(r, 300));
      expect((await readdir(outbox)).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    } finally {
      await local.close();
    }
  });
});
