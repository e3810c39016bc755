/**
 * `npx tsx scripts/screenshots-fan.ts [OUT_DIR]`: the fan chart (issue 22) of a member with five
 * generations of ancestors (some unknown), at desktop (light and dark), tablet and phone sizes, half and
 * full circle. From a throwaway server, like scripts/screenshots.ts.
 */
import type { Page } from 'playwright';
import { join } from 'node:path';
import { seedFamily, type SeedFamily, type SeedPerson } from '../tests/e2e/tree/seedFamily.ts';
import { MEMBER, SCREEN_SIZES, openScreenshotSite, signIn } from './screenshotSite.ts';

const FIRST_M = ['Thomas', 'George', 'Henry', 'Walter', 'Albert', 'Edward', 'Arthur', 'Frederick', 'Charles', 'James', 'William', 'Robert', 'John', 'Samuel', 'Joseph', 'Richard'];
const FIRST_F = ['Margaret', 'Elizabeth', 'Mary', 'Alice', 'Edith', 'Florence', 'Harriet', 'Louisa', 'Sarah', 'Emily', 'Charlotte', 'Jane', 'Ann', 'Martha', 'Ellen', 'Rose'];
const LAST = ['Hale', 'Moore', 'Shaw', 'Price', 'Wood', 'Cole', 'Reed', 'Lane', 'Fox', 'Hart', 'Bell', 'Ward', 'Gray', 'Nash', 'Ross', 'Dunn'];

/** The member's ancestors to five generations by Ahnentafel number, a few left unknown. */
function ancestors(): SeedFamily {
  const people: SeedPerson[] = [{ key: 'a1', first: MEMBER.firstName, last: MEMBER.lastName, at: [0, 0] }];
  const parents: [string, string][] = [];
  const surname = new Map<number, string>([[1, MEMBER.lastName]]);
  const missing = new Set([13, 22, 23, 26, 27, 29]);
  for (let n = 2; n < 32; n++) {
    if (missing.has(n) || missing.has(n >> 1) || missing.has(n >> 2)) continue;
    const father = n % 2 === 0;
    const last = father ? surname.get(n >> 1)! : LAST[n % LAST.length]!;
    surname.set(n, last);
    const g = 31 - Math.clz32(n);
    people.push({ key: `a${n}`, first: (father ? FIRST_M : FIRST_F)[n % 16]!, last, gender: father ? 'M' : 'F', birthYear: String(1985 - 28 * g - (n % 5)), at: [(n - 2 ** g) * 170 - 2 ** g * 80, -170 * g] });
    parents.push([`a${n}`, `a${n >> 1}`]);
  }
  return { primary: 'a1', people, parents, spouses: [] };
}

const site = await openScreenshotSite(process.argv[2] ?? 'screenshots');
const { out, server, browser } = site;

async function openTree(page: Page) {
  await page.goto('/app/tree');
  await page.locator('[data-node-id]').first().waitFor({ state: 'attached', timeout: 30_000 });
}

let seeded = false;
try {
  const shots = [
    { size: SCREEN_SIZES[0], scheme: 'light', span: 'half' },
    { size: SCREEN_SIZES[0], scheme: 'dark', span: 'full' },
    { size: SCREEN_SIZES[1], scheme: 'light', span: 'full' },
    { size: SCREEN_SIZES[2], scheme: 'dark', span: 'full' },
  ] as const;
  for (const { size, scheme, span } of shots) {
    const context = await browser.newContext({ baseURL: server.url, viewport: size.viewport, colorScheme: scheme, hasTouch: size.touch, isMobile: size.name === 'phone' });
    const page = await context.newPage();
    await signIn(page);
    if (!seeded) {
      await openTree(page);
      await seedFamily(page, ancestors());
      seeded = true;
    }
    await openTree(page);
    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    await page.getByRole('menuitem', { name: 'Fan chart…' }).click();
    const fan = page.getByTestId('chart-view');
    await fan.waitFor();
    await fan.getByLabel('Shape').selectOption(span);
    await page.waitForFunction(() => !!(window as unknown as { __kinfolkFan?: unknown }).__kinfolkFan);
    await page.screenshot({ path: join(out, `fan-chart-${size.name}-${scheme}.png`) });
    await context.close();
  }
} finally {
  await site.close();
}
