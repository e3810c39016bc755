import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unzlibSync } from 'fflate';
import { expect, test } from '../fixtures.ts';
import { openTree } from './treePage.ts';
import { seedFamily, TEN_PEOPLE } from './seedFamily.ts';

interface Picture {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel. */
  rgb: Uint8Array;
}

/** A PNG as our writer makes it (8-bit RGBA, every row filter 0), as RGB. */
function readOurPng(bytes: Uint8Array): Picture {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16), height = view.getUint32(20);
  const idat: Uint8Array[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const joined = new Uint8Array(idat.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of idat) joined.set(p, (o += p.length) - p.length);
  const raw = unzlibSync(joined);
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    expect(raw[row]).toBe(0);
    for (let x = 0; x < width; x++) for (let c = 0; c < 3; c++) rgb[(y * width + x) * 3 + c] = raw[row + 1 + x * 4 + c]!;
  }
  return { width, height, rgb };
}

/** A binary PPM (P6) as poppler's pdftoppm writes it. */
function readPpm(bytes: Buffer): Picture {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 50).toString('latin1'))!;
  return { width: Number(header[1]), height: Number(header[2]), rgb: new Uint8Array(bytes.subarray(header[0].length)) };
}

async function exportAs(page: Page, format: 'PDF' | 'PNG', name: string): Promise<string> {
  await page.keyboard.press('Control+Shift+E');
  const dialog = page.getByRole('dialog', { name: 'Export chart' });
  await dialog.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  await dialog.getByRole('radio', { name: 'Light', exact: true }).check();
  await dialog.getByLabel('Pages').selectOption('sheet');
  // No date: the two files are made a moment apart.
  await dialog.getByLabel('Title and date at the top').uncheck();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const path = test.info().outputPath(name);
  await (await download).saveAs(path);
  await expect(dialog).toBeHidden();
  return path;
}

/**
 * What prints is what is seen (issue 22): the PDF of a small tree, rendered by poppler at 150 dpi,
 * against the PNG of the same chart drawn by the canvas back end (the ops the live card code
 * records, replayed on a canvas as on screen), pixel by pixel.
 *
 * Tolerance: a pixel matches when no channel differs by more than 64 (of 255); at least 98% of
 * pixels must match, and the mean difference over all channels must stay under 3. Two renderers
 * (poppler's FreeType and Splash, Chromium's Skia) anti-alias edges and hint glyphs differently:
 * the mismatches are one-pixel fringes along text and curves. A card, line or name missing or out
 * of place changes far more (one card is about 1.5% of this picture).
 */
test('the PDF rendered by poppler matches the PNG drawn like the screen', async ({ page, createMember, signIn }) => {
  const member = await createMember({ firstName: 'Ada', lastName: 'King' });
  await signIn(page, member);
  await openTree(page);
  await seedFamily(page, TEN_PEOPLE({ first: 'Ada', last: 'King' }));
  await openTree(page);

  const png = readOurPng(new Uint8Array(readFileSync(await exportAs(page, 'PNG', 'chart.png'))));
  const pdf = await exportAs(page, 'PDF', 'chart.pdf');
  const out = test.info().outputPath('poppler');
  execFileSync('pdftoppm', ['-r', '150', '-singlefile', pdf, out]);
  const ppm = readPpm(readFileSync(`${out}.ppm`));

  // The same size to a pixel of rounding.
  expect(Math.abs(ppm.width - png.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(ppm.height - png.height)).toBeLessThanOrEqual(1);
  const w = Math.min(ppm.width, png.width), h = Math.min(ppm.height, png.height);
  let matching = 0, total = 0, inked = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const a = (y * png.width + x) * 3, b = (y * ppm.width + x) * 3;
      let worst = 0;
      for (let c = 0; c < 3; c++) {
        const d = Math.abs(png.rgb[a + c]! - ppm.rgb[b + c]!);
        worst = Math.max(worst, d);
        total += d;
      }
      if (worst <= 64) matching++;
      // Not the page's background: there is a chart to compare.
      if (Math.abs(png.rgb[a]! - png.rgb[0]!) > 40) inked++;
    }
  const share = matching / (w * h), mean = total / (w * h * 3);
  test.info().annotations.push({ type: 'pixels', description: `${(share * 100).toFixed(2)}% of ${w} × ${h} pixels match; mean difference ${mean.toFixed(2)}` });
  console.log(`pixel comparison: ${(share * 100).toFixed(2)}% of ${w} × ${h} match, mean difference ${mean.toFixed(2)}, ${inked} inked pixels`);
  expect(inked).toBeGreaterThan(w * h * 0.02);
  expect(share).toBeGreaterThanOrEqual(0.98);
  expect(mean).toBeLessThan(3);
});
