import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { addNewRelative, openDetails, openTree, serverGraph, toast } from './treePage.ts';

/**
 * Facts a genealogist can trust (items 1, 3, 7) in the real app: an occupation with a new place
 * added from the details panel, shown there and found by search; and, once saved, on the server.
 */

async function addOccupation(page: Page, panel: ReturnType<Page['getByRole']>) {
  await panel.getByRole('button', { name: 'Add event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add event' });
  await dialog.getByLabel('Type').selectOption({ label: 'Occupation' });
  await dialog.getByLabel('Date').fill('1843');
  await dialog.getByRole('combobox', { name: 'Place' }).fill('Ockham Park, Surrey, England');
  await dialog.getByLabel('Description').fill('Mathematician');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Event added')).toBeVisible();
}

test.describe('events and places', () => {
  test('an occupation with a new place shows in the panel, and search finds the person by the place', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Ada', lastName: 'King' }));
    await openTree(page);
    await addNewRelative(page, 'Ada King', 'Spouse', { firstName: 'William', lastName: 'King', gender: 'M' });
    const panel = await openDetails(page, 'Ada King');
    await addOccupation(page, panel);
    const events = panel.getByTestId('panel-events');
    await expect(events.getByText('Occupation')).toBeVisible();
    await expect(events.getByText('1843')).toBeVisible();
    await expect(events.getByText('Ockham Park, Surrey, England')).toBeVisible();
    await expect(events.getByText('Mathematician')).toBeVisible();

    // The place is the tree's now: a second event is offered it while typing.
    await panel.getByRole('button', { name: 'Add event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add event' });
    await dialog.getByRole('combobox', { name: 'Place' }).fill('ockh');
    await expect(dialog.getByRole('option', { name: 'Ockham Park, Surrey, England' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Search finds her by the place, and says why.
    await page.keyboard.press('Control+k');
    const find = page.getByRole('combobox', { name: 'Find someone' });
    await expect(find).toBeFocused();
    await page.keyboard.type('ockham');
    await expect(page.getByRole('listbox', { name: 'Find someone' }).getByRole('option')).toHaveText(['Ada King' + 'Worked in Ockham Park, Surrey, England']);
  });

  test('the saved occupation and its places are on the server', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Mary', lastName: 'Somerville' }));
    await openTree(page);
    const panel = await openDetails(page, 'Mary Somerville');
    await addOccupation(page, panel);
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(toast(page, 'Changes applied')).toBeVisible();
    await expect
      .poll(async () => {
        const { graph } = await serverGraph(page);
        const g = graph as typeof graph & { places?: Record<string, { name: string }> };
        const own = Object.values(graph.profiles).find((p) => p.firstName === 'Mary') as { events?: { type: string; description: string }[] };
        return { events: own.events?.map((e) => [e.type, e.description]), places: Object.values(g.places ?? {}).map((p) => p.name).sort() };
      }, { timeout: 15_000 })
      .toEqual({ events: [['OCCU', 'Mathematician']], places: ['England', 'Ockham Park', 'Surrey'] });
    // And after a reload, from the server.
    await page.reload();
    const again = await openDetails(page, 'Mary Somerville');
    await expect(again.getByTestId('panel-events').getByText('Ockham Park, Surrey, England')).toBeVisible();
  });
});
