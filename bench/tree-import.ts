/**
 * `npx tsx bench/tree-import.ts [people] [--runs N] [--profile FILE] [--no-build]`: the GEDCOM
 * import's draw stage alone (the commit's answer to the first frame of the imported group), in
 * headless Chromium on the bench page `bench/tree-import/`: the tree screen's parts over an
 * in-memory repository, so neither the server nor the worker is measured. Each run is a fresh
 * page. Prints the stage's time as the app measures it, and the main thread's busy time (CDP
 * TaskDuration) and CPU time (ThreadTime, which the load of other processes does not inflate)
 * from the call to the first frame; `--profile` writes the last run's CPU profile
 * (open it in Chrome's Performance panel) and prints its heaviest functions by self and total time;
 * `--readable` builds the pages unminified first, so the profile names the functions.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright';
import { build } from 'vite';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { serveFolder } from './tools/staticServer.ts';
import type { ImportBench } from './tree-import/main.tsx';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist-bench');
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const people = Number(args.find((a, i) => /^\d+$/.test(a) && !['--runs', '--profile'].includes(args[i - 1]!)) ?? 100_000);
const runs = Number(option('--runs') ?? 3);
const profileFile = option('--profile');
/** Unminified, so a profile names the functions (`--readable`). */
const readable = args.includes('--readable');
const dist = readable ? join(ROOT, 'dist-bench-readable') : DIST;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Self time per function of a CPU profile, heaviest first. */
function heaviest(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, count: number): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byNode.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, count).map(([k, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${k}`);
}

/** Total time per function (itself and what it called, counted once per sample), heaviest first. */
function inclusive(profile: { nodes: (ProfileNode & { children?: number[] })[]; samples: number[]; timeDeltas: number[] }, count: number): string[] {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const total = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const f = byNode.get(n)!.callFrame;
      if (!f.url) continue;
      seen.add(`${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`);
    }
    for (const k of seen) total.set(k, (total.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...total].sort((a, b) => b[1] - a[1]).slice(0, count).map(([k, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${k}`);
}

if (!args.includes('--no-build') || !existsSync(join(dist, 'bench/tree-import/index.html'))) {
  console.log('Building the bench pages…');
  await build({ configFile: join(ROOT, 'vite.bench.config.ts'), logLevel: 'warn', ...(readable && { build: { minify: false, outDir: dist } }) });
}
const { server, origin } = await serveFolder(dist);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  for (let run = 1; run <= runs; run++) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => console.error(`  page error: ${e.message}`));
    await page.goto(`${origin}/bench/tree-import/index.html`);
    await page.waitForFunction(() => window.__importBench?.ready, null, { timeout: 120_000, polling: 200 });
    const planned = await page.evaluate(([n, seed]) => window.__importBench!.prepare(n, seed), [people, 1] as const);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const profiling = !!profileFile && run === runs;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const metrics = async () => new Map((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value * 1000]));
    await page.waitForTimeout(1000);
    const before = await metrics();
    const drawMs = await page.evaluate(() => (window.__importBench as ImportBench).draw());
    const after = await metrics();
    const delta = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    console.log(`run ${run}: ${planned.toLocaleString('en')} people, draw ${drawMs.toFixed(0)} ms, main thread busy ${delta('TaskDuration').toFixed(0)} ms, main thread CPU ${delta('ThreadTime').toFixed(0)} ms`);
    if (profiling) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
      console.log(`self time:\n${heaviest(profile as never, 30).join('\n')}\ntotal time:\n${inclusive(profile as never, 50).join('\n')}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
