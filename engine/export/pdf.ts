/**
 * The PDF back end (pdf-lib with fontkit): vector cards and lines, text kept as text in embedded
 * font subsets, photos as images. Either one sheet the size of the chart (UserUnit past 200 in)
 * or tiled pages of a paper size with overlap, crop marks, page numbers and a page map first.
 */
import { PDFDocument, PDFHexString, PDFName, PDFNumber, PDFPage, PDFPageTree, type PDFDict, type PDFFont, type PDFImage, type PDFRef } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { zlibSync } from 'fflate';
import { over, parseColour, type Rgba } from './colour.ts';
import type { FontFace, FontSet } from './fonts.ts';
import type { PathCommand } from '../core/edgePaths.ts';
import { sectorPath, type Box, type Op, type Scene, type Shape } from './ops.ts';
import { pacer } from './pace.ts';
import { ContentBytes } from './pdfContent.ts';
import { omitBlank, PAGE_MARGIN, PAGE_OVERLAP, PAPER_SIZES, PDF_MAX_UNITS, singleSheet, tileChart, type Paper, type Tile, type Tiling } from './tiling.ts';

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

/** A number as a content stream writes it: hundredths of a point, never in exponent form. */
const n = (v: number) => String(Math.round(v * 100) / 100);

/** A space, as a content byte. */
const SP = 32;

