import { expect, test } from '../fixtures.ts';
import { card, openTree } from './treePage.ts';
import { seedFamily, TEN_PEOPLE } from './seedFamily.ts';

/**
 * Issue 19, item 16: on a 1440 × 900 desktop with the details panel open, the toolbar grew left
 * under Find someone and "Unsaved changes" read "nsaved changes".
 */
test.describe('the toolbar beside the details panel (1440 × 900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('"Unsaved changes" stays clear of Find someone and shows all its text', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Lovelace' }));
    await openTree(page);
    await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'Lovelace' }));
    await page.reload();
    await expect(card(page, 'Ralph King')).toBeAttached();
    const box = (await card(page, 'George Hale').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByRole('complementary', { name: 'Person details' })).toBeVisible();
    const at = (await card(page, 'George Hale').boundingBox())!;
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.move(at.x + at.width / 2 + 30, at.y + at.height / 2 + 45, { steps: 6 });
    await page.mouse.up();
    const pill = page.locator('.save-status');
    await expect(pill).toHaveText('Unsaved changes');
    const [p, find] = [(await pill.boundingBox())!, (await page.locator('.tree-find').boundingBox())!];
    const apart = p.x >= find.x + find.width || p.x + p.width <= find.x || p.y >= find.y + find.height || p.y + p.height <= find.y;
    expect(apart, `pill ${JSON.stringify(p)} and search ${JSON.stringify(find)} do not overlap`).toBe(true);
    // All of its text is drawn, and nothing lies over either end of it.
    expect(await pill.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const x of [p.x + 3, p.x + p.width - 3]) {
      const top = await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('.save-status'), [x, p.y + p.height / 2]);
      expect(top, `pill on top at x ${x}`).toBe(true);
    }
  });
});
