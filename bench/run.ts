/**
 * `npm run bench`: builds the bench page, serves it, and drives each scene in headless Chromium
 * with real input (Playwright mouse drags and wheel steps). Per scene it records the time to the
 * first drawn frame; main-thread busy time per input event (CDP Performance.getMetrics
 * TaskDuration, after minus before, over the number of events) while panning, wheel-zooming and
 * dragging 50 selected cards; the p95 rAF frame interval while panning; and the JS heap.
 *
 *   npm run bench                               all scenes: konva and reactflow × 1k, 10k, 100k
 *   npm run bench -- --scene konva:10000        one scene (repeat or comma-separate for more)
 *   npm run bench -- --json out.json            also write { scenes: [...] }
 *   npm run bench -- --trace DIR                save a Chrome performance trace per scene (the
 *                                               phases are marked pan-start/-end, zoom-…, drag-…)
 *   npm run bench -- --no-build                 reuse dist-bench/
 */
import { mkdirSync, existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright';
import { build } from 'vite';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { serveFolder } from './tools/staticServer.ts';

type Engine = 'konva' | 'reactflow';

export interface SceneResult {
  engine: Engine;
  persons: number;
  firstRenderMs: number;
  panBusyMs: number;
  zoomBusyMs: number;
  dragBusyMs: number;
  panP95Ms: number;
  heapMB: number;
}

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist-bench');
const SIZES = [1000, 10000, 100000];
const PAN_STEPS = 30;
const ZOOM_STEPS = 10;
const DRAG_STEPS = 20;
/** React Flow needed about 67 s for its first frame of 100,000 people here: generous, not endless. */
const READY_TIMEOUT_MS = 300_000;
const VIEWPORT = { width: 1280, height: 800 };

function parseArgs(argv: string[]) {
  const out = { json: '', trace: '', scenes: [] as { engine: Engine; persons: number }[], build: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') out.json = argv[++i];
    else if (a === '--trace') out.trace = argv[++i];
    else if (a === '--no-build') out.build = false;
    else if (a === '--scene') {
      for (const s of argv[++i].split(',')) {
        const [engine, persons] = s.split(':');
        if (engine !== 'konva' && engine !== 'reactflow') throw new Error(`unknown engine in --scene ${s}`);
        out.scenes.push({ engine, persons: Number(persons) });
      }
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!out.scenes.length) for (const persons of SIZES) for (const engine of ['konva', 'reactflow'] as const) out.scenes.push({ engine, persons });
  return out;
}

const raf2 = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

async function taskDuration(session: CDPSession): Promise<{ task: number; heap: number }> {
  const { metrics } = await session.send('Performance.getMetrics');
  const get = (name: string) => metrics.find((m: { name: string }) => m.name === name)?.value ?? 0;
  return { task: get('TaskDuration') * 1000, heap: get('JSHeapUsedSize') / 2 ** 20 };
}

async function runScene(origin: string, engine: Engine, persons: number, traceDir: string): Promise<SceneResult> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--js-flags=--expose-gc'] });
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    page.on('pageerror', (e) => console.error(`  page error: ${e.message}`));
    if (traceDir) await browser.startTracing(page, { path: join(traceDir, `${engine}-${persons}.json`), screenshots: false });
    await page.goto(`${origin}/bench/page/index.html?engine=${engine}&persons=${persons}`);
    await page.waitForFunction(() => window.__bench?.ready, null, { timeout: READY_TIMEOUT_MS, polling: 200 });
    const firstRenderMs = await page.evaluate(() => window.__bench!.firstRenderMs);
    const session = await page.context().newCDPSession(page);
    await session.send('Performance.enable');
    await page.waitForTimeout(500);

    // Pan: a drag on empty canvas near the centre, one frame per move.
    const start = await page.evaluate(({ w, h }) => {
      for (let r = 0; r < 400; r += 8) {
        for (let a = 0; a < 16; a++) {
          const p = { x: w / 2 + r * Math.cos((a / 16) * 2 * Math.PI), y: h / 2 + r * Math.sin((a / 16) * 2 * Math.PI) };
          if (window.__bench!.isEmpty(p)) return p;
        }
      }
      return { x: 40, y: h / 2 };
    }, { w: VIEWPORT.width, h: VIEWPORT.height });
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x - 3, start.y - 2);
    await raf2(page);
    await page.evaluate(() => window.__bench!.readout.reset());
    await page.evaluate(() => performance.mark('pan-start'));
    let before = await taskDuration(session);
    for (let i = 1; i <= PAN_STEPS; i++) {
      await page.mouse.move(start.x - 3 - 8 * i, start.y - 2 - 4 * i);
      await raf2(page);
    }
    let after = await taskDuration(session);
    await page.evaluate(() => performance.mark('pan-end'));
    await page.mouse.up();
    const panBusyMs = (after.task - before.task) / PAN_STEPS;
    const panP95Ms = await page.evaluate(() => {
      const f = window.__bench!.readout.frames;
      return [...f].sort((a, b) => a - b)[Math.floor(f.length * 0.95)] ?? 0;
    });
    await page.waitForTimeout(300);

    // Zoom: wheel steps about the centre, in then out so both engines stay inside their limits.
    await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
    await page.evaluate(() => performance.mark('zoom-start'));
    before = await taskDuration(session);
    for (let i = 0; i < ZOOM_STEPS; i++) {
      await page.mouse.wheel(0, i < ZOOM_STEPS / 2 ? -100 : 100);
      await raf2(page);
    }
    after = await taskDuration(session);
    await page.evaluate(() => performance.mark('zoom-end'));
    const zoomBusyMs = (after.task - before.task) / ZOOM_STEPS;
    await page.waitForTimeout(400);

    // Drag: the centre card, one of 50 selected, moved in small steps.
    const card = await page.evaluate(() => window.__bench!.locate(window.__bench!.centreId));
    await page.mouse.move(card.x, card.y);
    await page.mouse.down();
    await page.mouse.move(card.x + 4, card.y + 4);
    await raf2(page);
    await page.evaluate(() => performance.mark('drag-start'));
    before = await taskDuration(session);
    for (let i = 1; i <= DRAG_STEPS; i++) {
      await page.mouse.move(card.x + 4 + 6 * i, card.y + 4 + 3 * i);
      await raf2(page);
    }
    after = await taskDuration(session);
    await page.evaluate(() => performance.mark('drag-end'));
    await page.mouse.up();
    const dragBusyMs = (after.task - before.task) / DRAG_STEPS;
    await raf2(page);

    await session.send('HeapProfiler.collectGarbage');
    const heapMB = (await taskDuration(session)).heap;
    if (traceDir) await browser.stopTracing();
    return { engine, persons, firstRenderMs, panBusyMs, zoomBusyMs, dragBusyMs, panP95Ms, heapMB };
  } finally {
    await browser.close();
  }
}

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '—');

