import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { addNewRelative, card, openTree, toast } from '../tree/treePage.ts';

/** Two boxes share any area. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [p, q] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}


test("a toast on the profile page never covers 'Edit Profile'", async ({ page, createMember, signIn }) => {
  const member = await createMember();
  await signIn(page, member);
  await page.goto('/app/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('form', { name: 'Edit profile' }).getByRole('button', { name: 'Save' }).click();
  const shown = toast(page, 'No changes to save');
  await expect(shown).toBeVisible();
  expect(await overlap(shown, page.getByRole('button', { name: 'Edit Profile' }))).toBe(false);
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 1024, height: 768 }]) {
  test(`a toast never covers the details panel's header nor the tree's toolbar (${viewport.width} × ${viewport.height})`, async ({ page, createMember, signIn }) => {
    await page.setViewportSize(viewport);
    await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Byron' }));
    await openTree(page);
    const box = (await card(page, 'Ada Byron').boundingBox())!;
    await page.mouse.click(box.x + 20, box.y + 20);
    const panel = page.getByRole('complementary', { name: 'Person details' });
    await expect(panel).toBeVisible();
    // An edit made while the panel is open toasts (the tree saves by itself, so no Apply is needed).
    await addNewRelative(page, 'Ada Byron', 'Child', { firstName: 'Byron', lastName: 'King' });
    await expect(panel).toBeVisible();
    const shown = toast(page, 'Person added');
    await expect(shown).toBeVisible();
    expect(await overlap(shown, panel)).toBe(false);
    // Beside the panel the toolbar may take two rows; the toasts stand below it ('Apply changes' is in it).
    await expect.poll(() => overlap(shown, page.getByRole('toolbar', { name: 'Tree' }))).toBe(false);
  });
}
