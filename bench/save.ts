/**
 * `npx tsx bench/save.ts [--json FILE] [--quick]`: what a save costs the server on big trees.
 *
 *  (a) one-card save on a 1,000- and a 100,000-person tree, two app processes on one PostgreSQL,
 *      saves alternating between them, one at a time: the round trip of each save on loopback
 *      (the server's time plus well under a millisecond of HTTP). Target: the 100,000 figure at
 *      most 2× the 1,000 figure.
 *  (b) saves per second on a 10,000-person tree with 1, 4 and 16 concurrent clients, each moving
 *      its own card in a loop, on PGlite, on PostgreSQL and on two PostgreSQL processes (clients
 *      alternate between them). Target: throughput does not fall as clients are added.
 *
 * Every server is a child process (this file with `--serve`), so the clients' work here does not
 * share an event loop with the server's. Trees are seeded straight into the database in multi-row
 * statements (a change set that large is over the request body limit). PostgreSQL is
 * TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test, in a schema made for the run.
 * `--quick` shortens every phase (for trying the bench out, not for figures).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { emptyChangeSet } from '../src/domain/changeSet.ts';
import type { GraphNode } from '../src/domain/types.ts';
import { startServer } from '../server/app.ts';
import { familyGraph } from './scene/familyGraph.ts';
import { benchMember } from './tools/benchMember.ts';

interface SeededTree {
  people: number;
  uid: string;
  cookie: string;
  /** Cards the clients move, one per client. */
  cards: GraphNode[];
}

interface Ready {
  url: string;
  trees: SeededTree[];
}

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};


// ---- Child: one app process ---------------------------------------------------------------------

async function serve(databaseUrl: string, seeds: number[]): Promise<void> {
  const dataDir = `/tmp/kinfolk-bench-save-${process.pid}`;
  const server = await startServer({ dataDir, port: 0, host: '127.0.0.1', databaseUrl, log: false });
  const trees: SeededTree[] = [];
  for (const people of seeds) trees.push(await seedTree(server, people));
  console.log(`READY ${JSON.stringify({ url: server.url, trees } satisfies Ready)}`);
  const stop = () => void server.close().then(() => rm(dataDir, { recursive: true, force: true })).finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
}

async function seedTree(server: Awaited<ReturnType<typeof startServer>>, count: number): Promise<SeededTree> {
  const email = `bench-${count}-${randomBytes(4).toString('hex')}@example.com`;
  const { uid, cookie } = await benchMember(server.url, await server.createInvitation({ email }), email);
  // Makes the member's own graph, as opening the tree does.
  const opened = await fetch(`${server.url}/api/graph`, { headers: { cookie } });
  if (!opened.ok) throw new Error(`open failed: ${opened.status}`);

  const family = familyGraph(count, uid, 'rows', 7, new Date().toISOString(), `${uid.slice(0, 8)}-`);
  const { nodes, edges } = family;
  const profiles = Object.values(family.profiles);
  const db = server.db;
  const own = profiles.find((p) => p.id === uid)!;
  await db.transaction(async (q) => {
    const chunked = async (sql: string, rows: unknown[]) => {
      for (let i = 0; i < rows.length; i += 5000) await q.query(sql, [JSON.stringify(rows.slice(i, i + 5000)), uid]);
    };
    await chunked(
      `INSERT INTO profiles (id, data, created_by, updated_by)
       SELECT p->>'id', p, p->>'createdBy', p->>'updatedBy' FROM jsonb_array_elements($1::jsonb) AS p WHERE $2::text IS NOT NULL`,
      profiles.filter((p) => p.id !== uid),
    );
    await q.query(`UPDATE profiles SET data = data || $2::jsonb WHERE id = $1`, [
      uid,
      JSON.stringify({ spouses: own.spouses, parents: own.parents, children: own.children }),
    ]);
    await chunked(
      `INSERT INTO graph_profiles (graph_id, profile_id) SELECT $2, p->>'id' FROM jsonb_array_elements($1::jsonb) AS p ON CONFLICT DO NOTHING`,
      profiles.map((p) => ({ id: p.id })),
    );
    await chunked(
      `INSERT INTO graph_nodes (graph_id, id, profile_id, data)
       SELECT $2, n->>'id', n->'data'->>'profileId', n FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(n, i) ORDER BY i`,
      nodes,
    );
    await chunked(
      `INSERT INTO graph_edges (graph_id, id, data)
       SELECT $2, e->>'id', e FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, i) ORDER BY i`,
      edges,
    );
    await q.query(`UPDATE graphs SET revision = 1, updated_at = now(), migrations = '{spouses-v1,parents-children-v1}' WHERE id = $1`, [uid]);
  });
  await db.query('ANALYZE');
  // Cards in the middle of the tree, each with parents, a spouse or children around it.
  const cards = nodes.slice(Math.floor(count / 2), Math.floor(count / 2) + 32);
  return { people: count, uid: uid, cookie, cards };
}

// ---- Parent: clients and figures ----------------------------------------------------------------

interface Child {
  process: ChildProcess;
  ready: Ready;
}

function startChild(databaseUrl: string, seeds: number[]): Promise<Child> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, '--serve', databaseUrl, ...(seeds.length ? ['--seed', seeds.join(',')] : [])], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ process: child, ready: JSON.parse(line.slice(6)) as Ready });
    });
    child.on('exit', (code) => reject(new Error(`server process ended (${code}) before it was ready`)));
  });
}

async function stopChild(child: Child): Promise<void> {
  const ended = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.stdin!.end();
  await ended;
}

