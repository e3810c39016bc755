/**
 * `npx tsx scripts/screenshots-facts.ts [OUT_DIR]`: the details panel with events, other names
 * and relatives (issue "Facts a genealogist can trust"), desktop light and phone dark, and the
 * Add event dialog with place suggestions. The first size adds the facts through the panel and
 * waits for them to be saved; the next opens the tree with them. Needs `vite build` first.
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
  await addRelative(page, 'Ada Lovelace', 'Child', 'Annabella', 'King', 'F', '');
  await addRelative(page, 'Ada Lovelace', 'Mother', 'Anne', 'Milbanke', '', '');
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await page.getByText('All changes saved').waitFor();
  await context.close();
}

async function addEvent(page: Page, opener: string, fields: { type?: string; date?: string; place?: string; description?: string }) {
  const panel = page.getByRole('complementary', { name: 'Person details' });
  await panel.getByRole('button', { name: opener }).click();
  const dialog = page.getByTestId('event-dialog');
  await dialog.waitFor();
  if (fields.type) await dialog.getByLabel('Type').selectOption({ label: fields.type });
  if (fields.date) await dialog.getByLabel('Date').fill(fields.date);
  if (fields.place) await dialog.getByRole('combobox', { name: 'Place' }).fill(fields.place);
  if (fields.description) await dialog.getByLabel('Description').fill(fields.description);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function shots(size: (typeof SCREEN_SIZES)[number], scheme: 'light' | 'dark', addFacts: boolean) {
  const context = await browser.newContext({ baseURL: server.url, viewport: size.viewport, colorScheme: scheme, hasTouch: size.touch, isMobile: size.name === 'phone' });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/app/tree');
  const ada = page.locator(`[data-node-id][aria-label="${MEMBER.firstName} ${MEMBER.lastName}"]`);
  await ada.waitFor({ state: 'attached', timeout: 15_000 });
  await page.getByRole('button', { name: 'Fit view' }).click();
  await page.waitForTimeout(600);
  const box = (await ada.boundingBox())!;
  await page.mouse.click(box.x + 20, box.y + 20);
  const panel = page.getByRole('complementary', { name: 'Person details' });
  await panel.waitFor();
  if (addFacts) {
    await addEvent(page, 'Add event', { type: 'Christened', date: '17 JUN 1816', place: 'St Marylebone Parish Church, London, England' });
    await addEvent(page, 'Add event', { type: 'Residence', date: 'ABT 1840', place: 'Ockham Park, Surrey, England' });
    await addEvent(page, 'Add event', { type: 'Occupation', date: '1843', description: 'Mathematician, writer of the first program' });
    await addEvent(page, 'Add marriage with William King', { date: '8 JUL 1835', place: 'Fordhook, Ealing, London, England' });
    await panel.getByRole('button', { name: 'Add name' }).click();
    const names = page.getByTestId('name-dialog');
    await names.getByLabel('Kind').selectOption({ label: 'Nickname' });
    await names.getByLabel('Nickname').fill('Enchantress of Numbers');
    await names.getByRole('button', { name: 'Save' }).click();
    await names.waitFor({ state: 'detached' });
    await page.getByText('All changes saved').waitFor({ timeout: 30_000 });
  }
  // The toasts fade before the shot.
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  // The events at the top of the panel, the summary above them scrolled away.
  await panel.evaluate((el) => el.scrollTo(0, el.querySelector<HTMLElement>('.facts-section')!.offsetTop - 16));
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, `facts-panel-${size.name}-${scheme}.png`) });
  await panel.getByRole('button', { name: 'Add event' }).click();
  const dialog = page.getByTestId('event-dialog');
  await dialog.getByRole('combobox', { name: 'Place' }).pressSequentially('lond');
  await dialog.getByRole('listbox', { name: 'Place' }).getByRole('option').first().waitFor();
  await page.screenshot({ path: join(out, `facts-add-event-${size.name}-${scheme}.png`) });
  await context.close();
}

await seed();
const [desktop, , phone] = SCREEN_SIZES;
await shots(desktop, 'light', true);
await shots(phone, 'dark', false);
await site.close();
console.log(`screenshots in ${out}`);
