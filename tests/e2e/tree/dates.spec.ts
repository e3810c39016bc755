import { expect, test } from '../fixtures.ts';
import { addNewRelative, card, fitView, openTree, pressCardButton, serverGraph } from './treePage.ts';

const panel = (page: import('@playwright/test').Page) => page.getByRole('complementary', { name: 'Person details' });

test.describe('dates as genealogists write them', () => {
  test('"abt 1850" typed in Create Person is kept as GEDCOM and shows "about 1850"; edited to a range, it shows in words', async ({ page, createMember, signIn }) => {
    const member = await createMember({ firstName: 'Ada', lastName: 'Lovelace' });
    await signIn(page, member);
    await openTree(page);

    await addNewRelative(page, 'Ada Lovelace', 'Mother', { firstName: 'Anne', lastName: 'Milbanke', birthYear: 'abt 1850' });

    // The profile dialog and the details panel show it in words.
    await pressCardButton(page, 'Anne Milbanke', 'View details');
    const details = page.getByRole('dialog', { name: 'Profile details' });
    await expect(details.getByTestId('details-born')).toHaveText('about 1850');
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);
    await fitView(page);
    const box = (await card(page, 'Anne Milbanke').boundingBox())!;
    await page.mouse.click(box.x + 20, box.y + 20);
    await expect(panel(page).getByTestId('panel-born')).toHaveText('about 1850');

    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect.poll(async () => {
      const { graph } = await serverGraph(page);
      const anne = Object.values(graph.profiles).find((p) => p.firstName === 'Anne') as { birthYear: string; birthDateText?: string } | undefined;
      return anne && [anne.birthYear, anne.birthDateText];
    }).toEqual(['', 'ABT 1850']);

    // Edit Person starts from the words; a range typed reads back as it is typed.
    await panel(page).getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Person' });
    await expect(edit.getByLabel('Birth date')).toHaveValue('about 1850');
    await edit.getByLabel('Birth date').fill('bet 1840 and 1845');
    await expect(edit.getByText('Reads as: between 1840 and 1845', { exact: true })).toBeVisible();
    await edit.getByLabel('Death date').fill('nonsense');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Enter a date such as 10 Feb 1840, abt 1850, bet 1840 and 1845 or before May 1900', { exact: true })).toBeVisible();
    await edit.getByLabel('Death date').fill('10/02/1901');
    await expect(edit.getByText('Reads as: 10 February 1901', { exact: true })).toBeVisible();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toHaveCount(0);
    await expect(panel(page).getByTestId('panel-born')).toHaveText('between 1840 and 1845');
    await expect(panel(page).getByTestId('panel-died')).toHaveText('10 February 1901');
  });
});
