/**
 * `npx tsx bench/media-keep.ts [--json FILE]`: what keeping the files of removed photos costs the
 * save path and the sweep (src/domain/media/orphans.ts), in one process on PGlite (its CPU is
 * this thread's, so CPU time per save says more than wall time on a shared machine).
 *  (a) a one-card save (a card moved) on a 1,000-person tree holding 1,000 photos: the save of
 *      nearly every edit, which must not pay for media at all;
 *  (b) a save that deletes one photo (the history's before read, the removal row written);
 *  (c) the sweep of a tree with 10,000 stored files: 1,000 removed photos' (kept, on this
 *      checkout) and 1,000 lost uploads' (they go), 5 files each.
 * The same file runs on an older checkout (only APIs both have), so the figures compare.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, type Queryable } from '../server/db/database.ts';
import { migrate } from '../server/db/migrations.ts';
import { sweepMediaOrphans } from '../server/files/mediaStorage.ts';
import { sqlStoreTransaction } from '../server/graphs/sqlGraphStore.ts';
import { emptyChangeSet, type ChangeSet, type ProfilePatch } from '../src/domain/changeSet.ts';
import { newOwnProfile } from '../src/domain/invitations.ts';
import type { Media } from '../src/domain/media/types.ts';
import type { GraphStore } from '../src/domain/save/graphStore.ts';
import { saveChangeSet } from '../src/domain/save/saveChangeSet.ts';
import { familyGraph } from './scene/familyGraph.ts';

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const SAVES = 200;
const PHOTOS = 1000;
/** Of them, deleted one save each (the rest in one save). */
const DELETES = 100;
const FILES = 10_000;

const work = await mkdtemp(join(tmpdir(), 'kinfolk-media-keep-'));
const db = await openPglite(join(work, 'db'));
const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

try {
  await migrate(db);
  const uid = 'benchmember0000000000000000';
  const now = new Date().toISOString();
  await db.query(`INSERT INTO users (uid, email, password_hash) VALUES ($1, 'bench@example.com', 'x')`, [uid]);
  /** SQL statements sent, by every save: the figure the load of a shared machine does not blur. */
  let statements = 0;
  const counted = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      statements++;
      return q.query(sql, params);
    },
  });
  const store: GraphStore = { transaction: (fn) => db.transaction((tx) => fn(sqlStoreTransaction(counted(tx), { alone: true }))) };
  await store.transaction((tx) => tx.writeProfiles([newOwnProfile({ uid, firstName: 'Ann', lastName: 'Bench', email: 'bench@example.com', gender: 'F', now })]));
  const family = familyGraph(1000, uid, 'rows', 7, now, 'b-');
  const seed = emptyChangeSet(0);
  seed.nodes.upsert = family.nodes;
  seed.edges.upsert = family.edges;
  seed.profiles.upsert = Object.values(family.profiles).map((p): ProfilePatch => {
    const add = { spouses: p.spouses, parents: p.parents, children: p.children };
    if (p.id === uid) return { id: p.id, add };
    const { id: _id, spouses: _s, parents: _p, children: _c, ...set } = p;
    return { id: p.id, create: true, set, add };
  });
  const save = (changes: ChangeSet) => saveChangeSet(store, { uid, graphId: uid, changes, clientId: 'bench' }, { now: new Date(), publish: () => undefined });
  await save(seed);
  const someone = Object.keys(family.profiles).filter((id) => id !== uid);
  const photo = (i: number): Media => ({
    id: `mbench${i}`, kind: 'photo', title: `Photo ${i}`, date: '', description: '', people: [someone[i % someone.length]!], couples: [],
    url: `/files/media/${uid}/mbench${i}/original.jpg`, thumb: '', thumbSmall: '', contentType: 'image/jpeg', bytes: 1000,
  });
  await save({ ...emptyChangeSet(0), media: { upsert: Array.from({ length: PHOTOS }, (_, i) => photo(i)), remove: [] } });

  const timed = async (n: number, changes: (i: number) => ChangeSet) => {
    const cpu: number[] = [];
    const wall: number[] = [];
    const sent = statements;
    for (let i = 0; i < n; i++) {
      const cs = changes(i);
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      await save(cs);
      cpu.push(cpuMs(c0));
      wall.push(performance.now() - w0);
    }
    return { cpuMedianMs: +median(cpu).toFixed(2), cpuMeanMs: +mean(cpu).toFixed(2), wallMedianMs: +median(wall).toFixed(2), statementsPerSave: (statements - sent) / n };
  };
  const card = family.nodes.find((n) => n.data.profileId !== uid)!;
  const moves = (i: number) => ({ ...emptyChangeSet(0), nodes: { upsert: [{ ...card, position: { x: i, y: i } }], remove: [] } });
  await timed(20, moves); // warm-up
  const oneCard = await timed(SAVES, moves);
  const deletes = await timed(DELETES, (i) => ({ ...emptyChangeSet(0), media: { upsert: [], remove: [`mbench${i}`] } }));
  await save({ ...emptyChangeSet(0), media: { upsert: [], remove: Array.from({ length: PHOTOS - DELETES }, (_, i) => `mbench${DELETES + i}`) } });

  // The sweep: the removed photos' folders and as many lost uploads', 5 files each, all 3 days old.
  const old = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
  await db.query(
    `INSERT INTO files (path, content_type, hash, bytes, updated_at)
     SELECT 'media/' || $1 || '/m' || kind || i || '/' || name, 'image/jpeg', 'h', '\\x00'::bytea, $2::timestamptz
     FROM generate_series(0, ${PHOTOS - 1}) AS i, unnest(ARRAY['bench', 'lost']) AS kind,
       unnest(ARRAY['original.jpg', 'thumb_320.jpg', 'thumb_170.jpg', 'thumb_320.webp', 'thumb_170.webp']) AS name`,
    [uid, old],
  );
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const gone = await sweepMediaOrphans(db, new Date(), uid);
  const sweep = { files: FILES, deleted: gone.length, cpuMs: Math.round(cpuMs(c0)), wallMs: Math.round(performance.now() - w0) };

  const figures = { database: db.kind, people: 1000, photos: PHOTOS, oneCardSave: oneCard, photoDeleteSave: deletes, sweep };
  console.log(`one-card save, ${SAVES} saves: CPU median ${oneCard.cpuMedianMs} ms (mean ${oneCard.cpuMeanMs}), wall median ${oneCard.wallMedianMs} ms, ${oneCard.statementsPerSave} statements each`);
  console.log(`photo-deleting save, ${DELETES} saves: CPU median ${deletes.cpuMedianMs} ms (mean ${deletes.cpuMeanMs}), wall median ${deletes.wallMedianMs} ms, ${deletes.statementsPerSave} statements each`);
  console.log(`sweep of ${FILES} files: ${sweep.deleted} deleted, ${sweep.cpuMs} ms CPU, ${sweep.wallMs} ms wall`);
  if (jsonFile) {
    await mkdir('bench/results', { recursive: true });
    await writeFile(jsonFile, `${JSON.stringify(figures, null, 2)}\n`);
  }
} finally {
  await db.close();
  await rm(work, { recursive: true, force: true });
}
