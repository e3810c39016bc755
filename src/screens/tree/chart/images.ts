/**
 * Photos and avatars fetched for an export before it is written (a page never goes out before its
 * images). The page only fetches the files, once per address (kept for the next export); they are
 * decoded in the export's worker (`engine/export/imageFiles.ts`), never on the page's thread. A
 * file that cannot be fetched (a site that does not allow reading it) is left out; its card keeps
 * its ring.
 */
import type { ImageFile } from '../../../../engine/export/imageFiles.ts';

const fetched = new Map<string, Promise<Blob | null>>();

function fetchOnce(url: string): Promise<Blob | null> {
  let got = fetched.get(url);
  if (!got) {
    got = fetch(url, { mode: 'cors', credentials: 'omit' })
      .then((r) => (r.ok ? r.blob() : null))
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
