/**
 * `npx tsx scripts/screenshots.ts [OUT_DIR]`: screenshots of the main screens in light and dark,
 * from a throwaway server on a temporary data folder. For looking at what we built.
 */
import { chromium, type Page } from 'playwright';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/app.ts';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';

const out = process.argv[2] ?? 'screenshots';
await mkdir(out, { recursive: true });
const dataDir = await mkdtemp(join(tmpdir(), 'kinfolk-shots-'));
const server = await startServer({ dataDir, port: 0, host: '127.0.0.1', serveStatic: true, log: false });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });

const email = 'ada@example.com';
const password = 'correct horse battery';
const token = await server.createInvitation({ email });
await fetch(`${server.url}/api/invitations/${token}/accept`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Origin: server.url },
  body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', gender: 'Female', email, password }),
});
const inviteToken = await server.createInvitation({ email: 'charles@example.com' });

async function shots(scheme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, colorScheme: scheme });
  const page: Page = await context.newPage();
  const shot = (name: string) => page.screenshot({ path: join(out, `${name}-${scheme}.png`) });
  await page.goto('/');
  await page.getByRole('form', { name: 'Sign in' }).waitFor();
  await shot('landing');
  await page.getByRole('button', { name: 'Create new account' }).click();
  await page.locator('.tab-tooltip-anchor').hover();
  await page.getByRole('tooltip').waitFor();
  await shot('dialog');
  await page.keyboard.press('Escape');
  await page.goto(`/invite?token=${inviteToken}`);
  await page.getByRole('form', { name: 'Sign up' }).waitFor();
  await shot('invite');
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/app\/home/);
  await page.getByText('Your profile').waitFor();
  await page.waitForTimeout(300);
  await shot('home');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await shot('menu');
  await context.close();
}

try {
  await shots('light');
  await shots('dark');
  console.log(`screenshots in ${out}/`);
} finally {
  await browser.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
