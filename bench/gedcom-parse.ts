/**
 * `npx tsx bench/gedcom-parse.ts [--quick]`: our GEDCOM parser side by side with `gedcom` (3.x,
 * `parse(string)`, which decodes nothing itself: it gets the bytes through TextDecoder as a user
 * would) and `read-gedcom` (0.3.2, `readGedcom(arrayBuffer)`, its documented entry point), on the
 * sample files and on generated files of 10,000 and 100,000 people (bench/gedcom/generate.ts,
 * seed 1, GEDCOM 5.5.1, UTF-8). Per file and parser: the median wall and CPU time of a few runs
 * after a warm-up (the parsers take turns), the people found, the U+FFFD characters in the values (text destroyed by decoding)
 * and the people whose NAME differs from ours (ours is checked exactly by the unit tests), or the
 * error it threw. Then the ratio ours/theirs (below 1: we are faster), and our writer's time on
 * the 100,000-person file. Writes bench/results/gedcom-parse.json. `--quick`: 10,000 only, one run.
 *
 * Times are wall-clock on a shared machine: the load average is printed and saved with them.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parse as gedcomParse } from 'gedcom';
import { readGedcom } from 'read-gedcom';
import { parseGedcom } from '../src/gedcom/parse.ts';
import { writeGedcom } from '../src/gedcom/write.ts';
import { generateGedcom } from './gedcom/generate.ts';

const quick = process.argv.includes('--quick');
const FIXTURES = fileURLToPath(new URL('../tests/fixtures/gedcom/', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results/gedcom-parse.json', import.meta.url));

type ParserName = 'ours' | 'gedcom' | 'read-gedcom';

interface Outcome {
  /** Median wall-clock time. */
  ms?: number;
  /** Median CPU time of the process (garbage-collector threads included). */
  cpuMs?: number;
  people?: number;
  replacementChars?: number;
  namesDiffering?: number;
  error?: string;
}

interface FileResult {
  file: string;
  bytes: number;
  parsers: Record<ParserName, Outcome>;
  /** ours.ms / theirs.ms: below 1 means ours is faster. */
  ratio: { gedcom?: number; 'read-gedcom'?: number };
  /** The same from CPU time, steadier when the machine is shared. */
  cpuRatio: { gedcom?: number; 'read-gedcom'?: number };
}

/** What a parser gives back, reduced to what is compared: each person's xref (with @s) and first NAME, and every value. */
interface Reading {
  names: Map<string, string>;
  values: string[];
}

interface TreeLike {
  children: TreeLike[];
}

function walk<T extends TreeLike>(nodes: T[], visit: (node: T) => void): void {
  const stack = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    for (const child of node.children) stack.push(child as T);
  }
}

const PARSERS: Record<ParserName, (bytes: Uint8Array) => unknown> = {
  ours: (bytes) => parseGedcom(bytes).records,
  gedcom: (bytes) => gedcomParse(new TextDecoder().decode(bytes)),
  'read-gedcom': (bytes) => readGedcom(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer),
};

type OurNode = TreeLike & { tag: string; xref?: string; value?: string; children: OurNode[] };
type GedcomNode3 = TreeLike & { type: string; data: { xref_id?: string; value?: string }; children: GedcomNode3[] };
type ReadGedcomNode = TreeLike & { tag: string | null; pointer: string | null; value: string | null; children: ReadGedcomNode[] };

const READERS: Record<ParserName, (result: unknown) => Reading> = {
  ours: (result) => reading(result as OurNode[], (n) => n.tag, (n) => (n.xref === undefined ? undefined : `@${n.xref}@`), (n) => n.value),
  gedcom: (result) => reading((result as GedcomNode3).children, (n) => n.type, (n) => n.data.xref_id, (n) => n.data.value),
  'read-gedcom': (result) =>
    reading((result as { rootNode: ReadGedcomNode }).rootNode.children, (n) => n.tag ?? '', (n) => n.pointer ?? undefined, (n) => n.value ?? undefined),
};

function reading<T extends TreeLike>(records: T[], tag: (n: T) => string, xref: (n: T) => string | undefined, value: (n: T) => string | undefined): Reading {
  const names = new Map<string, string>();
  for (const record of records) {
    if (tag(record) !== 'INDI') continue;
    const name = record.children.find((c) => tag(c as T) === 'NAME') as T | undefined;
    names.set(xref(record) ?? '', (name && value(name)) ?? '');
  }
  const values: string[] = [];
  walk(records, (n) => {
    const v = value(n);
    if (v) values.push(v);
  });
  return { names, values };
}

