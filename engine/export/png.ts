/**
 * PNG of any size: the picture is drawn in tiles (no canvas larger than the browser allows, 32,767
 * px a side or 268 M px in all) and its rows are compressed as they come into one PNG stream,
 * so a chart far wider than a canvas still comes out as one complete file.
 */
import { Zlib } from 'fflate';
import { drawOps } from './canvas.ts';
import type { Scene } from './ops.ts';
import { ExportCancelled } from './pdf.ts';

/** The widest and tallest canvas a tile is drawn on. */
export const TILE = 4096;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array, crc = 0xffffffff): number {
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 255]! ^ (crc >>> 8);
  return crc;
}

/** One PNG chunk: length, type, data, CRC of type and data. */
export function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, (crc32(out.subarray(4, 8 + data.length)) ^ 0xffffffff) >>> 0);
  return out;
}

/** Writes RGBA rows into PNG parts as they arrive. */
export class PngStream {
  readonly parts: Uint8Array[] = [];
  private z: Zlib;
  constructor(readonly width: number, readonly height: number) {
    this.parts.push(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]));
    const ihdr = new Uint8Array(13);
    const v = new DataView(ihdr.buffer);
    v.setUint32(0, width);
    v.setUint32(4, height);
    ihdr.set([8, 6, 0, 0, 0], 8);
    this.parts.push(chunk('IHDR', ihdr));
    this.z = new Zlib({ level: 6 }, (data) => {
      if (data.length) this.parts.push(chunk('IDAT', data));
    });
  }
  /** `rows` RGBA rows of `width` pixels each, top to bottom. */
  rows(rgba: Uint8Array | Uint8ClampedArray, count: number) {
    const line = this.width * 4;
    const buf = new Uint8Array(count * (line + 1));
    for (let r = 0; r < count; r++) buf.set(rgba.subarray(r * line, (r + 1) * line), r * (line + 1) + 1);
    this.z.push(buf);
  }
  end(): Uint8Array[] {
    this.z.push(new Uint8Array(0), true);
    this.parts.push(chunk('IEND', new Uint8Array(0)));
    return this.parts;
  }
}

export interface PngOptions {
  /** Pixels per world unit (150 dpi at 1 pt per unit: 150 / 72). */
  scale: number;
  images?: ReadonlyMap<string, CanvasImageSource>;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * The most pixels one PNG file is made with: a billion (4 GB of colour). Past it few programs can
 * open the file (a generated tree of 10,000 people laid out flat is 5.8 billion at 150 dpi), so
 * the picture comes as a zip of tiles with a note instead (`pngTiles.ts`).
 */
export const PNG_MAX_PIXELS = 1e9;

/** The scene as PNG parts (a Blob's), drawn band by band, each band tile by tile. */
export async function writePng(scene: Scene, o: PngOptions): Promise<Uint8Array[]> {
  const W = Math.ceil(scene.width * o.scale), H = Math.ceil(scene.height * o.scale);
  if (W * H > PNG_MAX_PIXELS) throw new Error(`This picture would be ${W.toLocaleString('en')} × ${H.toLocaleString('en')} pixels, too large for one PNG file.`);
  const png = new PngStream(W, H);
  // Bands short enough that one holds at most 64 MB of pixels.
  const band = Math.max(1, Math.min(TILE, Math.floor((64 << 20) / (W * 4))));
  const canvas = new OffscreenCanvas(Math.min(W, TILE), band);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const rows = new Uint8Array(W * band * 4);
  for (let y = 0; y < H; y += band) {
    if (o.signal?.aborted) throw new ExportCancelled();
    const h = Math.min(band, H - y);
    for (let x = 0; x < W; x += TILE) {
      const w = Math.min(TILE, W - x);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.fillStyle = scene.background;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      drawOps(ctx, scene.ops, { x: x / o.scale, y: y / o.scale, w: w / o.scale, h: h / o.scale, scale: o.scale }, o.images ?? new Map());
      const px = ctx.getImageData(0, 0, w, h).data;
      for (let r = 0; r < h; r++) rows.set(px.subarray(r * w * 4, (r + 1) * w * 4), (r * W + x) * 4);
    }
    png.rows(rows, h);
    o.onProgress?.(Math.min(1, (y + h) / H));
    await new Promise<void>((r) => setTimeout(r, 0));
  }
  return png.end();
}
