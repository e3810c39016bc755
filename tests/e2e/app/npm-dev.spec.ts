import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../freePort.ts';

/** `npm run dev`: Vite with hot reload in front, the API behind its proxy. */
test('npm run dev serves the app with hot reload and proxies the API', async ({ page }) => {
  test.setTimeout(120_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'kinfolk-dev-'));
  const port = await freePort();
  const apiPort = await freePort();
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/dev.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  try {
    await expect
      .poll(async () => (await fetch(`${base}/api/session`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
      .toBe(200);
    expect(await (await fetch(`${base}/api/session`)).json()).toEqual({ user: null });
    const html = await (await fetch(base)).text();
    expect(html).toContain('/@vite/client');
    // The first-account link points at the address people use: Vite's, not the API's.
    expect(output).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${port}/invite\\?token=[0-9a-f]{32}`));

    await page.goto(base);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Connect and share your family's story.");
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
});