/** Path operators for a shape, written into the page's content bytes. */
function shapeOps(s: Shape, out: ContentBytes, dx = 0, dy = 0) {
  const c = (a: number, b: number, c2: number, d: number, e: number, f: number) => out.num(a + dx).num(b + dy).num(c2 + dx).num(d + dy).num(e + dx).num(f + dy).str('c\n');
  const m = (x: number, y: number) => out.num(x + dx).num(y + dy).str('m\n');
  const l = (x: number, y: number) => out.num(x + dx).num(y + dy).str('l\n');
  if (s.kind === 'circle') {
    const { cx, cy, r } = s, k = K * r;
    m(cx + r, cy);
    c(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
    c(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
    c(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
    c(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
    out.str('h\n');
  } else if (s.kind === 'rect') {
    const { x, y, w, h, r } = s, k = K * r;
    if (!r) return void out.num(x + dx).num(y + dy).num(w).num(h).str('re\n');
    m(x + r, y);
    l(x + w - r, y);
    c(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    l(x + w, y + h - r);
    c(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    l(x + r, y + h);
    c(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    l(x, y + r);
    c(x, y + r - k, x + r - k, y, x + r, y);
    out.str('h\n');
  } else {
    let cx = 0, cy = 0;
    for (const p of s.kind === 'sector' ? sectorPath(s) : s.cmds) {
      if (p.op === 'M') m(p.x, p.y);
      else if (p.op === 'L') l(p.x, p.y);
      // A quadratic curve as the cubic it equals.
      else if (p.op === 'Q') c(cx + (2 / 3) * (p.cx - cx), cy + (2 / 3) * (p.cy - cy), p.x + (2 / 3) * (p.cx - p.x), p.y + (2 / 3) * (p.cy - p.y), p.x, p.y);
      else c(p.c1x, p.c1y, p.c2x, p.c2y, p.x, p.y);
      cx = p.x;
      cy = p.y;
    }
  }
}

/**
 * A line's commands without the pieces that cannot be seen on the page: a family's line on a
 * 100,000-person poster runs across up to 2,000 pages, and every page wrote all of it (three
 * quarters of the poster's operators). A piece (with its control points) wholly off the page,
 * by more than the line's width, is dropped and the next piece starts where it ended; its round
 * cap lands off the page too. Dashed lines are kept whole: their dashes run on along the path.
 */
export function onPage(cmds: readonly PathCommand[], page: Box, lineWidth: number): PathCommand[] {
  const pad = lineWidth + 1;
  const x0 = page[0] - pad, y0 = page[1] - pad, x1 = page[2] + pad, y1 = page[3] + pad;
  const out: PathCommand[] = [];
  let px = 0, py = 0, moved = false;
  for (const c of cmds) {
    if (c.op === 'M') {
      px = c.x;
      py = c.y;
      moved = true;
      continue;
    }
    let lx = Math.min(px, c.x), hx = Math.max(px, c.x), ly = Math.min(py, c.y), hy = Math.max(py, c.y);
    if (c.op === 'Q') {
      lx = Math.min(lx, c.cx); hx = Math.max(hx, c.cx); ly = Math.min(ly, c.cy); hy = Math.max(hy, c.cy);
    } else if (c.op === 'C') {
      lx = Math.min(lx, c.c1x, c.c2x); hx = Math.max(hx, c.c1x, c.c2x); ly = Math.min(ly, c.c1y, c.c2y); hy = Math.max(hy, c.c1y, c.c2y);
    }
    if (hx >= x0 && lx <= x1 && hy >= y0 && ly <= y1) {
      if (moved) out.push({ op: 'M', x: px, y: py });
      out.push(c);
      moved = false;
    } else moved = true;
    px = c.x;
    py = c.y;
  }
  return out;
}

const rgb = (out: ContentBytes, c: Rgba) => out.num(c.r).num(c.g).num(c.b);

/**
 * What the page's graphics state holds, so an op painted as the one before it writes no colour,
 * width or dash again (a poster's lines are all one colour and width). Forms and photos are drawn
 * between q and Q, which put the state back as it was.
 */
interface PaintState {
  fill: Rgba | null;
  stroke: Rgba | null;
  width: number;
  dash: readonly number[] | null;
}

const unknownState = (): PaintState => ({ fill: null, stroke: null, width: NaN, dash: null });
const sameColour = (a: Rgba | null, b: Rgba) => !!a && a.r === b.r && a.g === b.g && a.b === b.b;
const sameDash = (a: readonly number[] | null, b: readonly number[]) => !!a && a.length === b.length && a.every((v, i) => v === b[i]);

/** How a shape op is painted: its colour (laid over the background) and line. */
function paintOps(op: Extract<Op, { kind: 'shape' }>, colour: Rgba, out: ContentBytes, state = unknownState()) {
  if (op.fill) {
    if (!sameColour(state.fill, colour)) rgb(out, (state.fill = colour)).str('rg ');
    out.str('f\n');
    return;
  }
  if (!sameColour(state.stroke, colour)) rgb(out, (state.stroke = colour)).str('RG ');
  if (state.width !== op.lineWidth) out.num((state.width = op.lineWidth)).str('w ');
  if (!sameDash(state.dash, op.dash)) {
    out.ch(91 /* [ */);
    for (const d of (state.dash = op.dash)) out.num(d);
    out.str('] 0 d ');
  }
  out.str('S\n');
}

/**
 * Where a shape op is drawn from when it is one rounded rectangle or circle: the same card
 * background, border and avatar ring repeat on every card, so each distinct one is written once
 * as a form (an XObject) and each card places it (`cm … Do`): the pages' operators are half as
 * long, and so is the time to write and compress them.
 */
function formOrigin(op: Extract<Op, { kind: 'shape' }>): [number, number, string] | null {
  if (op.shapes.length !== 1) return null;
  const s = op.shapes[0]!;
  const paint = op.fill ? `f${op.fill}` : `s${op.stroke}|${op.lineWidth}|${op.dash.join(',')}`;
  if (s.kind === 'rect') return [s.x, s.y, `r${s.w}|${s.h}|${s.r}|${paint}`];
  if (s.kind === 'circle') return [s.cx, s.cy, `c${s.r}|${paint}`];
  return null;
}

class PageWriter {
  constructor(private doc: DocWriter) {}

  /** `page`: the world rectangle the page shows (a tiled page), whose outside is never seen. */
  async draw(ops: readonly Op[], out: ContentBytes, page?: Box) {
    const bg = this.doc.background;
    const state = unknownState();
    for (const op of ops) {
      if (op.kind === 'shape') {
        const css = op.fill ?? op.stroke!;
        const colour = parseColour(css);
        if (colour.a === 0) continue;
        const form = formOrigin(op);
        if (form) {
          const [x, y, key] = form;
          out.str('q 1 0 0 1 ').num(x).num(y).str('cm /').str(this.doc.form(key, op, x, y)).str(' Do Q\n');
          continue;
        }
        const shapes = page && !op.dash.length ? op.shapes.map((s) => (s.kind === 'path' ? { kind: 'path' as const, cmds: onPage(s.cmds, page, op.lineWidth) } : s)) : op.shapes;
        if (shapes.every((s) => s.kind === 'path' && !s.cmds.length)) continue;
        for (const s of shapes) shapeOps(s, out);
        paintOps(op, over(colour, bg), out, state);
      } else if (op.kind === 'text') {
        const runs = this.doc.fonts.runs(op.text, op.weight);
        // The text's line turned by `angle` in the page's y-down space: glyphs' x along (cos, sin), their up along (sin, -cos).
        const cos = Math.cos(op.angle ?? 0), sin = Math.sin(op.angle ?? 0);
        const shift = op.align === 'center' ? -op.width / 2 : op.align === 'right' ? -op.width : 0;
        let along = shift;
        const colour = over(parseColour(op.color), bg);
        if (!sameColour(state.fill, colour)) rgb(out, (state.fill = colour)).str('rg ');
        out.str('BT\n');
        for (const r of runs) {
          const font = this.doc.ready(r.face) ?? (await this.doc.font(r.face));
          out.ch(47 /* / */).str(this.doc.fontKey(r.face.index, font.font)).ch(SP).num(op.size).str('Tf ');
          if (op.angle) out.num4(cos).num4(sin).num4(sin).num4(-cos);
          else out.str('1 0 0 -1 ');
          out.num(op.x + along * cos).num(op.y + along * sin).str('Tm <').str(font.hex(r.text)).str('> Tj\n');
          along += this.doc.fonts.measure(r.text, op.size, op.weight);
        }
        out.str('ET\n');
      } else {
        const img = await this.doc.image(op.url);
        if (!img) continue;
        const key = this.doc.imageKey(op.url, img);
        out.str('q\n');
        if (op.circle) {
          shapeOps({ kind: 'circle', cx: op.x + op.w / 2, cy: op.y + op.h / 2, r: op.w / 2 }, out);
          out.str('W n\n');
        }
        out.num(op.w).str('0 0 ').num(-op.h).num(op.x).num(op.y + op.h).str('cm /').str(key).str(' Do Q\n');
      }
    }
  }
}

/**
 * Content bytes added to a page as one compressed stream. Compressed by fflate at its fastest
 * level (the streams are repetitive text: level 6 took 15% more time to make the file 7% smaller), not by
 * pdf-lib's pako: a 10,000-card tiled PDF spent a quarter of its time in pako's deflate and in
 * collecting the window each of its 1,700 streams allocated. (The browser's CompressionStream
 * was measured too: four times slower than fflate for the same pages.)
 */
function addContent(doc: PDFDocument, page: PDFPage, content: ContentBytes) {
  const stream = doc.context.stream(zlibSync(content.bytes(), { level: 1 }), { Filter: 'FlateDecode' });
  page.node.addContentStream(doc.context.register(stream));
}

/** A font embedded in the document and its text as the hex codes of its subset's glyphs. */
interface ReadyFont {
  font: PDFFont;
  hex(text: string): string;
}

class DocWriter {
  private embedded = new Map<number, Promise<ReadyFont>>();
  private readyFonts: (ReadyFont | undefined)[] = [];
  private images = new Map<string, Promise<PDFImage | null>>();
  private imageKeys = new Map<string, string>();
  private forms = new Map<string, string>();
  private fontKeys: (string | undefined)[] = [];
  /**
   * One resource dictionary every page shares (fonts, photos, card forms), instead of one each:
   * a 100,000-person poster has 15,000 pages.
   */
  private fontDict: PDFDict;
  private xobjects: PDFDict;
  readonly resources: PDFRef;
  readonly background: Rgba;
  constructor(readonly doc: PDFDocument, readonly fonts: FontSet, private sources: ReadonlyMap<string, PdfImage> | undefined, scene: Scene) {
    this.background = parseColour(scene.background);
    this.fontDict = doc.context.obj({});
    this.xobjects = doc.context.obj({});
    this.resources = doc.context.register(doc.context.obj({ Font: this.fontDict, XObject: this.xobjects }));
  }
  /** A page that draws with the shared resources. */
  share(page: PDFPage) {
    page.node.set(PDFName.of('Resources'), this.resources);
  }
  font(face: FontFace): Promise<ReadyFont> {
    let f = this.embedded.get(face.index);
    if (!f) {
      f = this.doc.embedFont(face.file.woff, { subset: true }).then((font) => {
        const ready = { font, hex: fastEncoding(font) };
        this.readyFonts[face.index] = ready;
        return ready;
      });
      this.embedded.set(face.index, f);
    }
    return f;
  }
  /** The face's font once embedded (no wait for each of a million texts). */
  ready(face: FontFace): ReadyFont | undefined {
    return this.readyFonts[face.index];
  }
  fontKey(index: number, font: PDFFont): string {
    let key = this.fontKeys[index];
    if (!key) {
      this.fontKeys[index] = key = `F${index}`;
      this.fontDict.set(PDFName.of(key), font.ref);
    }
    return key;
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
  /** A photo's name in the shared resources: each photo is embedded once, however many cards show it. */
  imageKey(url: string, img: PDFImage): string {
    let key = this.imageKeys.get(url);
    if (!key) {
      this.imageKeys.set(url, (key = `Im${this.imageKeys.size}`));
      this.xobjects.set(PDFName.of(key), img.ref);
    }
    return key;
  }
  /** The form that draws `op` with (x, y) as its origin, written the first time it is asked for. */
  form(key: string, op: Extract<Op, { kind: 'shape' }>, x: number, y: number): string {
    let name = this.forms.get(key);
    if (!name) {
      const out = new ContentBytes();
      for (const s of op.shapes) shapeOps(s, out, -x, -y);
      paintOps(op, over(parseColour(op.fill ?? op.stroke!), this.background), out);
      const [x0, y0, x1, y1] = op.box;
      const bbox = [x0 - x - 1, y0 - y - 1, x1 - x + 1, y1 - y + 1].map((v) => Math.round(v * 100) / 100);
      const stream = this.doc.context.stream(out.bytes().slice(), { Type: 'XObject', Subtype: 'Form', BBox: bbox });
      this.forms.set(key, (name = `S${this.forms.size}`));
      this.xobjects.set(PDFName.of(name), this.doc.context.register(stream));
    }
    return name;
  }
}

interface SubsetEmbedder {
  font: { glyphForCodePoint(cp: number): unknown };
  subset: { includeGlyph(glyph: unknown): number };
  glyphCache: { invalidate(): void };
  glyphs: unknown[];
  glyphIdMap: Map<number, number>;
  encodeText(text: string): PDFHexString;
}

/**
 * pdf-lib encodes each string through fontkit's full OpenType layout (substitutions and
 * positioning lookups): 90% of the time a 3,000-card PDF took. Names need neither ligatures nor
 * kerning (the widths the cards were fitted with have none), so characters map to glyphs one by
 * one, each glyph's subset code made once. Gives the text's hex codes.
 */
function fastEncoding(font: PDFFont): (text: string) => string {
  const embedder = (font as unknown as { embedder: SubsetEmbedder }).embedder;
  if (!embedder?.subset || !embedder.font) return (text) => font.encodeText(text).asString();
  const codes = new Map<number, string>();
  const hexOf = (text: string) => {
    let hex = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let code = codes.get(cp);
      if (code === undefined) {
        // What pdf-lib's own encodeText records: the glyph under its subset id (its widths come from these).
        const glyph = embedder.font.glyphForCodePoint(cp) as { id: number };
        const id = embedder.subset.includeGlyph(glyph);
        embedder.glyphs[id - 1] = glyph;
        embedder.glyphIdMap.set(glyph.id, id);
        code = id.toString(16).padStart(4, '0');
        codes.set(cp, code);
        embedder.glyphCache.invalidate();
      }
      hex += code;
    }
    return hex;
  };
  embedder.encodeText = (text: string) => PDFHexString.of(hexOf(text));
  return hexOf;
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

const rgbText = (c: Rgba) => `${n(c.r)} ${n(c.g)} ${n(c.b)}`;

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
  const pace = pacer();
  const writer = new PageWriter(w);

  if (o.layout.kind === 'sheet') {
    const sheet = singleSheet(scene.width * s, scene.height * s);
    const page = doc.addPage([sheet.width, sheet.height]);
    w.share(page);
    if (sheet.userUnit > 1) page.node.set(PDFName.of('UserUnit'), PDFNumber.of(sheet.userUnit));
    const k = s / sheet.userUnit;
    const out = new ContentBytes().str(`q\n${rgbText(bg)} rg 0 0 ${n(sheet.width)} ${n(sheet.height)} re f\n${k} 0 0 ${-k} 0 ${n(sheet.height)} cm 1 J 1 j\n`);
    const step = 2000;
    for (let i = 0; i < scene.ops.length; i += step) {
      check();
      await writer.draw(scene.ops.slice(i, i + step), out);
      o.onProgress?.(Math.min(0.9, (i + step) / scene.ops.length) * 0.9);
      await pace();
    }
    out.str('Q\n');
    addContent(doc, page, out);
  } else {
    const margin = o.layout.margin ?? PAGE_MARGIN;
    const overlap = o.layout.overlap ?? PAGE_OVERLAP;
    const t = tileChart(scene.width * s, scene.height * s, { paper: o.layout.paper, margin, overlap });
    const buckets = bucket(scene.ops, t, s);
    // A page with no card, line or text on it is left out (the page map shows it empty).
    const { pages } = omitBlank(t, (tile) => buckets[tile.page - 1]!.length > 0);
    if (t.tiles.length > 1) await pageMap(doc, w, t, pages, scene, s, o.title);
    // A roll page longer than 14,400 units is written smaller with a UserUnit that scales it back.
    const uu = Math.max(1, Math.ceil((Math.max(t.pageWidth, t.pageHeight) / PDF_MAX_UNITS) * 100) / 100);
    const appender = new PageAppender(doc);
    for (const tile of pages) {
      check();
      const page = appender.add([t.pageWidth / uu, t.pageHeight / uu]);
      w.share(page);
      if (uu > 1) page.node.set(PDFName.of('UserUnit'), PDFNumber.of(uu));
      const ph = t.pageHeight;
      const box = `${n(margin)} ${n(margin)} ${n(tile.width)} ${n(tile.height)} re`;
      const out = new ContentBytes();
      if (uu > 1) out.str(`q\n${1 / uu} 0 0 ${1 / uu} 0 0 cm\n`);
      out.str(`q\n${box} W n\n${rgbText(bg)} rg ${box} f\n${s} 0 0 ${-s} ${n(margin - tile.x)} ${n(ph - margin + tile.y)} cm 1 J 1 j\n`);
      const index = tile.row * t.cols + tile.col;
      await writer.draw(buckets[index]!, out, [tile.x / s, tile.y / s, (tile.x + tile.width) / s, (tile.y + tile.height) / s]);
      // The page's ops are written: its list is not needed again (a 100,000-person poster's lists hold millions).
      buckets[index] = [];
      out.str('Q\n');
      if (t.tiles.length > 1) await pageFurniture(out, w, t, pages.length, tile, margin);
      if (uu > 1) out.str('Q\n');
      addContent(doc, page, out);
      o.onProgress?.((tile.page / pages.length) * 0.9);
      await pace();
    }
  }
  check();
  const bytes = await doc.save({ objectsPerTick: 2000 });
  o.onProgress?.(1);
  return bytes;
}

/**
 * Crop marks at the content's corners and "page 3 of 12 · row 1, column 3" under it, as
 * content-stream text in the page's own stream (pdf-lib's drawLine and drawText made an operator
 * object per number, and a stream per call, on each of a poster's pages).
 */
async function pageFurniture(out: ContentBytes, w: DocWriter, t: Tiling, count: number, tile: Tile, margin: number) {
  const x0 = margin, y0 = margin, x1 = margin + tile.width, y1 = margin + tile.height;
  const len = margin * 0.7;
  out.str('q 0.3 0.3 0.3 RG 0.5 w [] 0 d 0 J\n');
  for (const [x, y, dx, dy] of [[x0, y0, -1, -1], [x1, y0, 1, -1], [x0, y1, -1, 1], [x1, y1, 1, 1]] as const)
    out.str(`${n(x + dx * 2)} ${n(y)} m ${n(x + dx * len)} ${n(y)} l S\n${n(x)} ${n(y + dy * 2)} m ${n(x)} ${n(y + dy * len)} l S\n`);
  const face = w.fonts.face(0x61, 400);
  if (face) {
    const font = await w.font(face);
    const label = pageLabel(tile, count);
    const size = 8;
    const x = (t.pageWidth - w.fonts.measure(label, size, 400)) / 2, y = margin / 2 - size / 3;
    out.str(`0.3 0.3 0.3 rg BT /${w.fontKey(face.index, font.font)} ${size} Tf ${n(x)} ${n(y)} Td <${font.hex(label)}> Tj ET\n`);
  }
  out.str('Q\n');
}

/** The words under a tiled page (and in a printed page's margin). */
export const pageLabel = (tile: Tile, count: number) => `Page ${tile.page} of ${count} · row ${tile.row + 1}, column ${tile.col + 1}`;

/** The page map's heading: "Family tree: page map (3 pages, 5 × 3, 12 empty left out)". */
export function mapHeading(title: string | undefined, count: number, t: Tiling): string {
  const blank = t.tiles.length - count;
  return `${title ?? 'Family tree'}: page map (${count} pages, ${t.cols} × ${t.rows}${blank ? `, ${blank} empty left out` : ''})`;
}

/** The page map's word for a place left blank. */
export const BLANK_PAGE = 'empty';

/**
 * Page 1 of a tiled chart: the whole chart's outline with each page's place and number; a blank
 * page, left out, is a grey place marked "empty".
 */
async function pageMap(doc: PDFDocument, w: DocWriter, t: Tiling, pages: readonly Tile[], scene: Scene, s: number, title?: string) {
  // A roll's page is as long as the chart: its map goes on an A4 sheet instead.
  const [pw, ph] = t.pageHeight > PAPER_SIZES.A4[1] * 2 ? PAPER_SIZES.A4 : [t.pageWidth, t.pageHeight];
  const page = doc.addPage([pw, ph]);
  w.share(page);
  const face = w.fonts.face(0x61, 600) ?? w.fonts.face(0x61, 400);
  const font = face ? await w.font(face) : undefined;
  const key = face && font ? `/${w.fontKey(face.index, font.font)}` : '';
  // Written as content-stream text: a 100,000-person poster's map has 15,000 places.
  const out = new ContentBytes();
  const text = (label: string, x: number, y: number, size: number, grey: number) => {
    if (font) out.str(`${grey} g BT ${key} ${n(size)} Tf ${n(x)} ${n(y)} Td <${font.hex(label)}> Tj ET\n`);
  };
  const m = 40;
  text(mapHeading(title, pages.length, t), m, ph - m - 14, 14, 0);
  const last = t.tiles[t.tiles.length - 1]!;
  const fullW = last.x + last.width, fullH = last.y + last.height;
  const k = Math.min((pw - 2 * m) / fullW, (ph - 2 * m - 40) / fullH);
  const top = ph - m - 40;
  out.str(`0.93 g ${n(m)} ${n(top - scene.height * s * k)} ${n(scene.width * s * k)} ${n(scene.height * s * k)} re f\n0.2 G 0.6 w\n`);
  const printed = new Map(pages.map((p) => [p.row * t.cols + p.col, p.page]));
  for (const tile of t.tiles) {
    const x = m + tile.x * k, y = top - (tile.y + tile.height) * k;
    const box = `${n(x)} ${n(y)} ${n(tile.width * k)} ${n(tile.height * k)} re`;
    const number = printed.get(tile.row * t.cols + tile.col);
    out.str(number ? `[] 0 d ${box} S\n` : `[2 2] 0 d 0.85 g ${box} B\n`);
    const size = Math.max(5, Math.min(number ? 18 : 9, tile.width * k * (number ? 0.3 : 0.15)));
    const label = number ? String(number) : BLANK_PAGE;
    text(label, x + (tile.width * k - w.fonts.measure(label, size, 600)) / 2, y + (tile.height * k) / 2 - size / 3, size, 0.1);
  }
  addContent(doc, page, out);
}

/**
 * Pages added under page-tree nodes of 64 each. pdf-lib's addPage walks every page already in the
 * document to find the end (its tree is flat): 15,000 pages took it about 110 million steps.
 */
class PageAppender {
  private group: PDFPageTree | null = null;
  private groupRef: PDFRef | null = null;
  private count = 0;
  constructor(private doc: PDFDocument) {}
  add(size: [number, number]): PDFPage {
    const page = PDFPage.create(this.doc);
    page.setSize(size[0], size[1]);
    if (!this.group || this.count === 64) {
      const root = this.doc.catalog.get(PDFName.of('Pages')) as PDFRef;
      this.group = PDFPageTree.withContext(this.doc.context, root);
      this.groupRef = this.doc.context.register(this.group);
      this.doc.catalog.Pages().pushTreeNode(this.groupRef);
      this.count = 0;
    }
    this.group.pushLeafNode(page.ref);
    page.node.setParent(this.groupRef!);
    this.count++;
    return page;
  }
}
