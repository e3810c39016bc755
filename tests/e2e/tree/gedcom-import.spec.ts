import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { openTree, serverGraph } from './treePage.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/gedcom/', import.meta.url));

/** GEDCOM menu → Import GEDCOM… → the file picker. */
async function pickFile(page: Page, path: string) {
  await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Import GEDCOM…' }).click();
  await (await chooser).setFiles(path);
}

/** Holds every chunk the import sends until `release()`: the import stays drawn and unsaved meanwhile. */
async function holdChunks(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/imports/*/chunks/*', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Confirms the import and waits for the summary. */
async function importThrough(page: Page, path: string, fileName: string) {
  await pickFile(page, path);
  const confirm = page.getByRole('dialog', { name: `Import ${fileName}?` });
  await expect(confirm).toContainText('added to your tree as a new group, beside the people already on it');
  await expect(confirm).toContainText('An import can bring in at most 150,000 people and 250 MB of tree data.');
  await confirm.getByRole('button', { name: 'Import', exact: true }).click();
  return page.getByRole('dialog', { name: 'Import complete' });
}

test.describe('GEDCOM import and export', () => {
  test.setTimeout(240_000);

  test('royal92.ged through the picker: progress, summary, every person on the server in one revision, Victoria found; exported and imported again into a fresh tree', async ({ page, createMember, signIn, browser }) => {
    const member = await createMember({ firstName: 'Ada', lastName: 'Lovelace' });
    await signIn(page, member);
    await openTree(page);
    const before = (await serverGraph(page)).graph.revision;

    // The chunks wait until the progress bar has been seen.
    const release = await holdChunks(page);
    await pickFile(page, `${FIXTURES}royal92.ged`);
    await page.getByRole('dialog', { name: 'Import royal92.ged?' }).getByRole('button', { name: 'Import', exact: true }).click();
    // Drawn before it is saved: a panel over the tree (not a modal) shows the progress.
    const saving = page.getByRole('region', { name: 'Saving royal92.ged' });
    await expect(saving.getByText('Sending to the server…')).toBeVisible({ timeout: 60_000 });
    await expect(saving.getByRole('progressbar', { name: 'Importing royal92.ged' })).toHaveAttribute('aria-valuenow', /\d+/);
    await expect(saving).toContainText('The 3,010 people are on your tree');
    // Not "All changes saved" while the import is not.
    await expect(page.locator('.save-status')).toHaveText('Saving…');
    expect((await serverGraph(page)).graph.revision).toBe(before);

    // Meanwhile the tree is usable: find her among the 3,010 and land on her card.
    await page.getByRole('combobox', { name: 'Find someone' }).click();
    await page.keyboard.type('victoria hanover 1819');
    const found = page.getByRole('listbox', { name: 'Find someone' }).getByRole('option');
    await expect(found).toHaveCount(1);
    await expect(found.first()).toContainText('Born 24 May 1819');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-node-id][aria-label="Victoria Hanover"][aria-selected="true"]')).toBeFocused();
    await expect(page.getByRole('complementary', { name: 'Person details' })).toContainText('Victoria Hanover');
    await page.getByRole('button', { name: 'Close details' }).click();

    release();
    await expect(saving).toBeHidden({ timeout: 120_000 });

    const summary = page.getByRole('dialog', { name: 'Import complete' });
    await expect(summary).toBeVisible({ timeout: 120_000 });
    await expect(summary).toContainText('3,010 people and 1,422 families were added to your tree.');
    await expect(summary.getByText('Dates kept as written')).toBeVisible();
    await summary.getByText('Dates kept as written').click();
    await expect(summary.getByText(/^Line \d+: the birth date "ABT /).first()).toBeVisible();
    await summary.getByRole('button', { name: 'Close' }).last().click();

    const { graph } = await serverGraph(page);
    expect(graph.nodes).toHaveLength(3011);
    expect(graph.revision).toBe(before + 1);
    const victoria = Object.values(graph.profiles).find((p) => p.firstName === 'Victoria' && p.lastName === 'Hanover' && p.birthYear === '1819')!;
    expect(victoria).toMatchObject({ gender: 'F' });
    // The imported group sits to the right of the member's own card.
    const own = graph.nodes.find((n) => n.data.isPrimary)!;
    expect(Math.min(...graph.nodes.filter((n) => !n.data.isPrimary).map((n) => n.position.x))).toBeGreaterThan(own.position.x + 132);

    // Export the whole tree as GEDCOM 5.5.1.
    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    await page.getByRole('menuitem', { name: 'Export GEDCOM…' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export GEDCOM' });
    await exportDialog.getByRole('radio', { name: 'GEDCOM 5.5.1' }).check();
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await exportDialog.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('family-tree.ged');
    const text = await readFile((await file.path())!, 'utf8');
    expect(text.startsWith('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n')).toBe(true);
    expect(text.match(/^0 @[^@]+@ INDI$/gm)).toHaveLength(3011);
    const exported = test.info().outputPath('royal92-export.ged');
    await writeFile(exported, text);

    // And into a fresh member's tree: the same 3,010 royals plus Ada herself, and the fresh member.
    const fresh = await createMember({ firstName: 'Grace', lastName: 'Hopper' });
    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, fresh);
    await openTree(other);
    const again = await importThrough(other, exported, 'royal92-export.ged');
    await expect(again).toBeVisible({ timeout: 120_000 });
    // Every person comes back, whole: the owner's export holds living people too (issue 19); the
    // families are those the tree shows, how many of the kept ones depending on this year.
    await expect(again).toContainText(/3,011 people and 1,4\d\d families were added to your tree\./);
    const second = (await serverGraph(other)).graph;
    expect(second.nodes).toHaveLength(3012);
    expect(Object.values(second.profiles).filter((p) => p.firstName === 'Victoria' && p.lastName === 'Hanover' && p.birthYear === '1819')).toHaveLength(1);
    await context.close();
  });

  test('one Undo removes the whole import, in one revision', async ({ page, createMember, signIn }) => {
    const member = await createMember();
    await signIn(page, member);
    await openTree(page);
    const summary = await importThrough(page, `${FIXTURES}Harry_Potter.ged`, 'Harry_Potter.ged');
    await expect(summary).toContainText('23 people and 7 families were added to your tree.');
    const imported = await serverGraph(page);
    expect(imported.graph.nodes).toHaveLength(24);
    await summary.getByRole('button', { name: 'Undo import' }).click();
    await expect(page.locator('[data-sonner-toast][data-type="success"]').filter({ hasText: 'Import undone' })).toBeVisible({ timeout: 60_000 });
    await expect(summary).toHaveCount(0);
    const undone = await serverGraph(page);
    expect(undone.graph.nodes).toHaveLength(1);
    expect(Object.keys(undone.graph.profiles)).toHaveLength(1);
    expect(undone.graph.revision).toBe(imported.graph.revision + 1);
    await expect(page.getByRole('button', { name: 'Apply changes' })).toHaveCount(0);
  });

  test('cancelled while it is being sent: the people already drawn leave the tree, and nothing is saved', async ({ page, createMember, signIn }) => {
    const member = await createMember();
    await signIn(page, member);
    await openTree(page);
    const before = await serverGraph(page);
    const release = await holdChunks(page);
    await pickFile(page, `${FIXTURES}Harry_Potter.ged`);
    await page.getByRole('dialog', { name: 'Import Harry_Potter.ged?' }).getByRole('button', { name: 'Import', exact: true }).click();
    const saving = page.getByRole('region', { name: 'Saving Harry_Potter.ged' });
    await expect(saving).toContainText('The 23 people are on your tree', { timeout: 60_000 });
    const search = page.getByRole('combobox', { name: 'Find someone' });
    const found = page.getByRole('listbox', { name: 'Find someone' }).getByRole('option');
    await search.fill('hermione');
    await expect(found).toHaveCount(1);
    await search.fill('');

    // Cancelled while a chunk is on its way: the import stops once that chunk is through.
    await saving.getByRole('button', { name: 'Cancel' }).click();
    release();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Import cancelled. Nothing was imported.' })).toBeVisible({ timeout: 60_000 });
    await expect(saving).toHaveCount(0);
    await search.fill('hermione');
    await expect(page.getByText('No one matches that search.')).toBeVisible();
    await expect(found).toHaveCount(0);
    expect((await serverGraph(page)).graph).toEqual(before.graph);
  });

  test('a file that is not GEDCOM gets the reason with its line, and nothing is imported; a file dropped on the canvas is imported too', async ({ page, createMember, signIn }) => {
    const member = await createMember();
    await signIn(page, member);
    await openTree(page);
    const before = await serverGraph(page);
    const notGedcom = test.info().outputPath('people.csv');
    await writeFile(notGedcom, 'Name,Born\nAda,1815\n');
    await pickFile(page, notGedcom);
    await page.getByRole('dialog', { name: 'Import people.csv?' }).getByRole('button', { name: 'Import', exact: true }).click();
    const failed = page.getByRole('dialog', { name: 'This file could not be imported' });
    await expect(failed.getByRole('alert')).toHaveText('Line 1: this is not a GEDCOM file: it must start with "0 HEAD" but starts with "Name,Born".');
    await expect(failed).toContainText('Nothing was imported.');
    await failed.getByRole('button', { name: 'Close' }).last().click();
    expect((await serverGraph(page)).graph).toEqual(before.graph);

    // Drag and drop: a GEDCOM file onto the canvas.
    const bytes = await readFile(`${FIXTURES}k_same_sex70.ged`);
    const transfer = await page.evaluateHandle((data) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(data)], 'k_same_sex70.ged', { type: 'text/plain' }));
      return dt;
    }, [...bytes]);
    const area = page.locator('.tree-canvas-area');
    await area.dispatchEvent('dragenter', { dataTransfer: transfer });
    await expect(page.getByText('Drop a GEDCOM file to import it')).toBeVisible();
    await area.dispatchEvent('drop', { dataTransfer: transfer });
    await expect(page.getByText('Drop a GEDCOM file to import it')).toHaveCount(0);
    const confirm = page.getByRole('dialog', { name: 'Import k_same_sex70.ged?' });
    await confirm.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Import complete' })).toBeVisible({ timeout: 60_000 });
  });
});
