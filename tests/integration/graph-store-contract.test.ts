import { afterAll, beforeAll } from 'vitest';
import type { ChangeSet } from '../../src/domain/changeSet.ts';
import { openPglite, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrations.ts';
import { sqlGraphStore } from '../../server/graphs/sqlGraphStore.ts';
import { changesSince, partsToGraph, readGraphParts, readProfiles } from '../../server/graphs/store.ts';
import { graphStoreContract, type StoreUnderTest } from '../contract/graphStore.contract.ts';

/** The store port's contract run against the self-hosted SQL store (PGlite). */

let db: Database;
beforeAll(async () => {
  db = await openPglite('memory://');
  await migrate(db);
});
afterAll(() => db?.close());

graphStoreContract('SQL (PGlite)', (): StoreUnderTest => ({
  store: sqlGraphStore(db),
  async addAccount(uid) {
    await db.query(`INSERT INTO users (uid, email, password_hash) VALUES ($1, $2, 'x')`, [uid, `${uid}@example.com`]);
  },
  async readGraph(graphId) {
    const parts = await readGraphParts(db, graphId);
    return parts && { ownerUid: parts.row.ownerUid, revision: parts.row.revision, migrations: parts.row.migrations, graph: partsToGraph(parts) };
  },
  async readLog(graphId, since) {
    return (await changesSince(db, graphId, since)).map((c) => ({ revision: c.revision, clientId: c.clientId, actorUid: c.actorUid, changes: JSON.parse(c.changes!) as ChangeSet }));
  },
  async members(graphId) {
    return (await db.query<{ uid: string }>('SELECT uid FROM graph_members WHERE graph_id = $1 ORDER BY uid', [graphId])).map((r) => r.uid);
  },
  async profile(id) {
    return (await readProfiles(db, [id])).get(id) ?? null;
  },
}));
