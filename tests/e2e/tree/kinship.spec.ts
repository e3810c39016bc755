import { expect, test } from '../fixtures.ts';
import { card, fitView, openTree, viewShown } from './treePage.ts';
import { seedFamily, TEN_PEOPLE } from './seedFamily.ts';

/**
 * "How are we related?" (issue 24) in Chromium against the real server, on a small family: Ada
 * King (the member), her husband William, her parents Thomas and Margaret Hale, her brother George
 * with his wife Lily and their son Oliver, and Ada's three children.
 */
test.describe('How are we related?', () => {
  test.beforeEach(async ({ page, createMember, signIn }) => {
    const member = await createMember({ firstName: 'Ada', lastName: 'King' });
    await signIn(page, member);
    await openTree(page);
    await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'King' }));
    await openTree(page);
    await fitView(page);
  });

  test('from the details panel: the nephew, the line person by person, and Show on tree highlights it', async ({ page }) => {
    const box = (await card(page, 'Oliver Hale').boundingBox())!;
    await page.mouse.click(box.x + 20, box.y + 20);
    await page.getByRole('complementary', { name: 'Person details' }).getByRole('button', { name: 'How are we related?' }).click();
    const dialog = page.getByRole('dialog', { name: 'How are we related?' });
    await expect(dialog.getByTestId('kinship-sentence')).toHaveText('Oliver Hale is your nephew');
    const steps = dialog.getByTestId('kinship-path').getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toHaveText('Ada King (you)');
    await expect(steps.nth(1)).toContainText(/^(Thomas Hale|Margaret Hale)Ada King's (father|mother)$/);
    await expect(steps.nth(2)).toContainText(/^George Hale(Thomas|Margaret) Hale's son$/);
    await expect(steps.nth(3)).toHaveText("Oliver HaleGeorge Hale's son");
    await expect(dialog.getByTestId('kinship-ancestors')).toHaveText(/^Common ancestors: (Thomas Hale and Margaret Hale|Margaret Hale and Thomas Hale)$/);

    await dialog.getByRole('button', { name: 'Show on tree' }).click();
    await expect(dialog).toHaveCount(0);
    for (const name of ['Ada King', 'George Hale', 'Oliver Hale']) await expect(card(page, name)).toHaveAttribute('data-highlighted', 'true');
    await expect(card(page, 'Byron King')).not.toHaveAttribute('data-highlighted');
    await expect(page.getByTestId('kinship-bar')).toContainText('Oliver Hale is your nephew');
  });

  test('two selected cards and Shift+R: first cousins, the line highlighted on the tree until cleared', async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const click = async (name: string, modifiers: ('Control' | 'Shift')[] = []) => {
      const box = (await card(page, name).boundingBox())!;
      for (const m of modifiers) await page.keyboard.down(m);
      await page.mouse.click(box.x + 20, box.y + 20);
      for (const m of modifiers) await page.keyboard.up(m);
    };
    await click('Oliver Hale');
    await click('Anne King', ['Control']);
    await expect(card(page, 'Oliver Hale')).toHaveAttribute('aria-selected', 'true');
    await expect(card(page, 'Anne King')).toHaveAttribute('aria-selected', 'true');
    await card(page, 'Anne King').focus();
    await page.keyboard.press('Shift+R');
    const dialog = page.getByRole('dialog', { name: 'How are we related?' });
    await expect(dialog.getByTestId('kinship-sentence')).toHaveText("Anne King is Oliver Hale's first cousin");
    await expect(dialog.getByTestId('kinship-path').first().getByRole('listitem')).toHaveCount(5);

    const shots: string[] = [];
    const shoot = async (name: string) => {
      const path = testInfo.outputPath(`${name}.png`);
      await page.screenshot({ path });
      shots.push(path);
    };
    const onTree = ['Oliver Hale', 'George Hale', 'Ada King', 'Anne King'];
    const showAndCheck = async () => {
      await dialog.getByRole('button', { name: 'Show on tree' }).click();
      await expect(dialog).toHaveCount(0);
      for (const name of onTree) await expect(card(page, name)).toHaveAttribute('data-highlighted', 'true');
      for (const name of ['Byron King', 'Lily Hale', 'William King']) await expect(card(page, name)).not.toHaveAttribute('data-highlighted');
      await expect(page.getByTestId('kinship-bar')).toContainText("Anne King is Oliver Hale's first cousin");
      await viewShown(page);
    };
    for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        if (!(await dialog.count())) await page.getByTestId('kinship-bar').getByRole('button', { name: 'Details' }).click();
        await expect(dialog.getByTestId('kinship-sentence')).toHaveText("Anne King is Oliver Hale's first cousin");
        await shoot(`kinship-dialog-${size}-${scheme}`);
        await showAndCheck();
        await shoot(`kinship-path-${size}-${scheme}`);
      }
    }
    console.log(`screenshots: ${shots.join(' ')}`);

    // Cleared from the bar: the line goes from the tree.
    await page.getByRole('button', { name: 'Clear the line from the tree' }).click();
    await expect(page.getByTestId('kinship-bar')).toHaveCount(0);
    await expect(page.locator('[data-node-id][data-highlighted]')).toHaveCount(0);
  });

  test('from the menu on the selected card: an in-law, then another first person chosen by search', async ({ page }) => {
    await card(page, 'Lily Hale').click();
    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    await page.getByRole('menuitem', { name: 'How are we related?' }).click();
    const dialog = page.getByRole('dialog', { name: 'How are we related?' });
    await expect(dialog.getByTestId('kinship-sentence')).toHaveText('Lily Hale is your sister-in-law');
    await expect(dialog.getByTestId('kinship-path').getByRole('listitem')).toHaveCount(4);

    await dialog.getByRole('button', { name: 'Change first person' }).click();
    await dialog.getByRole('combobox', { name: 'Search for the first person' }).fill('Byron');
    await dialog.getByRole('option', { name: /Byron King/ }).click();
    await expect(dialog.getByTestId('kinship-sentence')).toHaveText("Lily Hale is Byron King's aunt by marriage");

    await dialog.getByRole('button', { name: 'Change second person' }).click();
    await dialog.getByRole('combobox', { name: 'Search for the second person' }).fill('Anne');
    await dialog.getByRole('option', { name: /Anne King/ }).click();
    await expect(dialog.getByTestId('kinship-sentence')).toHaveText("Anne King is Byron King's sister");
  });

  test('my relationship to everyone: a column in Find someone, a line on the cards', async ({ page }, testInfo) => {
    await page.getByRole('combobox', { name: 'Find someone' }).fill('Oliver');
    await expect(page.getByRole('option', { name: /Oliver Hale/ })).toContainText('nephew');
    await page.getByRole('combobox', { name: 'Find someone' }).fill('Lily');
    await expect(page.getByRole('option', { name: /Lily Hale/ })).toContainText('sister-in-law');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Relationships on cards' }).click();
    await viewShown(page);
    await page.screenshot({ path: testInfo.outputPath('kinship-cards.png') });
    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Relationships on cards' })).toHaveAttribute('aria-checked', 'true');
  });
});
