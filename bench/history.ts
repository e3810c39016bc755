/**
 * `npx tsx bench/history.ts [--json FILE] [--rows N]`: the history's costs (issue 24) on PGlite.
 *
 *  (a) A person's history with 1,000 changes opens under 100 ms: 1,000 real saves each editing one
 *      person, then the details panel's read (the first page of 50 entries through the history's
 *      use case, with the field-by-field lines made for each) timed 30 times; and all 1,000 read
 *      in pages of 200.
 *  (b) A change log of 1,000,000 changes does not slow a save: the median of 200 saves (a card
 *      moved and a field edited) on a tree with an empty history, then the same after 1,000,000
 *      synthetic history rows (one multi-row INSERT … SELECT generate_series, the body a
 *      realistic entry) are added to that tree's history.
 * Prints the figures and writes them as JSON (default bench/results/history.json).
 */
import { writeFileSync } from 'node:fs';
import { diffProfile, emptyChangeSet, type ChangeSet } from '../src/domain/changeSet.ts';
import { personChangeLines } from '../src/domain/history/describe.ts';
import { listHistory } from '../src/domain/history/service.ts';
import { newProfile } from '../src/domain/profile.ts';
import type { GraphNode } from '../src/domain/types.ts';
import { openPglite, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrations.ts';
import { sqlChangeLog } from '../server/graphs/changeLog.ts';
import { createLocalFeed } from '../server/graphs/feed.ts';
import { sqlHistoryDeps } from '../server/graphs/historyService.ts';
import { createGraphService } from '../server/graphs/service.ts';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const ROWS = Number(flag('--rows') ?? 1_000_000);
const out = flag('--json') ?? 'bench/results/history.json';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const ms = (n: number) => Math.round(n * 100) / 100;

async function member(db: Database, uid: string): Promise<void> {
  await db.query(`INSERT INTO users (uid, email, password_hash, display_name) VALUES ($1, $2, 'x', $3)`, [uid, `${uid}@example.com`, `Member ${uid}`]);
  const own = newProfile(uid, { firstName: 'Member', lastName: uid }, { uid, now: new Date().toISOString() });
  await db.query(`INSERT INTO profiles (id, owner_uid, data) VALUES ($1, $1, $2::jsonb)`, [uid, JSON.stringify(own)]);
}

function node(id: string, profileId: string, x: number, primary = false): GraphNode {
  return { id, type: 'person', position: { x, y: 0 }, modifiedAt: '', hidden: false, data: { profileId, parentRole: '', isPrimary: primary } } as GraphNode;
}

/** A tree of one member's card and one person's: what the saves edit. */
function firstChange(uid: string): { cs: ChangeSet; personId: string } {
  const personId = `pr:${uid}bench`;
  const cs = emptyChangeSet(0);
  cs.nodes.upsert.push(node('n1001', uid, 0, true), node('n1002', personId, 200));
  cs.profiles.upsert.push(diffProfile(undefined, newProfile(personId, { firstName: 'Byron', lastName: 'King' }, { uid, now: new Date().toISOString() }))!);
  return { cs, personId };
}

function edit(personId: string, i: number): ChangeSet {
  const cs = emptyChangeSet(0);
  cs.nodes.upsert.push(node('n1002', personId, 200 + (i % 50)));
  cs.profiles.upsert.push({ id: personId, set: { bio: `Edit number ${i}: a line of biography long enough to look like one.` } });
  return cs;
}

const db = await openPglite('memory://');
await migrate(db);
const graphs = createGraphService(db, createLocalFeed(sqlChangeLog(db)));
const deps = sqlHistoryDeps(db, graphs);
const results: Record<string, unknown> = { rows: ROWS, when: new Date().toISOString() };

// (a) A person's history with 1,000 changes.
await member(db, 'ua');
const a = firstChange('ua');
await graphs.save('ua', 'ua', { changes: a.cs, clientId: 'bench' });
const saveTimes: number[] = [];
for (let i = 0; i < 1000; i++) {
  const t = performance.now();
  await graphs.save('ua', 'ua', { changes: edit(a.personId, i), clientId: 'bench' });
  saveTimes.push(performance.now() - t);
}
const nameOf = () => 'Someone';
const opens: number[] = [];
for (let i = 0; i < 30; i++) {
  const t = performance.now();
  const entries = await listHistory(deps, 'ua', 'ua', { profileId: a.personId, limit: 50 });
  for (const e of entries) personChangeLines(e, a.personId, nameOf);
  opens.push(performance.now() - t);
}
let all = 0;
const tAll = performance.now();
let before: number | undefined;
for (;;) {
  const page = await listHistory(deps, 'ua', 'ua', { profileId: a.personId, limit: 200, beforeRevision: before });
  for (const e of page) personChangeLines(e, a.personId, nameOf);
  all += page.length;
  if (page.length < 200) break;
  before = page[page.length - 1]!.revision;
}
const allMs = performance.now() - tAll;
results.personHistory = { changes: all, firstPageMedianMs: ms(median(opens)), firstPageP95Ms: ms(p95(opens)), all1000Ms: ms(allMs), saveMedianMs: ms(median(saveTimes)) };
console.log(`(a) person with ${all} changes: first page (50) median ${ms(median(opens))} ms, p95 ${ms(p95(opens))} ms; all ${all} in pages of 200: ${ms(allMs)} ms`);

// (a') The first page's query before migration 16 and now, interleaved on the same rows so the
// machine's load falls on both alike: the GIN index on profile_ids found all 1,001 changes and a
// sort picked the newest 50 (bodies carried through it); graph_history_people reads 50 index
// entries newest first. PostgreSQL's own execution time is given too (EXPLAIN ANALYZE).
await db.exec('CREATE INDEX bench_history_gin ON graph_history USING gin (profile_ids)');
const OLD_SQL = `SELECT revision, at, actor_uid, kind, profile_ids, removed_ids, summary, revert_of, body FROM graph_history
  WHERE graph_id = $1 AND profile_ids @> ARRAY[$2]::text[] ORDER BY revision DESC LIMIT 50`;
const NEW_SQL = `SELECT h.revision, h.at, h.actor_uid, h.kind, h.profile_ids, h.removed_ids, h.summary, h.revert_of, h.body
  FROM graph_history_people p JOIN graph_history h ON h.graph_id = p.graph_id AND h.revision = p.revision
  WHERE p.graph_id = $1 AND p.profile_id = $2 ORDER BY p.revision DESC LIMIT 50`;
const execMs = async (sql: string) => {
  const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${sql}`, ['ua', a.personId]);
  return Number(/Execution Time: ([\d.]+)/.exec(plan.map((r) => r['QUERY PLAN']).join('\n'))?.[1] ?? NaN);
};
const oldT: number[] = [];
const newT: number[] = [];
const oldE: number[] = [];
const newE: number[] = [];
for (let i = 0; i < 30; i++) {
  let t = performance.now();
  await db.query(OLD_SQL, ['ua', a.personId]);
  oldT.push(performance.now() - t);
  t = performance.now();
  await db.query(NEW_SQL, ['ua', a.personId]);
  newT.push(performance.now() - t);
  oldE.push(await execMs(OLD_SQL));
  newE.push(await execMs(NEW_SQL));
}
await db.exec('DROP INDEX bench_history_gin');
results.personHistoryQuery = {
  beforeMedianMs: ms(median(oldT)),
  afterMedianMs: ms(median(newT)),
  beforeExecutionMedianMs: ms(median(oldE)),
  afterExecutionMedianMs: ms(median(newE)),
};
console.log(
  `(a') the first page's query: before (GIN + sort) median ${ms(median(oldT))} ms (execution ${ms(median(oldE))} ms); now (graph_history_people) ${ms(median(newT))} ms (execution ${ms(median(newE))} ms)`,
);

// (b) Saves with an empty history, then with ROWS rows in it.
await member(db, 'ub');
const b = firstChange('ub');
await graphs.save('ub', 'ub', { changes: b.cs, clientId: 'bench' });
async function saves(n: number, from: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await graphs.save('ub', 'ub', { changes: edit(b.personId, from + i), clientId: 'bench' });
    times.push(performance.now() - t);
  }
  return times;
}
const empty = await saves(200, 0);
const revision = Number((await db.query<{ revision: unknown }>(`SELECT revision FROM graphs WHERE id = 'ub'`))[0]!.revision);
const body = JSON.stringify({ changes: edit(b.personId, 0), before: { profiles: { [b.personId]: { set: { bio: 'An earlier line of biography of about the same length as the edits.' } } }, nodes: { n1002: node('n1002', b.personId, 210) } } });
const tFill = performance.now();
// Rows below the tree's revisions: the tree's own revisions go on above them.
const STEP = 100_000;
for (let from = 0; from < ROWS; from += STEP) {
  await db.query(
    `INSERT INTO graph_history (graph_id, revision, at, actor_uid, kind, profile_ids, removed_ids, summary, body)
     SELECT 'ub', -g, now() - (g || ' seconds')::interval, 'ub', 'change', ARRAY['pr:filler' || (g % 5000)], '{}', '{"added":0,"removed":0,"edited":1,"photos":0,"other":1}', $2
       FROM generate_series($1::bigint + 1, $1::bigint + $3) AS g`,
    [from, body, Math.min(STEP, ROWS - from)],
  );
}
const fillMs = performance.now() - tFill;
const count = Number((await db.query<{ n: unknown }>(`SELECT count(*) AS n FROM graph_history WHERE graph_id = 'ub'`))[0]!.n);
const full = await saves(200, 200);
results.saveWithLog = {
  historyRows: count,
  emptyMedianMs: ms(median(empty)),
  emptyP95Ms: ms(p95(empty)),
  fullMedianMs: ms(median(full)),
  fullP95Ms: ms(p95(full)),
  fillSeconds: Math.round(fillMs / 100) / 10,
  revisionBefore: revision,
};
console.log(`(b) save median with an empty history ${ms(median(empty))} ms (p95 ${ms(p95(empty))}); with ${count.toLocaleString('en')} rows ${ms(median(full))} ms (p95 ${ms(p95(full))}); rows added in ${Math.round(fillMs / 1000)} s`);
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written ${out}`);
await graphs.close();
await db.close();
