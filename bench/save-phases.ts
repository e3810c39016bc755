/**
 * `npx tsx bench/save-phases.ts [people] [--postgres URL] [--check-shape] [--json FILE]` (default 20,000): where
 * the CPU of a big import's commit goes, in one process without HTTP. The seeded generator's
 * file with its facts is planned as the tree screen plans it and handed to the one save path
 * (`saveChangeSet`, shape already checked, as the bulk commit does) over the SQL store, on PGlite
 * in a temporary directory or on PostgreSQL (in a schema of its own, dropped after). Prints the
 * process's CPU time for the whole save and for each kind of statement (PGlite runs in this
 * thread, so its CPU is counted; PostgreSQL's is not), which says more than wall time on a
 * shared machine.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres, type Queryable } from '../server/db/database.ts';
import { migrate } from '../server/db/migrations.ts';
import { sqlStoreTransaction } from '../server/graphs/sqlGraphStore.ts';
import { saveChangeSet } from '../src/domain/save/saveChangeSet.ts';
import type { GraphStore } from '../src/domain/save/graphStore.ts';
import { newProfileId } from '../src/domain/ids.ts';
import { planImport } from '../src/gedcom/importPlan.ts';
import { generateGedcom } from './gedcom/generate.ts';
import { seededRandom } from './scene/random.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const people = Number(args.find((a, i) => /^\d+$/.test(a) && !['--json', '--postgres'].includes(args[i - 1]!)) ?? 20_000);
const postgres = option('--postgres');
const jsonFile = option('--json');
/** `--check-shape`: the save checks the change set's shape again, as the bulk commit did before. */
const checkShape = args.includes('--check-shape');

const work = await mkdtemp(join(tmpdir(), 'kinfolk-save-phases-'));
// On PostgreSQL in a schema of its own, named in the URL so that every pooled connection uses it.
if (postgres) {
  const admin = await openPostgres(postgres);
  await admin.exec('DROP SCHEMA IF EXISTS save_phases CASCADE; CREATE SCHEMA save_phases');
  await admin.close();
}
const inSchema = (url: string) => `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3Dsave_phases`;
const db = postgres ? await openPostgres(inSchema(postgres)) : await openPglite(join(work, 'db'));
try {
  await migrate(db);
  const uid = 'benchmember0000000000000000';
  await db.query(`INSERT INTO users (uid, email, password_hash) VALUES ($1, 'bench@example.com', 'x')`, [uid]);
  const random = seededRandom(2);
  const fill = (bytes: Uint8Array) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
    return bytes;
  };
  const { changes } = planImport(new TextEncoder().encode(generateGedcom({ people, seed: 1 })), {
    uid,
    now: new Date().toISOString(),
    currentYear: new Date().getFullYear(),
    siteOrigin: 'http://localhost',
    xrefPrefix: 'I',
    firstNodeNumber: 1000,
    origin: { x: 0, y: 400 },
    newProfileId: () => newProfileId(fill),
    random,
  });

  /** CPU ms of this process by statement kind (the first words of its SQL). */
  const statements = new Map<string, number>();
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const d = process.cpuUsage(since);
    return (d.user + d.system) / 1000;
  };
  const counted = (q: Queryable): Queryable => ({
    async query(sql, params) {
      const started = process.cpuUsage();
      try {
        return await q.query(sql, params);
      } finally {
        const key = sql.replace(/\s+/g, ' ').trim().slice(0, 36);
        statements.set(key, (statements.get(key) ?? 0) + cpuMs(started));
      }
    },
  });
  const store: GraphStore = {
    transaction: (fn) =>
      db.transaction((tx) => fn(sqlStoreTransaction(counted(tx), { alone: db.kind === 'pglite' }))),
  };
  const started = process.cpuUsage();
  const wall = performance.now();
  await saveChangeSet(store, { uid, graphId: uid, changes, clientId: 'bench' }, { now: new Date(), publish: () => undefined, shapeChecked: !checkShape });
  const saveCpuMs = cpuMs(started);
  const wallMs = performance.now() - wall;
  const sqlCpuMs = [...statements.values()].reduce((a, b) => a + b, 0);
  const top = [...statements].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 20);
  console.log(`${people.toLocaleString('en')} people on ${db.kind}: save ${(saveCpuMs / 1000).toFixed(1)} s CPU (${(wallMs / 1000).toFixed(1)} s wall), of it in statements ${(sqlCpuMs / 1000).toFixed(1)} s, the rest (validation, stamping, JSON) ${((saveCpuMs - sqlCpuMs) / 1000).toFixed(1)} s`);
  for (const [sql, ms] of top) console.log(`  ${(ms / 1000).toFixed(2).padStart(6)} s  ${sql}`);
  if (jsonFile) {
    await mkdir('bench/results', { recursive: true });
    const figures = { people, database: db.kind, checkShape, saveCpuMs: Math.round(saveCpuMs), wallMs: Math.round(wallMs), statementsCpuMs: Math.round(sqlCpuMs), statements: Object.fromEntries(top.map(([k, v]) => [k, Math.round(v)])) };
    await writeFile(jsonFile, `${JSON.stringify(figures, null, 2)}\n`);
  }
} finally {
  if (postgres) await db.exec('DROP SCHEMA IF EXISTS save_phases CASCADE').catch(() => undefined);
  await db.close();
  await rm(work, { recursive: true, force: true });
}
