/**
 * `npx tsx bench/viewer-load.ts [PEOPLE] [--json FILE]`: what privacy costs a viewer's open.
 *
 * An editor's open sends the graph's shared snapshot and the change sets since (DESIGN.md
 * "Opening a big tree"); a viewer's cannot (the snapshot holds everything), so the server reads
 * the graph whole, redacts it and encodes it in the compact form for that viewer. This seeds one
 * tree of PEOPLE (10,000 by default) through the bulk import, adds a viewer, and times GET
 * /api/graph in the compact form for both, five times each after a warm-up, on an in-memory
 * PGlite: the round trip on loopback with the answer read whole, and its size.
 */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { GRAPH_COLUMNS_TYPE } from '../src/backend/graphColumns.ts';
import { createHttpGraphImporter } from '../src/backend/http/httpGraphImport.ts';
import { startServer } from '../server/app.ts';
import { familyChangeSet } from './scene/familyChangeSet.ts';
import { benchMember } from './tools/benchMember.ts';

const args = process.argv.slice(2);
const people = Number(args.find((a) => /^\d+$/.test(a)) ?? 10_000);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1]! : `bench/results/viewer-load-${people}.json`;

const dataDir = await mkdtemp(join(tmpdir(), 'kinfolk-viewer-load-'));
const server = await startServer({ dataDir, port: 0, databaseUrl: 'memory://', log: false });

async function member(email: string): Promise<{ uid: string; cookie: string }> {
  return benchMember(server.url, await server.createInvitation({ email }), email);
}

async function open(cookie: string): Promise<{ ms: number; bytes: number; role: string }> {
  const start = performance.now();
  const res = await fetch(`${server.url}/api/graph`, { headers: { cookie, accept: `${GRAPH_COLUMNS_TYPE}, application/json;q=0.9`, 'accept-encoding': 'identity' } });
  const text = await res.text();
  if (!res.ok) throw new Error(`open failed: ${res.status} ${text.slice(0, 200)}`);
  return { ms: performance.now() - start, bytes: text.length, role: (JSON.parse(text) as { role: string }).role };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  const owner = await member('owner@example.com');
  await open(owner.cookie);
  const importer = createHttpGraphImporter({ baseUrl: server.url, fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as object), cookie: owner.cookie } }) });
  await importer.importChangeSet(owner.uid, familyChangeSet(people, owner.uid), 'bench');
  const viewer = await member('viewer@example.com');
  await server.db.query(`INSERT INTO graph_members (graph_id, uid, role) VALUES ($1, $2, 'viewer')`, [owner.uid, viewer.uid]);
  await server.db.query('UPDATE users SET last_graph_id = $1 WHERE uid = $2', [owner.uid, viewer.uid]);

  const figures: Record<string, { medianMs: number; runsMs: number[]; bytes: number }> = {};
  for (const [who, cookie] of [['editor', owner.cookie], ['viewer', viewer.cookie]] as const) {
    await open(cookie);
    const runs: { ms: number; bytes: number; role: string }[] = [];
    for (let i = 0; i < 5; i++) runs.push(await open(cookie));
    figures[who] = { medianMs: Math.round(median(runs.map((r) => r.ms))), runsMs: runs.map((r) => Math.round(r.ms)), bytes: runs[0]!.bytes };
    console.log(`${who} (${runs[0]!.role}) opens ${people.toLocaleString('en')} people: median ${figures[who]!.medianMs} ms, ${(runs[0]!.bytes / 1e6).toFixed(1)} MB (runs ${figures[who]!.runsMs.join(', ')} ms)`);
  }
  await mkdir(dirname(jsonFile), { recursive: true });
  const load = Math.round(loadavg()[0]! * 10) / 10;
  console.log(`load average ${load} on ${cpus().length} cores (figures scale with it)`);
  await writeFile(jsonFile, `${JSON.stringify({ people, date: new Date().toISOString(), loadAverage: load, ...figures }, null, 2)}\n`);
  console.log(`written to ${jsonFile}`);
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
