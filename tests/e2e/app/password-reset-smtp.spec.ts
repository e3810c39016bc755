import { expect, test } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startServer } from '../../../server/app.ts';
import { resetLinkIn } from '../mail.ts';

/** With SMTP_URL set, the reset mail goes to a real SMTP peer instead of the outbox. */
test.describe('forgot password over SMTP', () => {
  const received: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let server: Awaited<ReturnType<typeof startServer>>;
  let dataDir: string;

  test.beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    dataDir = await mkdtemp(join(tmpdir(), 'kinfolk-smtp-'));
    server = await startServer({ dataDir, port: 0, host: '127.0.0.1', serveStatic: true, log: false, smtpUrl: `smtp://127.0.0.1:${port}` });
  });

  test.afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await rm(dataDir, { recursive: true, force: true });
  });

  test('the reset link arrives by SMTP and works', async ({ page }) => {
    const email = 'smtp.member@example.com';
    const token = await server.createInvitation({ email });
    const res = await fetch(`${server.url}/api/invitations/${token}/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ firstName: 'Rosalind', lastName: 'Franklin', gender: 'Female', email, password: 'first password' }),
    });
    expect(res.status).toBe(200);

    await page.goto(server.url);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(form.getByRole('status')).toHaveText('If an account exists for that email, a reset link has been sent.');

    await expect.poll(() => received.length).toBe(1);
    expect(received[0].to).toEqual([email]);
    const link = resetLinkIn(received[0].raw);
    expect(link).not.toBeNull();

    await page.goto(link!);
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.getByLabel('New password', { exact: true }).fill('second password');
    await reset.getByLabel('Confirm new password').fill('second password');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();

    const signIn = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ email, password: 'second password' }),
    });
    expect(signIn.status).toBe(200);
  });
});
