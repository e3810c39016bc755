/**
 * `npx tsx scripts/screenshots-couples-places.ts [OUT_DIR]`: a couple's line with its marriage
 * label ("m. 1835") and the place dialog (issue 20, items 2 and 3), desktop light and tablet dark.
 * Needs `vite build` first.
 */
import type { Page } from 'playwright';
import { join } from 'node:path';
import { MEMBER, SCREEN_SIZES, addRelative, openScreenshotSite, signIn } from './screenshotSite.ts';

const site = await openScreenshotSite(process.argv[2] ?? 'docs/screenshots');
const { out, server, browser } = site;

async function seed() {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/app/tree');
  await page.locator('[data-node-id]').first().waitFor({ state: 'attached', timeout: 15_000 });
  await addRelative(page, 'Ada Lovelace', 'Spouse', 'William', 'King', 'M', '');
  await addRelative(page, 'Ada Lovelace', 'Child', 'Byron', 'King', 'M', '');
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await page.getByText('All changes saved').waitFor();
  const box = (await page.locator(`[data-node-id][aria-label="${MEMBER.firstName} ${MEMBER.lastName}"]`).boundingBox())!;
  await page.mouse.click(box.x + 20, box.y + 20);
  const panel = page.getByRole('complementary', { name: 'Person details' });
  await panel.getByRole('button', { name: 'Add marriage with William King' }).click();
  const dialog = page.getByTestId('event-dialog');
  await dialog.getByLabel('Date').fill('8 JUL 1835');
  await dialog.getByRole('combobox', { name: 'Place' }).fill('Fordhook, Ealing, Middlesex, England');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await page.getByText('All changes saved').waitFor();
  await context.close();
}

async function toastsGone(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
}

async function shots(size: (typeof SCREEN_SIZES)[number], scheme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL: server.url, viewport: size.viewport, colorScheme: scheme, hasTouch: size.touch });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/app/tree');
  await page.locator('[data-node-id]').first().waitFor({ state: 'attached', timeout: 15_000 });
  await page.getByRole('button', { name: 'Fit view' }).click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(out, `couple-line-${size.name}-${scheme}.png`) });
  await page.getByRole('button', { name: 'GEDCOM' }).click();
  await page.getByRole('menuitem', { name: 'Places…' }).click();
  await page.getByRole('dialog', { name: 'Places' }).getByRole('button', { name: /^Fordhook/ }).click();
  const place = page.getByTestId('place-dialog');
  await place.getByLabel('Kind').fill('house');
  await place.getByLabel('Other names').fill('Fordhook House');
  await toastsGone(page);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, `place-dialog-${size.name}-${scheme}.png`) });
  await context.close();
}

await seed();
const [desktop, tablet] = SCREEN_SIZES;
await shots(desktop, 'light');
await shots(tablet, 'dark');
await site.close();
console.log(`screenshots in ${out}`);
