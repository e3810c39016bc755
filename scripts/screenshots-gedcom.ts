/**
 * `npx tsx scripts/screenshots-gedcom.ts [OUT_DIR]`: GEDCOM import and export (issue 9) at desktop
 * (1440 × 900) and phone (390 × 844, touch) sizes, light and dark: the toolbar's menu, the
 * confirmation, the saving panel over the drawn group (held while sending), the summary of royal92.ged with a group
 * open, the tree with the imported group, the export dialog and a file refused with its line.
 * From a throwaway server on a temporary data folder, like scripts/screenshots.ts; each size and
 * scheme imports into a member of its own.
 */
import type { Page } from 'playwright';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openScreenshotSite, signIn } from './screenshotSite.ts';

const site = await openScreenshotSite(process.argv[2] ?? 'screenshots');
const { out, server, browser } = site;
const FIXTURES = fileURLToPath(new URL('../tests/fixtures/gedcom/', import.meta.url));

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const;

async function member(n: number) {
  const email = `gedcom${n}@example.com`;
  const password = 'correct horse battery';
  const token = await server.createInvitation({ email });
  await fetch(`${server.url}/api/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', gender: 'Female', email, password }),
  });
  return { email, password };
}

async function signInToTree(page: Page, who: { email: string; password: string }) {
  await signIn(page, who);
  await page.goto('/app/tree');
  await page.locator('[data-node-id]').first().waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForTimeout(500);
}

async function pick(page: Page, path: string) {
  await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Import GEDCOM…' }).click();
  await (await chooser).setFiles(path);
}

let n = 0;
try {
  for (const scheme of ['light', 'dark'] as const) {
    for (const size of SIZES) {
      const context = await browser.newContext({ baseURL: server.url, viewport: size.viewport, colorScheme: scheme, hasTouch: size.touch, isMobile: size.name === 'phone' });
      const page = await context.newPage();
      const shot = (name: string) => page.screenshot({ path: join(out, `gedcom-${name}-${size.name}-${scheme}.png`) });
      await signInToTree(page, await member(++n));

      await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
      await page.getByRole('menuitem', { name: 'Import GEDCOM…' }).waitFor();
      await shot('menu');
      await page.keyboard.press('Escape');

      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/imports/*/chunks/*', async (route) => {
        await held;
        await route.continue();
      });
      await pick(page, `${FIXTURES}royal92.ged`);
      await page.getByRole('dialog', { name: 'Import royal92.ged?' }).waitFor();
      await page.waitForTimeout(400);
      await shot('confirm');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByText('Sending to the server…').waitFor({ timeout: 60_000 });
      await page.waitForTimeout(300);
      await shot('progress');
      release();
      const summary = page.getByRole('dialog', { name: 'Import complete' });
      await summary.waitFor({ timeout: 120_000 });
      await summary.getByText('Dates kept as written').click();
      await page.waitForTimeout(300);
      await shot('summary');
      await summary.getByRole('button', { name: 'Close' }).last().click();
      await page.waitForTimeout(800);
      await shot('imported');

      await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
      await page.getByRole('menuitem', { name: 'Export GEDCOM…' }).click();
      await page.getByRole('dialog', { name: 'Export GEDCOM' }).waitFor();
      await page.waitForTimeout(400);
      await shot('export');
      await page.keyboard.press('Escape');

      const csv = join(site.dataDir, 'people.csv');
      await writeFile(csv, 'Name,Born\nAda,1815\n');
      await pick(page, csv);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByRole('dialog', { name: 'This file could not be imported' }).waitFor();
      await page.waitForTimeout(400);
      await shot('failed');
      await context.close();
    }
  }
  console.log(`screenshots in ${out}`);
} finally {
  await site.close();
}
