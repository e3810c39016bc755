import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { card, openTree, pressCardButton, serverGraph } from './treePage.ts';
import { bigFamily, seedFamily } from './seedFamily.ts';

/**
 * Finding one's way in a big tree (issue 12, items 4 and 5), in touch contexts at tablet and
 * phone sizes: the tree opens on the member's own card at a zoom where names are drawn, "Me"
 * brings them back, the view is remembered, the minimap has the tree's proportions, fit view
 * shows the whole tree, and Add Relative's choices are not broken mid-word.
 */

/** The zoom the tree is drawn at, read from the accessibility mirror's transform. */
async function zoomOf(page: Page): Promise<number> {
  return page.locator('.kin-engine-mirror-layer').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
}

/** Cards below this zoom are drawn without names (§9 "simplified drawing"). */
const LOD_ZOOM = 0.45;

/** The card is on screen, inside the canvas. */
async function expectInView(page: Page, name: string) {
  await expect
    .poll(async () => {
      const canvas = (await page.locator('.kin-engine').boundingBox())!;
      const box = await card(page, name).boundingBox();
      if (!box) return false;
      const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
      return cx > canvas.x && cx < canvas.x + canvas.width && cy > canvas.y && cy < canvas.y + canvas.height;
    })
    .toBe(true);
}

async function openBigTree(page: Page) {
  await openTree(page);
  await seedFamily(page, bigFamily({ first: 'Ada', last: 'Lovelace' }));
  await page.reload();
  await expect(card(page, 'Ada Lovelace')).toBeAttached({ timeout: 15_000 });
}

for (const size of [
  { name: 'tablet', viewport: { width: 1024, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`a big tree on a ${size.name} (${size.viewport.width} × ${size.viewport.height}, touch)`, () => {
    test.use({ viewport: size.viewport, hasTouch: true, isMobile: size.name === 'phone' });

    test('opens on the member\'s own card with names drawn; "Me" brings it back; the view is remembered', async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
      await openBigTree(page);
      await expectInView(page, 'Ada Lovelace');
      expect(await zoomOf(page)).toBeGreaterThanOrEqual(LOD_ZOOM);
      // A tap selects it.
      const box = (await card(page, 'Ada Lovelace').boundingBox())!;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await expect(card(page, 'Ada Lovelace')).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Escape');
      const details = page.getByRole('complementary', { name: 'Person details' });
      if (await details.isVisible()) await details.getByRole('button', { name: 'Close details' }).click();

      // Away to the far left end of the tree through the minimap, then "Me".
      const minimap = page.getByRole('img', { name: 'Minimap' });
      await expect(minimap).toBeVisible();
      const mm = (await minimap.boundingBox())!;
      await page.touchscreen.tap(mm.x + 3, mm.y + mm.height / 2);
      await expect(card(page, 'Ada Lovelace')).toHaveCount(0);
      await page.getByRole('button', { name: 'Me', exact: true }).click();
      await expectInView(page, 'Ada Lovelace');
      expect(await zoomOf(page)).toBeGreaterThanOrEqual(LOD_ZOOM);

      // A zoom the member chose is where the tree opens next time.
      await page.getByRole('button', { name: 'Zoom in' }).click();
      const k = await zoomOf(page);
      await page.reload();
      await expect(card(page, 'Ada Lovelace')).toBeAttached({ timeout: 15_000 });
      await expect.poll(() => zoomOf(page)).toBeCloseTo(k, 3);
      await expectInView(page, 'Ada Lovelace');
    });

    test('the minimap has the tree\'s proportions, folds away, and fit view shows the whole tree', async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
      await openBigTree(page);
      const { graph } = await serverGraph(page);
      const xs = graph.nodes.map((n) => n.position.x), ys = graph.nodes.map((n) => n.position.y);
      // Cards are 132 × 96.
      const aspect = (Math.max(...xs) + 132 - Math.min(...xs)) / (Math.max(...ys) + 96 - Math.min(...ys));
      const map = page.getByRole('img', { name: 'Minimap' }).locator('canvas');
      // The drawn map (the bitmap less its 8 px of padding) keeps the tree's proportions and is not a line.
      await expect
        .poll(() => map.evaluate((c) => (c.clientWidth - 16) / (c.clientHeight - 16)))
        .toBeCloseTo(aspect, 1);
      expect(await map.evaluate((c) => c.clientHeight - 16)).toBeGreaterThanOrEqual(40);

      await page.getByRole('button', { name: 'Hide minimap' }).click();
      await expect(page.getByRole('img', { name: 'Minimap' })).toBeHidden();
      await page.getByRole('button', { name: 'Show minimap' }).click();
      await expect(page.getByRole('img', { name: 'Minimap' })).toBeVisible();

      // Fit view goes below the tree's 0.25 as far as the whole tree needs: both ends in view.
      await page.getByRole('button', { name: 'Fit view' }).click();
      await expect.poll(() => zoomOf(page)).toBeLessThan(0.25);
      const ends = await page.locator('[data-node-id]').count();
      expect(ends).toBe(graph.nodes.length);
    });

    test('Add Relative\'s choices are whole words on one line', async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
      await openTree(page);
      await pressCardButton(page, 'Ada Lovelace', 'Add Relative');
      const dialog = page.getByRole('dialog', { name: 'Add Relative' });
      await expect(dialog).toBeVisible();
      for (const name of ['Child', 'Parent', 'Spouse', 'Sibling']) {
        const label = dialog.getByRole('radio', { name }).locator('.choice-label');
        const fits = await label.evaluate((el) => {
          const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5;
          return { height: el.getBoundingClientRect().height, lineHeight, overflow: el.scrollWidth - el.clientWidth };
        });
        expect(fits.height, `"${name}" on one line`).toBeLessThanOrEqual(fits.lineHeight + 1);
        expect(fits.overflow, `"${name}" not cut`).toBeLessThanOrEqual(0);
      }
    });
  });
}
