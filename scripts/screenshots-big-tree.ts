/**
 * `npx tsx scripts/screenshots-big-tree.ts [OUT_DIR]`: a tree of 352 people (tests/e2e/tree/seedFamily.ts
 * `bigFamily`) at desktop, tablet and phone sizes (tablet and phone with touch), light and dark: as it
 * opens, after Fit view, and the Add Relative dialog. From a throwaway server on a temporary data
 * folder, like scripts/screenshots.ts. For looking at how a member finds their way in a big tree.
 */
import type { Page } from 'playwright';
import { join } from 'node:path';
import { bigFamily, seedFamily } from '../tests/e2e/tree/seedFamily.ts';
import { openScreenshotSite, signIn } from './screenshotSite.ts';

const site = await openScreenshotSite(process.argv[2] ?? 'screenshots');
const { out, server, browser } = site;

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'tablet', viewport: { width: 1024, height: 768 }, touch: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const;


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
  await site.close();
}
