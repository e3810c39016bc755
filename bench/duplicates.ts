/**
 * `npx tsx bench/duplicates.ts [--people 100000] [--json bench/results/duplicates.json]`:
 * likely duplicates (src/domain/duplicates) over the search bench's generated people (realistic
 * European names with accents, 85 % with a birth year), with 1 % of them copied as an import
 * from a relative would bring them again: the surname spelt the other way ("Müller" /
 * "Mueller"), the birth a year off in a third of the copies. Times the whole tree, and a
 * 5,000-person "import" (`among`) against it; counts how many planted copies are found.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generatePeople } from './scene/europeanNames.ts';
import { seededRandom } from './scene/random.ts';
import { findDuplicates } from '../src/domain/duplicates/index.ts';
import type { Profile } from '../src/domain/types.ts';

function parseArgs(argv: string[]) {
  const out = { people: 100_000, json: 'bench/results/duplicates.json' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--people') out.people = Number(argv[++i]);
    else if (a === '--json') out.json = argv[++i]!;
    else throw new Error(`unknown argument ${a}`);
  }
  return out;
}

const respell = (s: string) => s.replace(/ü/g, 'ue').replace(/ö/g, 'oe').replace(/ä/g, 'ae').replace(/é/g, 'e');

function main() {
  const args = parseArgs(process.argv.slice(2));
  const random = seededRandom(5);
  const base = generatePeople(Math.round(args.people * 0.99));
  const copies: Profile[] = [];
  const planted = new Set<string>();
  for (let i = 0; copies.length < args.people - base.length; i++) {
    const p = base[Math.floor(random() * base.length)]!;
    const id = `dup:${i}`;
    const year = p.birthYear && random() < 0.33 ? String(Number(p.birthYear) + 1) : p.birthYear;
    copies.push({ ...p, id, lastName: respell(p.lastName), birthYear: year });
    planted.add(`${p.id}|${id}`);
  }
  const profiles = Object.fromEntries([...base, ...copies].map((p) => [p.id, p]));

  // CPU time beside the wall clock: the machine is shared, and a loaded one stretches the wall clock.
  let t = performance.now();
  let cpu = process.cpuUsage();
  const pairs = findDuplicates(profiles);
  const wholeMs = performance.now() - t;
  const wholeCpuMs = process.cpuUsage(cpu).user / 1000;
  const found = pairs.filter((p) => planted.has(`${p.a}|${p.b}`) || planted.has(`${p.b}|${p.a}`)).length;

  const imported = new Set([...copies.map((c) => c.id), ...base.slice(0, 5_000 - copies.length).map((p) => p.id)]);
  t = performance.now();
  cpu = process.cpuUsage();
  const importPairs = findDuplicates(profiles, {}, { among: imported });
  const importMs = performance.now() - t;
  const importCpuMs = process.cpuUsage(cpu).user / 1000;

  const result = {
    date: new Date().toISOString(),
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
    people: Object.keys(profiles).length,
    planted: planted.size,
    whole: { ms: Math.round(wholeMs), cpuMs: Math.round(wholeCpuMs), pairs: pairs.length, plantedFound: found, threshold: 1 },
    importOf5000: { ms: Math.round(importMs), cpuMs: Math.round(importCpuMs), pairs: importPairs.length },
    sample: pairs.slice(0, 3).map((p) => ({ ...p, a: `${profiles[p.a]!.firstName} ${profiles[p.a]!.lastName} ${profiles[p.a]!.birthYear}`, b: `${profiles[p.b]!.firstName} ${profiles[p.b]!.lastName} ${profiles[p.b]!.birthYear}` })),
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(dirname(args.json), { recursive: true });
  writeFileSync(args.json, JSON.stringify(result, null, 2) + '\n');
}

main();
