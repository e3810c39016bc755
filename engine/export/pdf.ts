/**
 * The PDF back end (pdf-lib with fontkit): vector cards and lines, text kept as text in embedded
 * font subsets, photos as images. Either one sheet the size of the chart (UserUnit past 200 in)
 * or tiled pages of a paper size with overlap, crop marks, page numbers and a page map first.
 */
import {
  PDFDocument, PDFName, PDFNumber, type PDFFont, type PDFImage, type PDFOperator, type PDFPage,
  appendBezierCurve, beginText, clip, closePath, concatTransformationMatrix, drawObject, endPath, endText, fill,
  lineTo, moveTo, appendQuadraticCurve, popGraphicsState, pushGraphicsState, rectangle, setDashPattern, setFillingRgbColor,
  setFontAndSize, setLineCap, setLineJoin, setLineWidth, setStrokingRgbColor, setTextMatrix, showText, stroke, rgb,
  LineCapStyle, LineJoinStyle,
} from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { over, parseColour, type Rgba } from './colour.ts';
import type { FontFace, FontSet } from './fonts.ts';
import type { Op, Scene, Shape } from './ops.ts';
import { singleSheet, tileChart, type Paper, type Tiling } from './tiling.ts';

export type PdfLayout = { kind: 'sheet' } | { kind: 'tiled'; paper: Paper; margin?: number; overlap?: number };

export interface PdfImage {
  bytes: Uint8Array;
  type: 'png' | 'jpg';
}

export interface PdfOptions {
  layout: PdfLayout;
  fonts: FontSet;
  images?: ReadonlyMap<string, PdfImage>;
  title?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Points per world unit (1: a card's 11.5-unit name prints at 11.5 pt). */
  scale?: number;
}

export class ExportCancelled extends Error {
  constructor() {
    super('The export was cancelled.');
  }
}

const K = 0.5522847498;

function shapeOps(s: Shape, out: PDFOperator[]) {
  if (s.kind === 'circle') {
    const { cx, cy, r } = s, k = K * r;
    out.push(moveTo(cx + r, cy), appendBezierCurve(cx + r, cy + k, cx + k, cy + r, cx, cy + r), appendBezierCurve(cx - k, cy + r, cx - r, cy + k, cx - r, cy),
      appendBezierCurve(cx - r, cy - k, cx - k, cy - r, cx, cy - r), appendBezierCurve(cx + k, cy - r, cx + r, cy - k, cx + r, cy), closePath());
  } else if (s.kind === 'rect') {
    const { x, y, w, h, r } = s, k = K * r;
    if (!r) return void out.push(rectangle(x, y, w, h));
    out.push(moveTo(x + r, y), lineTo(x + w - r, y), appendBezierCurve(x + w - r + k, y, x + w, y + r - k, x + w, y + r), lineTo(x + w, y + h - r),
      appendBezierCurve(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h), lineTo(x + r, y + h),
      appendBezierCurve(x + r - k, y + h, x, y + h - r + k, x, y + h - r), lineTo(x, y + r), appendBezierCurve(x, y + r - k, x + r - k, y, x + r, y), closePath());
  } else {
    for (const c of s.cmds) {
      if (c.op === 'M') out.push(moveTo(c.x, c.y));
      else if (c.op === 'L') out.push(lineTo(c.x, c.y));
      else if (c.op === 'Q') out.push(appendQuadraticCurve(c.cx, c.cy, c.x, c.y));
      else out.push(appendBezierCurve(c.c1x, c.c1y, c.c2x, c.c2y, c.x, c.y));
    }
  }
}

class PageWriter {
  private fontKeys = new Map<number, PDFName>();
  private imageKeys = new Map<string, PDFName>();
  constructor(private page: PDFPage, private doc: DocWriter) {}

