/**
 * One export from start to end, the same in a worker, in Node (tests, bench) and on a page: the
 * layout model and choices in, the file's bytes out. Photos arrive already loaded (PNG bytes for
 * the PDF, data URLs for the SVG, bitmaps for the PNG): a page is never written before its images.
 */
import type { FontSet } from './fonts.ts';
import type { ImageFile } from './imageFiles.ts';
import { writePdf, type PdfImage, type PdfLayout } from './pdf.ts';
import { PNG_MAX_PIXELS, writePng } from './png.ts';
import { writePngTiles } from './pngTiles.ts';
import { buildFanScene, type FanModel } from './fanScene.ts';
import { buildScene, type ChartModel } from './scene.ts';
import { writeSvgParts } from './svg.ts';
import type { ZipSink } from './zip.ts';
import { writeSvgPages } from './svgPages.ts';
import { chartThemes, type ChartThemeName } from './themes.ts';
import { MIME, type ChartExportResult, type ChartFormat } from './exportResult.ts';

export { MIME, resultBlob, resultSize, type ChartExportResult, type ChartFormat } from './exportResult.ts';

export interface ExportImage {
  url: string;
  /** PNG bytes at print resolution. */
  png: Uint8Array;
  /** The same as a data URL (SVG). */
  dataUrl: string;
}

export interface ChartExportRequest {
  /** The tree's cards and lines; or, with `fan`, a fan chart (then `model` is not read). */
  model: ChartModel;
  fan?: FanModel;
  theme: ChartThemeName;
  format: ChartFormat;
  layout: PdfLayout;
  /** Images ready for the back ends (Node, tests); a page sends `imageFiles` instead. */
  images: ExportImage[];
  /** Image files as fetched, decoded by the worker (`prepareImages`). */
  imageFiles?: ImageFile[];
  /** PNG pixels per world unit. */
  pngScale?: number;
  /** The file's name as the member will get it ("family-tree.png"): the zip of tiles' note names it. */
  fileName?: string;
}

/** Whether a PNG this many pixels wide and high is written as one file; past it, a zip of tiles. */
export const pngFitsOneFile = (width: number, height: number) => width * height <= PNG_MAX_PIXELS;

export async function exportChart(
  req: ChartExportRequest,
  fonts: FontSet,
  o: {
    onProgress?: (f: number) => void;
    signal?: AbortSignal;
    bitmaps?: ReadonlyMap<string, CanvasImageSource>;
    /** Where a zip of PNG tiles is written (a file on disk); in memory without. */
    zipSink?: () => Promise<ZipSink | null>;
  } = {},
): Promise<ChartExportResult> {
  const measure = (t: string, s: number, w: number) => fonts.measure(t, s, w);
  const theme = chartThemes[req.theme];
  const scene = req.fan ? buildFanScene(req.fan, { theme, measure }) : buildScene(req.model, { theme, measure });
  o.onProgress?.(0.1);
  const progress = (f: number) => o.onProgress?.(0.1 + 0.9 * f);
  const people = req.fan ? req.fan.people.length : req.model.cards.length;
  const title = req.fan ? req.fan.title : req.model.title;
  if (req.format === 'svg') {
    const parts = writeSvgParts(scene, { fonts, images: new Map(req.images.map((i) => [i.url, i.dataUrl])) });
    o.onProgress?.(1);
    return { parts, mime: MIME.svg, people };
  }
  if (req.format === 'pages') {
    const { svgs, pages } = writeSvgPages(scene, req.layout, fonts, new Map(req.images.map((i) => [i.url, i.dataUrl])), title);
    o.onProgress?.(1);
    const encoder = new TextEncoder();
    return { parts: svgs.map((s) => encoder.encode(s)), mime: MIME.pages, people, pages };
  }
  if (req.format === 'pdf') {
    const images = new Map<string, PdfImage>(req.images.map((i) => [i.url, { bytes: i.png, type: 'png' }]));
    const bytes = await writePdf(scene, { layout: req.layout, fonts, images, title, onProgress: progress, signal: o.signal });
    return { parts: [bytes], mime: MIME.pdf, people };
  }
  const scale = req.pngScale ?? 150 / 72;
  if (!pngFitsOneFile(Math.ceil(scene.width * scale), Math.ceil(scene.height * scale))) {
    const sink = (await o.zipSink?.()) ?? undefined;
    const blob = await writePngTiles(scene, { scale, images: o.bitmaps, onProgress: progress, signal: o.signal, name: req.fileName, sink });
    return { parts: [], blob, extension: 'zip', mime: 'application/zip', people };
  }
  const parts = await writePng(scene, { scale, images: o.bitmaps, onProgress: progress, signal: o.signal });
  return { parts, mime: MIME.png, people };
}
