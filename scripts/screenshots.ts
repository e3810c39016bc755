/**
 * `npx tsx scripts/screenshots.ts [OUT_DIR]`: screenshots of every screen (landing, dialog, invitation,
 * home, menu, tree, details panel, Add Relative, profile view, editor and crop dialog) in light and dark,
 * at desktop, tablet (touch) and phone (touch) sizes, named `{size}-{screen}-{theme}.png`, from a
 * throwaway server on a temporary data folder; then the sharing screens (`sharingShots.ts`) at the
 * same sizes. For looking at what we built.
 */
import type { Page } from 'playwright';
import { join } from 'node:path';
import sharp from 'sharp';
import { MEMBER, SCREEN_SIZES, addRelative, openScreenshotSite, type ScreenSize } from './screenshotSite.ts';
import { setUpSharing, sharingShots } from './sharingShots.ts';

const site = await openScreenshotSite(process.argv[2] ?? 'screenshots');
const { out, dataDir, server, browser } = site;
const { email, password } = MEMBER;
const inviteToken = await server.createInvitation({ email: 'charles@example.com' });

// A warm landscape "photo" for the crop dialog: gradient sky, a sun, a hill.
const photo = join(dataDir, 'photo.png');
await sharp(
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6c89f"/><stop offset="1" stop-color="#e9876b"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#s)"/><circle cx="600" cy="420" r="150" fill="#fff3d6"/>
    <path d="M0 640 Q300 520 600 610 T1200 580 V800 H0z" fill="#3d6b56"/></svg>`),
)
  .png()
  .toFile(photo);



/** A small three-generation family, built through the screens. */
async function buildFamily(page: Page) {
  await addRelative(page, 'Ada Lovelace', 'Mother', 'Margaret', 'Hale', '', '1931');
  await addRelative(page, 'Ada Lovelace', 'Father', 'Thomas', 'Hale', '', '1929');
  await addRelative(page, 'Ada Lovelace', 'Spouse', 'William', 'King', 'M', '1958');
  await addRelative(page, 'Ada Lovelace', 'Child', 'Byron', 'King', 'M', '1986');
  await addRelative(page, 'Ada Lovelace', 'Child', 'Anne', 'King', 'F', '1989');
  await addRelative(page, 'Ada Lovelace', 'Child', 'Ralph', 'King', 'M', '1992');
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await page.getByRole('button', { name: 'Apply changes' }).waitFor({ state: 'detached' });
}


let familyBuilt = false;

async function shots(size: ScreenSize, scheme: 'light' | 'dark') {
  const { viewport, touch } = size;
  const context = await browser.newContext({ baseURL: server.url, viewport, colorScheme: scheme, hasTouch: touch, isMobile: size.name === 'phone' });
  const page: Page = await context.newPage();
  const shot = async (name: string) => {
    // Dialogs and panels fade and slide in: shoot them where they come to rest.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    await page.screenshot({ path: join(out, `${size.name}-${name}-${scheme}.png`) });
  };
  await page.goto('/');
  await page.getByRole('form', { name: 'Sign in' }).waitFor();
  await shot('landing');
  await page.getByRole('button', { name: 'Create new account' }).click();
  // A tooltip comes with hovering, which a finger does not do.
  if (!touch) {
    await page.locator('.tab-tooltip-anchor').hover();
    await page.getByRole('tooltip').waitFor();
  }
  await shot('dialog');
  await page.keyboard.press('Escape');
  await page.goto(`/invite?token=${inviteToken}`);
  await page.getByRole('form', { name: 'Sign up' }).waitFor();
  await shot('invite');
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/app\/home/);
  await page.getByText('Your profile').waitFor();
  await page.waitForTimeout(300);
  await shot('home');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await shot('menu');
  await page.keyboard.press('Escape');

  await page.goto('/app/tree');
  await page.locator('[data-node-id]').first().waitFor();
  if (!familyBuilt) {
    await buildFamily(page);
    familyBuilt = true;
  }
  // The tree as it opens: on the member's own card, at a zoom where names can be read.
  await page.locator('[data-node-id][aria-label="Ada Lovelace"]').waitFor();
  await page.waitForTimeout(400);
  await shot('tree');
  const box = (await page.locator('[data-node-id][aria-label="Ada Lovelace"]').boundingBox())!;
  if (touch) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  else await page.mouse.click(box.x + 20, box.y + 20);
  await page.getByRole('complementary', { name: 'Person details' }).waitFor();
  await page.waitForTimeout(300);
  await shot('tree-panel');
  // The details panel's own Add Relative: a phone's cards are too small at this zoom to carry buttons.
  await page.getByRole('complementary', { name: 'Person details' }).getByRole('button', { name: 'Add Relative', exact: true }).click();
  await page.getByRole('dialog', { name: 'Add Relative' }).waitFor();
  await shot('tree-add-relative');
  await page.keyboard.press('Escape');
  await page.goto('/app/profile');
  await page.getByRole('heading', { name: 'Details' }).waitFor();
  await page.waitForTimeout(300);
  await shot('profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const editor = page.getByRole('form', { name: 'Edit profile' });
  await editor.getByLabel('Day').fill('31');
  await editor.getByLabel('Month').fill('02');
  await editor.getByLabel('Year').fill('1990');
  await editor.getByLabel('Date of death').fill('soon');
  await editor.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Invalid date').waitFor();
  await page.setViewportSize({ width: viewport.width, height: viewport.height + 600 });
  await shot('profile-edit');
  await page.setViewportSize(viewport);
  await page.locator('input[type=file]').setInputFiles(photo);
  await page.getByRole('dialog', { name: 'Adjust your photo' }).waitFor();
  await page.getByRole('slider', { name: 'Zoom' }).fill('1.6');
  await page.waitForTimeout(400);
  await shot('profile-crop');
  await context.close();
}

try {
  for (const size of SCREEN_SIZES) {
    await shots(size, 'light');
    await shots(size, 'dark');
  }
  const links = await setUpSharing(site);
  await sharingShots(site, links, 'light');
  await sharingShots(site, links, 'dark');
  console.log(`screenshots in ${out}/`);
} finally {
  await site.close();
}
