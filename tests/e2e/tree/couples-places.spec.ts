import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { addNewRelative, card, fitView, openDetails, openTree, pressCardButton, serverGraph, toast } from './treePage.ts';

/**
 * Issue 20 in the real app: a couple's marriage with a place, on the couple's line and in the
 * panel, saved on the server; the place edited in its dialog and listed with its use; and a
 * researcher's file (royal92.ged) showing Victoria's birth place and marriage.
 */

const FIXTURES = fileURLToPath(new URL('../../fixtures/gedcom/', import.meta.url));
const details = (page: Page) => page.getByRole('complementary', { name: 'Person details' });

/** A card's side handles sit 10 units above its middle (96 units tall): where the spouse line runs. */
const CARD_HEIGHT = 96;
const HANDLE_ABOVE_MIDDLE = 10;

/** The middle of the dashed line between two cards side by side, on screen. */
async function lineMiddle(a: Locator, b: Locator) {
  const [p, q] = [(await a.boundingBox())!, (await b.boundingBox())!].sort((x, y) => x.x - y.x);
  const scale = p!.height / CARD_HEIGHT;
  return { x: (p!.x + p!.width + q!.x) / 2, y: p!.y + p!.height / 2 - HANDLE_ABOVE_MIDDLE * scale };
}

async function pixelsAround(page: Page, at: { x: number; y: number }) {
  return page.screenshot({ clip: { x: at.x - 22, y: at.y - 8, width: 44, height: 16 } });
}

