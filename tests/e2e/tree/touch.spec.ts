import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { card, openTree } from './treePage.ts';
import { seedFamily, TEN_PEOPLE } from './seedFamily.ts';

/**
 * Taps on touch screens (issue 12, item 3): a tap selects the card under the finger and opens its
 * details at any zoom, a tap on a card's middle never presses one of its buttons, and long-press
 * adds to the selection. Real touch input (CDP touch events) in touch contexts at tablet and phone
 * sizes.
 */

const panel = (page: Page) => page.getByRole('complementary', { name: 'Person details' });

/** The zoom the tree is drawn at, read from the accessibility mirror's transform. */
async function zoomOf(page: Page): Promise<number> {
  return page.locator('.kin-engine-mirror-layer').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
}

/** Zooms about the canvas centre with the wheel (d3-zoom: factor 2^(-deltaY × 0.002)). */
async function zoomTo(page: Page, k: number) {
  const box = (await page.locator('.kin-engine').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const k0 = await zoomOf(page);
  await page.mouse.wheel(0, -Math.log2(k / k0) / 0.002);
  await expect.poll(() => zoomOf(page)).toBeCloseTo(k, 2);
}

/** The centre of a card on screen, once the view has stopped moving. */
async function cardCentre(page: Page, name: string) {
  let box = (await card(page, name).boundingBox())!;
  await expect
    .poll(async () => {
      const last = box;
      box = (await card(page, name).boundingBox())!;
      return box.x === last.x && box.y === last.y && box.width === last.width;
    })
    .toBe(true);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

async function tapCard(page: Page, name: string, at: 'middle' | 'title' = 'middle') {
  const { x, y, box } = await cardCentre(page, name);
  if (at === 'title') await page.touchscreen.tap(box.x + box.width * 0.6, box.y + box.height * 0.2);
  else await page.touchscreen.tap(x, y);
}

/** Nothing selected, no panel, no dialog: the state each tap starts from. */
async function reset(page: Page) {
  await page.keyboard.press('Escape');
  if (await panel(page).isVisible()) await panel(page).getByRole('button', { name: 'Close details' }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(page.locator('[data-node-id][aria-selected="true"]')).toHaveCount(0);
  // The last details sheet slid its card up above it (on a phone, under the toolbar): back home.
  await page.getByRole('button', { name: 'Me', exact: true }).click();
  await cardCentre(page, 'Ada Lovelace');
}

async function expectTapSelects(page: Page, name: string, at: 'middle' | 'title' = 'middle') {
  await tapCard(page, name, at);
  await expect(card(page, name)).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** One finger pressed at `from`, slid to `to` in small steps, lifted: real touch events. */
async function fingerDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= 10; i++) {
    const p = { x: from.x + ((to.x - from.x) * i) / 10, y: from.y + ((to.y - from.y) * i) / 10 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

for (const size of [
  { name: 'tablet', viewport: { width: 1024, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`touch on a ${size.name} (${size.viewport.width} × ${size.viewport.height})`, () => {
    test.use({ viewport: size.viewport, hasTouch: true, isMobile: size.name === 'phone' });

    test('a tap selects the card under the finger and opens its details, at the opening zoom and at any other', async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
      await openTree(page);
      await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'Lovelace' }));
      await page.reload();
      await expect(card(page, 'Ralph King')).toBeAttached();
      await expectTapSelects(page, 'Ada Lovelace');
      for (const k of [0.47, 0.53, 0.6, 0.68, 0.8, 1, 1.3]) {
        await reset(page);
        await zoomTo(page, k);
        await expectTapSelects(page, 'Ada Lovelace');
        await reset(page);
        await expectTapSelects(page, 'Ada Lovelace', 'title');
      }
    });

    test("a tap on a card's middle never presses one of its buttons", async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
      await openTree(page);
      await seedFamily(page, {
        primary: 'me',
        people: [
          { key: 'me', first: 'Ada', last: 'Lovelace', at: [0, 0] },
          { key: 'child', first: 'Byron', last: 'King', gender: 'M', at: [0, 160] },
        ],
        parents: [['me', 'child']],
      });
      await page.reload();
      await expect(card(page, 'Byron King')).toBeAttached();
      for (const k of [0.47, 0.53, 0.6, 0.68, 0.9, 1.2, 1.5]) {
        await reset(page);
        await zoomTo(page, k);
        await tapCard(page, 'Byron King');
        await expect(card(page, 'Byron King')).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('dialog', { name: 'Unlink person' })).toHaveCount(0);
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
    });

    test("the selected card's buttons come in a tray under it; a tap there presses the button", async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
      await openTree(page);
      await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'Lovelace' }));
      await page.reload();
      await expect(card(page, 'Ralph King')).toBeAttached();
      await zoomTo(page, 0.6);
      await expectTapSelects(page, 'George Hale');
      // The phone's details sheet covers the canvas; closing it keeps the selection.
      await panel(page).getByRole('button', { name: 'Close details' }).click();
      await expect(card(page, 'George Hale')).toHaveAttribute('aria-selected', 'true');
      // The tray sits just under the card (over it when there is no room), one 44 px button for
      // each of the card's buttons, in the same order: the mirror lists them.
      const names = await card(page, 'George Hale').getByRole('button').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
      const { box } = await cardCentre(page, 'George Hale');
      const canvas = (await page.locator('.kin-engine').boundingBox())!;
      const width = names.length * 44 + (names.length - 1) * 4 + 8;
      const below = box.y + box.height + 14;
      const top = below + 52 <= canvas.y + canvas.height - 8 ? below : box.y - 14 - 52;
      const left = Math.max(canvas.x + 8, Math.min(box.x + box.width / 2 - width / 2, canvas.x + canvas.width - 8 - width));
      const details = names.indexOf('View details');
      await page.touchscreen.tap(left + 4 + details * 48 + 22, top + 4 + 22);
      await expect(page.getByRole('dialog', { name: 'Profile details' })).toBeVisible();
      await expect(card(page, 'George Hale')).toHaveAttribute('aria-selected', 'true');
    });

    test('the details panel leaves the tapped card and the cards beside it in sight', async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
      await openTree(page);
      await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'Lovelace' }));
      await page.reload();
      await expect(card(page, 'Ralph King')).toBeAttached();
      await expectTapSelects(page, 'Ada Lovelace');
      const canvas = (await page.locator('.kin-engine').boundingBox())!;
      const sheet = (await panel(page).boundingBox())!;
      // A side panel on the tablet leaves the canvas left of it; the phone's sheet, the part above it.
      const free =
        sheet.x > canvas.x
          ? { left: canvas.x, right: sheet.x, top: canvas.y, bottom: canvas.y + canvas.height }
          : { left: canvas.x, right: canvas.x + canvas.width, top: canvas.y, bottom: sheet.y };
      const beside = size.name === 'tablet' ? ['George Hale', 'Ada Lovelace', 'William King'] : ['Ada Lovelace'];
      for (const name of beside) {
        const { box } = await cardCentre(page, name);
        expect(box.x, `${name} left`).toBeGreaterThanOrEqual(free.left);
        expect(box.x + box.width, `${name} right`).toBeLessThanOrEqual(free.right);
        expect(box.y, `${name} top`).toBeGreaterThanOrEqual(free.top);
        expect(box.y + box.height, `${name} bottom`).toBeLessThanOrEqual(free.bottom);
      }
    });

    // Issue 19, item 14: a finger meaning to pan moved the card it started on, and autosave kept it.
    test('one finger sliding from an unselected card pans; it moves the card only once the card is selected', async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
      await openTree(page);
      await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'Lovelace' }));
      await page.reload();
      await expect(card(page, 'Ralph King')).toBeAttached();
      const status = page.locator('.save-status');
      await expect(status).toHaveText('All changes saved');
      const offset = async () => {
        const [g, a] = [await cardCentre(page, 'George Hale'), await cardCentre(page, 'Ada Lovelace')];
        return { x: Math.round(g.x - a.x), y: Math.round(g.y - a.y), george: g };
      };
      const before = await offset();
      await fingerDrag(page, before.george, { x: before.george.x + 40, y: before.george.y + 60 });
      const panned = await offset();
      // The whole tree moved under the finger; George kept his place beside Ada and is not selected.
      expect(panned.george.x - before.george.x).toBeCloseTo(40, -1);
      expect(panned.george.y - before.george.y).toBeCloseTo(60, -1);
      expect({ x: panned.x, y: panned.y }).toEqual({ x: before.x, y: before.y });
      await expect(card(page, 'George Hale')).toHaveAttribute('aria-selected', 'false');
      await expect(status).toHaveText('All changes saved');

      await tapCard(page, 'George Hale');
      await expect(card(page, 'George Hale')).toHaveAttribute('aria-selected', 'true');
      await panel(page).getByRole('button', { name: 'Close details' }).click();
      const selected = await offset();
      await fingerDrag(page, selected.george, { x: selected.george.x + 40, y: selected.george.y + 60 });
      await expect(status).not.toHaveText('All changes saved');
      // George moved away from Ada (about the finger's 72 px; the grid may snap it).
      const moved = await offset();
      expect(Math.hypot(moved.x - selected.x, moved.y - selected.y)).toBeGreaterThan(40);
    });

    // Issue 19, item 15: on a phone the tapped card sat under the toolbar and its tray under the sheet.
    test('the tapped card and its tray sit between the toolbar and the details panel; the toolbar is one row', async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
      await openTree(page);
      await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'Lovelace' }));
      await page.reload();
      await expect(card(page, 'Ralph King')).toBeAttached();
      const toolbar = page.getByRole('toolbar', { name: 'Tree' });
      // One row: every button's middle at one height (they differ in height, 36 and 44 px).
      const middles = await toolbar.locator('> *').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).filter((r) => r.height).map((r) => Math.round(r.top + r.height / 2)));
      expect(new Set(middles).size, `toolbar rows: ${middles}`).toBe(1);
      for (const [name, k] of [['George Hale', 0.6], ['Ralph King', 0.6], ['Ada Lovelace', 1]] as const) {
        await reset(page);
        await zoomTo(page, k);
        await expectTapSelects(page, name);
        const bar = (await toolbar.boundingBox())!;
        const sheet = await panel(page).evaluate((el) => {
          const area = (el as HTMLElement).offsetParent!.getBoundingClientRect();
          return { x: area.x + (el as HTMLElement).offsetLeft, y: area.y + (el as HTMLElement).offsetTop };
        });
        const { box } = await cardCentre(page, name);
        // At zoom 0.6 the card's buttons are too small for a finger: its tray, 14 + 52 px, hangs under it.
        const bottom = box.y + box.height + (k < 1 ? 66 : 0);
        const right = sheet.x > 0 ? sheet.x : size.viewport.width;
        const floor = sheet.x > 0 ? size.viewport.height : sheet.y;
        const underBar = box.x < bar.x + bar.width && box.x + box.width > bar.x;
        if (underBar) expect(box.y, `${name} below the toolbar`).toBeGreaterThanOrEqual(bar.y + bar.height);
        expect(bottom, `${name} and its tray above the sheet`).toBeLessThanOrEqual(floor);
        expect(box.x, `${name} left`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} right`).toBeLessThanOrEqual(right);
      }
    });

    // Issue 19: the details sheet a tap opened covered a resting mouse, whose pointerleave switched
    // the canvas to mouse mode: the tapped card showed its small buttons instead of its touch tray.
    test('after a tap the selected card keeps its touch tray, even with a mouse resting where the sheet opens', async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
      await openTree(page);
      await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'Lovelace' }));
      await page.reload();
      await expect(card(page, 'George Hale')).toBeAttached({ timeout: 30_000 });
      await zoomTo(page, 0.6);
      // The mouse rests over the canvas, where the details panel will open.
      const canvas = (await page.locator('.kin-engine').boundingBox())!;
      await page.mouse.move(canvas.x + canvas.width - 20, canvas.y + canvas.height - 120);
      await expectTapSelects(page, 'George Hale');
      const id = await card(page, 'George Hale').getAttribute('data-node-id');
      await expect(page.locator('.kin-engine')).toHaveAttribute('data-touch-tray', id!);
    });

    test('a long-press adds a card to the selection', async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
      await openTree(page);
      await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'Lovelace' }));
      await page.reload();
      await expect(card(page, 'Ralph King')).toBeAttached();
      await expectTapSelects(page, 'Ada Lovelace');
      await panel(page).getByRole('button', { name: 'Close details' }).click();
      await page.getByRole('button', { name: 'Me', exact: true }).click();
      const { x, y } = await cardCentre(page, 'George Hale');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      await expect(card(page, 'George Hale')).toHaveAttribute('aria-selected', 'true');
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect(card(page, 'Ada Lovelace')).toHaveAttribute('aria-selected', 'true');
      await expect(card(page, 'George Hale')).toHaveAttribute('aria-selected', 'true');
    });
  });
}
