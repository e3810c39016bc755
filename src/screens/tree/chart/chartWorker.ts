/**
 * The chart export off the main thread (issue 22): fonts fetched once, the file written with
 * progress, its bytes handed back. Cancelling ends the worker.
 */
import { exportChart, type ChartExportRequest, type ChartExportResult } from '../../../../engine/export/exportChart.ts';
import { EXPORT_FAMILY, FontSet } from '../../../../engine/export/fonts.ts';
import { loadFontFiles } from '../../../../engine/export/fontFiles.ts';
import { prepareImages } from '../../../../engine/export/imageFiles.ts';
import { diskSink } from '../../../../engine/export/zip.ts';
import { FONT_URLS } from './fontUrls.ts';

export type ChartWorkerReply = { kind: 'progress'; fraction: number } | ({ kind: 'done' } & ChartExportResult) | { kind: 'failed'; message: string };

/** The origin-private file a zip of tiles is written to (the next one writes over it). */
const EXPORT_FILE = 'chart-export.zip';

const reply = (m: ChartWorkerReply, transfer: Transferable[] = []) => postMessage(m, { transfer });

async function fonts(): Promise<FontSet> {
  const files = await loadFontFiles(async (name) => new Uint8Array(await (await fetch(FONT_URLS[name]!)).arrayBuffer()));
  // The PNG's canvas writes text with the same files.
  const scope = self as unknown as { fonts?: FontFaceSet };
  if (scope.fonts)
    for (const f of files) {
      const face = new FontFace(EXPORT_FAMILY, f.woff2.slice().buffer as ArrayBuffer, { weight: String(f.weight), unicodeRange: f.unicodeRange });
      scope.fonts.add(await face.load());
    }
  return new FontSet(files);
}

addEventListener('message', async (event: MessageEvent<ChartExportRequest>) => {
  try {
    const req = event.data;
    const set = await fonts();
    // Photos decoded here, once each, off the page's thread.
    const { images, bitmaps } = await prepareImages(req.imageFiles ?? [], req.format);
    const out = await exportChart({ ...req, images: [...req.images, ...images] }, set, {
      onProgress: (fraction) => reply({ kind: 'progress', fraction }),
      bitmaps,
      // A zip of PNG tiles (gigabytes at 100,000 people) is written to disk, not kept in memory.
      zipSink: () => diskSink(EXPORT_FILE),
    });
    // A Blob (the zip of tiles) crosses by reference; byte parts are moved, not copied.
    reply({ kind: 'done', ...out }, out.parts.map((p) => p.buffer as ArrayBuffer));
  } catch (e) {
    reply({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
});
