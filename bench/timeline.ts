/**
 * `NODE_ENV=production npx tsx bench/timeline.ts [--events 200] [--runs 50] [--json bench/results/timeline.json]`
 * (production: React as the app ships it; its development build checks every element and is
 * several times slower):
 * a person's Timeline (issue "Evidence and memories": "a person's Timeline with 200 events opens
 * under 100 ms"). A person with `events` events of their own (dates of every form: exact, about,
 * ranges, undated; places; 1–3 citations each), twelve children, two spouses with marriages and
 * deaths, two parents, in a tree of 10,000 other people. Times `lifeTimeline` (computed) and
 * `renderToString` of the list the panel shows (rendered: React's work without the browser's
 * layout) together, the first run (cold) and the median and worst of the rest. Prints figures,
 * writes JSON; never fails on time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { TimelineList } from '../src/components/timeline/TimelineList.tsx';
import { emptyProfile } from '../src/domain/profile.ts';
import { lifeTimeline } from '../src/domain/timeline/timeline.ts';
import { coupleId, type FactEvent, type Place, type Source } from '../src/domain/facts/types.ts';
import type { Graph, Profile } from '../src/domain/types.ts';
import { seededRandom } from './scene/random.ts';

function parseArgs(argv: string[]) {
  const out = { events: 200, runs: 50, json: 'bench/results/timeline.json' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--events') out.events = Number(argv[++i]);
    else if (a === '--runs') out.runs = Number(argv[++i]);
    else if (a === '--json') out.json = argv[++i]!;
    else throw new Error(`unknown argument ${a}`);
  }
  return out;
}

const TYPES = ['RESI', 'OCCU', 'EDUC', 'MILI', 'IMMI', 'CHR', 'TITL', 'RELI', 'EVEN'] as const;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function dateFor(random: () => number): string {
  const y = 1800 + Math.floor(random() * 90);
  const r = random();
  if (r < 0.4) return `${1 + Math.floor(random() * 28)} ${MONTHS[Math.floor(random() * 12)]} ${y}`;
  if (r < 0.6) return `ABT ${y}`;
  if (r < 0.7) return `BET ${y} AND ${y + 3}`;
  if (r < 0.8) return `${MONTHS[Math.floor(random() * 12)]} ${y}`;
  if (r < 0.9) return `BEF ${y}`;
  return '';
}

function build(events: number): Graph {
  const random = seededRandom(7);
  const profiles: Record<string, Profile> = {};
  const add = (id: string, f: Partial<Profile>) => (profiles[id] = { ...emptyProfile(id), firstName: id, ...f });
  const places: Record<string, Place> = {};
  for (let i = 0; i < 50; i++) places[`pl${i}`] = { id: `pl${i}`, name: `Place ${i}`, parentId: i ? 'pl0' : '', kind: '', latitude: null, longitude: null, altNames: [] };
  const sources: Record<string, Source> = {};
  for (let i = 0; i < 20; i++) sources[`sr${i}`] = { id: `sr${i}`, title: `Register ${i}`, author: '', publication: '', repository: '', url: '', note: '' };
  let ci = 0;
  const citations = () =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({ id: `ci${ci++}`, sourceId: `sr${Math.floor(random() * 20)}`, page: `folio ${ci}`, date: '', quality: 2 as const, text: '' }));
  const event = (i: number): FactEvent => {
    const type = TYPES[i % TYPES.length]!;
    return { id: `ev${i}`, type, customType: type === 'EVEN' ? 'Visit' : '', date: dateFor(random), placeId: `pl${i % 50}`, description: `Event ${i}`, age: '', citations: citations() };
  };
  const kids = Array.from({ length: 12 }, (_, i) => `kid${i}`);
  add('me', { birthYear: '1800', birthMonth: '5', birthDay: '24', death: '1890', spouses: ['sp0', 'sp1'], parents: ['pa0', 'pa1'], children: kids, events: Array.from({ length: events }, (_, i) => event(i)) });
  add('pa0', { gender: 'M', death: '1830', children: ['me'] });
  add('pa1', { gender: 'F', death: '1850-03-02', children: ['me'] });
  add('sp0', { gender: 'F', death: '1840', spouses: ['me'] });
  add('sp1', { gender: 'F', death: 'ABT 1880', spouses: ['me'] });
  kids.forEach((k, i) => add(k, { gender: i % 2 ? 'F' : 'M', birthYear: String(1825 + i * 2), parents: ['me'] }));
  for (let i = 0; i < 10_000; i++) add(`other${i}`, { birthYear: String(1700 + (i % 300)) });
  const couples = Object.fromEntries(
    ['sp0', 'sp1'].map((s, i) => {
      const id = coupleId('me', s);
      return [id, { id, partners: ['me', s].sort() as [string, string], events: [{ ...event(10_000 + i), type: 'MARR' as const, customType: '', date: `${1822 + i * 20}` }] }];
    }),
  );
  return { nodes: [], edges: [], profiles, places, sources, couples, updatedAt: '', version: 1 };
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const graph = build(args.events);
  const times: number[] = [];
  const computed: number[] = [];
  let entries = 0;
  let html = 0;
  for (let i = 0; i < args.runs; i++) {
    const t0 = performance.now();
    const list = lifeTimeline(graph, 'me');
    const t1 = performance.now();
    const markup = renderToString(createElement(TimelineList, { entries: list, sources: graph.sources! }));
    times.push(performance.now() - t0);
    computed.push(t1 - t0);
    entries = list.length;
    html = markup.length;
  }
  const [cold, ...warm] = times;
  warm.sort((a, b) => a - b);
  const median = warm[Math.floor(warm.length / 2)] ?? cold!;
  const worst = warm.at(-1) ?? cold!;
  const computeMedian = computed.slice(1).sort((a, b) => a - b)[Math.floor((computed.length - 1) / 2)] ?? computed[0]!;
  const result = {
    bench: 'timeline',
    events: args.events,
    entries,
    htmlChars: html,
    runs: args.runs,
    coldMs: Number(cold!.toFixed(2)),
    medianMs: Number(median.toFixed(2)),
    worstMs: Number(worst.toFixed(2)),
    computeMedianMs: Number(computeMedian.toFixed(2)),
    reactBuild: process.env.NODE_ENV === 'production' ? 'production' : 'development',
    targetMs: 100,
    load: loadavg()[0],
    at: new Date().toISOString(),
  };
  console.log(`Timeline of ${args.events} events (${entries} entries with the family's, ${html} chars of HTML): cold ${result.coldMs} ms, median ${result.medianMs} ms, worst ${result.worstMs} ms; computing alone median ${result.computeMedianMs} ms; React ${result.reactBuild} (target < 100 ms, load ${result.load.toFixed(2)})`);
  mkdirSync(dirname(args.json), { recursive: true });
  writeFileSync(args.json, JSON.stringify(result, null, 2) + '\n');
}

main();