/** Moves `card` by a step and saves it; returns the round trip in ms. */
async function saveCard(url: string, tree: SeededTree, card: GraphNode, step: number): Promise<number> {
  const changes = emptyChangeSet(0);
  changes.nodes.upsert.push({ ...card, position: { x: card.position.x + (step % 7) * 10, y: card.position.y } });
  const t = performance.now();
  const res = await fetch(`${url}/api/graphs/${tree.uid}/changes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: tree.cookie },
    body: JSON.stringify({ changes, clientId: `bench-${step}` }),
  });
  const text = await res.text();
  const ms = performance.now() - t;
  if (!res.ok) throw new Error(`save failed: ${res.status} ${text}`);
  return ms;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const median = (xs: number[]) => quantile(xs, 0.5);

interface OneCardResult {
  people: number;
  saves: number;
  medianMs: number;
  p90Ms: number;
  meanMs: number;
}

async function oneCardSaves(urls: string[], tree: SeededTree, saves: number): Promise<OneCardResult> {
  for (let i = 0; i < 4; i++) await saveCard(urls[i % urls.length]!, tree, tree.cards[0]!, i);
  const times: number[] = [];
  for (let i = 0; i < saves; i++) times.push(await saveCard(urls[i % urls.length]!, tree, tree.cards[0]!, i));
  return { people: tree.people, saves, medianMs: median(times), p90Ms: quantile(times, 0.9), meanMs: times.reduce((a, b) => a + b, 0) / times.length };
}

interface ThroughputResult {
  backend: string;
  clients: number;
  saves: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

async function throughput(backend: string, urls: string[], tree: SeededTree, clients: number, seconds: number): Promise<ThroughputResult> {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let k = 0; performance.now() < end; k++) times.push(await saveCard(urls[(c + k) % urls.length]!, tree, tree.cards[c]!, k));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { backend, clients, saves: times.length, seconds: elapsed, perSecond: times.length / elapsed, p50Ms: quantile(times, 0.5), p99Ms: quantile(times, 0.99) };
}

async function main(): Promise<void> {
  const quick = args.includes('--quick');
  const jsonFile = flag('--json');
  const seconds = quick ? 3 : 10;
  const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `kinfolk_bench_save_${randomBytes(4).toString('hex')}`;
  const pgUrl = `${BASE_URL}${BASE_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const children: Child[] = [];
  const oneCard: OneCardResult[] = [];
  const rates: ThroughputResult[] = [];
  try {
    const sizes = quick ? [1000, 10_000] : [1000, 100_000];
    const seeds = [...new Set([...sizes, 10_000])];
    console.log(`seeding PostgreSQL with ${seeds.map((n) => n.toLocaleString('en')).join(', ')}-person trees…`);
    const pgA = await startChild(pgUrl, seeds);
    children.push(pgA);
    const pgB = await startChild(pgUrl, []);
    children.push(pgB);
    const both = [pgA.ready.url, pgB.ready.url];
    const treeOf = (n: number) => pgA.ready.trees.find((t) => t.people === n)!;

    for (const n of sizes) {
      const r = await oneCardSaves(both, treeOf(n), quick ? 6 : n >= 100_000 ? 20 : 40);
      oneCard.push(r);
      console.log(`(a) one-card save, ${n.toLocaleString('en')} people, two PostgreSQL processes alternating: median ${r.medianMs.toFixed(1)} ms, p90 ${r.p90Ms.toFixed(1)} ms`);
    }

    const levels = [1, 4, 16];
    const run = async (backend: string, urls: string[], tree: SeededTree) => {
      for (let i = 0; i < 4; i++) await saveCard(urls[i % urls.length]!, tree, tree.cards[0]!, i);
      for (const clients of levels) {
        const r = await throughput(backend, urls, tree, clients, seconds);
        rates.push(r);
        console.log(`(b) ${backend}, ${clients} client(s): ${r.perSecond.toFixed(1)} saves/s (p50 ${r.p50Ms.toFixed(0)} ms, p99 ${r.p99Ms.toFixed(0)} ms)`);
      }
    };
    console.log('seeding PGlite with a 10,000-person tree…');
    const lite = await startChild('memory://', [10_000]);
    children.push(lite);
    await run('PGlite', [lite.ready.url], lite.ready.trees[0]!);
    await stopChild(children.pop()!);
    await run('PostgreSQL', [pgA.ready.url], treeOf(10_000));
    await run('PostgreSQL ×2', both, treeOf(10_000));
  } finally {
    for (const c of children) await stopChild(c).catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }

  console.log('\n(a) one-card save, two PostgreSQL processes alternating (round trip on loopback)');
  console.log('| people | saves | median ms | p90 ms | mean ms |\n|---:|---:|---:|---:|---:|');
  for (const r of oneCard) console.log(`| ${r.people.toLocaleString('en')} | ${r.saves} | ${r.medianMs.toFixed(1)} | ${r.p90Ms.toFixed(1)} | ${r.meanMs.toFixed(1)} |`);
  const ratio = oneCard.length === 2 ? oneCard[1]!.medianMs / oneCard[0]!.medianMs : NaN;
  console.log(`largest ÷ smallest (median): ×${ratio.toFixed(2)} (target ≤ ×2)`);
  console.log('\n(b) saves per second on a 10,000-person tree');
  console.log('| backend | clients | saves/s | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|');
  for (const r of rates) console.log(`| ${r.backend} | ${r.clients} | ${r.perSecond.toFixed(1)} | ${r.p50Ms.toFixed(0)} | ${r.p99Ms.toFixed(0)} |`);
  if (jsonFile) {
    writeFileSync(jsonFile, `${JSON.stringify({ oneCardSave: oneCard, oneCardRatio: ratio, throughput: rates }, null, 2)}\n`);
    console.log(`\nwrote ${jsonFile}`);
  }
}

if (args.includes('--serve')) await serve(flag('--serve')!, (flag('--seed') ?? '').split(',').filter(Boolean).map(Number));
else await main();
