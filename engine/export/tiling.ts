/**
 * Page tiling for a poster printed at home: the chart cut into pages of a paper size, each page
 * overlapping its neighbours so they can be trimmed and taped, numbered in reading order, plus
 * where each page sits (the page map). Pure; sizes in PDF points (1/72 in).
 */
export type Sheet = 'A4' | 'Letter' | 'A3' | 'A2' | 'A1' | 'A0';
/** A roll of a plotter's paper, 610 mm (24 in) or 914 mm (36 in) wide: pages as long as the chart. */
export type Roll = 'Roll610' | 'Roll914';
export type Paper = Sheet | Roll;

export const ROLL_WIDTHS: Record<Roll, number> = { Roll610: (610 / 25.4) * 72, Roll914: (914 / 25.4) * 72 };
export const isRoll = (p: Paper): p is Roll => p in ROLL_WIDTHS;

/** Portrait sizes in points. */
export const PAPER_SIZES: Record<Sheet, [number, number]> = {
  A4: [595.28, 841.89],
  Letter: [612, 792],
  A3: [841.89, 1190.55],
  A2: [1190.55, 1683.78],
  A1: [1683.78, 2383.94],
  A0: [2383.94, 3370.39],
};

/** A tiled page's unprinted border and the overlap of neighbours, unless told: 10 mm and 7 mm. */
export const PAGE_MARGIN = 28;
export const PAGE_OVERLAP = 20;

export interface TileOptions {
  paper: Paper;
  /** Unprinted border of each page (home printers cannot print to the edge). */
  margin: number;
  /** How much of the chart two neighbouring pages both show. */
  overlap: number;
}

export interface Tile {
  /** 1-based, row by row. */
  page: number;
  row: number;
  col: number;
  /** The part of the chart this page shows, in chart points. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Tiling {
  pageWidth: number;
  pageHeight: number;
  landscape: boolean;
  cols: number;
  rows: number;
  tiles: Tile[];
}

function count(length: number, content: number, overlap: number): number {
  return length <= content ? 1 : Math.ceil((length - overlap) / (content - overlap));
}

function cut(width: number, height: number, pw: number, ph: number, o: TileOptions, landscape: boolean): Tiling {
  const cw = pw - 2 * o.margin, ch = ph - 2 * o.margin;
  const cols = count(width, cw, o.overlap), rows = count(height, ch, o.overlap);
  const tiles: Tile[] = [];
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < cols; col++)
      tiles.push({ page: tiles.length + 1, row, col, x: col * (cw - o.overlap), y: row * (ch - o.overlap), width: cw, height: ch });
  return { pageWidth: pw, pageHeight: ph, landscape, cols, rows, tiles };
}

/**
 * The orientation that needs fewer pages (portrait on a tie). On a roll, pages are the roll's
 * width and the chart's height: one strip, or side by side strips for a chart wider than the roll.
 */
export function tileChart(width: number, height: number, o: TileOptions): Tiling {
  if (!(width > 0 && height > 0)) throw new Error('A chart to tile has a size.');
  if (isRoll(o.paper)) {
    const w = ROLL_WIDTHS[o.paper];
    if (o.overlap < 0 || 2 * o.margin + o.overlap >= w) throw new Error('The margin and overlap leave no room on the page.');
    return cut(width, height, w, height + 2 * o.margin, o, false);
  }
  const [w, h] = PAPER_SIZES[o.paper];
  if (o.overlap < 0 || 2 * o.margin + o.overlap >= Math.min(w, h)) throw new Error('The margin and overlap leave no room on the page.');
  const portrait = cut(width, height, w, h, o, false);
  const landscape = cut(width, height, h, w, o, true);
  return landscape.tiles.length < portrait.tiles.length ? landscape : portrait;
}

/** PDF viewers and printers refuse pages over 14,400 units: past that a sheet uses UserUnit. */
export const PDF_MAX_UNITS = 14_400;

/** One sheet the size of the chart: its page size in units and the UserUnit that scales them. */
export function singleSheet(width: number, height: number): { width: number; height: number; userUnit: number } {
  const userUnit = Math.max(1, Math.ceil((Math.max(width, height) / PDF_MAX_UNITS) * 100) / 100);
  return { width: width / userUnit, height: height / userUnit, userUnit };
}

/**
 * The pages worth printing: tiles on which something is drawn, numbered again in reading order
 * (row and column kept, for the page map), and the blank ones left out.
 */
export function omitBlank(t: Tiling, drawn: (tile: Tile) => boolean): { pages: Tile[]; blank: Tile[] } {
  const pages: Tile[] = [], blank: Tile[] = [];
  for (const tile of t.tiles) {
    if (drawn(tile)) pages.push({ ...tile, page: pages.length + 1 });
    else blank.push(tile);
  }
  return { pages, blank };
}
