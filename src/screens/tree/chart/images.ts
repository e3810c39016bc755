/**
 * Photos and avatars loaded before the chart is written (a page never goes out before its
 * images): each address drawn once into a small canvas at print resolution, as PNG bytes (PDF,
 * PNG) and a data URL (SVG). An image that cannot be loaded is left out; its card keeps its ring.
 */
import type { ExportImage } from '../../../../engine/export/exportChart.ts';

/** 30-unit avatars at 1 pt per unit and 300 dpi. */
const SIZE = 128;

async function one(url: string): Promise<ExportImage | null> {
  const img = new Image();
  img.crossOrigin = 'anonymous';
  img.src = url;
  try {
    await img.decode();
  } catch {
    return null;
  }
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = SIZE;
  const ctx = canvas.getContext('2d')!;
  // Cover the square, as the card's round avatar does.
  const k = Math.max(SIZE / (img.naturalWidth || SIZE), SIZE / (img.naturalHeight || SIZE));
  const w = (img.naturalWidth || SIZE) * k, h = (img.naturalHeight || SIZE) * k;
  ctx.drawImage(img, (SIZE - w) / 2, (SIZE - h) / 2, w, h);
  let blob: Blob | null;
  try {
    blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/png'));
  } catch {
    return null; // a photo from a site that does not allow reading it back
  }
  if (!blob) return null;
  const png = new Uint8Array(await blob.arrayBuffer());
  const dataUrl = url.startsWith('data:') ? url : canvas.toDataURL('image/png');
  return { url, png, dataUrl };
}

export async function loadImages(urls: Iterable<string>, onProgress: (f: number) => void, signal: AbortSignal): Promise<ExportImage[]> {
  const list = [...new Set(urls)];
  const out: ExportImage[] = [];
  for (let i = 0; i < list.length; i += 8) {
    if (signal.aborted) break;
    const got = await Promise.all(list.slice(i, i + 8).map(one));
    for (const g of got) if (g) out.push(g);
    onProgress(Math.min(1, (i + 8) / list.length));
  }
  return out;
}
