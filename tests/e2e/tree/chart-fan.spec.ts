import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { card, fitView, openTree } from './treePage.ts';
import { seedFamily, TEN_PEOPLE } from './seedFamily.ts';

/** Where slot n's middle is on screen (the fan view tells its canvas's geometry to tests). */
async function pointOf(page: Page, n: number): Promise<{ x: number; y: number }> {
  const p = await page.evaluate((n) => (window as unknown as { __kinfolkFan?: { pointOf(n: number): { x: number; y: number } | null } }).__kinfolkFan?.pointOf(n) ?? null, n);
  expect(p).not.toBeNull();
  return p!;
}

/**
 * The fan chart (issue 22) and Print, in Chromium against the real server. Byron King's fan has
 * three generations: his parents Ada and William King, and Ada's parents Thomas and Margaret Hale.
 */
test.describe('Fan chart and Print', () => {
  test.beforeEach(async ({ page, createMember, signIn }) => {
    const member = await createMember({ firstName: 'Ada', lastName: 'King' });
    await signIn(page, member);
    await openTree(page);
    await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'King' }));
    await openTree(page);
    await fitView(page);
  });

  test('opens on the selected person; clicking a grandparent puts them in the middle; every person is a button', async ({ page }) => {
    await card(page, 'Byron King').click();
    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    await page.getByRole('menuitem', { name: 'Charts…' }).click();
    const fan = page.getByRole('dialog', { name: 'Fan chart of Byron King' });
    await expect(fan).toBeVisible();
    // The dialog's name follows the person in the middle: the list is found on the page.
    const people = page.getByRole('list', { name: 'People in the fan chart' });
    await expect(people.getByRole('button')).toHaveText(['Byron King, in the middle', 'William King, Father', 'Ada King, Mother', 'Thomas Hale, Mother’s father', 'Margaret Hale, Mother’s mother']);

    // A click on Thomas Hale's slot (Ahnentafel 6) on the canvas.
    const thomas = await pointOf(page, 6);
    await page.mouse.click(thomas.x, thomas.y);
    await expect(page.getByRole('dialog', { name: 'Fan chart of Thomas Hale' })).toBeVisible();
    await expect(people.getByRole('button')).toHaveText(['Thomas Hale, in the middle']);

    // Back, then the keyboard: a person's button re-centres too.
    await page.getByRole('button', { name: 'Back to Byron King' }).click();
    await expect(people.getByRole('button')).toHaveCount(5);
    await people.getByRole('button', { name: 'Ada King, Mother' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Fan chart of Ada King' })).toBeVisible();
    await expect(people.getByRole('button')).toHaveText(['Ada King, in the middle', 'Thomas Hale, Father', 'Margaret Hale, Mother']);

    // Full circle by generation, and the clicks still land.
    const view = page.getByTestId('chart-view');
    await view.getByLabel('Shape').selectOption('full');
    await view.getByLabel('Colours').selectOption('generation');
    const margaret = await pointOf(page, 3);
    await page.mouse.click(margaret.x, margaret.y);
    await expect(page.getByRole('dialog', { name: 'Fan chart of Margaret Hale' })).toBeVisible();
  });

  test('the same view shows a pedigree, descendants and an hourglass; a click on a card re-centres; every person is a button', async ({ page }) => {
    await card(page, 'Ada King').click();
    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    await page.getByRole('menuitem', { name: 'Charts…' }).click();
    const view = page.getByTestId('chart-view');
    await view.getByRole('combobox', { name: /^Chart/ }).selectOption('pedigree');
    await expect(page.getByRole('dialog', { name: 'Pedigree of Ada King' })).toBeVisible();
    const people = page.getByRole('list', { name: 'People in the chart' });
    await expect(people.getByRole('button')).toHaveText(['Ada King, at the start', 'Thomas Hale, Parent', 'Margaret Hale, Parent']);

    await view.getByRole('combobox', { name: /^Chart/ }).selectOption('descendants');
    await expect(page.getByRole('dialog', { name: 'Descendants of Ada King' })).toBeVisible();
    // Her partner beside her, as on the tree, then the children.
    await expect(people.getByRole('button')).toHaveText(['Ada King, at the start', 'William King, partner of Ada King', 'Byron King, Child', 'Anne King, Child', 'Ralph King, Child']);

    await view.getByRole('combobox', { name: /^Chart/ }).selectOption('hourglass');
    await expect(page.getByRole('dialog', { name: 'Hourglass chart of Ada King' })).toBeVisible();
    await expect(people.getByRole('button')).toHaveCount(7);
    await expect(people.getByRole('button').first()).toHaveText('Ada King, in the middle');

    // A click on Byron King's card on the canvas puts him in the middle: his parents left, nobody right.
    const labels = await people.getByRole('button').allTextContents();
    const byron = await pointOf(page, labels.indexOf('Byron King, Child'));
    await page.mouse.click(byron.x, byron.y);
    await expect(page.getByRole('dialog', { name: 'Hourglass chart of Byron King' })).toBeVisible();
    await expect(people.getByRole('button')).toHaveText(['Byron King, in the middle', 'William King, Parent', 'Ada King, Parent', 'Thomas Hale, Grandparent', 'Margaret Hale, Grandparent']);

    // The keyboard: a person's button re-centres too; the chart saves as an SVG with the names as text.
    await people.getByRole('button', { name: 'Thomas Hale, Grandparent' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Hourglass chart of Thomas Hale' })).toBeVisible();
    const download = page.waitForEvent('download');
    await view.getByRole('button', { name: 'Save SVG' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('hourglass-chart-of-thomas-hale.svg');
    const path = test.info().outputPath('hourglass.svg');
    await file.saveAs(path);
    const svg = await readFile(path, 'utf8');
    for (const name of ['Thomas Hale', 'Ada King', 'George Hale', 'Byron King', 'Oliver Hale']) expect(svg).toMatch(new RegExp(`<text [^>]*>${name}</text>`));
    expect(svg).toContain('Ancestors and descendants of Thomas Hale');
  });

  test('the details panel opens it, and it saves an SVG with every name as text', async ({ page }) => {
    const box = (await card(page, 'Byron King').boundingBox())!;
    await page.mouse.click(box.x + 20, box.y + 20);
    await page.getByRole('complementary', { name: 'Person details' }).getByRole('button', { name: 'Charts', exact: true }).click();
    const fan = page.getByRole('dialog', { name: 'Fan chart of Byron King' });
    const download = page.waitForEvent('download');
    await fan.getByRole('button', { name: 'Save SVG' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('fan-chart-of-byron-king.svg');
    const path = test.info().outputPath('fan.svg');
    await file.saveAs(path);
    const svg = await readFile(path, 'utf8');
    for (const name of ['Byron King', 'William King', 'Ada King', 'Thomas Hale', 'Margaret Hale']) expect(svg).toMatch(new RegExp(`<text [^>]*>${name}</text>`));
    // The PNG comes out of the worker whole: the fan of 5 generations at 150 dpi is over 1,000 px wide.
    const pngDownload = page.waitForEvent('download');
    await fan.getByRole('button', { name: 'Save PNG' }).click();
    const pngFile = await pngDownload;
    expect(pngFile.suggestedFilename()).toBe('fan-chart-of-byron-king.png');
    const pngPath = test.info().outputPath('fan.png');
    await pngFile.saveAs(pngPath);
    const png = await readFile(pngPath);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThan(1000);
    expect(png.subarray(-8, -4).toString('latin1')).toBe('IEND');

    // An owner may leave the living out (nobody here has a death date): the fan and its file say "Private".
    await fan.getByLabel('Leave out living people').check();
    await expect(page.getByRole('dialog', { name: 'Fan chart of Private' })).toBeVisible();
    const again = page.waitForEvent('download');
    await page.getByTestId('chart-view').getByRole('button', { name: 'Save SVG' }).click();
    const second = await again;
    expect(second.suggestedFilename()).toBe('fan-chart-of-private.svg');
    const privatePath = test.info().outputPath('fan-private.svg');
    await second.saveAs(privatePath);
    const hidden = await readFile(privatePath, 'utf8');
    expect(hidden).toMatch(/<text [^>]*>Private<\/text>/);
    for (const word of ['Byron', 'William', 'Ada', 'Thomas', 'Margaret', 'King', 'Hale']) expect(hidden).not.toContain(word);
  });

  test('Print lays out the chosen A4 pages and opens the print dialog; Chromium prints them at A4 with the names as text', async ({ page }) => {
    // Only window.print itself is replaced: it counts instead of opening the system dialog.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.keyboard.press('Control+Shift+E');
    const dialog = page.getByRole('dialog', { name: 'Export chart' });
    await dialog.getByLabel('Pages').selectOption('A4');
    await dialog.getByRole('button', { name: 'Print…' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await expect(dialog).toBeHidden();

    const pages = page.locator('.chart-print > .chart-print-page');
    const count = await pages.count();
    expect(count).toBeGreaterThanOrEqual(1);
    if (count > 1) {
      // Tiled as the PDF is: the page map first, then each page with its four crop marks and its number.
      await expect(pages.first()).toHaveClass(/chart-print-map/);
      for (const p of (await pages.all()).slice(1)) {
        await expect(p.locator('.chart-print-crop')).toHaveCount(4);
        await expect(p.locator('.chart-print-label')).toHaveText(/^Page \d+ of \d+ · row \d+, column \d+$/);
      }
    }
    // Every page's picture is loaded before the dialog opens.
    for (const img of await pages.locator('img').all()) expect(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);

    // What the print dialog would print: Chromium's own print to PDF, at the page size the rule asks.
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const path = test.info().outputPath('printed.pdf');
    await writeFile(path, pdf);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '99', path], { encoding: 'utf8' });
    expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBe(count);
    for (const m of info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g)) expect([Math.round(Number(m[1])), Math.round(Number(m[2]))].sort()).toEqual([595, 842]);
    const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const name of ['Ada King', 'William King', 'Margaret Hale']) expect(text).toContain(name);

    // Printing over, the pages leave the document.
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(page.locator('.chart-print')).toHaveCount(0);
  });
});
