/**
 * The browser chart-export bench's page (bench/chart-export-browser.ts bundles it): lays out a
 * generated tree, then exports it with the same code the export worker runs, fonts fetched from
 * the bench's server. Returns times and sizes; the bench samples memory from outside.
 */
import { exportChart, resultSize, type ChartExportRequest } from '../../engine/export/exportChart.ts';
import { EXPORT_FAMILY, FontSet } from '../../engine/export/fonts.ts';
import { loadFontFiles } from '../../engine/export/fontFiles.ts';
import { diskSink } from '../../engine/export/zip.ts';
import type { ChartModel } from '../../engine/export/scene.ts';
import type { LayoutInput } from '../../src/domain/layout/index.ts';
import { model } from '../chartBenchModel.ts';
import { generateLayoutInput } from '../layout/familyInput.ts';

let fonts: FontSet | null = null;
let current: ChartModel | null = null;

async function loadFonts(): Promise<FontSet> {
  const files = await loadFontFiles(async (name) => new Uint8Array(await (await fetch(`/fonts/${name}`)).arrayBuffer()));
  for (const f of files) document.fonts.add(await new FontFace(EXPORT_FAMILY, f.woff2.slice().buffer as ArrayBuffer, { weight: String(f.weight), unicodeRange: f.unicodeRange }).load());
  return new FontSet(files);
}

Object.assign(window, {
  /** A generated tree of `people`, or a tree's layout input as it is (royal92, read by the bench). */
  async prepare(people: number | LayoutInput) {
    fonts ??= await loadFonts();
    const t0 = performance.now();
    current = typeof people === 'number' ? model(generateLayoutInput(people, 1), `Generated ${people}`) : model(people, 'royal92');
    return { layoutMs: performance.now() - t0, cards: current.cards.length, lines: current.lines.length };
  },
  async run(format: ChartExportRequest['format'], layout: ChartExportRequest['layout'], pngScale?: number) {
    const req: ChartExportRequest = { model: current!, theme: 'print', format, layout, images: [], pngScale };
    const t0 = performance.now();
    try {
      // As the worker: a zip of PNG tiles goes to a file on disk.
      let step = 0;
      // Every fiftieth of the way on the console (the bench prints it: a long run's rate).
      const onProgress = (f: number) => f >= (step + 1) / 50 && console.log(`${format} ${Math.round(f * 100)}% after ${((performance.now() - t0) / 1000).toFixed(1)} s`, (step = Math.floor(f * 50)));
      const out = await exportChart(req, fonts!, { zipSink: () => diskSink('bench-export.zip'), onProgress });
      const ms = performance.now() - t0;
      return { ok: true, ms, bytes: resultSize(out), parts: out.parts.length, zip: out.extension === 'zip' };
    } catch (e) {
      return { ok: false, ms: performance.now() - t0, message: e instanceof Error ? e.message : String(e) };
    }
  },
});
