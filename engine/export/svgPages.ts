/**
 * A chart as printed pages (issue 22, Print): the same pages as the PDF's layout, each an SVG of
 * its part of the chart (text as text, fonts inlined), for the browser's print dialog to print at
 * the paper's size. Blank pages are left out, as from the PDF.
 */
import type { FontSet } from './fonts.ts';
import { overlaps, type Scene } from './ops.ts';
import { pageLabel, type PdfLayout } from './pdf.ts';
import { writeSvg } from './svg.ts';
import { omitBlank, PAGE_MARGIN, PAGE_OVERLAP, tileChart } from './tiling.ts';

/** The paper the pages go on, in points, and the words in each page's margin. */
export interface PrintPages {
  width: number;
  height: number;
  margin: number;
  labels: string[];
}

export function writeSvgPages(scene: Scene, layout: PdfLayout, fonts: FontSet, images?: ReadonlyMap<string, string>): { svgs: string[]; pages: PrintPages } {
  if (layout.kind === 'sheet') return { svgs: [writeSvg(scene, { fonts, images })], pages: { width: scene.width, height: scene.height, margin: 0, labels: [''] } };
  const margin = layout.margin ?? PAGE_MARGIN;
  const t = tileChart(scene.width, scene.height, { paper: layout.paper, margin, overlap: layout.overlap ?? PAGE_OVERLAP });
  const { pages } = omitBlank(t, (tile) => scene.ops.some((op) => overlaps(op.box, tile.x, tile.y, tile.width, tile.height)));
  return {
    svgs: pages.map((tile) => writeSvg(scene, { fonts, images, region: { x: tile.x, y: tile.y, w: tile.width, h: tile.height } })),
    pages: { width: t.pageWidth, height: t.pageHeight, margin, labels: pages.length > 1 ? pages.map((p) => pageLabel(p, pages.length)) : [''] },
  };
}
