import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../freePort.ts';

/**
 * `npm start` as a new user runs it: one process serving the built app and the API on HOST:PORT,
 * data in DATA_DIR, and a first-account invitation link printed until someone uses it.
 */
interface Started {
  child: ChildProcess;
  output: () => string;
}

async function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/start.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  await expect.poll(() => out, { timeout: 60_000 }).toContain(`http://${env.HOST}:${env.PORT}`);
  return { child, output: () => out };
}

async function stop({ child }: Started) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const LINK = /http:\/\/127\.0\.0\.1:\d+\/invite\?token=([0-9a-f]{32})/g;

test('npm start prints the first-account link until it is used, and serves the app', async ({ page }) => {
  test.setTimeout(120_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'kinfolk-start-'));
  const port = String(await freePort());
  const env = { HOST: '127.0.0.1', PORT: port, DATA_DIR: dataDir };
  try {
    let run = await start(env);
    await expect.poll(() => [...run.output().matchAll(LINK)].length).toBe(1);
    const [link, token] = [...run.output().matchAll(LINK)][0];
    await stop(run);

    // Only the token's hash is stored: each start prints a new link, the earlier one stops working.
    run = await start(env);
    await expect.poll(() => [...run.output().matchAll(LINK)].length).toBe(1);
    const [renewedLink, renewed] = [...run.output().matchAll(LINK)][0];
    expect(renewed).not.toBe(token);
    expect((await fetch(link.replace('/invite?token=', '/api/invitations/'))).status).toBe(404);

    await page.goto(renewedLink);
    await expect(page.getByRole('heading', { name: 'Create the first account' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('First name').fill('Agnes');
    await form.getByLabel('Last name').fill('Macphail');
    await form.getByLabel('Gender').selectOption('Female');
    await form.getByLabel('Email').fill('agnes@example.com');
    await form.getByLabel('Password', { exact: true }).fill('first member here');
    await form.getByLabel('Confirm password').fill('first member here');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/app\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Agnes Macphail.');
    await stop(run);

    run = await start(env);
    // Give the start-up a moment to print anything it would; the listening line came first.
    await page.waitForTimeout(500);
    expect(run.output()).not.toMatch(LINK);
    const session = await fetch(`http://127.0.0.1:${port}/api/session`);
    expect(await session.json()).toEqual({ user: null });
    await stop(run);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
