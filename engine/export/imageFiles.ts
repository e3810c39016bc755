/**
 * Photos and avatars made ready for an export, in the export's worker: each file decoded once
 * (`createImageBitmap`, off the page's thread), drawn once into a square at print resolution
 * (covering it, as the card's round avatar does), and given to the back end that needs it: PNG
 * bytes for the PDF, a data URL for the SVG, the drawing itself for the PNG's canvas. A file that
 * cannot be decoded is left out; its card keeps its ring.
 */
import type { ChartFormat, ExportImage } from './exportChart.ts';

/** An image file as the page fetched it (not decoded there). */
export interface ImageFile {
  url: string;
  blob: Blob;
}

/** 30-unit avatars at 1 pt per unit and 300 dpi. */
export const IMAGE_SIZE = 128;

export interface PreparedImages {
  images: ExportImage[];
  /** For the PNG: each image drawn at print resolution. */
  bitmaps: Map<string, CanvasImageSource>;
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export async function prepareImages(
  files: readonly ImageFile[],
  format: ChartFormat,
  decode: (blob: Blob) => Promise<ImageBitmap> = (b) => createImageBitmap(b),
): Promise<PreparedImages> {
  const out: PreparedImages = { images: [], bitmaps: new Map() };
  const seen = new Set<string>();
  for (const f of files) {
    if (seen.has(f.url)) continue;
    seen.add(f.url);
    let bitmap: ImageBitmap;
    try {
      bitmap = await decode(f.blob);
    } catch {
      continue;
    }
    const canvas = new OffscreenCanvas(IMAGE_SIZE, IMAGE_SIZE);
    const ctx = canvas.getContext('2d')!;
    const k = Math.max(IMAGE_SIZE / (bitmap.width || IMAGE_SIZE), IMAGE_SIZE / (bitmap.height || IMAGE_SIZE));
    const w = (bitmap.width || IMAGE_SIZE) * k, h = (bitmap.height || IMAGE_SIZE) * k;
    ctx.drawImage(bitmap, (IMAGE_SIZE - w) / 2, (IMAGE_SIZE - h) / 2, w, h);
    bitmap.close();
    if (format === 'png') {
      out.bitmaps.set(f.url, canvas.transferToImageBitmap());
      continue;
    }
    const png = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    out.images.push({ url: f.url, png, dataUrl: format === 'pdf' ? '' : `data:image/png;base64,${base64(png)}` });
  }
  return out;
}
