/**
 * `npx tsx scripts/screenshots-big-tree.ts [OUT_DIR]`: a tree of 352 people (tests/e2e/tree/seedFamily.ts
 * `bigFamily`) at desktop, tablet and phone sizes (tablet and phone with touch), light and dark: as it
 * opens, after Fit view, and the Add Relative dialog. From a throwaway server on a temporary data
 * folder, like scripts/screenshots.ts. For looking at how a member finds their way in a big tree.
 */
import { chromium, type Page } from 'playwright';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/app.ts';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { bigFamily, seedFamily } from '../tests/e2e/tree/seedFamily.ts';

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

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'tablet', viewport: { width: 1024, height: 768 }, touch: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const;

async function signIn(page: Page) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/app\/home/);
}

async function openTree(page: Page) {
  await page.goto('/app/tree');
  await page.locator('[data-node-id][aria-label="Ada Lovelace"]').waitFor({ state: 'attached', timeout: 30_000 });
  // The minimap is rebuilt a little after the cards arrive.
  await page.waitForTimeout(600);
}

let seeded = false;
try {
  for (const scheme of ['light', 'dark'] as const) {
    for (const size of SIZES) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: size.viewport,
        colorScheme: scheme,
        hasTouch: size.touch,
        isMobile: size.name === 'phone',
      });
      const page = await context.newPage();
      const shot = (name: string) => page.screenshot({ path: join(out, `big-tree-${name}-${size.name}-${scheme}.png`) });
      await signIn(page);
      if (!seeded) {
        await openTree(page);
        await seedFamily(page, bigFamily({ first: 'Ada', last: 'Lovelace' }));
        seeded = true;
      }
      await openTree(page);
      await shot('open');
      await page.getByRole('button', { name: 'Fit view' }).click();
      await page.waitForTimeout(400);
      await shot('fit');
      await page.getByRole('button', { name: 'Me', exact: true }).click();
      await page.waitForTimeout(300);
      await page.locator('[data-node-id][aria-label="Ada Lovelace"]').getByRole('button', { name: 'Add Relative', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Add Relative' }).waitFor();
      // Past the dialog's fade-in.
      await page.waitForTimeout(400);
      await shot('add-relative');
      await context.close();
    }
  }
  console.log(`screenshots in ${out}/`);
} finally {
  await browser.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
