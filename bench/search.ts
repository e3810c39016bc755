/**
 * `npx tsx --expose-gc bench/search.ts [--people 100000] [--reps 15] [--json bench/results/search.json]`:
 * Find anyone's index (src/domain/search) on a generated tree of realistic European names with
 * their accents (German, Scandinavian, Polish, Czech, French, Spanish, Hungarian, English; a third
 * of the surnames made up from syllables, so there are tens of thousands of distinct words).
 *
 * Measures, in this Node process: building the index from the profiles (the first focus of the
 * search box on a tree that was not indexed in idle time), each keystroke of "Victoria" typed
 * letter by letter (each narrows the one before, as in the search box) and the same prefixes
 * searched cold (nothing to narrow), a two-word query typed letter by letter, an accented query
 * typed in its plain spelling, and updating one person. Medians of `reps` runs, in milliseconds.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generatePeople } from './scene/europeanNames.ts';
import { indexProfiles, profileEntry, type SearchIndex } from '../src/domain/search/index.ts';

function parseArgs(argv: string[]) {
  const out = { people: 100_000, reps: 15, json: 'bench/results/search.json' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--people') out.people = Number(argv[++i]);
    else if (a === '--reps') out.reps = Number(argv[++i]);
    else if (a === '--json') out.json = argv[++i]!;
    else throw new Error(`unknown argument ${a}`);
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (ms: number) => Math.round(ms * 1000) / 1000;

function time(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

interface Keystroke {
  query: string;
  ms: number;
  maxMs: number;
  found: number;
  more: boolean;
}

/** Types `text` letter by letter into one index, `reps` times; each run starts from an empty box. */
function typeLetters(index: SearchIndex, text: string, reps: number, cold: boolean): Keystroke[] {
  const times = Array.from({ length: text.length }, () => [] as number[]);
  const answers: { found: number; more: boolean }[] = [];
  for (let r = 0; r < reps; r++) {
    index.search('');
    for (let i = 1; i <= text.length; i++) {
      if (cold) index.search('');
      const q = text.slice(0, i);
      let res!: ReturnType<SearchIndex['search']>;
      times[i - 1]!.push(time(() => (res = index.search(q))));
      answers[i - 1] = { found: res.ids.length, more: res.more };
    }
  }
  return times.map((t, i) => ({ query: text.slice(0, i + 1), ms: round(median(t)), maxMs: round(Math.max(...t)), ...answers[i]! }));
}

const args = parseArgs(process.argv.slice(2));
const people = generatePeople(args.people);
const distinctWords = new Set(people.flatMap((p) => [p.firstName, p.lastName, p.mothersMaidenName].join(' ').split(/\s+/))).size;

/** Heap the index keeps, when the run may collect garbage (`--expose-gc`). */
const gc = (globalThis as { gc?: () => void }).gc;
const heapNow = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const heapBefore = heapNow();
let heapMb: number | null = null;

const buildTimes: number[] = [];
/** CPU ms of each build (this thread and the collector's): on a shared machine the wall time also counts waiting. */
const buildCpu: number[] = [];
let index!: SearchIndex;
for (let r = 0; r < Math.max(3, Math.floor(args.reps / 3)); r++) {
  const cpu = process.cpuUsage();
  buildTimes.push(
    time(() => {
      index = indexProfiles(people);
      index.search('x');
    }),
  );
  const used = process.cpuUsage(cpu);
  buildCpu.push((used.user + used.system) / 1000);
}
if (gc) heapMb = Math.round(((heapNow() - heapBefore) / 2 ** 20) * 10) / 10;
// Warm the search paths before timing them.
for (let r = 0; r < 3; r++) for (const q of ['v', 'vi', 'vic', 'müller anna', '1845', 'kow']) index.search(q);

const victoria = typeLetters(index, 'Victoria', args.reps, false);
const victoriaCold = typeLetters(index, 'Victoria', args.reps, true);
const twoWords = typeLetters(index, 'victoria hanover', args.reps, false);
const plainSpelling = typeLetters(index, 'mueller johann', args.reps, false);
const withYear = typeLetters(index, 'anna 1845', args.reps, false);

const updates: number[] = [];
for (let r = 0; r < 200; r++) {
  const p = people[(r * 7919) % people.length]!;
  const edited = { ...p, lastName: r % 2 ? 'Kowalczyk-Wiśniewska' : p.lastName };
  updates.push(time(() => index.set(profileEntry(edited))));
  index.search('kowalczyk');
}

const all = [...victoria, ...twoWords, ...plainSpelling, ...withYear];
const summary = {
  people: args.people,
  distinctNameWords: distinctWords,
  indexedWords: (index as unknown as { sorted: string[] }).sorted.length,
  buildMs: round(median(buildTimes)),
  buildCpuMs: round(median(buildCpu)),
  /** MB of heap the index holds (the fold caches included); null without --expose-gc. */
  heapMb,
  keystrokeMedianMs: round(median(all.map((k) => k.ms))),
  keystrokeWorstMs: round(Math.max(...all.map((k) => k.ms))),
  coldWorstMs: round(Math.max(...victoriaCold.map((k) => k.ms))),
  updateOneMs: round(median(updates)),
};

console.log(`Find anyone at ${args.people.toLocaleString('en')} people (${distinctWords.toLocaleString('en')} distinct name words, ${summary.indexedWords.toLocaleString('en')} indexed spellings)`);
console.log(`build: ${summary.buildMs} ms wall, ${summary.buildCpuMs} ms CPU (medians of ${buildTimes.length}); heap ${heapMb ?? '?'} MB; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const show = (title: string, ks: Keystroke[]) => {
  console.log(`\n${title}`);
  for (const k of ks) console.log(`  ${JSON.stringify(k.query).padEnd(20)} ${k.ms.toFixed(3).padStart(8)} ms  (max ${k.maxMs.toFixed(3)})  ${k.found}${k.more ? '+' : ''} shown`);
};
show('"Victoria" typed letter by letter', victoria);
show('the same prefixes cold (nothing to narrow)', victoriaCold);
show('two words typed', twoWords);
show('an accented name typed plain ("mueller" finds Müller)', plainSpelling);
show('a name and a year', withYear);
console.log(`\nupdate one person: ${summary.updateOneMs} ms (median of ${updates.length})`);
console.log(`keystrokes: median ${summary.keystrokeMedianMs} ms, worst ${summary.keystrokeWorstMs} ms; cold worst ${summary.coldWorstMs} ms (target: well under 16 ms)`);

mkdirSync(dirname(args.json), { recursive: true });
writeFileSync(
  args.json,
  JSON.stringify({ date: new Date().toISOString(), node: process.version, loadAverage: loadavg(), reps: args.reps, summary, victoria, victoriaCold, twoWords, plainSpelling, withYear }, null, 2) + '\n',
);
console.log(`\nwritten ${args.json}`);
