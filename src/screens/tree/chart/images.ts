/**
 * Photos and avatars fetched for an export before it is written (a page never goes out before its
 * images). The page fetches each file once per address (kept for the next export) and the export's
 * worker decodes it (`engine/export/imageFiles.ts`). The exception is SVG (the drawn default
 * avatars): a worker cannot decode SVG, so the page draws it once into a small PNG here. A file
 * that cannot be fetched (a site that does not allow reading it) is left out; its card keeps its ring.
 */
import { IMAGE_SIZE, type ImageFile } from '../../../../engine/export/imageFiles.ts';

const fetched = new Map<string, Promise<Blob | null>>();

function fetchOnce(url: string): Promise<Blob | null> {
  let got = fetched.get(url);
  if (!got) {
    // The tree's own files (photos a viewer may see) need the session's cookie; other sites get none.
    // A data: address (the drawn default avatars) is no fetch: the page's CSP lets fetch reach only
    // the site ('connect-src'), while images may be data: ('img-src').
    got = url.startsWith('data:')
      ? drawToPng(url)
      : fetch(url, { mode: 'cors', credentials: 'same-origin' })
          .then((r) => (r.ok ? r.blob() : null))
          .then((blob) => (blob?.type.startsWith('image/svg') ? svgToPng(blob) : blob))
          .catch(() => null);
    fetched.set(url, got);
    // A failure is not kept: the next export asks again.
    void got.then((blob) => blob || fetched.delete(url));
  }
  return got;
}

export async function fetchImages(urls: Iterable<string>, onProgress: (f: number) => void, signal: AbortSignal): Promise<ImageFile[]> {
  const list = [...new Set(urls)];
  const out: ImageFile[] = [];
  for (let i = 0; i < list.length; i += 8) {
    if (signal.aborted) break;
    const batch = list.slice(i, i + 8);
    const got = await Promise.all(batch.map(fetchOnce));
    got.forEach((blob, j) => blob && out.push({ url: batch[j]!, blob }));
    onProgress(Math.min(1, (i + 8) / list.length));
  }
  return out;
}

/** An SVG drawn once at the export's image size, as PNG bytes the worker can decode. */
async function svgToPng(svg: Blob): Promise<Blob | null> {
  const address = URL.createObjectURL(svg);
  try {
    return await drawToPng(address);
  } finally {
    URL.revokeObjectURL(address);
  }
}

/** An image address drawn once at the export's image size, as PNG bytes. */
async function drawToPng(address: string): Promise<Blob | null> {
  try {
    const img = new Image(IMAGE_SIZE, IMAGE_SIZE);
    img.src = address;
    await img.decode();
    const canvas = new OffscreenCanvas(IMAGE_SIZE, IMAGE_SIZE);
    canvas.getContext('2d')!.drawImage(img, 0, 0, IMAGE_SIZE, IMAGE_SIZE);
    return await canvas.convertToBlob({ type: 'image/png' });
  } catch {
    return null;
  }
}
