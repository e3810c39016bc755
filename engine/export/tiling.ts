/**
 * Page tiling for a poster printed at home: the chart cut into pages of a paper size, each page
 * overlapping its neighbours so they can be trimmed and taped, numbered in reading order, plus
 * where each page sits (the page map). Pure; sizes in PDF points (1/72 in).
 */
export type Paper = 'A4' | 'Letter' | 'A3' | 'A2' | 'A1' | 'A0';

/** Portrait sizes in points. */
export const PAPER_SIZES: Record<Paper, [number, number]> = {
  A4: [595.28, 841.89],
  Letter: [612, 792],
  A3: [841.89, 1190.55],
  A2: [1190.55, 1683.78],
  A1: [1683.78, 2383.94],
  A0: [2383.94, 3370.39],
};

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

/** The orientation that needs fewer pages (portrait on a tie). */
export function tileChart(width: number, height: number, o: TileOptions): Tiling {
  if (!(width > 0 && height > 0)) throw new Error('A chart to tile has a size.');
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
