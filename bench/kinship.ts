/**
 * `npx tsx bench/kinship.ts [--people 100000] [--pairs 2000] [--json bench/results/kinship.json]`:
 * "How are we related?" (src/domain/kinship) on a generated tree with heavy pedigree collapse:
 * 25 generations of 4,000 people, each couple of a generation drawn at random from the one
 * before, so everyone's ancestors overlap within a few generations (tens of thousands of distinct
 * ancestors each, millions of paths). Times `findKinship` for random pairs of the whole tree (any
 * generations, with one spouse step when no blood line exists), pairs of one generation, distant
 * pairs (15 or more generations apart: the slow tail of a search up through parents alone) and
 * pairs with no relation (a second, unconnected family of the same shape); the same pairs with
 * `also: false` (the closest relationship only, no second search). Wall clock and CPU time of the
 * process per query, p50 / p95 / p99.
 *
 * "My relationship to everyone": the tree's links laid out as typed arrays (`buildKinGraph`, the
 * main thread's share), then `relationsToEveryone` for a person of the last generation (what the
 * worker runs, timed here in-process), and a structured clone of its answer (the reply's;
 * both ways the arrays are transferred, not copied; the words are made for what is shown).
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seededRandom } from './scene/random.ts';
import { buildKinGraph, findKinship, genderOfSex, kinshipWord, relationsBuffers, relationsToEveryone, relationWord, type KinProfiles } from '../src/domain/kinship/index.ts';
import type { Gender } from '../src/domain/types.ts';

function parseArgs(argv: string[]) {
  const out = { people: 100_000, pairs: 2_000, json: 'bench/results/kinship.json' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--people') out.people = Number(argv[++i]);
    else if (a === '--pairs') out.pairs = Number(argv[++i]);
    else if (a === '--json') out.json = argv[++i]!;
    else throw new Error(`unknown argument ${a}`);
  }
  return out;
}

type P = { id: string; gender: Gender; parents: string[]; children: string[]; spouses: string[] };

/** `generations` of `perGeneration` people; each pair of parents is a couple of the generation before. */
function collapsedTree(profiles: Record<string, P>, prefix: string, generations: number, perGeneration: number, random: () => number): string[][] {
  const gens: string[][] = [];
  for (let g = 0; g < generations; g++) {
    const row: string[] = [];
    const prev = gens[g - 1];
    const couples: [string, string][] = [];
    if (prev) {
      const men = prev.filter((id) => profiles[id]!.gender === 'M');
      const women = prev.filter((id) => profiles[id]!.gender === 'F');
      for (let i = 0; i < Math.min(men.length, women.length) / 2; i++) {
        const m = men[Math.floor(random() * men.length)]!;
        const w = women[Math.floor(random() * women.length)]!;
        couples.push([m, w]);
        if (!profiles[m]!.spouses.includes(w)) {
          profiles[m]!.spouses.push(w);
          profiles[w]!.spouses.push(m);
        }
      }
    }
    for (let i = 0; i < perGeneration; i++) {
      const id = `${prefix}${g}-${i}`;
      const p: P = { id, gender: random() < 0.5 ? 'F' : 'M', parents: [], children: [], spouses: [] };
      profiles[id] = p;
      const couple = couples.length ? couples[Math.floor(random() * couples.length)] : undefined;
      for (const parent of couple ?? []) {
        p.parents.push(parent);
        profiles[parent]!.children.push(id);
      }
      row.push(id);
    }
    gens.push(row);
  }
  return gens;
}

const percentile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const round = (ms: number) => Math.round(ms * 1000) / 1000;

