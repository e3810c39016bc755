import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures.ts';
import { card, fitView, openTree } from './treePage.ts';
import { seedFamily, TEN_PEOPLE } from './seedFamily.ts';

/**
 * Export chart (issue 22) in Chromium against the real server: from the tree's menu, a tiled A4
 * PDF is written in the worker with the progress bar shown, downloaded, and read back with
 * poppler; the shortcut opens the same dialog and an SVG comes out with the names as text.
 */
test.describe('Export chart', () => {
  test('the menu exports a tiled A4 PDF with a progress bar; the file holds every name', async ({ page, createMember, signIn }) => {
    const member = await createMember({ firstName: 'Ada', lastName: 'King' });
    await signIn(page, member);
    await openTree(page);
    await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'King' }));
    await openTree(page);
    await fitView(page);

    // The worker's fonts wait until the progress bar has been seen, so the bar cannot be missed.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/inter-*-normal.woff*', async (route) => {
      await held;
      await route.continue();
    });

    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    await page.getByRole('menuitem', { name: 'Export chart…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export chart' });
    await dialog.getByRole('radio', { name: /^PDF/ }).check();
    await dialog.getByLabel('Pages').selectOption('A4');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    release();
    const file = await download;
    expect(file.suggestedFilename()).toBe('family-tree.pdf');
    const path = test.info().outputPath('chart.pdf');
    await file.saveAs(path);
    await expect(dialog).toBeHidden();

    const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
    expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBeGreaterThanOrEqual(1);
    expect(info).toMatch(/595\.28 x 841\.89|841\.89 x 595\.28/);
    const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const name of ['Ada King', 'William King', 'Margaret Hale']) expect(text).toContain(name);
    expect(execFileSync('pdffonts', [path], { encoding: 'utf8' })).toMatch(/Inter-[\w-]+\s+CID TrueType\s+Identity-H\s+yes/);
  });

  test('Ctrl+Shift+E opens it; an SVG of the ancestors of the selected person has their names as text', async ({ page, createMember, signIn }) => {
    const member = await createMember({ firstName: 'Ada', lastName: 'King' });
    await signIn(page, member);
    await openTree(page);
    await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'King' }));
    await openTree(page);
    await fitView(page);
    await card(page, 'Ada King').click();
    await page.keyboard.press('Control+Shift+E');
    const dialog = page.getByRole('dialog', { name: 'Export chart' });
    await dialog.getByRole('radio', { name: /^SVG/ }).check();
    await dialog.getByRole('radio', { name: 'Ancestors of Ada King' }).check();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('ancestors-of-ada-king.svg');
    const path = test.info().outputPath('chart.svg');
    await file.saveAs(path);
    const svg = await readFile(path, 'utf8');
    expect(svg).toMatch(/<text [^>]*>Margaret Hale<\/text>/);
    expect(svg).not.toContain('William King');
  });

  test('a PNG comes out of the worker, complete, in the dark look', async ({ page, createMember, signIn }) => {
    const member = await createMember({ firstName: 'Ada', lastName: 'King' });
    await signIn(page, member);
    await openTree(page);
    await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'King' }));
    await openTree(page);
    await page.keyboard.press('Control+Shift+E');
    const dialog = page.getByRole('dialog', { name: 'Export chart' });
    await dialog.getByRole('radio', { name: /^PNG/ }).check();
    await dialog.getByRole('radio', { name: 'Dark', exact: true }).check();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('family-tree.png');
    const path = test.info().outputPath('chart.png');
    await file.saveAs(path);
    const png = await readFile(path);
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    // 150 dpi at 1 pt per unit: the ten cards span more than 1,000 px.
    expect(png.readUInt32BE(16)).toBeGreaterThan(1000);
    expect(png.subarray(-8, -4).toString('latin1')).toBe('IEND');
  });

  test('royal92 (3,010 people) from the menu as tiled A4 pages: progress bar, then a PDF whose pages are the page map and the numbered pages', async ({ page, createMember, signIn }) => {
    // Importing 3,010 people and loading their 3,010 avatars for the file take minutes on a loaded 2-core machine.
    test.setTimeout(600_000);
    const member = await createMember({ firstName: 'Ada', lastName: 'Lovelace' });
    await signIn(page, member);
    await openTree(page);
    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'Import GEDCOM…' }).click();
    await (await chooser).setFiles(fileURLToPath(new URL('../../fixtures/gedcom/royal92.ged', import.meta.url)));
    await page.getByRole('dialog', { name: 'Import royal92.ged?' }).getByRole('button', { name: 'Import', exact: true }).click();
    const summary = page.getByRole('dialog', { name: 'Import complete' });
    await expect(summary).toBeVisible({ timeout: 180_000 });
    await summary.getByRole('button', { name: 'Close' }).last().click();

    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    await page.getByRole('menuitem', { name: 'Export chart…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export chart' });
    await dialog.getByRole('radio', { name: /^PDF/ }).check();
    await dialog.getByRole('radio', { name: /^The whole tree/ }).check();
    await dialog.getByLabel('Pages').selectOption('A4');
    const download = page.waitForEvent('download', { timeout: 400_000 });
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    // Three thousand cards take long enough for the bar to show how far the export is.
    const bar = dialog.getByRole('progressbar', { name: 'Exporting…' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', /^(?!0$)\d+$/);
    const file = await download;
    const path = test.info().outputPath('royal92.pdf');
    await file.saveAs(path);

    const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    // The map's heading counts the printed pages; the file is the map and those pages.
    const printed = Number(/page map \((\d+) pages, \d+ × \d+/.exec(text)![1]);
    expect(printed).toBeGreaterThan(20);
    expect(pages).toBe(printed + 1);
    expect(text).toContain(`Page ${printed} of ${printed} · row`);
    expect(text).toContain('Victoria Hanover');
  });
});