function countReplacement(values: string[]): number {
  let count = 0;
  for (const v of values) for (let i = v.indexOf('\ufffd'); i >= 0; i = v.indexOf('\ufffd', i + 1)) count++;
  return count;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * A warm-up run that also reads what each parser found (and on small files a few more, so each
 * parser is measured once its JIT has compiled it, as it is within one big file), then `runs`
 * rounds in which the parsers take turns, so a burst of load from the other users of the machine
 * hits all of them alike.
 */
function benchFile(file: string, bytes: Uint8Array, runs: number): FileResult {
  const names = ['ours', 'gedcom', 'read-gedcom'] as const;
  const parsers = {} as Record<ParserName, Outcome>;
  let reference: Reading | undefined;
  for (const name of names) {
    try {
      const read = READERS[name](PARSERS[name](bytes));
      reference ??= read;
      let namesDiffering = 0;
      for (const [xref, value] of reference.names) if (read.names.get(xref) !== value) namesDiffering++;
      parsers[name] = { people: read.names.size, replacementChars: countReplacement(read.values), namesDiffering };
    } catch (e) {
      parsers[name] = { error: (e instanceof Error ? e.message : String(e)).slice(0, 120) };
    }
  }
  const warmUps = bytes.length < 1_000_000 ? 5 : 0;
  for (let k = 0; k < warmUps; k++) for (const name of names) if (!parsers[name].error) PARSERS[name](bytes);
  const wall: Record<ParserName, number[]> = { ours: [], gedcom: [], 'read-gedcom': [] };
  const cpu: Record<ParserName, number[]> = { ours: [], gedcom: [], 'read-gedcom': [] };
  for (let k = 0; k < runs; k++) {
    for (const name of names) {
      if (parsers[name].error) continue;
      const c = cpuMs();
      const start = performance.now();
      PARSERS[name](bytes);
      wall[name].push(performance.now() - start);
      cpu[name].push(cpuMs() - c);
    }
  }
  for (const name of names) {
    if (parsers[name].error) continue;
    parsers[name] = { ms: round(median(wall[name])), cpuMs: round(median(cpu[name])), ...parsers[name] };
  }
  const ratio: FileResult['ratio'] = {};
  const cpuRatio: FileResult['cpuRatio'] = {};
  const share = (ours?: number, theirs?: number) => (ours !== undefined && theirs ? Math.round((ours / theirs) * 100) / 100 : undefined);
  for (const other of ['gedcom', 'read-gedcom'] as const) {
    ratio[other] = share(parsers.ours.ms, parsers[other].ms);
    cpuRatio[other] = share(parsers.ours.cpuMs, parsers[other].cpuMs);
  }
  return { file, bytes: bytes.length, parsers, ratio, cpuRatio };
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

function describe(o: Outcome): string {
  if (o.error) return `ERROR ${o.error.slice(0, 40)}`;
  const flaws = [o.replacementChars ? `${o.replacementChars} U+FFFD` : '', o.namesDiffering ? `${o.namesDiffering} names differ` : ''].filter(Boolean);
  return `${o.ms} ms (cpu ${o.cpuMs} ms), ${o.people} people${flaws.length ? `, ${flaws.join(', ')}` : ''}`;
}

const load = loadavg()[0];
console.log(`GEDCOM parse bench — node ${process.version}, load average ${load.toFixed(2)} on this shared machine\n`);

const results: FileResult[] = [];
const samples = quick ? [] : readdirSync(FIXTURES).filter((f) => /\.ged$/i.test(f) && !f.startsWith('k_')).sort();
for (const file of samples) {
  const bytes = new Uint8Array(readFileSync(FIXTURES + file));
  results.push(benchFile(file, bytes, 11));
}

let writeFigures: Record<string, number> | undefined;
for (const people of quick ? [10_000] : [10_000, 100_000]) {
  const text = generateGedcom({ people, seed: 1 });
  const bytes = new TextEncoder().encode(text);
  results.push(benchFile(`generated ${people.toLocaleString('en')} people`, bytes, quick ? 1 : people > 10_000 ? 3 : 7));
  if (people === 100_000) {
    const records = parseGedcom(bytes).records;
    writeFigures = {};
    for (const version of ['7.0', '5.5.1'] as const) {
      const times = [0, 1, 2].map(() => {
        const start = performance.now();
        writeGedcom({ version, records });
        return performance.now() - start;
      });
      writeFigures[`write ${version} ms`] = round(median(times));
    }
  }
}

for (const r of results) {
  console.log(`${r.file} (${(r.bytes / 1e6).toFixed(2)} MB)`);
  for (const name of ['ours', 'gedcom', 'read-gedcom'] as const) {
    const ratio = name === 'ours' || r.ratio[name] === undefined ? '' : `   ours/theirs ${r.ratio[name]} (cpu ${r.cpuRatio[name]})`;
    console.log(`  ${name.padEnd(12)} ${describe(r.parsers[name])}${ratio}`);
  }
}
if (writeFigures) console.log(`\nOur writer on the 100,000-person file: ${Object.entries(writeFigures).map(([k, v]) => `${k} ${v}`).join(', ')}`);

mkdirSync(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true });
writeFileSync(
  RESULTS,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, loadAverage: round(load), quick, files: results, writer100k: writeFigures }, null, 2)}\n`,
);
console.log(`\nWrote ${RESULTS}`);
