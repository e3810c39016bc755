/**
 * `npx tsx scripts/screenshots-tidy.ts [OUT_DIR]`: Tidy up (issue 9, item 3) at desktop
 * (1440 × 900), tablet (1024 × 768, touch) and phone (390 × 844, touch) sizes, light and dark: a
 * family of 22 people over four generations thrown about the canvas, the toolbar's button (with
 * its tooltip on the desktop), and the tree after Tidy up, fitted.
 * From a throwaway server on a temporary data folder, like scripts/screenshots.ts.
 */
import type { Page } from 'playwright';
import { join } from 'node:path';
import { seededRandom } from '../bench/scene/random.ts';
import { seedFamily, TEN_PEOPLE, type SeedFamily } from '../tests/e2e/tree/seedFamily.ts';
import { MEMBER, SCREEN_SIZES, openScreenshotSite, signIn } from './screenshotSite.ts';

const site = await openScreenshotSite(process.argv[2] ?? 'screenshots');
const { out, server, browser } = site;


/** The ten-person family and two more generations under its children, dropped about at random. */
function scattered(): SeedFamily {
  const family = TEN_PEOPLE({ first: MEMBER.firstName, last: MEMBER.lastName });
  const random = seededRandom(9);
  const people = [...family.people];
  const parents = [...(family.parents ?? [])];
  const spouses = [...(family.spouses ?? [])];
  const first = ['Clara', 'Edmund', 'Iris', 'Jonah', 'Mabel', 'Percy', 'Rosa', 'Silas', 'Tilda', 'Walter'];
  let n = 0;
  for (const child of ['son', 'daughter', 'youngest', 'nephew']) {
    const spouse = `${child}-spouse`;
    people.push({ key: spouse, first: first[n++ % first.length]!, last: 'Marsh', gender: child === 'daughter' ? 'M' : 'F', at: [0, 0] });
    spouses.push([child, spouse]);
    for (let k = 0; k < 2; k++) {
      const grandchild = `${child}-${k}`;
      people.push({ key: grandchild, first: first[n++ % first.length]!, last: 'King', at: [0, 0] });
      parents.push([child, grandchild], [spouse, grandchild]);
    }
  }
  return {
    ...family,
    people: people.map((p) => (p.key === family.primary ? p : { ...p, at: [Math.round((random() - 0.5) * 1400), Math.round((random() - 0.5) * 900)] })),
    parents,
    spouses,
  };
}


async function openTree(page: Page) {
  await page.goto('/app/tree');
  await page.locator('[data-node-id][aria-label="Ada Lovelace"]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForTimeout(600);
}

let seeded = false;
try {
  for (const scheme of ['light', 'dark'] as const) {
    for (const size of SCREEN_SIZES) {
      const context = await browser.newContext({ baseURL: server.url, viewport: size.viewport, colorScheme: scheme, hasTouch: size.touch, isMobile: size.name === 'phone' });
      const page = await context.newPage();
      const shot = (name: string) => page.screenshot({ path: join(out, `tidy-${name}-${size.name}-${scheme}.png`) });
      await signIn(page);
      if (!seeded) {
        await openTree(page);
        await seedFamily(page, scattered());
        seeded = true;
      }
      await openTree(page);
      await page.getByRole('button', { name: 'Fit view' }).click();
      await page.waitForTimeout(400);
      const button = page.getByRole('button', { name: 'Tidy up' });
      if (!size.touch) {
        await button.hover();
        await page.getByRole('tooltip').waitFor();
      }
      await shot('before');
      await button.click();
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Tree tidied up' }).waitFor();
      await page.getByRole('button', { name: 'Fit view' }).click();
      await page.waitForTimeout(500);
      await shot('after');
      // Scattered again for the next size: Undo, saved.
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Tree tidied up' }).getByRole('button', { name: 'Undo' }).click();
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
      await context.close();
    }
  }
  console.log(`screenshots in ${out}/`);
} finally {
  await site.close();
}
