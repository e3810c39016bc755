/**
 * `npx tsx scripts/screenshotFind.ts [OUT_DIR]`: Find someone on a seeded tree (the e2e tests'
 * four-generation family with two Victorias) at desktop 1440 × 900, tablet 1024 × 768 (touch) and
 * phone 390 × 844, light and dark: the box at rest, results while typing, the empty state, and the
 * card landed on with its details. Needs `vite build` first.
 */
import type { Browser } from 'playwright';
import { join } from 'node:path';
import { MEMBER, SCREEN_SIZES, openScreenshotSite, signIn } from './screenshotSite.ts';
import { bigFamily, seedFamily } from '../tests/e2e/tree/seedFamily.ts';

const site = await openScreenshotSite(process.argv[2] ?? 'screenshots/find');
const { out, server, browser } = site;



async function seed(browser: Browser) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/app/tree');
  await page.locator('[data-node-id]').first().waitFor({ state: 'attached', timeout: 15_000 });
  const family = bigFamily({ first: MEMBER.firstName, last: MEMBER.lastName });
  const xs = family.people.map((p) => p.at[0]);
  family.people.push(
    { key: 'v1', first: 'Victoria', last: 'Hale', gender: 'F', birthYear: '1901', at: [Math.min(...xs) - 400, 0] },
    { key: 'v2', first: 'Victoria', last: 'Ødegård', gender: 'F', birthYear: '1919', at: [Math.max(...xs) + 400, 0] },
  );
  await seedFamily(page as never, family);
  await context.close();
}

async function shots(size: (typeof SCREEN_SIZES)[number], scheme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL: server.url, viewport: size.viewport, colorScheme: scheme, hasTouch: size.touch, isMobile: size.name === 'phone' });
  const page = await context.newPage();
  const shot = (name: string) => page.screenshot({ path: join(out, `find-${size.name}-${name}-${scheme}.png`) });
  await signIn(page);
  await page.goto('/app/tree');
  await page.locator('[data-node-id]').first().waitFor({ state: 'attached', timeout: 15_000 });
  await page.waitForTimeout(300);
  await shot('rest');
  const box = page.getByRole('combobox', { name: 'Find someone' });
  const toggle = page.getByRole('button', { name: /^Find someone/ });
  const openBox = async () => ((await toggle.isVisible()) ? toggle.click() : box.click());
  await openBox();
  await box.pressSequentially('vic');
  await page.getByRole('option').first().waitFor();
  await shot('typing');
  await box.fill('victoria');
  await page.getByRole('option', { name: /Ødegård/ }).waitFor();
  await box.press('ArrowDown');
  await shot('results');
  await box.press('Enter');
  await page.locator('[data-node-id][aria-label="Victoria Ødegård"][aria-selected="true"]').waitFor({ state: 'attached' });
  await page.waitForTimeout(1200);
  await shot('landed');
  await openBox();
  await box.fill('nobody at all');
  await page.getByText('No one matches that search.').waitFor();
  await shot('none');
  await context.close();
}

await seed(browser);
for (const size of SCREEN_SIZES) for (const scheme of ['light', 'dark'] as const) await shots(size, scheme);
await site.close();
console.log(`screenshots in ${out}`);
