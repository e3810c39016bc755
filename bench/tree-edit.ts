/**
 * `npx tsx bench/tree-edit.ts [--json FILE] [--label TEXT] [--persons 1000,100000]
 * [--layout rows,tidy] [--no-build]`: main-thread time of the tree screen's edits on big trees,
 * in headless Chromium.
 *
 * Builds and serves the bench pages (vite.bench.config.ts), opens `bench/tree-edit/` with the
 * real tree canvas, details panel and dialogs over an in-memory repository, zoomed to 1 on a
 * middle card, and times three things: dropping a dragged card (the engine's drop callback), adding
 * a child through the Add Relative action, and receiving one live change event (another member
 * moved a card in view and edited its bio). Each figure is the main thread's busy time (CDP
 * `Performance.getMetrics` TaskDuration, after minus before) from the call until two animation
 * frames have been drawn, median of REPS runs after WARMUP; "settled" also waits 400 ms, so work
 * an edit defers (the minimap's rebuild 200 ms later, the browser backup) is counted too.
 *
 * Each size runs in two layouts of the same family (bench/scene/familyGraph.ts): `rows`, the
 * generator's packed rows, where thousands of very long parent lines cross every view and each
 * redraw strokes them all, and `tidy`, each family under its parents as a family tree is drawn.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright';
import { build } from 'vite';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { serveFolder } from './tools/staticServer.ts';
import type { TreeBench } from './tree-edit/main.tsx';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist-bench');
const OPS = ['move', 'addChild', 'receive'] as const;
type Op = (typeof OPS)[number];
const WARMUP = 3;
const REPS = 25;
const SETTLED_REPS = 7;
const READY_TIMEOUT_MS = 300_000;

export interface EditResult {
  persons: number;
  layout: Layout;
  op: Op;
  /** Median main-thread busy ms from the call to the second frame after it. */
  busyMs: number;
  busyMinMs: number;
  /** Median ms the call itself took (synchronous JavaScript, as the page measured it). */
  syncMs: number;
  /** Median busy ms including 400 ms of deferred work after the call. */
  settledBusyMs: number;
  /** Cards and lines the redraw after the last run drew. */
  drawnCards: number;
  drawnEdges: number;
}

type Layout = 'rows' | 'tidy';

function parseArgs(argv: string[]) {
  const out = { json: '', label: '', persons: [1000, 100_000], layouts: ['rows', 'tidy'] as Layout[], build: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') out.json = argv[++i]!;
    else if (a === '--label') out.label = argv[++i]!;
    else if (a === '--persons') out.persons = argv[++i]!.split(',').map(Number);
    else if (a === '--layout') out.layouts = argv[++i]!.split(',') as Layout[];
    else if (a === '--no-build') out.build = false;
    else throw new Error(`unknown argument ${a}`);
  }
  return out;
}

async function busy(session: CDPSession): Promise<number> {
  const { metrics } = await session.send('Performance.getMetrics');
  return (metrics.find((m: { name: string }) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs one operation in the page and resolves once two frames have been drawn after it. */
function run(page: Page, op: Op, settleMs: number): Promise<number> {
  return page.evaluate(
    ([name, settle]) =>
      new Promise<number>((done) => {
        const t = performance.now();
        window.__treeBench![name as Op]();
        const sync = performance.now() - t;
        requestAnimationFrame(() => requestAnimationFrame(() => (settle ? setTimeout(() => done(sync), settle) : done(sync))));
      }),
    [op, settleMs] as const,
  );
}

async function measure(origin: string, persons: number, layout: Layout): Promise<{ openMs: number; results: EditResult[] }> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (e) => console.error(`  page error: ${e.message}`));
    await page.goto(`${origin}/bench/tree-edit/index.html?persons=${persons}&layout=${layout}`);
    await page.waitForFunction(() => window.__treeBench?.ready, null, { timeout: READY_TIMEOUT_MS, polling: 200 });
    const openMs = await page.evaluate(() => (window.__treeBench as TreeBench).openMs);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.waitForTimeout(1000);
    const results: EditResult[] = [];
    for (const op of OPS) {
      for (let i = 0; i < WARMUP; i++) await run(page, op, 0);
      await page.waitForTimeout(500);
      const busyRuns: number[] = [];
      const syncRuns: number[] = [];
      for (let i = 0; i < REPS; i++) {
        const before = await busy(cdp);
        syncRuns.push(await run(page, op, 0));
        busyRuns.push((await busy(cdp)) - before);
      }
      await page.waitForTimeout(500);
      const settledRuns: number[] = [];
      for (let i = 0; i < SETTLED_REPS; i++) {
        const before = await busy(cdp);
        await run(page, op, 400);
        settledRuns.push((await busy(cdp)) - before);
      }
      const drawn = await page.evaluate(() => (window.__treeBench as TreeBench).drawn());
      const r: EditResult = {
        persons, layout, op, busyMs: median(busyRuns), busyMinMs: Math.min(...busyRuns), syncMs: median(syncRuns), settledBusyMs: median(settledRuns),
        drawnCards: drawn.cards, drawnEdges: drawn.edges,
      };
      results.push(r);
      console.log(`  ${op.padEnd(8)} busy ${r.busyMs.toFixed(1)} ms (min ${r.busyMinMs.toFixed(1)}), call ${r.syncMs.toFixed(1)} ms, settled ${r.settledBusyMs.toFixed(1)} ms, drew ${drawn.cards} cards and ${drawn.edges} lines`);
    }
    return { openMs, results };
  } finally {
    await browser.close();
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.build || !existsSync(join(DIST, 'bench/tree-edit/index.html'))) {
    console.log('Building the bench pages…');
    await build({ configFile: join(ROOT, 'vite.bench.config.ts'), logLevel: 'warn' });
  }
  const { server, origin } = await serveFolder(DIST);
  const all: EditResult[] = [];
  const opened: Record<string, number> = {};
  try {
    for (const layout of args.layouts) {
      for (const persons of args.persons) {
        console.log(`${persons.toLocaleString('en')} people, ${layout} layout`);
        const { openMs, results } = await measure(origin, persons, layout);
        opened[`${layout}:${persons}`] = openMs;
        all.push(...results);
      }
    }
  } finally {
    server.close();
  }
  const [small, big] = [Math.min(...args.persons), Math.max(...args.persons)];
  console.log(`\n| layout | operation | ${args.persons.map((p) => `${p.toLocaleString('en')} busy ms`).join(' | ')} | growth | ${args.persons.map((p) => `${p.toLocaleString('en')} settled ms`).join(' | ')} |`);
  console.log(`|---|---|${args.persons.map(() => '---:').join('|')}|---:|${args.persons.map(() => '---:').join('|')}|`);
  for (const layout of args.layouts) {
    for (const op of OPS) {
      const row = (p: number) => all.find((r) => r.layout === layout && r.op === op && r.persons === p)!;
      const growth = row(big).busyMs / row(small).busyMs;
      console.log(`| ${layout} | ${op} | ${args.persons.map((p) => row(p).busyMs.toFixed(1)).join(' | ')} | ×${growth.toFixed(2)} | ${args.persons.map((p) => row(p).settledBusyMs.toFixed(1)).join(' | ')} |`);
    }
  }
  if (args.json) writeFileSync(args.json, JSON.stringify({ label: args.label, date: new Date().toISOString(), openMs: opened, results: all }, null, 2));
}

await main();
