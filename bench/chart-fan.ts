/**
 * Fan chart bench (issue 22, target: a 10-generation fan draws its first frame under 100 ms).
 * Bundles bench/fan/page.ts with esbuild, runs it in headless Chromium (Debian's), and times, for
 * a half and a full fan of 10 generations (1,023 people): the Ahnentafel walk, the scene, the
 * canvas drawing (the work before the frame) and the animation frame after them (the frame shown;
 * on a loaded machine most of it is waiting for the compositor). Seven runs each: the first (cold)
 * and the median.
 * Prints the figures and writes bench/results/chart-fan.json.
 * Run: npx tsx bench/chart-fan.ts
 */
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';

const bundle = await build({ entryPoints: [new URL('./fan/page.ts', import.meta.url).pathname], bundle: true, write: false, format: 'iife', target: 'es2022' });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const results: Record<string, unknown>[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  for (const span of ['half', 'full'] as const) {
    const runs: Record<string, number>[] = [];
    for (let i = 0; i < 7; i++) runs.push(await page.evaluate((s) => (window as unknown as { fanFrame(s: string): Promise<Record<string, number>> }).fanFrame(s), span));
    const idle: number[] = [];
    for (let i = 0; i < 7; i++) idle.push(await page.evaluate(() => (window as unknown as { idleFrame(): Promise<number> }).idleFrame()));
    const median = (k: string) => [...runs].map((r) => r[k]!).sort((a, b) => a - b)[3]!;
    const round = (v: number) => Math.round(v * 10) / 10;
    const row = {
      span, generations: 10, people: runs[0]!.people, ops: runs[0]!.ops,
      firstFrameColdMs: round(runs[0]!.firstFrameMs!), firstFrameMedianMs: round(median('firstFrameMs')),
      modelMs: round(median('modelMs')), sceneMs: round(median('sceneMs')), drawMs: round(median('drawMs')),
      // The work the view does before the browser can show the frame: walk, scene and drawing.
      workMedianMs: round([...runs].map((r) => r.modelMs! + r.sceneMs! + r.drawMs!).sort((a, b) => a - b)[3]!),
      idleFrameMedianMs: round(idle.sort((a, b) => a - b)[3]!),
      loadAverage: loadavg()[0],
    };
    results.push({ ...row, runs: runs.map((r) => round(r.firstFrameMs!)), workRuns: runs.map((r) => round(r.modelMs! + r.sceneMs! + r.drawMs!)) });
    console.log(`${span.padEnd(4)} fan, 10 generations, ${row.people} people, ${row.ops} ops: work ${row.workMedianMs} ms median (walk ${row.modelMs}, scene ${row.sceneMs}, draw ${row.drawMs}); next frame ${row.firstFrameMedianMs} ms median, ${row.firstFrameColdMs} ms cold; a frame with no work ${row.idleFrameMedianMs} ms (load average ${row.loadAverage.toFixed(1)})`);
  }
} finally {
  await browser.close();
}
writeFileSync(new URL('./results/chart-fan.json', import.meta.url), JSON.stringify({ date: new Date().toISOString(), results }, null, 2) + '\n');
