/**
 * Chart export in the browser (issue 22, targets: 10,000 people to PDF under 10 s; 100,000 to any
 * format without a crash, under 60 s and under 1.5 GB of browser memory). Bundles
 * bench/chartBrowser/page.ts with esbuild and runs it in headless Chromium (Debian's): a generated
 * tree of 10,000 and of 100,000 people laid out by the domain's layout, then exported to SVG, to a
 * tiled A3 PDF and to PNG at 150 dpi, on the page's thread (the export worker runs the same code).
 * Memory: the proportional set size of all of Chromium's processes together, read from /proc
 * every 100 ms (the peak during each export), and the page's JS heap after it (performance.memory).
 * Time: the wall clock and the CPU time of Chromium's processes (this 2-core machine is shared).
 * Prints the figures and writes bench/results/chart-export-browser.json.
 * Run: npx tsx bench/chart-export-browser.ts [royal92|people…]   (default royal92 10000 100000)
 * CHART_FORMATS=svg,pdf,png picks the formats (all three by default). CHART_PROFILE=DIR writes a
 * CPU profile of the page's thread for each export (CDP Profiler) to DIR/<people>-<format>.cpuprofile.
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { royal92 } from './layout/gedcomInput.ts';

/** The pids of a process and all its descendants. */
function tree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      // The process ended while being read.
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(root);
  return out;
}

/**
 * Memory of a process tree, bytes: the proportional set size (a page shared by n processes counts
 * 1/n in each), so shared libraries are not counted once per Chromium process.
 */
function rss(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // Gone.
    }
  }
  return total;
}

/** CPU time of a process tree so far, seconds (user and system). */
function cpu(root: number): number {
  let ticks = 0;
  for (const pid of tree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // Gone.
    }
  }
  return ticks / 100;
}

const args = process.argv.slice(2);
const trees = (args.length ? args : ['royal92', '10000', '100000']).map((a) => (a === 'royal92' ? royal92() : Number(a)));
const formats = (process.env.CHART_FORMATS ?? 'svg,pdf,png').split(',');
const bundle = await build({ entryPoints: [new URL('./chartBrowser/page.ts', import.meta.url).pathname], bundle: true, write: false, format: 'iife', target: 'es2022' });
// A browser profile on disk, as a member's browser has (an incognito one keeps its files in memory):
// the zip of PNG tiles is written to the origin's private file system, on disk.
const profile = mkdtempSync(join(tmpdir(), 'chart-bench-'));
// The bench's made-up origin counts as secure, as the app's https one is (the file system needs it).
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath(),
  args: [...chromiumArgs, '--enable-precise-memory-info', '--unsafely-treat-insecure-origin-as-secure=http://bench.local'],
});
/** Chromium's browser process: this process's child named chromium or chrome. */
const pid = tree(process.pid).find((p) => p !== process.pid && /^(chromium|chrome)/.test(readFileSync(`/proc/${p}/comm`, 'utf8')) && tree(p).length > 1)!;
const results: Record<string, unknown>[] = [];
const MB = 2 ** 20;
/** The export running now: Chromium's processes and the peak of their memory so far. */
let watched: number[] = [];
let peak = 0;
let cpuStart = 0;
try {
  const page = context.pages()[0] ?? (await context.newPage());
  // A long run's progress with the memory so far (a run stopped early still says how it went).
  page.on('console', (m) => console.log(`  page: ${m.text()}${watched.length ? `; CPU ${(cpu(pid) - cpuStart).toFixed(1)} s, browser memory now ${Math.round(rss(watched) / MB)} MB, peak ${Math.round(peak / MB)} MB` : ''}`));
  await page.route('http://bench.local/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith('/fonts/')) {
      const body = readFileSync(new URL(`../node_modules/@fontsource/inter/files/${url.pathname.slice(7)}`, import.meta.url));
      return route.fulfill({ body, contentType: 'font/woff2' });
    }
    return route.fulfill({ body: `<!doctype html><html><body><script>${bundle.outputFiles[0]!.text}</script></body></html>`, contentType: 'text/html' });
  });
  await page.goto('http://bench.local/');
  const profileDir = process.env.CHART_PROFILE;
  const cdp = profileDir ? await context.newCDPSession(page) : null;
  if (cdp) {
    mkdirSync(profileDir!, { recursive: true });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  }
  for (const people of trees) {
    const prep = await page.evaluate((n) => (window as unknown as { prepare(n: unknown): Promise<{ layoutMs: number; cards: number; lines: number }> }).prepare(n), people);
    for (const [format, layout, label] of [
      ['svg', { kind: 'sheet' }, 'SVG'],
      ['pdf', { kind: 'tiled', paper: 'A3' }, 'PDF tiled A3'],
      ['png', { kind: 'sheet' }, 'PNG 150 dpi'],
    ] as const) {
      if (!formats.includes(format)) continue;
      // Chromium's processes listed once (walking /proc every sample cost a core on this machine).
      const pids = (watched = tree(pid));
      peak = rss(pids);
      const base = peak, cpu0 = (cpuStart = cpu(pid));
      const sampler = setInterval(() => (peak = Math.max(peak, rss(pids))), 100);
      if (cdp) await cdp.send('Profiler.start');
      const out = await page.evaluate(([f, l]) => (window as unknown as { run(f: string, l: unknown): Promise<Record<string, unknown>> }).run(f, l), [format, layout] as const);
      clearInterval(sampler);
      peak = Math.max(peak, rss(pids));
      if (cdp) writeFileSync(join(profileDir!, `${prep.cards}-${format}.cpuprofile`), JSON.stringify((await cdp.send('Profiler.stop')).profile));
      const cpuSeconds = +(cpu(pid) - cpu0).toFixed(2);
      const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0);
      const row = {
        tree: typeof people === 'number' ? 'generated' : 'royal92', people: prep.cards, lines: prep.lines, format: out.zip ? `${label}, zip of tiles` : label, ok: out.ok, seconds: +((out.ms as number) / 1000).toFixed(2), cpuSeconds,
        megabytes: out.ok ? +((out.bytes as number) / MB).toFixed(1) : null, message: out.message ?? null,
        browserPssBeforeMB: Math.round(base / MB), browserPssPeakMB: Math.round(peak / MB), jsHeapAfterMB: Math.round(heap / MB),
        layoutSeconds: +(prep.layoutMs / 1000).toFixed(2), loadAverage: +loadavg()[0].toFixed(1),
      };
      results.push(row);
      console.log(`${String(row.people).padStart(7)} people  ${label.padEnd(13)} ${row.ok ? `${row.seconds.toFixed(2).padStart(6)} s (CPU ${row.cpuSeconds} s)  ${String(row.megabytes).padStart(7)} MB` : `refused after ${row.seconds} s: ${row.message}`}  browser memory peak ${row.browserPssPeakMB} MB (before ${row.browserPssBeforeMB}), JS heap after ${row.jsHeapAfterMB} MB, load ${row.loadAverage}`);
    }
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
writeFileSync(new URL(process.env.CHART_RESULTS ?? './results/chart-export-browser.json', import.meta.url), JSON.stringify({ when: new Date().toISOString(), results }, null, 2) + '\n');
