/**
 * Chart export bench (issue 22): royal92 (3,010 people) and a generated tree of 10,000, laid out
 * by the domain's layout, exported to SVG and to a tiled A3 PDF through the static renderer in
 * Node (the worker runs the same code). Prints the figures and writes bench/results/chart-export.json.
 * Run: npx tsx bench/chart-export.ts
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { exportChart, type ChartExportRequest } from '../engine/export/exportChart.ts';
import type { LayoutInput } from '../src/domain/layout/index.ts';
import { model } from './chartBenchModel.ts';
import { nodeFontSet } from '../tests/exportFonts.ts';
import { generateLayoutInput } from './layout/familyInput.ts';
import { royal92 } from './layout/gedcomInput.ts';

async function main() {
  const fonts = await nodeFontSet();
  const trees: [string, LayoutInput][] = [['royal92', royal92()], ['generated 10,000', generateLayoutInput(10_000, 1)]];
  const results: Record<string, unknown>[] = [];
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  for (const [name, input] of trees) {
    const m = model(input, name);
    for (const [format, layout] of [['svg', { kind: 'sheet' }], ['pdf', { kind: 'tiled', paper: 'A3' }]] as const) {
      peak = process.memoryUsage().rss;
      const req: ChartExportRequest = { model: m, theme: 'print', format, layout, images: [] };
      const t0 = performance.now(), cpu0 = process.cpuUsage();
      const out = await exportChart(req, fonts);
      const ms = performance.now() - t0;
      // CPU time too: this 2-core machine is shared, and the wall clock counts the waits for a core.
      const cpu = process.cpuUsage(cpu0);
      const bytes = out.parts.reduce((n, p) => n + p.byteLength, 0);
      const row = { tree: name, people: m.cards.length, lines: m.lines.length, format: format === 'pdf' ? 'PDF tiled A3' : 'SVG', seconds: +(ms / 1000).toFixed(2), cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(2), loadAverage: +loadavg()[0].toFixed(1), megabytes: +(bytes / 2 ** 20).toFixed(1), peakRssMB: Math.round(peak / 2 ** 20) };
      results.push(row);
      console.log(`${row.tree.padEnd(18)} ${String(row.people).padStart(6)} people  ${row.format.padEnd(13)} ${row.seconds.toFixed(2).padStart(6)} s (CPU ${row.cpuSeconds.toFixed(2)} s, load ${row.loadAverage})  ${row.megabytes.toFixed(1).padStart(6)} MB  peak RSS ${row.peakRssMB} MB`);
      if (format === 'pdf') writeFileSync(`/tmp/chart-bench-${m.cards.length}.pdf`, out.parts[0]!);
    }
  }
  clearInterval(sampler);
  writeFileSync(new URL('./results/chart-export.json', import.meta.url), JSON.stringify({ node: process.version, when: new Date().toISOString(), results }, null, 2) + '\n');
}

void main();