function table(results: SceneResult[]): string {
  const lines = [
    '| people | engine | first frame ms | pan busy ms/move | zoom busy ms/step | drag-50 busy ms/move | pan frame p95 ms | heap MB |',
    '|---:|---|---:|---:|---:|---:|---:|---:|',
  ];
  const sizes = [...new Set(results.map((r) => r.persons))].sort((a, b) => a - b);
  for (const persons of sizes) {
    const k = results.find((r) => r.persons === persons && r.engine === 'konva');
    const rf = results.find((r) => r.persons === persons && r.engine === 'reactflow');
    for (const r of [k, rf]) {
      if (r) lines.push(`| ${persons.toLocaleString('en')} | ${r.engine === 'konva' ? 'engine (Konva)' : 'React Flow'} | ${fmt(r.firstRenderMs, 0)} | ${fmt(r.panBusyMs, 2)} | ${fmt(r.zoomBusyMs, 2)} | ${fmt(r.dragBusyMs, 2)} | ${fmt(r.panP95Ms)} | ${fmt(r.heapMB)} |`);
    }
    if (k && rf) {
      const ratio = (a: number, b: number) => `${fmt(a / b, 3)} (1/${fmt(b / a, 0)})`;
      lines.push(`| ${persons.toLocaleString('en')} | **engine ÷ React Flow** | ${ratio(k.firstRenderMs, rf.firstRenderMs)} | ${ratio(k.panBusyMs, rf.panBusyMs)} | ${ratio(k.zoomBusyMs, rf.zoomBusyMs)} | ${ratio(k.dragBusyMs, rf.dragBusyMs)} | | |`);
    }
  }
  const k1 = results.find((r) => r.engine === 'konva' && r.persons === 1000);
  const k100 = results.find((r) => r.engine === 'konva' && r.persons === 100000);
  if (k1 && k100) lines.push('', `Engine pan busy growth from 1,000 to 100,000 people: ×${fmt(k100.panBusyMs / k1.panBusyMs, 2)}.`);
  return lines.join('\n');
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.build || !existsSync(join(DIST, 'bench/page/index.html'))) {
    console.log('Building the bench page…');
    await build({ configFile: join(ROOT, 'vite.bench.config.ts'), logLevel: 'warn' });
  }
  if (args.trace) mkdirSync(args.trace, { recursive: true });
  const { server, origin } = await serveFolder(DIST);
  const results: SceneResult[] = [];
  try {
    for (const s of args.scenes) {
      process.stdout.write(`${s.engine} ${s.persons.toLocaleString('en')} people… `);
      const r = await runScene(origin, s.engine, s.persons, args.trace);
      results.push(r);
      console.log(`first frame ${fmt(r.firstRenderMs, 0)} ms, pan ${fmt(r.panBusyMs, 2)} ms, zoom ${fmt(r.zoomBusyMs, 2)} ms, drag ${fmt(r.dragBusyMs, 2)} ms, p95 ${fmt(r.panP95Ms)} ms, heap ${fmt(r.heapMB)} MB`);
    }
  } finally {
    server.close();
  }
  console.log(`\n${table(results)}\n`);
  if (args.json) writeFileSync(args.json, JSON.stringify({ scenes: results }, null, 2));
}

await main();
