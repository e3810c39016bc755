import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { openTree, serverGraph, toast } from './treePage.ts';

/** A small family as a cousin's file brings it: John and Mary Smith and their son Tom. */
const FAMILY = `0 HEAD
1 GEDC
2 VERS 5.5.1
1 CHAR UTF-8
0 @I1@ INDI
1 NAME John /Smith/
1 SEX M
1 BIRT
2 DATE 12 MAR 1850
2 PLAC Leeds, Yorkshire, England
1 OCCU Carpenter
0 @I2@ INDI
1 NAME Mary /Jones/
1 SEX F
1 BIRT
2 DATE 1852
0 @I3@ INDI
1 NAME Tom /Smith/
1 SEX M
1 BIRT
2 DATE 1880
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I3@
1 MARR
2 DATE 1878
0 TRLR
`;

async function importFile(page: Page, path: string, fileName: string) {
  await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Import GEDCOM…' }).click();
  await (await chooser).setFiles(path);
  await page.getByRole('dialog', { name: `Import ${fileName}?` }).getByRole('button', { name: 'Import', exact: true }).click();
  const summary = page.getByRole('dialog', { name: 'Import complete' });
  await expect(summary).toBeVisible({ timeout: 60_000 });
  return summary;
}

type Served = Awaited<ReturnType<typeof serverGraph>>['graph'] & { notDuplicates?: Record<string, unknown> };
type ServedProfile = Served['profiles'][string] & { events?: unknown[] };
const smiths = (g: Served, first: string) => Object.values(g.profiles as Record<string, ServedProfile>).filter((p) => p.firstName === first && p.lastName === 'Smith');
const served = async (page: Page): Promise<Served> => (await serverGraph(page)).graph;

test.describe('Duplicates and merge', () => {
  test.setTimeout(120_000);

  // fixme: in its one run that got past the server's start on the loaded machine (session 9),
  // everything up to the merge passed (found after the import, reasons, merge view, 'People
  // merged'), but the server still had both Johns: the tab's save of the merge did not reach the
  // server or was refused and taken back. The same merge through the HTTP save path, of people
  // saved normally and imported in bulk, is stored (tests/integration/duplicates.test.ts), so the
  // gap is in the tab (the session after a bulk import?). Later runs timed out starting the server.
  test('the same family imported twice: found right after the import, why each pair scored, merged field by field, and the merge undone', async ({ page, createMember, signIn }) => {
    const member = await createMember({ firstName: 'Ada', lastName: 'King' });
    await signIn(page, member);
    await openTree(page);
    const path = test.info().outputPath('smiths.ged');
    await writeFile(path, FAMILY);

    const first = await importFile(page, path, 'smiths.ged');
    await expect(first.getByTestId('gedcom-duplicates')).toHaveCount(0);
    await first.getByRole('button', { name: 'Close' }).last().click();

    // The cousin's copy of the same family: every one of them may already be on the tree.
    const second = await importFile(page, path, 'smiths.ged');
    await expect(second.getByTestId('gedcom-duplicates')).toHaveText(/3 people in this file may already be in your tree\./);
    await second.getByRole('button', { name: 'Review duplicates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Possible duplicates from this file' });
    const pairs = dialog.getByTestId('duplicate-pair');
    await expect(pairs).toHaveCount(3);
    const john = pairs.filter({ hasText: 'John Smith' });
    await expect(john.getByRole('list', { name: 'Why' })).toContainText('Same given names');
    await expect(john.getByRole('list', { name: 'Why' })).toContainText('Same birth date');
    await expect(john.getByRole('list', { name: 'Why' })).toContainText('Spouses with the same names');

    const before = (await served(page));
    expect(smiths(before, 'John')).toHaveLength(2);
    const eventsBefore = smiths(before, 'John').flatMap((p) => p.events ?? []).length;

    await john.getByRole('button', { name: /^Compare John Smith and John Smith$/ }).click();
    const merge = page.getByRole('dialog', { name: 'Merge two cards' });
    await expect(merge.getByTestId('merge-row-name')).toContainText('John Smith');
    await expect(merge.getByTestId('merge-row-birth')).toContainText('12 March 1850');
    await merge.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect(toast(page, 'People merged')).toBeVisible();

    // Saved as one change: one John, with both copies' events, both children, both wives.
    await expect.poll(async () => smiths((await served(page)), 'John').length).toBe(1);
    const after = (await served(page));
    const merged = smiths(after, 'John')[0]!;
    expect((merged.events ?? []).length).toBe(eventsBefore);
    expect(merged.children).toHaveLength(2);
    expect(merged.spouses).toHaveLength(2);
    expect(Object.keys(after.profiles)).toHaveLength(Object.keys(before.profiles).length - 1);
    expect(after.revision).toBe(before.revision! + 1);

    // The list goes on without that pair; the toast's Undo brings both Johns back.
    await expect(dialog.getByTestId('duplicate-pair')).toHaveCount(2);
    await toast(page, 'People merged').getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Merge undone')).toBeVisible();
    await expect.poll(async () => smiths((await served(page)), 'John').length).toBe(2);
    const undone = (await served(page));
    expect(Object.keys(undone.profiles).sort()).toEqual(Object.keys(before.profiles).sort());

    // "Not a duplicate" is remembered for the tree: the finder leaves Tom's pair out from then on.
    await dialog.getByTestId('duplicate-pair').filter({ hasText: 'Tom Smith' }).getByRole('button', { name: 'Not a duplicate' }).click();
    await expect(dialog.getByTestId('duplicate-pair')).toHaveCount(1);
    await expect.poll(async () => Object.keys((await served(page)).notDuplicates ?? {}).length).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await openTree(page);
    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    await page.getByRole('menuitem', { name: 'Find duplicates…' }).click();
    const all = page.getByRole('dialog', { name: 'Possible duplicates' });
    await expect(all.getByTestId('duplicate-pair').first()).toBeVisible();
    await expect(all.getByTestId('duplicate-pair').filter({ hasText: 'Tom Smith' })).toHaveCount(0);
    await expect(all.getByTestId('duplicate-pair').filter({ hasText: 'John Smith' })).toHaveCount(1);
  });
});
