import { describe, expect, it } from 'vitest';
import { omitBlank, PAPER_SIZES, ROLL_WIDTHS, singleSheet, tileChart, type Paper } from '../../../engine/export/tiling.ts';

describe('page tiling (issue 22)', () => {
  const o = (paper: Paper, margin = 28, overlap = 20) => ({ paper, margin, overlap });

  it.each([
    // [chart width, height, paper, cols, rows, landscape]
    [400, 600, 'A4', 1, 1, false],
    [539.28, 785.89, 'A4', 1, 1, false], // exactly the printable area
    [540, 700, 'A4', 2, 1, false], // a hair too wide: two pages either way, portrait on a tie
    [1000, 700, 'A4', 2, 1, false],
    [1400, 500, 'A4', 2, 1, true], // three portrait pages, two landscape
    [3000, 500, 'A3', 3, 1, true],
    [3000, 3000, 'A4', 6, 4, false],
    [10_000, 800, 'Letter', 14, 2, true],
    [3000, 2000, 'A0', 1, 1, true],
  ] as const)('%d × %d on %s: %d × %d pages', (w, h, paper, cols, rows, landscape) => {
    const t = tileChart(w, h, o(paper));
    expect([t.cols, t.rows, t.landscape]).toEqual([cols, rows, landscape]);
    expect(t.tiles).toHaveLength(cols * rows);
  });

  it('pages overlap by the overlap, cover the chart, and are numbered row by row', () => {
    const t = tileChart(2000, 1500, o('A4'));
    const [pw, ph] = t.landscape ? [PAPER_SIZES.A4[1], PAPER_SIZES.A4[0]] : PAPER_SIZES.A4;
    expect([t.pageWidth, t.pageHeight]).toEqual([pw, ph]);
    for (const tile of t.tiles) {
      expect(tile.page).toBe(tile.row * t.cols + tile.col + 1);
      expect(tile.width).toBeCloseTo(pw - 56);
      expect(tile.height).toBeCloseTo(ph - 56);
      if (tile.col > 0) {
        const left = t.tiles[tile.page - 2]!;
        expect(left.x + left.width - tile.x).toBeCloseTo(20);
      }
    }
    const last = t.tiles.at(-1)!;
    expect(last.x + last.width).toBeGreaterThanOrEqual(2000);
    expect(last.y + last.height).toBeGreaterThanOrEqual(1500);
    // One page fewer in either direction would not cover it.
    expect((t.cols - 1) * (t.tiles[0]!.width - 20) + 20).toBeLessThan(2000);
  });

  it.each([
    // [chart width, height, roll, strips]
    [1000, 5000, 'Roll610', 1],
    [1673.13, 300, 'Roll610', 1], // exactly the roll's printable width
    [1700, 300, 'Roll610', 2],
    [4000, 2000, 'Roll914', 2],
    [8000, 900, 'Roll610', 5],
  ] as const)('%d × %d on a %s roll: %d strips as long as the chart', (w, h, paper, strips) => {
    const t = tileChart(w, h, o(paper));
    expect(t.pageWidth).toBeCloseTo(ROLL_WIDTHS[paper]);
    expect(t.pageHeight).toBe(h + 56);
    expect([t.cols, t.rows, t.landscape]).toEqual([strips, 1, false]);
    for (const tile of t.tiles) expect(tile.height).toBe(h);
  });

  it('roll widths are 610 mm and 914 mm in points', () => {
    expect(ROLL_WIDTHS.Roll610).toBeCloseTo(1729.13, 2);
    expect(ROLL_WIDTHS.Roll914).toBeCloseTo(2590.87, 2);
  });

  it('leaves blank pages out and numbers the rest again in reading order, keeping their places', () => {
    const t = tileChart(3000, 3000, o('A4')); // 6 × 4
    const { pages, blank } = omitBlank(t, (tile) => tile.row === tile.col);
    expect(pages.map((p) => [p.page, p.row, p.col])).toEqual([[1, 0, 0], [2, 1, 1], [3, 2, 2], [4, 3, 3]]);
    expect(blank).toHaveLength(20);
    expect(blank.every((b) => b.row !== b.col)).toBe(true);
    expect(omitBlank(t, () => true).pages).toEqual(t.tiles);
  });

  it('refuses a margin and overlap that leave no room, and a chart without a size', () => {
    expect(() => tileChart(100, 100, o('A4', 290, 20))).toThrow(/no room/);
    expect(() => tileChart(0, 100, o('A4'))).toThrow();
  });

  it.each([
    [1000, 800, 1],
    [14_400, 200, 1],
    [28_800, 1000, 2],
    [100_000, 50_000, 6.95],
  ])('one sheet %d × %d pt uses UserUnit %d', (w, h, unit) => {
    const s = singleSheet(w, h);
    expect(s.userUnit).toBe(unit);
    expect(Math.max(s.width, s.height)).toBeLessThanOrEqual(14_400);
    expect(s.width * s.userUnit).toBeCloseTo(w);
  });
});
