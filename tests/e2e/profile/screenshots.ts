/**
 * `npx tsx tests/e2e/profile/screenshots.ts [OUT_DIR]`: the profile page's view, editor (with
 * validation messages) and crop dialog in light and dark, from a throwaway server. Build first.
 */
import { chromium, type Page } from 'playwright';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startServer } from '../../../server/app.ts';
import { chromiumArgs, chromiumPath } from '../../chromium.ts';

const out = process.argv[2] ?? 'screenshots';
await mkdir(out, { recursive: true });
const dataDir = await mkdtemp(join(tmpdir(), 'kinfolk-profile-shots-'));
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

// A warm landscape "photo": gradient sky, a sun, a hill.
const photo = join(dataDir, 'photo.png');
await sharp(
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6c89f"/><stop offset="1" stop-color="#e9876b"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#s)"/><circle cx="600" cy="420" r="150" fill="#fff3d6"/>
    <path d="M0 640 Q300 520 600 610 T1200 580 V800 H0z" fill="#3d6b56"/></svg>`),
)
  .png()
  .toFile(photo);

async function shots(scheme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, colorScheme: scheme });
  const page: Page = await context.newPage();
  const shot = (name: string) => page.screenshot({ path: join(out, `profile-${name}-${scheme}.png`) });
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/app\/home/);
  await page.goto('/app/profile');
  await page.getByRole('heading', { name: 'Details' }).waitFor();
  await page.waitForTimeout(300);
  await shot('view');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const editor = page.getByRole('form', { name: 'Edit profile' });
  await editor.getByLabel('Day').fill('31');
  await editor.getByLabel('Month').fill('02');
  await editor.getByLabel('Year').fill('1990');
  await editor.getByLabel('Date of death').fill('soon');
  await editor.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Invalid date').waitFor();
  await page.setViewportSize({ width: 1280, height: 1400 });
  await shot('edit');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator('input[type=file]').setInputFiles(photo);
  await page.getByRole('dialog', { name: 'Adjust your photo' }).waitFor();
  await page.getByRole('slider', { name: 'Zoom' }).fill('1.6');
  await page.waitForTimeout(400);
  await shot('crop');
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