  async draw(ops: readonly Op[], out: PDFOperator[]) {
    const colour = (c: Rgba) => [c.r, c.g, c.b] as const;
    for (const op of ops) {
      if (op.kind === 'shape') {
        const css = op.fill ?? op.stroke!;
        const c = parseColour(css);
        if (c.a === 0) continue;
        const solid = colour(over(c, this.doc.background));
        for (const s of op.shapes) shapeOps(s, out);
        if (op.fill) out.push(setFillingRgbColor(...solid), fill());
        else out.push(setStrokingRgbColor(...solid), setLineWidth(op.lineWidth), setDashPattern(op.dash, 0), stroke());
      } else if (op.kind === 'text') {
        const runs = this.doc.fonts.runs(op.text, op.weight);
        let x = op.align === 'center' ? op.x - op.width / 2 : op.align === 'right' ? op.x - op.width : op.x;
        out.push(setFillingRgbColor(...colour(over(parseColour(op.color), this.doc.background))), beginText());
        for (const r of runs) {
          const font = await this.doc.font(r.face);
          out.push(setFontAndSize(this.fontKey(r.face.index, font), op.size), setTextMatrix(1, 0, 0, -1, x, op.y), showText(font.encodeText(r.text)));
          x += this.doc.fonts.measure(r.text, op.size, op.weight);
        }
        out.push(endText());
      } else {
        const img = await this.doc.image(op.url);
        if (!img) continue;
        let key = this.imageKeys.get(op.url);
        if (!key) this.imageKeys.set(op.url, (key = this.page.node.newXObject('Image', img.ref)));
        out.push(pushGraphicsState());
        if (op.circle) {
          shapeOps({ kind: 'circle', cx: op.x + op.w / 2, cy: op.y + op.h / 2, r: op.w / 2 }, out);
          out.push(clip(), endPath());
        }
        out.push(concatTransformationMatrix(op.w, 0, 0, -op.h, op.x, op.y + op.h), drawObject(key), popGraphicsState());
      }
    }
  }

  private fontKey(index: number, font: PDFFont): PDFName {
    let key = this.fontKeys.get(index);
    if (!key) this.fontKeys.set(index, (key = this.page.node.newFontDictionary(font.name, font.ref)));
    return key;
  }
}

class DocWriter {
  private embedded = new Map<number, Promise<PDFFont>>();
  private images = new Map<string, Promise<PDFImage | null>>();
  readonly background: Rgba;
  constructor(readonly doc: PDFDocument, readonly fonts: FontSet, private sources: ReadonlyMap<string, PdfImage> | undefined, scene: Scene) {
    this.background = parseColour(scene.background);
  }
  font(face: FontFace): Promise<PDFFont> {
    let f = this.embedded.get(face.index);
    if (!f) this.embedded.set(face.index, (f = this.doc.embedFont(face.file.woff, { subset: true })));
    return f;
  }
  image(url: string): Promise<PDFImage | null> {
    let i = this.images.get(url);
    if (!i) {
      const src = this.sources?.get(url);
      i = !src ? Promise.resolve(null) : (src.type === 'png' ? this.doc.embedPng(src.bytes) : this.doc.embedJpg(src.bytes)).catch(() => null);
      this.images.set(url, i);
    }
    return i;
  }
}

/** Ops sorted into the tiles they cross (tiles overlap, so an op may be in several). */
function bucket(ops: readonly Op[], t: Tiling, s: number): Op[][] {
  const out: Op[][] = t.tiles.map(() => []);
  const first = t.tiles[0]!;
  const cw = first.width / s, ch = first.height / s;
  const sx = t.cols > 1 ? t.tiles[1]!.x / s : cw, sy = t.rows > 1 ? t.tiles[t.cols]!.y / s : ch;
  for (const op of ops) {
    const [x0, y0, x1, y1] = op.box;
    const c0 = Math.max(0, Math.ceil((x0 - cw) / sx)), c1 = Math.min(t.cols - 1, Math.floor(x1 / sx));
    const r0 = Math.max(0, Math.ceil((y0 - ch) / sy)), r1 = Math.min(t.rows - 1, Math.floor(y1 / sy));
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) out[r * t.cols + c]!.push(op);
  }
  return out;
}

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

