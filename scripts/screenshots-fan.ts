/**
 * `npx tsx scripts/screenshots-fan.ts [OUT_DIR]`: the fan chart (issue 22) of a member with five
 * generations of ancestors (some unknown), at desktop (light and dark), tablet and phone sizes, half and
 * full circle; and the same view's pedigree, hourglass and descendants (the member, her partner, three
 * children, two of them with partners, and four grandchildren). From a throwaway server, like scripts/screenshots.ts.
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
  // Three children and, under the first two, four grandchildren (for the hourglass and descendants).
  const young: [string, string, string, 'M' | 'F', string][] = [
    ['c1', 'Daniel', MEMBER.lastName, 'M', 'a1'],
    ['c2', 'Lucy', MEMBER.lastName, 'F', 'a1'],
    ['c3', 'Peter', MEMBER.lastName, 'M', 'a1'],
    ['g1', 'Mia', MEMBER.lastName, 'F', 'c1'],
    ['g2', 'Noah', MEMBER.lastName, 'M', 'c1'],
    ['g3', 'Ella', 'Hart', 'F', 'c2'],
    ['g4', 'Leo', 'Hart', 'M', 'c2'],
  ];
  // Partners: the member's, and her two eldest children's (the descendants chart shows them beside each).
  const partners: [string, string, string, 'M' | 'F', string, [number, number]][] = [
    ['p1', 'Charles', 'Bell', 'M', 'a1', [170, 0]],
    ['p2', 'Sophie', 'Ward', 'F', 'c1', [10, 170]],
    ['p3', 'James', 'Hart', 'M', 'c2', [180, 170]],
  ];
  const partnerOf = new Map(partners.map(([key, , , , of]) => [of, key]));
  for (const [key, first, last, gender, , at] of partners) people.push({ key, first, last, gender, birthYear: key === 'p1' ? '1983' : '2004', at });
  young.forEach(([key, first, last, gender, parent], i) => {
    people.push({ key, first, last, gender, birthYear: String(key.startsWith('c') ? 2006 + i : 2020 + i), at: [i * 170 - 500, key.startsWith('c') ? 170 : 340] });
    parents.push([parent, key]);
    const other = partnerOf.get(parent);
    if (other) parents.push([other, key]);
  });
  return { primary: 'a1', people, parents, spouses: partners.map(([key, , , , of]) => [of, key]) };
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
    { size: SCREEN_SIZES[0], scheme: 'light', span: 'half', chart: 'fan' },
    { size: SCREEN_SIZES[0], scheme: 'dark', span: 'full', chart: 'fan' },
    { size: SCREEN_SIZES[1], scheme: 'light', span: 'full', chart: 'fan' },
    { size: SCREEN_SIZES[2], scheme: 'dark', span: 'full', chart: 'fan' },
    { size: SCREEN_SIZES[0], scheme: 'light', span: 'half', chart: 'pedigree' },
    { size: SCREEN_SIZES[0], scheme: 'dark', span: 'half', chart: 'hourglass' },
    { size: SCREEN_SIZES[1], scheme: 'light', span: 'half', chart: 'descendants' },
  ] as const;
  for (const { size, scheme, span, chart } of shots) {
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
    await page.getByRole('menuitem', { name: 'Charts…' }).click();
    const fan = page.getByTestId('chart-view');
    await fan.waitFor();
    if (chart === 'fan') await fan.getByLabel('Shape').selectOption(span);
    else {
      await fan.getByRole('combobox', { name: /^Chart/ }).selectOption(chart);
      await fan.getByRole('combobox', { name: /^Generations/ }).selectOption('4');
    }
    await page.waitForFunction(() => !!(window as unknown as { __kinfolkFan?: unknown }).__kinfolkFan);
    // Photos and avatars are drawn once loaded.
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(out, chart === 'fan' ? `fan-chart-${size.name}-${scheme}.png` : `chart-${chart}-${size.name}-${scheme}.png`) });
    await context.close();
  }
} finally {
  await site.close();
}
