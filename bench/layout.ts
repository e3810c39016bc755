/**
 * `npx tsx bench/layout.ts [--json FILE] [--sizes 10000,100000] [--no-browser] [--no-build]`: the
 * automatic layout's time and quality (issue 9, item 3; targets: royal92's 3,010 people under
 * 300 ms, 100,000 under 3 s), and Tidy up on the real tree screen.
 *
 * Families: royal92.ged read through our GEDCOM parser (pedigree collapse, remarriages), the
 * GEDCOM bench generator's files (bench/gedcom/generate.ts: remarriages, half-siblings,
 * adoptions) and the layout's own generated family (bench/layout/familyInput.ts: spouses with
 * parents of their own, spouse chains, cousin marriages), at each size. Each figure is the wall
 * time of `layoutFamilies` in this Node process, median of several runs after one warm-up, so it
 * is what the Web Worker spends, with the process's CPU time for that run and the machine's load
 * average beside it (2 cores shared by many: wall time swings with the load, CPU time less).
 * Quality: crossings of parent lines (`countCrossings`), couples not side by side, the extent.
 *
 * Then Tidy up of a whole tree in headless Chromium on the tree-edit bench page (the real canvas
 * and session over an in-memory repository; the rendering bench's family, packed in rows), by
 * phase: the main thread's plan, the worker's layout (wall time, request to answer), the main
 * thread's edit, the next frame. Writes bench/results/layout.json.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { build } from 'vite';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { serveFolder } from './tools/staticServer.ts';
import type { TidyTimes, TreeBench } from './tree-edit/main.tsx';
import { layoutFamilies, LAYOUT, type LayoutInput, type LayoutResult } from '../src/domain/layout/index.ts';
import { generateGedcom } from './gedcom/generate.ts';
import { generateLayoutInput } from './layout/familyInput.ts';
import { gedcomLayoutInput, royal92 } from './layout/gedcomInput.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const sizes = (option('sizes') ?? '10000,100000').split(',').map(Number);
const out = option('json') ?? join(import.meta.dirname, 'results/layout.json');

interface Row {
  family: string;
  people: number;
  families: number;
  runs: number;
  medianMs: number;
  minMs: number;
  /** CPU time of this process for the median run (every thread: the collector's too). */
  cpuMs: number;
  crossings: number;
  couples: number;
  couplesApart: number;
  rows: number;
  width: number;
  height: number;
  load: number;
}

function couplesApart(input: LayoutInput, r: LayoutResult): { couples: number; apart: number } {
  let couples = 0, apart = 0;
  for (const f of input.families) {
    if (f.partners.length !== 2) continue;
    const [a, b] = [r.positions[f.partners[0]!], r.positions[f.partners[1]!]];
    if (!a || !b) continue;
    couples++;
    if (a.y !== b.y || Math.abs(a.x - b.x) !== LAYOUT.partnerPitch) apart++;
  }
  return { couples, apart };
}

function measure(family: string, input: LayoutInput, runs: number): Row {
  layoutFamilies(input);
  const runsMs: { wall: number; cpu: number }[] = [];
  let result!: LayoutResult;
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    result = layoutFamilies(input);
    const wall = performance.now() - t;
    const used = process.cpuUsage(cpu);
    runsMs.push({ wall, cpu: (used.user + used.system) / 1000 });
  }
  runsMs.sort((a, b) => a.wall - b.wall);
  const times = runsMs.map((r) => r.wall);
  const { couples, apart } = couplesApart(input, result);
  const row: Row = {
    family,
    people: input.people.length,
    families: input.families.length,
    runs,
    medianMs: Math.round(times[times.length >> 1]!),
    minMs: Math.round(times[0]!),
    cpuMs: Math.round(runsMs[runsMs.length >> 1]!.cpu),
    crossings: result.crossings,
    couples,
    couplesApart: apart,
    rows: new Set(Object.values(result.positions).map((p) => p.y)).size,
    width: result.width,
    height: result.height,
    load: Number(loadavg()[0]!.toFixed(1)),
  };
  console.log(
    `${family.padEnd(28)} ${String(row.people).padStart(7)} people  ${String(row.medianMs).padStart(5)} ms (min ${row.minMs}, cpu ${row.cpuMs})  ` +
      `${row.crossings} crossings  ${row.couplesApart}/${row.couples} couples apart  ${row.rows} rows  load ${row.load}`,
  );
  return row;
}

type TidyRow = TidyTimes & { people: number; totalMs: number; load: number };

/** Tidy up of the whole tree on the bench page, once per size, in a fresh browser. */
async function tidyInBrowser(people: number[]): Promise<TidyRow[]> {
  const root = join(import.meta.dirname, '..');
  const dist = join(root, 'dist-bench');
  if (!args.includes('--no-build') || !existsSync(join(dist, 'bench/tree-edit/index.html'))) await build({ configFile: join(root, 'vite.bench.config.ts'), logLevel: 'warn' });
  const { server, origin } = await serveFolder(dist);
  const out: TidyRow[] = [];
  try {
    for (const n of people) {
      const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(`${origin}/bench/tree-edit/index.html?persons=${n}&layout=rows`);
        await page.waitForFunction(() => window.__treeBench?.ready, null, { timeout: 300_000, polling: 200 });
        const times = await page.evaluate(() => (window.__treeBench as TreeBench).tidy());
        const row: TidyRow = { people: n, ...times, totalMs: times.planMs + times.layoutMs + times.commitMs + times.frameMs, load: Number(loadavg()[0]!.toFixed(1)) };
        for (const k of ['planMs', 'layoutMs', 'commitMs', 'frameMs', 'totalMs'] as const) row[k] = Math.round(row[k]);
        console.log(
          `Tidy up in Chromium ${String(n).padStart(7)} people  ${row.totalMs} ms: plan ${row.planMs}, layout (worker) ${row.layoutMs}, ` +
            `edit ${row.commitMs}, frame ${row.frameMs}; ${row.moved} cards moved  load ${row.load}`,
        );
        out.push(row);
      } finally {
        await browser.close();
      }
    }
  } finally {
    server.close();
  }
  return out;
}

const rows: Row[] = [measure('royal92.ged', royal92(), 15)];
for (const n of sizes) {
  const runs = n >= 50_000 ? 3 : 7;
  rows.push(measure(`GEDCOM generator, seed 1`, gedcomLayoutInput(new TextEncoder().encode(generateGedcom({ people: n, seed: 1 }))), runs));
  rows.push(measure(`layout generator, seed 1`, generateLayoutInput(n, 1), runs));
}
const tidy = args.includes('--no-browser') ? [] : await tidyInBrowser(sizes);
writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model, rows, tidy }, null, 2) + '\n');
console.log(`wrote ${out}`);
