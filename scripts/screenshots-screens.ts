/**
 * `npx tsx scripts/screenshots-screens.ts [OUT_DIR] [SIZE]`: the screens issue 19 (items 14–17)
 * changed, at desktop (1440 × 900), tablet (1024 × 768, touch) and phone (390 × 844, touch) sizes,
 * light and dark: Home for a member who never opened a tree (`home`, "Welcome, Grace."), a tapped card with its
 * details panel and, on touch, its tray of buttons in sight (`tree-panel`), the panel with an
 * unsaved move and the toolbar's "Unsaved changes" (`tree-panel-unsaved`), and a collapsed branch
 * with its marker (`tree-collapsed`). Named `{size}-{screen}-{theme}.png` like scripts/screenshots.ts,
 * from a throwaway server on a temporary data folder.
 */
import type { Page } from 'playwright';
import { join } from 'node:path';
import { seedFamily, TEN_PEOPLE } from '../tests/e2e/tree/seedFamily.ts';
import { MEMBER, SCREEN_SIZES, openScreenshotSite, signIn, card, panel, settled } from './screenshotSite.ts';

const site = await openScreenshotSite(process.argv[2] ?? 'screenshots');
const only = process.argv[3];
const { out, server, browser } = site;


async function openTree(page: Page) {
  await page.goto('/app/tree');
  await card(page, 'Ada Lovelace').waitFor({ state: 'attached', timeout: 30_000 });
  await page.getByRole('button', { name: 'Me', exact: true }).click();
  await settled(page);
}

async function tap(page: Page, name: string, touch: boolean) {
  const box = (await card(page, name).boundingBox())!;
  await press(page, box.x + box.width / 2, box.y + box.height / 2, touch);
  await panel(page).waitFor();
  await settled(page);
}

/** A member made now through an invitation, who has never opened a tree. */
let made = 0;
async function newMember() {
  const who = { email: `grace${++made}@example.com`, password: MEMBER.password };
  const token = await server.createInvitation({ email: who.email });
  await fetch(`${server.url}/api/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ firstName: 'Grace', lastName: 'Hopper', gender: 'Female', ...who }),
  });
  return who;
}

/** A tap where the card is: real touch events on touch screens, a click otherwise. */
async function press(page: Page, x: number, y: number, touch: boolean) {
  if (!touch) return page.mouse.click(x, y);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

let seeded = false;
try {
  for (const scheme of ['light', 'dark'] as const) {
    for (const size of SCREEN_SIZES.filter((s) => !only || s.name === only)) {
      const context = await browser.newContext({ baseURL: server.url, viewport: size.viewport, colorScheme: scheme, hasTouch: size.touch, isMobile: size.name === 'phone' });
      const page = await context.newPage();
      const shot = (name: string) => page.screenshot({ path: join(out, `${size.name}-${name}-${scheme}.png`) });
      // Home for a member who never opened a tree.
      await signIn(page, await newMember());
      await page.getByText('Your profile').waitFor();
      await page.getByRole('heading', { name: /^Welcome, Grace/ }).waitFor();
      await settled(page);
      await shot('home');
      await context.clearCookies();
      await signIn(page);
      await page.getByText('Your profile').waitFor();
      if (!seeded) {
        await page.goto('/app/tree');
        await card(page, 'Ada Lovelace').waitFor({ state: 'attached', timeout: 30_000 });
        await seedFamily(page, TEN_PEOPLE({ first: MEMBER.firstName, last: MEMBER.lastName }));
        seeded = true;
      }
      await openTree(page);
      await tap(page, 'George Hale', size.touch);
      await shot('tree-panel');

      // A move not saved yet: the toolbar says so beside the panel.
      const box = (await card(page, 'George Hale').boundingBox())!;
      const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      if (size.touch) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
        for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + i * 4, y: from.y - i * 3 }] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      } else {
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(from.x + 32, from.y - 24, { steps: 8 });
        await page.mouse.up();
      }
      await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
      await shot('tree-panel-unsaved');
      await page.getByRole('button', { name: 'Discard changes' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: /Discard/ }).click();
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

      // A collapsed branch: Ada's children folded away, her card marked.
      await panel(page).getByRole('button', { name: 'Close details' }).click();
      await tap(page, 'Ada Lovelace', size.touch);
      await panel(page).getByRole('button', { name: 'Collapse Children' }).click();
      await panel(page).getByRole('button', { name: 'Expand Children' }).waitFor();
      await panel(page).getByRole('button', { name: 'Close details' }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Me', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
      await settled(page);
      await shot('tree-collapsed');
      await page.getByRole('button', { name: 'Fit view' }).click();
      await tap(page, 'Ada Lovelace', size.touch);
      await panel(page).getByRole('button', { name: 'Expand Children' }).click();
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
      await context.close();
    }
  }
  console.log(`screenshots in ${out}/`);
} finally {
  await site.close();
}