test.describe('couples and places', () => {
  test('a marriage with a place: in the panel, on the couple line (which opens it), editable as a place, and on the server', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Ada', lastName: 'King' }));
    await openTree(page);
    await addNewRelative(page, 'Ada King', 'Spouse', { firstName: 'William', lastName: 'King', gender: 'M' });
    await fitView(page);
    const before = await pixelsAround(page, await lineMiddle(card(page, 'Ada King'), card(page, 'William King')));

    // Add marriage from the spouse in the panel.
    const panel = await openDetails(page, 'Ada King');
    await panel.getByRole('button', { name: 'Add marriage with William King' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add marriage' });
    await dialog.getByLabel('Date').fill('8 Jul 1835');
    await dialog.getByRole('combobox', { name: 'Place' }).fill('Fordhook, Ealing, England');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toast(page, 'Event added')).toBeVisible();
    const couple = panel.locator('[data-couple-partner]');
    await expect(couple).toContainText('Married 8 July 1835');
    await expect(couple).toContainText('Fordhook, Ealing, England');

    // The couple line now carries "m. 1835": the pixels in its middle changed.
    await page.getByRole('button', { name: 'Close details' }).click();
    await fitView(page);
    const middle = await lineMiddle(card(page, 'Ada King'), card(page, 'William King'));
    await expect.poll(async () => (await pixelsAround(page, middle)).equals(before)).toBe(false);

    // A click on the line opens the couple's events in the panel.
    await page.mouse.click(middle.x, middle.y);
    await expect(details(page)).toBeVisible();
    await expect(details(page).locator('[data-couple-partner]')).toBeFocused();
    await expect(details(page).locator('[data-couple-partner]')).toContainText('Married 8 July 1835');

    // The place's name opens its dialog: renamed, given a kind, coordinates and another name.
    await details(page).getByRole('button', { name: 'Edit place Fordhook, Ealing, England' }).click();
    const place = page.getByRole('dialog', { name: 'Place', exact: true });
    await expect(place.getByTestId('place-usage')).toHaveText('1 event names this place.');
    await expect(place.getByRole('button', { name: 'Remove place' })).toBeDisabled();
    await expect(place.getByText('1 event names this place: merge it into another place instead of removing it')).toBeVisible();
    await place.getByLabel('Name', { exact: true }).fill('Fordhook House');
    await place.getByLabel('Kind').fill('building');
    await place.getByLabel('Latitude').fill('51.5074');
    await place.getByLabel('Longitude').fill('-0.3050');
    await place.getByLabel('Other names').fill('Fordhook');
    await place.getByRole('button', { name: 'Save' }).click();
    await expect(place).toHaveCount(0);
    await expect(toast(page, 'Place updated')).toBeVisible();
    await expect(details(page).locator('[data-couple-partner]')).toContainText('Fordhook House, Ealing, England');

    // The Places list: every place with how many events name it; a place with places inside stays.
    await page.getByRole('button', { name: 'GEDCOM' }).click();
    await page.getByRole('menuitem', { name: 'Places…' }).click();
    const list = page.getByRole('dialog', { name: 'Places' });
    await expect(list.getByRole('listitem')).toHaveText(['Ealing, England' + 'No events', 'England' + 'No events', 'Fordhook House, Ealing, England' + '1 event']);
    await list.getByLabel('Find a place').fill('fordhook');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await list.getByLabel('Find a place').fill('ealing');
    await list.getByRole('button', { name: /^Ealing, England/ }).click();
    const ealing = page.getByRole('dialog', { name: 'Place', exact: true });
    await expect(ealing.getByText('Places inside this place name it: move or merge them first')).toBeVisible();
    // Merged into England: the house moves up, England keeps "Ealing" as another name.
    await ealing.getByLabel('Merge into').selectOption({ label: 'England' });
    await ealing.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect(ealing).toHaveCount(0);
    await expect(toast(page, 'Places merged')).toBeVisible();
    await expect(details(page).locator('[data-couple-partner]')).toContainText('Fordhook House, England');

    // Saved: the couple's marriage names the place, as renamed, on the server.
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(toast(page, 'Changes applied')).toBeVisible();
    await expect
      .poll(async () => {
        const { graph } = await serverGraph(page);
        const g = graph as typeof graph & { places?: Record<string, { name: string; kind: string; altNames: string[] }>; couples?: Record<string, { events: { type: string; date: string; placeId: string }[] }> };
        const events = Object.values(g.couples ?? {}).flatMap((c) => c.events);
        const places = Object.values(g.places ?? {}).map((p) => [p.name, p.altNames]);
        return { events: events.map((e) => [e.type, e.date, g.places?.[e.placeId]?.name, g.places?.[e.placeId]?.kind, g.places?.[e.placeId]?.altNames]), places };
      }, { timeout: 15_000 })
      .toEqual({
        events: [['MARR', '8 JUL 1835', 'Fordhook House', 'building', ['Fordhook']]],
        places: expect.arrayContaining([['England', ['Ealing']], ['Fordhook House', ['Fordhook']]]),
      });
    expect(Object.keys(((await serverGraph(page)).graph as { places?: object }).places ?? {})).toHaveLength(2);
  });

  test('unlinking the spouses takes their marriage with them; Undo brings it back', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Mary', lastName: 'Shelley' }));
    await openTree(page);
    await addNewRelative(page, 'Mary Shelley', 'Spouse', { firstName: 'Percy', lastName: 'Shelley', gender: 'M' });
    const panel = await openDetails(page, 'Mary Shelley');
    await panel.getByRole('button', { name: 'Add marriage with Percy Shelley' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add marriage' });
    await dialog.getByLabel('Date').fill('30 Dec 1816');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(panel.locator('[data-couple-partner]')).toContainText('Married 30 December 1816');
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(toast(page, 'Changes applied')).toBeVisible();
    const couples = async () => Object.values(((await serverGraph(page)).graph as { couples?: Record<string, { events: unknown[] }> }).couples ?? {}).length;
    await expect.poll(couples).toBe(1);

    await pressCardButton(page, 'Mary Shelley', 'Unlink person');
    const unlink = page.getByRole('dialog', { name: 'Unlink person' });
    await unlink.getByRole('radio', { name: 'Spouse: Percy Shelley' }).check();
    await unlink.getByRole('button', { name: 'Unlink', exact: true }).click();
    await expect(toast(page, 'Spouse unlinked')).toBeVisible();
    await expect(details(page).locator('[data-couple-partner]')).toHaveCount(0);
    await toast(page, 'Spouse unlinked').getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Unlink undone')).toBeVisible();
    await expect(details(page).locator('[data-couple-partner]')).toContainText('Married 30 December 1816');
  });

  test('royal92.ged: Victoria found by search, her birth place and her marriage in the panel', async ({ page, createMember, signIn }) => {
    test.setTimeout(240_000);
    await signIn(page, await createMember({ firstName: 'Grace', lastName: 'Hopper' }));
    await openTree(page);
    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'Import GEDCOM…' }).click();
    await (await chooser).setFiles(`${FIXTURES}royal92.ged`);
    await page.getByRole('dialog', { name: 'Import royal92.ged?' }).getByRole('button', { name: 'Import', exact: true }).click();
    const summary = page.getByRole('dialog', { name: 'Import complete' });
    await expect(summary).toBeVisible({ timeout: 180_000 });
    await summary.getByRole('button', { name: 'Close' }).last().click();

    await page.getByRole('combobox', { name: 'Find someone' }).click();
    await page.keyboard.type('victoria hanover 1819');
    await expect(page.getByRole('listbox', { name: 'Find someone' }).getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    const panel = details(page);
    await expect(panel.getByRole('heading', { name: 'Victoria Hanover' })).toBeVisible();
    await expect(panel.getByTestId('panel-events')).toContainText('Kensington, Palace, London, England');
    const marriage = panel.locator('[data-couple-partner]').filter({ hasText: 'Albert' });
    await expect(marriage).toContainText('Married 10 February 1840');
    await expect(marriage).toContainText('Chapel Royal, St. James Palace, England');
  });
});
