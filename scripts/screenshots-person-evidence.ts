/**
 * `npx tsx scripts/screenshots-person-evidence.ts [OUT_DIR]`: the details panel's "Note and
 * sources" of a person as a whole (issue "Evidence and memories"), desktop and phone, light and
 * dark. The seed gives Ada a formatted note and two citations of new sources. Needs `vite build`.
 */
import type { Page } from 'playwright';
import { join } from 'node:path';
import { MEMBER, SCREEN_SIZES, openScreenshotSite, signIn } from './screenshotSite.ts';

const site = await openScreenshotSite(process.argv[2] ?? 'docs/screenshots');
const { out, server, browser } = site;
const ADA = `${MEMBER.firstName} ${MEMBER.lastName}`;
const panel = (page: Page) => page.getByRole('complementary', { name: 'Person details' });

async function select(page: Page) {
  await page.getByRole('button', { name: 'Fit view' }).click();
  const card = page.locator(`[data-node-id][aria-label="${ADA}"]`);
  await card.waitFor({ state: 'attached', timeout: 15_000 });
  await page.waitForTimeout(500);
  const box = (await card.boundingBox())!;
  await page.mouse.click(box.x + 20, box.y + 20);
  await panel(page).waitFor();
}

async function cite(dialog: ReturnType<Page['getByRole']>, title: string, author: string, where: string, quality: string, text: string) {
  await dialog.getByRole('button', { name: 'Add citation' }).click();
  const form = dialog.getByRole('group', { name: 'Add citation' });
  await form.getByLabel('Source', { exact: true }).selectOption({ label: 'New source…' });
  await form.getByLabel('Title of the new source').fill(title);
  if (author) await form.getByLabel('Author').fill(author);
  await form.getByLabel('Where in the source').fill(where);
  await form.getByLabel('Quality').selectOption({ label: quality });
  if (text) await form.getByLabel('Transcribed text').fill(text);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
}

async function seed() {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/app/tree');
  await select(page);
  await panel(page).getByRole('button', { name: 'Edit note and sources' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sources and note' });
  await dialog.getByRole('textbox', { name: 'Note' }).click();
  await page.keyboard.type('Mathematician and writer, known for her ');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('notes on the Analytical Engine');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(', the first published ');
  await dialog.getByRole('button', { name: 'Italic' }).click();
  await page.keyboard.type('program');
  await dialog.getByRole('button', { name: 'Italic' }).click();
  await page.keyboard.type('.');
  await cite(dialog, 'Sketch of the Analytical Engine', 'L. F. Menabrea, tr. A. A. L.', 'Note G', '3 — Direct evidence', '');
  await cite(dialog, 'Census of England and Wales, 1841', '', 'HO 107/1, folio 12', '2 — Secondary evidence', 'Ada King, 25, Countess');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Apply changes' }).click().catch(() => undefined);
  await page.getByText('All changes saved').waitFor({ timeout: 30_000 });
  await context.close();
}

async function shots(size: (typeof SCREEN_SIZES)[number], scheme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL: server.url, viewport: size.viewport, colorScheme: scheme, hasTouch: size.touch, isMobile: size.name === 'phone' });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/app/tree');
  await select(page);
  const p = panel(page);
  await p.getByTestId('panel-person-evidence').waitFor();
  await p.evaluate((el) => el.scrollTo(0, el.querySelector<HTMLElement>('[data-testid="panel-person-evidence"]')!.offsetTop - 120));
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, `person-evidence-${size.name}-${scheme}.png`) });
  await context.close();
}

await seed();
const [desktop, , phone] = SCREEN_SIZES;
for (const size of [desktop, phone]) for (const scheme of ['light', 'dark'] as const) await shots(size, scheme);
await site.close();
console.log(`screenshots in ${out}`);
