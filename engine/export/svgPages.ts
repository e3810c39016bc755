/**
 * A chart as printed pages (issue 22, Print): the same pages as the PDF's layout, each an SVG of
 * its part of the chart (text as text, fonts inlined), for the browser's print dialog to print at
 * the paper's size. Blank pages are left out, as from the PDF; a tiled chart starts with the same
 * page map as its PDF, and its pages get the same crop marks and page numbers (drawn around each
 * page's picture by the print layout, in the margin).
 */
import type { FontSet } from './fonts.ts';
import { overlaps, type Scene } from './ops.ts';
import { BLANK_PAGE, mapHeading, pageLabel, type PdfLayout } from './pdf.ts';
import { escapeXml, num, writeSvg } from './svg.ts';
import { omitBlank, PAGE_MARGIN, PAGE_OVERLAP, PAPER_SIZES, tileChart, type Tile, type Tiling } from './tiling.ts';

/** The paper the pages go on, in points, and the words in each page's margin. */
export interface PrintPages {
  width: number;
  height: number;
  margin: number;
  /** One per part; '' for a page without (a single sheet, and the page map). */
  labels: string[];
  /** The first part is the page map (printed to the paper's edge, without crop marks). */
  map?: boolean;
}

export function writeSvgPages(scene: Scene, layout: PdfLayout, fonts: FontSet, images?: ReadonlyMap<string, string>, title?: string): { svgs: string[]; pages: PrintPages } {
  if (layout.kind === 'sheet') return { svgs: [writeSvg(scene, { fonts, images })], pages: { width: scene.width, height: scene.height, margin: 0, labels: [''] } };
  const margin = layout.margin ?? PAGE_MARGIN;
  const t = tileChart(scene.width, scene.height, { paper: layout.paper, margin, overlap: layout.overlap ?? PAGE_OVERLAP });
  const { pages } = omitBlank(t, (tile) => scene.ops.some((op) => overlaps(op.box, tile.x, tile.y, tile.width, tile.height)));
  const svgs = pages.map((tile) => writeSvg(scene, { fonts, images, region: { x: tile.x, y: tile.y, w: tile.width, h: tile.height } }));
  const size = { width: t.pageWidth, height: t.pageHeight, margin };
  if (t.tiles.length === 1) return { svgs, pages: { ...size, labels: [''] } };
  return { svgs: [pageMapSvg(t, pages, scene, title), ...svgs], pages: { ...size, labels: ['', ...pages.map((p) => pageLabel(p, pages.length))], map: true } };
}

/**
 * The page map as the PDF draws it: the chart's outline, each page's place and number, a blank
 * page left out as a grey place marked "empty". On the paper's size (a roll's on A4, as in the PDF).
 */
export function pageMapSvg(t: Tiling, pages: readonly Tile[], scene: Pick<Scene, 'width' | 'height'>, title?: string): string {
  const [pw, ph] = t.pageHeight > PAPER_SIZES.A4[1] * 2 ? PAPER_SIZES.A4 : [t.pageWidth, t.pageHeight];
  const m = 40;
  const last = t.tiles[t.tiles.length - 1]!;
  const k = Math.min((pw - 2 * m) / (last.x + last.width), (ph - 2 * m - 40) / (last.y + last.height));
  const top = m + 40;
  const printed = new Map(pages.map((p) => [p.row * t.cols + p.col, p.page]));
  const out = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(pw)}" height="${num(ph)}" viewBox="0 0 ${num(pw)} ${num(ph)}" font-family="Inter, sans-serif">`,
    `<rect width="${num(pw)}" height="${num(ph)}" fill="#ffffff"/>`,
    `<text x="${m}" y="${m + 14}" font-size="14" font-weight="600" fill="#000000">${escapeXml(mapHeading(title, pages.length, t))}</text>`,
    `<rect x="${m}" y="${num(top)}" width="${num(scene.width * k)}" height="${num(scene.height * k)}" fill="#ededed"/>`,
  ];
  for (const tile of t.tiles) {
    const x = m + tile.x * k, y = top + tile.y * k, w = tile.width * k, h = tile.height * k;
    const number = printed.get(tile.row * t.cols + tile.col);
    out.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${number ? 'none' : '#d9d9d9'}" stroke="#333333" stroke-width="0.6"${number ? '' : ' stroke-dasharray="2 2"'}/>`);
    const size = Math.max(5, Math.min(number ? 18 : 9, w * (number ? 0.3 : 0.15)));
    out.push(`<text x="${num(x + w / 2)}" y="${num(y + h / 2 + size / 3)}" font-size="${num(size)}" font-weight="600" text-anchor="middle" fill="#1a1a1a">${number ?? BLANK_PAGE}</text>`);
  }
  out.push('</svg>');
  return out.join('\n');
}
