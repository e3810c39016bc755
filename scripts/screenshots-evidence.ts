/**
 * `npx tsx scripts/screenshots-evidence.ts [OUT_DIR]`: a person's Timeline and a fact with its
 * citations (issue "Evidence and memories"), desktop and phone, light and dark. The seed gives
 * Ada dates, a family with dates, a marriage, and a birth cited from a new source with a formatted
 * note; every shot then opens the tree with them. Needs `vite build` first.
 */
import type { Page } from 'playwright';
import { join } from 'node:path';
import { MEMBER, SCREEN_SIZES, openScreenshotSite, pressCardButton, signIn } from './screenshotSite.ts';

const site = await openScreenshotSite(process.argv[2] ?? 'docs/screenshots');
const { out, server, browser } = site;
const ADA = `${MEMBER.firstName} ${MEMBER.lastName}`;
const panel = (page: Page) => page.getByRole('complementary', { name: 'Person details' });

async function select(page: Page, name: string) {
  await page.getByRole('button', { name: 'Fit view' }).click();
  const card = page.locator(`[data-node-id][aria-label="${name}"]`);
  await card.waitFor({ state: 'attached', timeout: 15_000 });
  await page.waitForTimeout(500);
  const box = (await card.boundingBox())!;
  await page.mouse.click(box.x + 20, box.y + 20);
  await panel(page).waitFor();
}

async function relative(page: Page, relation: string, first: string, last: string, gender: string, born: string, died: string) {
  await pressCardButton(page, ADA, 'Add Relative');
  const dialog = page.getByRole('dialog', { name: 'Add Relative' });
  if (relation === 'Mother' || relation === 'Father') await dialog.getByRole('radio', { name: 'Parent' }).check();
  await dialog.getByRole('radio', { name: relation }).check();
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  const form = page.getByRole('form', { name: 'Create Person' });
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill(last);
  // A father's or mother's gender is set by the choice (the field is locked).
  const genderField = form.getByLabel('Gender');
  if (await genderField.isEnabled()) await genderField.selectOption(gender);
  await form.getByLabel('Birth date').fill(born);
  if (died) await form.getByLabel('Death date').fill(died);
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await page.locator(`[data-node-id][aria-label="${first} ${last}"]`).waitFor({ state: 'attached' });
}

async function seed() {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/app/tree');
  await select(page, ADA);
  await panel(page).getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('form', { name: 'Edit Person' });
  await edit.getByLabel('Birth date').fill('10 Dec 1815');
  await edit.getByLabel('Death date').fill('27 Nov 1852');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'detached' });
  await relative(page, 'Father', 'George', 'Byron', 'M', '22 Jan 1788', '19 Apr 1824');
  await relative(page, 'Mother', 'Anne', 'Milbanke', 'F', '17 May 1792', '16 May 1860');
  await relative(page, 'Spouse', 'William', 'King', 'M', '21 Feb 1805', '29 Dec 1893');
  await relative(page, 'Child', 'Byron', 'King', 'M', '12 May 1836', '');
  await relative(page, 'Child', 'Annabella', 'King', 'F', '22 Sep 1837', '');
  await relative(page, 'Child', 'Ralph', 'King', 'M', '2 Jul 1839', '');
  await page.getByRole('button', { name: 'Apply changes' }).click().catch(() => undefined);
  await page.getByText('All changes saved').waitFor({ timeout: 30_000 });

  await select(page, ADA);
  const p = panel(page);
  // The marriage, then the birth with a citation of a new source and a note.
  await p.getByRole('button', { name: 'Add marriage with William King' }).click();
  let dialog = page.getByTestId('event-dialog');
  await dialog.getByLabel('Date', { exact: true }).fill('8 Jul 1835');
  await dialog.getByRole('combobox', { name: 'Place' }).fill('Fordhook, Ealing, London, England');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await p.getByRole('button', { name: /^Edit Born/ }).click();
  dialog = page.getByTestId('event-dialog');
  await dialog.getByRole('combobox', { name: 'Place' }).fill('Piccadilly Terrace, London, England');
  await dialog.getByRole('textbox', { name: 'Note' }).click();
  await page.keyboard.type('Born at 13 Piccadilly Terrace; her parents ');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('separated');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' five weeks later.');
  await dialog.getByRole('button', { name: 'Add citation' }).click();
  const form = dialog.getByRole('group', { name: 'Add citation' });
  await form.getByLabel('Source', { exact: true }).selectOption({ label: 'New source…' });
  await form.getByLabel('Title of the new source').fill('Baptism register of St Marylebone');
  await form.getByLabel('Author').fill('Church of England');
  await form.getByLabel('Where in the source').fill('1816, entry 1,123');
  await form.getByLabel('Quality').selectOption({ label: '3 — Direct evidence' });
  await form.getByLabel('Date seen').fill('3 Feb 2024');
  await form.getByLabel('Transcribed text').fill('Augusta Ada, daughter of George Gordon, Lord Byron, and Anne Isabella his wife');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add citation' }).click();
  await form.getByLabel('Source', { exact: true }).selectOption({ label: 'New source…' });
  await form.getByLabel('Title of the new source').fill('The Morning Chronicle');
  await form.getByLabel('Where in the source').fill('12 December 1815, p. 3');
  await form.getByLabel('Quality').selectOption({ label: '2 — Secondary evidence' });
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('All changes saved').waitFor({ timeout: 30_000 });
  await context.close();
}

async function shots(size: (typeof SCREEN_SIZES)[number], scheme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL: server.url, viewport: size.viewport, colorScheme: scheme, hasTouch: size.touch, isMobile: size.name === 'phone' });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/app/tree');
  await select(page, ADA);
  const p = panel(page);
  // A fact with its citations: the birth's sources opened.
  const events = p.getByTestId('panel-events');
  await events.getByText('Sources (2)').click();
  await p.evaluate((el) => el.scrollTo(0, el.querySelector<HTMLElement>('.facts-section')!.offsetTop - 16));
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, `fact-citations-${size.name}-${scheme}.png`) });
  await events.getByText('Sources (2)').click();
  // The Timeline, opened and scrolled to.
  await p.getByRole('button', { name: 'Timeline' }).click();
  await p.getByTestId('timeline').waitFor();
  await p.evaluate((el) => el.scrollTo(0, el.querySelector<HTMLElement>('.person-timeline')!.offsetTop - 16));
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, `timeline-${size.name}-${scheme}.png`) });
  await context.close();
}

await seed();
const [desktop, , phone] = SCREEN_SIZES;
for (const size of [desktop, phone]) for (const scheme of ['light', 'dark'] as const) await shots(size, scheme);
await site.close();
console.log(`screenshots in ${out}`);
