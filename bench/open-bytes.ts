/**
 * `npx tsx bench/open-bytes.ts [people]` (default 10,000): the bytes an open of the GEDCOM
 * generator's tree sends on the wire (the compact form, brotli as the server compresses it),
 * with people's events as before (all in the open) and as now (left out, loaded per person when
 * shown: src/domain/facts/eventsLoading.ts), against the same tree without any events (issue 20:
 * "bytes on the wire for the open grow by at most half"). Also what loading everyone's events
 * afterwards costs (the person-events answers, for a tree-wide reader). No server or browser:
 * the same encoders the server runs. Prints the figures and writes bench/results/open-bytes.json.
 */
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { encodeGraphColumns } from '../src/backend/graphColumns.ts';
import { applyChangeSet } from '../src/domain/changeSet.ts';
import { personEventsAnswer, PERSON_EVENTS_BATCH } from '../src/domain/facts/personEvents.ts';
import type { Graph } from '../src/domain/types.ts';
import { gedcomChangeSet } from './scene/gedcomChangeSet.ts';

const people = Number(process.argv[2] ?? 10_000);
const brotli = promisify(brotliCompress);
/** As server/http/compress.ts answers an open. */
const wire = async (json: string) =>
  (await brotli(Buffer.from(json), { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: json.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })).length;

const empty: Graph = { nodes: [], edges: [], profiles: {}, updatedAt: '', version: 1, revision: 0 };
const graph = applyChangeSet(empty, gedcomChangeSet(people, 'bench-uid', { siteOrigin: 'https://example.org' }));
const withoutEvents: Graph = {
  ...graph,
  profiles: Object.fromEntries(Object.entries(graph.profiles).map(([id, p]) => { const { events: _, ...rest } = p; return [id, rest]; })),
  ...(graph.couples ? { couples: Object.fromEntries(Object.entries(graph.couples).map(([id, c]) => [id, { ...c, events: [] }])) } : {}),
};

const t0 = performance.now();
const before = await wire(JSON.stringify(encodeGraphColumns(graph)));
const after = await wire(JSON.stringify(encodeGraphColumns(graph, { leaveEventsOut: true })));
const none = await wire(JSON.stringify(encodeGraphColumns(withoutEvents)));
const ids = Object.keys(graph.profiles);
let loadAll = 0;
for (let i = 0; i < ids.length; i += PERSON_EVENTS_BATCH) {
  const batch = ids.slice(i, i + PERSON_EVENTS_BATCH).map((id): [string, NonNullable<Graph['profiles'][string]['events']>] => [id, graph.profiles[id]!.events ?? []]);
  loadAll += await wire(JSON.stringify(personEventsAnswer(1, batch)));
}
const events = Object.values(graph.profiles).reduce((n, p) => n + (p.events?.length ?? 0), 0);
const mb = (n: number) => (n / 1e6).toFixed(2);
const growth = (n: number) => `${Math.round((n / none - 1) * 100)}%`;
console.log(`${people.toLocaleString('en')} people, ${events.toLocaleString('en')} events of people (${Math.round(performance.now() - t0)} ms)`);
console.log(`open without any events:           ${mb(none)} MB`);
console.log(`open with events, before (all):    ${mb(before)} MB  (+${growth(before)})`);
console.log(`open with events, now (left out):  ${mb(after)} MB  (+${growth(after)})`);
console.log(`everyone's events loaded after:    ${mb(loadAll)} MB in ${Math.ceil(ids.length / PERSON_EVENTS_BATCH)} requests`);
await writeFile('bench/results/open-bytes.json', JSON.stringify({ people, events, noEventsBytes: none, beforeBytes: before, afterBytes: after, loadAllBytes: loadAll }, null, 2) + '\n');