export async function writePdf(scene: Scene, o: PdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(o.title ?? 'Family tree');
  doc.setCreator('Kinfolk');
  doc.setProducer('Kinfolk (pdf-lib)');
  const w = new DocWriter(doc, o.fonts, o.images, scene);
  const s = o.scale ?? 1;
  const bg = w.background;
  const check = () => {
    if (o.signal?.aborted) throw new ExportCancelled();
  };

  if (o.layout.kind === 'sheet') {
    const sheet = singleSheet(scene.width * s, scene.height * s);
    const page = doc.addPage([sheet.width, sheet.height]);
    if (sheet.userUnit > 1) page.node.set(PDFName.of('UserUnit'), PDFNumber.of(sheet.userUnit));
    const k = s / sheet.userUnit;
    const ops: PDFOperator[] = [setFillingRgbColor(bg.r, bg.g, bg.b), rectangle(0, 0, sheet.width, sheet.height), fill(),
      concatTransformationMatrix(k, 0, 0, -k, 0, sheet.height), setLineCap(LineCapStyle.Round), setLineJoin(LineJoinStyle.Round)];
    const step = 2000;
    for (let i = 0; i < scene.ops.length; i += step) {
      check();
      await new PageWriter(page, w).draw(scene.ops.slice(i, i + step), ops);
      o.onProgress?.(Math.min(0.9, (i + step) / scene.ops.length) * 0.9);
      await tick();
    }
    page.pushOperators(...ops);
  } else {
    const margin = o.layout.margin ?? 28;
    const overlap = o.layout.overlap ?? 20;
    const t = tileChart(scene.width * s, scene.height * s, { paper: o.layout.paper, margin, overlap });
    const buckets = bucket(scene.ops, t, s);
    if (t.tiles.length > 1) await pageMap(doc, w, t, scene, s, o.title);
    for (const tile of t.tiles) {
      check();
      const page = doc.addPage([t.pageWidth, t.pageHeight]);
      const ph = t.pageHeight;
      const ops: PDFOperator[] = [pushGraphicsState(), rectangle(margin, margin, tile.width, tile.height), clip(), endPath(),
        setFillingRgbColor(bg.r, bg.g, bg.b), rectangle(margin, margin, tile.width, tile.height), fill(),
        concatTransformationMatrix(s, 0, 0, -s, margin - tile.x, ph - margin + tile.y), setLineCap(LineCapStyle.Round), setLineJoin(LineJoinStyle.Round)];
      await new PageWriter(page, w).draw(buckets[tile.page - 1]!, ops);
      ops.push(popGraphicsState());
      page.pushOperators(...ops);
      if (t.tiles.length > 1) await pageFurniture(page, w, t, tile, margin);
      o.onProgress?.((tile.page / t.tiles.length) * 0.9);
      if (tile.page % 4 === 0) await tick();
    }
  }
  check();
  const bytes = await doc.save({ objectsPerTick: 2000 });
  o.onProgress?.(1);
  return bytes;
}

/** Crop marks at the content's corners and "page 3 of 12 · row 1, column 3" under it. */
async function pageFurniture(page: PDFPage, w: DocWriter, t: Tiling, tile: Tiling['tiles'][number], margin: number) {
  const x0 = margin, y0 = margin, x1 = margin + tile.width, y1 = margin + tile.height;
  const len = margin * 0.7, grey = rgb(0.3, 0.3, 0.3);
  for (const [x, y, dx, dy] of [[x0, y0, -1, -1], [x1, y0, 1, -1], [x0, y1, -1, 1], [x1, y1, 1, 1]] as const) {
    page.drawLine({ start: { x: x + dx * 2, y }, end: { x: x + dx * len, y }, thickness: 0.5, color: grey });
    page.drawLine({ start: { x, y: y + dy * 2 }, end: { x, y: y + dy * len }, thickness: 0.5, color: grey });
  }
  const face = w.fonts.face(0x61, 400);
  if (!face) return;
  const font = await w.font(face);
  const label = `Page ${tile.page} of ${t.tiles.length} · row ${tile.row + 1}, column ${tile.col + 1}`;
  const size = 8;
  page.drawText(label, { x: (t.pageWidth - font.widthOfTextAtSize(label, size)) / 2, y: margin / 2 - size / 3, size, font, color: grey });
}

/** Page 1 of a tiled chart: the whole chart's outline with each page's place and number. */
async function pageMap(doc: PDFDocument, w: DocWriter, t: Tiling, scene: Scene, s: number, title?: string) {
  const page = doc.addPage([t.pageWidth, t.pageHeight]);
  const face = w.fonts.face(0x61, 600) ?? w.fonts.face(0x61, 400);
  const font = face ? await w.font(face) : undefined;
  const m = 40;
  const head = `${title ?? 'Family tree'}: page map (${t.tiles.length} pages, ${t.cols} × ${t.rows})`;
  if (font) page.drawText(head, { x: m, y: t.pageHeight - m - 14, size: 14, font, color: rgb(0, 0, 0) });
  const last = t.tiles[t.tiles.length - 1]!;
  const fullW = last.x + last.width, fullH = last.y + last.height;
  const k = Math.min((t.pageWidth - 2 * m) / fullW, (t.pageHeight - 2 * m - 40) / fullH);
  const top = t.pageHeight - m - 40;
  page.drawRectangle({ x: m, y: top - scene.height * s * k, width: scene.width * s * k, height: scene.height * s * k, color: rgb(0.93, 0.93, 0.93) });
  for (const tile of t.tiles) {
    const x = m + tile.x * k, y = top - (tile.y + tile.height) * k;
    page.drawRectangle({ x, y, width: tile.width * k, height: tile.height * k, borderColor: rgb(0.2, 0.2, 0.2), borderWidth: 0.6 });
    if (font) {
      const size = Math.max(5, Math.min(18, tile.width * k * 0.3));
      const label = String(tile.page);
      page.drawText(label, { x: x + (tile.width * k - font.widthOfTextAtSize(label, size)) / 2, y: y + tile.height * k / 2 - size / 3, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
  }
}