function main() {
  const args = parseArgs(process.argv.slice(2));
  const random = seededRandom(24);
  const profiles: Record<string, P> = {};
  const generations = 25;
  const main = collapsedTree(profiles, 'a', generations, Math.round((args.people * 0.95) / generations), random);
  const apart = collapsedTree(profiles, 'b', 5, Math.round((args.people * 0.05) / 5), random);
  const everyone = main.flat();
  const strangers = apart.flat();
  const tree: KinProfiles = profiles;

  // Distinct ancestors of a few people of the last generation: how much collapse there is.
  const ancestorCounts = main[generations - 1]!.slice(0, 20).map((id) => {
    const seen = new Set<string>([id]);
    const stack = [id];
    while (stack.length) for (const p of profiles[stack.pop()!]!.parents) if (!seen.has(p)) (seen.add(p), stack.push(p));
    return seen.size - 1;
  });

  const run = (pairs: [string, string][], options: { also?: boolean } = {}) => {
    const times: number[] = [];
    const cpu: number[] = [];
    const kinds: Record<string, number> = {};
    const cpuByKind: Record<string, number[]> = {};
    const words: Record<string, number> = {};
    for (const [a, b] of pairs) {
      const t = performance.now();
      const c = process.cpuUsage();
      const k = findKinship(tree, a, b, options);
      const used = process.cpuUsage(c);
      times.push(performance.now() - t);
      cpu.push((used.user + used.system) / 1000);
      kinds[k.kind] = (kinds[k.kind] ?? 0) + 1;
      (cpuByKind[k.kind] ??= []).push(cpu[cpu.length - 1]!);
      const w = kinshipWord(k, profiles[b]!.gender);
      if (w) words[w] = (words[w] ?? 0) + 1;
    }
    return {
      pairs: pairs.length,
      p50: round(percentile(times, 0.5)),
      p95: round(percentile(times, 0.95)),
      p99: round(percentile(times, 0.99)),
      max: round(Math.max(...times)),
      // CPU time of this process: on the shared, overloaded machine the wall clock counts the
      // time other processes held the cores; this does not (microsecond resolution).
      cpuP50: round(percentile(cpu, 0.5)),
      cpuP95: round(percentile(cpu, 0.95)),
      cpuP99: round(percentile(cpu, 0.99)),
      kinds,
      cpuP95ByKind: Object.fromEntries(Object.entries(cpuByKind).map(([k, xs]) => [k, round(percentile(xs, 0.95))])),
      commonestWords: Object.fromEntries(Object.entries(words).sort((x, y) => y[1] - x[1]).slice(0, 8)) };
  };
  const pick = (xs: string[]) => xs[Math.floor(random() * xs.length)]!;
  // Warm up the JIT on pairs not timed.
  run(Array.from({ length: 200 }, () => [pick(everyone), pick(everyone)]));
  const randomPairs = Array.from({ length: args.pairs }, () => [pick(everyone), pick(everyone)] as [string, string]);
  const sameGenerationPairs = Array.from({ length: args.pairs }, () => {
    const row = main[Math.floor(random() * generations)]!;
    return [pick(row), pick(row)] as [string, string];
  });
  const distantPairs = Array.from({ length: args.pairs }, () => {
    // One of the first five generations and one 15 or more below it, either first.
    const top = Math.floor(random() * 5);
    const bottom = top + 15 + Math.floor(random() * (generations - 15 - top));
    const pair = [pick(main[top]!), pick(main[bottom]!)] as [string, string];
    return random() < 0.5 ? pair : ([pair[1], pair[0]] as [string, string]);
  });
  const apartPairs = Array.from({ length: 200 }, () => [pick(main[generations - 1]!), pick(strangers)] as [string, string]);
  // The same pairs with and without the second search for a relationship through collapse.
  const random100k = run(randomPairs);
  const random100kClosestOnly = run(randomPairs, { also: false });
  const sameGeneration = run(sameGenerationPairs);
  const sameGenerationClosestOnly = run(sameGenerationPairs, { also: false });
  const distant = run(distantPairs);
  const distantClosestOnly = run(distantPairs, { also: false });
  const noRelation = run(apartPairs);

  const timed = <T>(f: () => T): [T, number, number] => {
    const t = performance.now();
    const c = process.cpuUsage();
    const out = f();
    const used = process.cpuUsage(c);
    return [out, round(performance.now() - t), round((used.user + used.system) / 1000)];
  };
  const everyoneRuns = Array.from({ length: 5 }, (_, i) => {
    const [g, buildMs, buildCpuMs] = timed(() => buildKinGraph(tree));
    const me = g.ids.indexOf(main[generations - 1]![i * 7]!);
    const [relations, passMs, passCpuMs] = timed(() => relationsToEveryone(g, me));
    const named = g.ids.filter((_, i) => relationWord(relations, i, genderOfSex(g.sex[i]!))).length;
    // The reply: the arrays are transferred (the words are made for the cards and results shown).
    const [, cloneMs] = timed(() => structuredClone(relations, { transfer: relationsBuffers(relations) }));
    return { buildMs, buildCpuMs, passMs, passCpuMs, cloneMs, named };
  });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const toEveryone = {
    runs: everyoneRuns.length,
    people: Object.keys(profiles).length,
    named: everyoneRuns[0]!.named,
    buildMedianMs: median(everyoneRuns.map((r) => r.buildMs)),
    buildCpuMedianMs: median(everyoneRuns.map((r) => r.buildCpuMs)),
    workerPassMedianMs: median(everyoneRuns.map((r) => r.passMs)),
    workerPassCpuMedianMs: median(everyoneRuns.map((r) => r.passCpuMs)),
    replyCloneMedianMs: median(everyoneRuns.map((r) => r.cloneMs)),
    totalMaxMs: Math.max(...everyoneRuns.map((r) => r.buildMs + r.passMs + r.cloneMs)),
  };

  const result = {
    date: new Date().toISOString(),
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
    people: Object.keys(profiles).length,
    generations,
    distinctAncestorsOfLastGeneration: { min: Math.min(...ancestorCounts), max: Math.max(...ancestorCounts) },
    randomPairs: random100k,
    randomPairsClosestOnly: random100kClosestOnly,
    sameGenerationPairs: sameGeneration,
    sameGenerationPairsClosestOnly: sameGenerationClosestOnly,
    distantPairs: distant,
    distantPairsClosestOnly: distantClosestOnly,
    noRelationPairs: noRelation,
    relationshipToEveryone: toEveryone,
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(dirname(args.json), { recursive: true });
  writeFileSync(args.json, JSON.stringify(result, null, 2) + '\n');
}

main();
