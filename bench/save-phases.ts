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
import { changeSetShapeProblem, validateWellFormed } from '../src/domain/save/validate.ts';
import { Neighbourhood } from '../src/domain/save/neighbourhood.ts';
import { stampChangeSet, type ChangeSet } from '../src/domain/changeSet.ts';
import { readBefore } from '../src/domain/history/record.ts';
import { historyEntry } from '../src/domain/history/entry.ts';
import { historyBodyText } from '../src/domain/history/log.ts';
import { withPackedEvents } from '../src/domain/facts/eventCodec.ts';
import type { Profile } from '../src/domain/types.ts';
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
/** `--phases`: before the save, each step of it alone on the same change set (its SQL counted apart), then rolled back. */
const phases = args.includes('--phases');

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
  const count = async <T,>(key: string, run: () => Promise<T>): Promise<T> => {
    const started = process.cpuUsage();
    try {
      return await run();
    } finally {
      statements.set(key, (statements.get(key) ?? 0) + cpuMs(started));
    }
  };
  const counted = (q: Queryable): Queryable => ({
    query: (sql, params) => count(sql.replace(/\s+/g, ' ').trim().slice(0, 36), () => q.query(sql, params)),
    // COPY where the driver has it (PGlite), as the store uses it.
    ...(q.copyIn ? { copyIn: (table: string, columns: readonly string[], rows: string) => count(`COPY ${table}`, () => q.copyIn!(table, columns, rows)) } : {}),
  });
  const store: GraphStore = {
    transaction: (fn) =>
      db.transaction((tx) => fn(sqlStoreTransaction(counted(tx), { alone: db.kind === 'pglite' }))),
  };
  const phaseFigures: Record<string, { cpuMs: number; wallMs: number }> = {};
  if (phases) {
    const timed = async <T,>(name: string, fn: () => T | Promise<T>): Promise<T> => {
      const cpu = process.cpuUsage();
      const wall = performance.now();
      const out = await fn();
      phaseFigures[name] = { cpuMs: Math.round(cpuMs(cpu)), wallMs: Math.round(performance.now() - wall) };
      return out;
    };
    const rollBack = new Error('phases measured');
    await db
      .transaction(async (tx) => {
        const stx = sqlStoreTransaction(tx, { alone: db.kind === 'pglite' });
        await stx.ensureOwnGraph(uid);
        await timed('shape check', () => changeSetShapeProblem(changes));
        const neighbourhood = new Neighbourhood(stx.lookup(uid));
        await timed('validation (with its lookups)', () =>
          validateWellFormed(changes, { neighbourhood, actingUid: uid, role: 'owner', graphOwnerUid: uid, currentYear: new Date().getUTCFullYear() }),
        );
        const now = new Date().toISOString();
        const stamped = await timed('stamping', () => stampChangeSet(changes, { uid, now }));
        const written = await timed('change set applied (profiles as written)', () => {
          const after = neighbourhood.after(stamped);
          return stamped.profiles.upsert.map((p) => after.profile(p.id)).filter((p): p is Profile => !!p);
        });
        const before = await timed('history before-values', () => readBefore(neighbourhood, stx.lookup(uid), stamped));
        await timed('history entry', () => {
          const entry = historyEntry({ revision: 1, changes: { ...stamped, baseRevision: 0 } as ChangeSet, actorUid: uid }, before, now);
          return historyBodyText(entry);
        });
        await timed('JSON of the rows (profiles packed, cards, lines, records)', () => {
          let chars = 0;
          for (const p of written) chars += JSON.stringify(withPackedEvents(p)).length;
          for (const key of ['nodes', 'edges', 'places', 'couples'] as const) for (const x of (stamped[key]?.upsert ?? []) as unknown[]) chars += JSON.stringify(x).length;
          return chars;
        });
        throw rollBack;
      })
      .catch((e) => {
        if (e !== rollBack) throw e;
      });
    for (const [name, f] of Object.entries(phaseFigures)) console.log(`  ${(f.cpuMs / 1000).toFixed(2).padStart(6)} s CPU (${(f.wallMs / 1000).toFixed(2)} s wall)  ${name}`);
  }
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
    const figures = { people, database: db.kind, checkShape, loadAverage: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(1))), phases: phaseFigures, saveCpuMs: Math.round(saveCpuMs), wallMs: Math.round(wallMs), statementsCpuMs: Math.round(sqlCpuMs), statements: Object.fromEntries(top.map(([k, v]) => [k, Math.round(v)])) };
    await writeFile(jsonFile, `${JSON.stringify(figures, null, 2)}\n`);
  }
} finally {
  if (postgres) await db.exec('DROP SCHEMA IF EXISTS save_phases CASCADE').catch(() => undefined);
  await db.close();
  await rm(work, { recursive: true, force: true });
}
