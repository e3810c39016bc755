import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { bigFamily, seedFamily, type SeedFamily } from './seedFamily.ts';
import { card, openTree } from './treePage.ts';

/**
 * Find anyone (issue 9, item 5) in the real app: a wide four-generation tree (352 people, some
 * 20,000 units across) with two namesakes far from the member's card; typing a name, choosing
 * with the keyboard (or a tap on a phone) flies the view to the card, selects it and opens its
 * details.
 */

/** The big family with two Victorias at its far ends, one of them with an accented surname. */
function familyWithVictorias(): SeedFamily {
  const family = bigFamily({ first: 'Ada', last: 'Lovelace' });
  const xs = family.people.map((p) => p.at[0]);
  family.people.push(
    { key: 'victoria-1', first: 'Victoria', last: 'Hale', gender: 'F', birthYear: '1901', at: [Math.min(...xs) - 400, 0] },
    { key: 'victoria-2', first: 'Victoria', last: 'Ødegård', gender: 'F', birthYear: '1919', at: [Math.max(...xs) + 400, 0] },
  );
  return family;
}

/** The zoom the tree is drawn at, read from the accessibility mirror's transform. */
async function zoomOf(page: Page): Promise<number> {
  return page.locator('.kin-engine-mirror-layer').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
}

/** The card's centre is on the canvas and not under the details panel. */
async function expectInFreeView(page: Page, name: string) {
  await expect
    .poll(async () => {
      const canvas = (await page.locator('.kin-engine').boundingBox())!;
      const panel = await page.getByRole('complementary', { name: 'Person details' }).boundingBox();
      const box = await card(page, name).boundingBox();
      if (!box) return 'not drawn';
      const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
      if (cx < canvas.x || cx > canvas.x + canvas.width || cy < canvas.y || cy > canvas.y + canvas.height) return 'off the canvas';
      if (panel && cx > panel.x && cx < panel.x + panel.width && cy > panel.y && cy < panel.y + panel.height) return 'under the panel';
      return 'in view';
    })
    .toBe('in view');
}

async function openFamily(page: Page) {
  await openTree(page);
  await seedFamily(page, familyWithVictorias());
  await page.reload();
  await expect(card(page, 'Ada Lovelace')).toBeAttached({ timeout: 15_000 });
}

test.describe('Find someone', () => {
  test('typing a name and choosing with the keyboard lands on the card, selected', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
    await openFamily(page);
    await expect(card(page, 'Victoria Ødegård')).toHaveCount(0);

    await page.locator('.kin-engine').focus();
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Find someone' });
    await expect(box).toBeFocused();
    // Letter by letter: "Victor…" people first, then only the Victorias.
    await page.keyboard.type('Victoria', { delay: 30 });
    const options = page.getByRole('listbox', { name: 'Find someone' }).getByRole('option');
    await expect(options).toHaveCount(2);
    await expect(options.nth(0)).toContainText('Victoria Hale');
    await expect(options.nth(0)).toContainText('Born 1901');
    await expect(options.nth(1)).toContainText('Victoria Ødegård');
    await expect(options.nth(1)).toContainText('Born 1919');
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');

    await expect(card(page, 'Victoria Ødegård')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('complementary', { name: 'Person details' })).toContainText('Victoria Ødegård');
    await expectInFreeView(page, 'Victoria Ødegård');
    await expect(card(page, 'Victoria Ødegård')).toBeFocused();
    expect(await zoomOf(page)).toBeGreaterThanOrEqual(0.8);

    // Another search, typed plain, with the words the other way round; Escape closes it.
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    await page.keyboard.type('hale victoria');
    await expect(options).toHaveCount(1);
    await page.keyboard.press('Escape');
    // Closed and emptied (at this width, with the details open, it folds into its icon).
    await expect(page.locator('.tree-find-input')).toHaveValue('');
    await expect(page.locator('.tree-find-input')).not.toBeFocused();
    await expect(options).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('odegard');
    await expect(options).toHaveCount(1);
    await page.keyboard.type(' zzz');
    await expect(page.getByText('No one matches that search.')).toBeVisible();
  });

  for (const width of [1280, 1440, 1920]) {
    test(`at ${width} px with the details panel open, the search and the toolbar never overlap`, async ({ page, createMember, signIn }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
      await openFamily(page);
      await card(page, 'Ada Lovelace').click();
      await expect(page.getByRole('complementary', { name: 'Person details' })).toBeVisible();
      // Either the box stays beside the toolbar or it folds into its icon button; the two never meet.
      const find = page.locator('.tree-find');
      const toolbar = page.locator('.tree-toolbar');
      await expect
        .poll(async () => {
          const a = (await find.boundingBox())!;
          const b = (await toolbar.boundingBox())!;
          const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
          return apart ? 'apart' : `overlap: find ${Math.round(a.x)}–${Math.round(a.x + a.width)}, toolbar ${Math.round(b.x)}–${Math.round(b.x + b.width)}`;
        })
        .toBe('apart');
    });
  }

  test.describe('on a phone (390 × 844, touch)', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('the search icon opens the box; a tap on a result lands on the card above the details', async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
      await openFamily(page);
      await page.getByRole('button', { name: /^Find someone/ }).tap();
      const box = page.getByRole('combobox', { name: 'Find someone' });
      await expect(box).toBeFocused();
      await box.fill('ødegård');
      const option = page.getByRole('option', { name: /Victoria Ødegård/ });
      await expect(option).toBeVisible();
      await option.tap();
      await expect(box).toBeHidden();
      await expect(card(page, 'Victoria Ødegård')).toHaveAttribute('aria-selected', 'true');
      await expectInFreeView(page, 'Victoria Ødegård');
    });
  });
});
