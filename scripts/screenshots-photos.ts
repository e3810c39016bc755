/**
 * `npx tsx scripts/screenshots-photos.ts [OUT_DIR]`: a person's photos and documents (issue 23):
 * the details panel's grid and the viewer, desktop light and phone dark. The first size uploads
 * the photos through the panel and waits for them to be saved. Needs `vite build` first.
 */
import type { Page } from 'playwright';
import { join } from 'node:path';
import sharp from 'sharp';
import { MEMBER, SCREEN_SIZES, addRelative, openScreenshotSite, signIn } from './screenshotSite.ts';

const site = await openScreenshotSite(process.argv[2] ?? 'docs/screenshots');
const { out, server, browser } = site;

/** A painted scene: a sky, a sun and hills in the given colours. */
function scene(sky: string, ground: string, sun: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff7e6"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#s)"/>
    <circle cx="860" cy="260" r="110" fill="${sun}"/>
    <path d="M0 620 Q300 470 600 610 T1200 560 V900 H0 Z" fill="${ground}"/>
    <path d="M0 720 Q400 620 800 730 T1200 700 V900 H0 Z" fill="${ground}" opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

const PHOTOS = [
  { title: 'Ockham Park, summer', date: 'Jun 1840', colours: ['#7fb3d5', '#3f7f4f', '#f5c542'] },
  { title: 'Wedding day', date: '8 Jul 1835', colours: ['#f3c6a5', '#8a5a44', '#ffffff'], both: true },
  { title: 'Horsley Towers', date: 'abt 1846', colours: ['#9aa7c7', '#4a5a3a', '#f0e0a0'] },
  { title: 'Seaside at Brighton', date: '1851', colours: ['#5fa8d3', '#d9c38a', '#ffd166'] },
] as const;

async function seed() {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/app/tree');
  await page.locator('[data-node-id]').first().waitFor({ state: 'attached', timeout: 30_000 });
  await addRelative(page, 'Ada Lovelace', 'Spouse', 'William', 'King', 'M', '');
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await page.getByText('All changes saved').waitFor({ timeout: 30_000 });
  await context.close();
}

async function openPanel(page: Page) {
  const ada = page.locator(`[data-node-id][aria-label="${MEMBER.firstName} ${MEMBER.lastName}"]`);
  await ada.waitFor({ state: 'attached', timeout: 30_000 });
  await page.getByRole('button', { name: 'Fit view' }).click();
  await page.waitForTimeout(600);
  const box = (await ada.boundingBox())!;
  await page.mouse.click(box.x + 20, box.y + 20);
  const panel = page.getByRole('complementary', { name: 'Person details' });
  await panel.waitFor();
  return panel;
}

async function upload(page: Page, panel: ReturnType<Page['getByRole']>) {
  for (const p of PHOTOS) {
    await panel.getByRole('button', { name: 'Add photo or document' }).click();
    const dialog = page.getByTestId('add-media-dialog');
    await dialog.getByTestId('media-file').setInputFiles({ name: `${p.title}.jpg`, mimeType: 'image/jpeg', buffer: await scene(p.colours[0], p.colours[1], p.colours[2]) });
    await dialog.getByLabel('Title').fill(p.title);
    await dialog.getByLabel('Date').fill(p.date);
    if ('both' in p) await dialog.getByRole('checkbox', { name: 'William King' }).check();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
  }
  await page.getByText('All changes saved').waitFor({ timeout: 60_000 });
}

async function shots(size: (typeof SCREEN_SIZES)[number], scheme: 'light' | 'dark', add: boolean) {
  const context = await browser.newContext({ baseURL: server.url, viewport: size.viewport, colorScheme: scheme, hasTouch: size.touch, isMobile: size.name === 'phone' });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/app/tree');
  const panel = await openPanel(page);
  if (add) await upload(page, panel);
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  const grid = panel.getByTestId('media-grid');
  await grid.waitFor();
  await panel.evaluate((el) => el.scrollTo(0, el.querySelector<HTMLElement>('.media-section')!.offsetTop - 16));
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.media-tile img')].every((i) => i.complete && i.naturalWidth > 0));
  await page.screenshot({ path: join(out, `photos-panel-${size.name}-${scheme}.png`) });
  await grid.getByRole('button', { name: 'Open Wedding day' }).click();
  const viewer = page.getByTestId('media-viewer');
  await viewer.getByTestId('media-viewer-image').waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="media-viewer-image"]');
    return !!img && img.complete && img.naturalWidth > 0;
  });
  // The original decoded and the dialog's pop-in animation over before the shot.
  await viewer.getByTestId('media-viewer-image').evaluate((img: HTMLImageElement) => img.decode());
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(out, `photos-viewer-${size.name}-${scheme}.png`) });
  await context.close();
}

await seed();
const [desktop, , phone] = SCREEN_SIZES;
await shots(desktop, 'light', true);
await shots(phone, 'dark', false);
await site.close();
console.log(`screenshots in ${out}`);
