import { expect, test } from '../fixtures.ts';
import { addNewRelative, card, fitView, openTree, serverGraph } from './treePage.ts';

const saved = (page: import('@playwright/test').Page) => expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 15_000 });
const names = async (page: import('@playwright/test').Page) => Object.values((await serverGraph(page)).graph.profiles).map((p) => `${p.firstName} ${p.lastName}`).sort();

test.describe('Undo and Redo (issue 24)', () => {
  test('changes saved are undone with Ctrl+Z as new changes, and Ctrl+Shift+Z brings them back', async ({ page, createMember, signIn }) => {
    // Two tabs and four saves: on a busy 2-core machine opening a tree alone has taken 20 s.
    test.setTimeout(180_000);
    await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Byron' }));
    await openTree(page);
    const undo = page.getByRole('toolbar', { name: 'Tree' }).getByRole('button', { name: 'Undo', exact: true });
    const redo = page.getByRole('toolbar', { name: 'Tree' }).getByRole('button', { name: 'Redo', exact: true });
    await expect(undo).toBeDisabled();

    await addNewRelative(page, 'Ada Byron', 'Child', { firstName: 'Byron', lastName: 'King' });
    await fitView(page);
    const box = (await card(page, 'Byron King').boundingBox())!;
    await page.mouse.click(box.x + 20, box.y + 20);
    await page.getByRole('complementary', { name: 'Person details' }).getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Person' });
    await edit.getByLabel('First name').fill('Ralph');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toHaveCount(0);
    await expect(card(page, 'Ralph King')).toBeAttached();
    await saved(page);
    await expect.poll(() => names(page)).toEqual(['Ada Byron', 'Ralph King']);

    await page.keyboard.press('Control+z');
    await expect(card(page, 'Byron King')).toBeAttached();
    await page.keyboard.press('Control+z');
    await expect(card(page, 'Byron King')).toHaveCount(0);
    await expect(undo).toBeDisabled();
    await expect(redo).toBeEnabled();
    await saved(page);

    // Saved as new changes: the tree opened again has no card for him.
    const other = await page.context().newPage();
    await openTree(other);
    await expect(card(other, 'Ada Byron')).toBeAttached();
    await expect(card(other, 'Byron King')).toHaveCount(0);
    await expect(card(other, 'Ralph King')).toHaveCount(0);
    expect(await names(page)).toEqual(['Ada Byron']);

    // The tab that made the changes brings them back: the key, then the toolbar's Redo.
    await page.keyboard.press('Control+Shift+Z');
    await expect(card(page, 'Byron King')).toBeAttached();
    await redo.click();
    await expect(card(page, 'Ralph King')).toBeAttached();
    await expect(redo).toBeDisabled();
    await saved(page);
    await expect.poll(() => names(page)).toEqual(['Ada Byron', 'Ralph King']);
    await other.reload();
    await openTree(other);
    await fitView(other);
    await expect(card(other, 'Ralph King')).toBeAttached();
  });
});
