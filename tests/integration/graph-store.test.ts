import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edgeId } from '../../src/domain/ids.ts';
import { emptyProfile } from '../../src/domain/profile.ts';
import { graphLookup, type GraphLookup } from '../../src/domain/save/neighbourhood.ts';
import { parentEdge } from '../../src/domain/relationships.ts';
import type { Graph, GraphNode } from '../../src/domain/types.ts';
import { openPglite, type Database } from '../../server/db/database.ts';
import { MIGRATIONS, migrate } from '../../server/db/migrations.ts';
import { sqlGraphLookup } from '../../server/graphs/sqlGraphStore.ts';
import { writeChanges } from '../../server/graphs/store.ts';
import { emptyChangeSet } from '../../src/domain/changeSet.ts';

/** The SQL side of the store port: schema version 3 and the lookups validation reads through. */

let db: Database;
beforeAll(async () => {
  db = await openPglite('memory://');
  await migrate(db, MIGRATIONS.filter((m) => m.version <= 2));
});
afterAll(() => db?.close());

const node = (id: string, profileId: string, isPrimary = false): GraphNode => ({
  id,
  type: 'person',
  position: { x: 0, y: 0 },
  modifiedAt: '',
  hidden: false,
  data: { profileId, parentRole: '', isPrimary },
});

/** Two graphs sharing nothing but the table: a family of four, and one stranger. */
function family(): Graph {
  const profiles: Graph['profiles'] = {};
  const person = (id: string, fields: Partial<Graph['profiles'][string]> = {}) => (profiles[id] = { ...emptyProfile(id), createdBy: 'u1', ...fields });
  person('u1', { ownerUid: 'u1', spouses: ['pr:b'], children: ['pr:c', 'pr:d'] });
  person('pr:b', { spouses: ['u1'], children: ['pr:c'] });
  person('pr:c', { parents: ['u1', 'pr:b'] });
  person('pr:d', { parents: ['u1'] });
  return {
    nodes: [node('n1001', 'u1', true), node('n1002', 'pr:b'), node('n1003', 'pr:c'), node('n1004', 'pr:d'), node('n1005', '')],
    edges: [parentEdge('n1001', 'n1003'), parentEdge('n1002', 'n1003'), parentEdge('n1001', 'n1004'), parentEdge('n1005', 'n1004')],
    profiles,
    updatedAt: '',
    version: 1,
  };
}

describe('schema version 3', () => {
  it('backfills the ends of the edges already stored and fills them for every new row', async () => {
    await db.query(`INSERT INTO users (uid, email, password_hash) VALUES ('u1', 'u1@example.com', 'x')`);
    await db.query(`INSERT INTO graphs (id, owner_uid) VALUES ('u1', 'u1')`);
    const old = parentEdge('n1001', 'n1003');
    await db.query(`INSERT INTO graph_edges (graph_id, id, data) VALUES ('u1', $1, $2)`, [old.id, JSON.stringify(old)]);

    expect(await migrate(db)).toContain(3);
    expect(await db.query('SELECT id, source, target FROM graph_edges')).toEqual([{ id: old.id, source: 'n1001', target: 'n1003' }]);
    const next = parentEdge('n1002', 'n1003');
    await db.query(`INSERT INTO graph_edges (graph_id, id, data) VALUES ('u1', $1, $2)`, [next.id, JSON.stringify(next)]);
    expect(await db.query(`SELECT source, target FROM graph_edges WHERE id = $1`, [next.id])).toEqual([{ source: 'n1002', target: 'n1003' }]);
    await db.exec('DELETE FROM graph_edges');
  });
});

describe('sqlGraphLookup', () => {
  let sql: GraphLookup;
  const memory = graphLookup(family());

  beforeAll(async () => {
    await migrate(db);
    await db.query(`INSERT INTO users (uid, email, password_hash) VALUES ('u1', 'u1@example.com', 'x') ON CONFLICT DO NOTHING`);
    await db.query(`INSERT INTO graphs (id, owner_uid) VALUES ('u1', 'u1') ON CONFLICT DO NOTHING`);
    await db.query(`INSERT INTO users (uid, email, password_hash) VALUES ('u2', 'u2@example.com', 'x') ON CONFLICT DO NOTHING`);
    await db.query(`INSERT INTO graphs (id, owner_uid) VALUES ('u2', 'u2') ON CONFLICT DO NOTHING`);
    const g = family();
    const all = emptyChangeSet();
    all.nodes.upsert = g.nodes;
    all.edges.upsert = g.edges;
    await writeChanges(db, 'u1', all, Object.values(g.profiles));
    // The same ids in another graph must never leak into the first one's answers.
    const other = emptyChangeSet();
    other.nodes.upsert = [node('n1001', 'pr:stranger', true), node('n1003', '')];
    other.edges.upsert = [parentEdge('n1001', 'n1003')];
    await writeChanges(db, 'u2', other, [{ ...emptyProfile('pr:stranger'), children: ['pr:c'] }]);
    sql = sqlGraphLookup(db, 'u1');
  });

  const byId = <T extends { id: string }>(xs: T[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : 1));

  it.each<[string, (l: GraphLookup) => Promise<{ id: string }[]>]>([
    ['nodes by id', (l) => l.nodes(['n1001', 'n1004', 'n9999'])],
    ['edges by id', (l) => l.edges([edgeId('n1001', 'n1003'), 'e-n1-n2'])],
    ['edges of nodes', (l) => l.edgesOfNodes(['n1003', 'n1005'])],
    ['nodes showing profiles', (l) => l.nodesShowing(['pr:b', 'pr:d', 'pr:stranger', ''])],
    ['profiles by id', (l) => l.profiles(['u1', 'pr:c', 'pr:stranger', '__proto__'])],
    ['profiles listing a profile', (l) => l.profilesListing(['pr:c', 'toString'])],
    ['the primary node', (l) => l.primaryNodes()],
    ['nothing for no ids', (l) => l.nodes([])],
  ])('answers %s as the graph in memory does', async (_name, ask) => {
    expect(byId(await ask(sql))).toEqual(byId(await ask(memory)));
  });

});

describe('sqlGraphLookup on a big graph', () => {
  const PEOPLE = 5000;
  beforeAll(async () => {
    await migrate(db);
    await db.query(`INSERT INTO users (uid, email, password_hash) VALUES ('u3', 'u3@example.com', 'x') ON CONFLICT DO NOTHING`);
    await db.query(`INSERT INTO graphs (id, owner_uid) VALUES ('u3', 'u3') ON CONFLICT DO NOTHING`);
    const pid = (i: number) => `pr:chain${i}`;
    const all = emptyChangeSet();
    const profiles = [];
    for (let i = 0; i < PEOPLE; i++) {
      all.nodes.upsert.push(node(`n${1001 + i}`, pid(i), i === 0));
      if (i) all.edges.upsert.push(parentEdge(`n${1000 + i}`, `n${1001 + i}`));
      profiles.push({ ...emptyProfile(pid(i)), parents: i ? [pid(i - 1)] : [], children: i < PEOPLE - 1 ? [pid(i + 1)] : [] });
    }
    await writeChanges(db, 'u3', all, profiles);
    await db.exec('ANALYZE');
  });

  it.each<[string, (l: GraphLookup) => Promise<unknown>, RegExp]>([
    ['edges of nodes', (l) => l.edgesOfNodes(['n2000', 'n3000']), /Index Cond: .*\(source = ANY[\s\S]*Index Cond: .*\(target = ANY/],
    ['nodes showing profiles', (l) => l.nodesShowing(['pr:chain7']), /graph_nodes_profile_idx/],
    ['profiles listing a profile', (l) => l.profilesListing(['pr:chain7']), /profiles_relatives_idx/],
    ['the primary node', (l) => l.primaryNodes(), /graph_nodes_primary_idx/],
  ])('reads %s through an index', async (_name, ask, index) => {
    const asked: { sql: string; params?: unknown[] }[] = [];
    await ask(sqlGraphLookup({ query: async (sql, params) => (asked.push({ sql, params }), []) }, 'u3'));
    expect(asked).toHaveLength(1);
    const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${asked[0]!.sql}`, asked[0]!.params);
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(index);
  });
});

describe('writeChanges on one connection', () => {
  it('leaves the reference checks out only for its own inserts: a later row pointing nowhere is refused, and removals still cascade', async () => {
    await migrate(db);
    await db.query(`INSERT INTO users (uid, email, password_hash) VALUES ('u4', 'u4@example.com', 'x') ON CONFLICT DO NOTHING`);
    await db.query(`INSERT INTO graphs (id, owner_uid) VALUES ('u4', 'u4') ON CONFLICT DO NOTHING`);
    const add = emptyChangeSet();
    add.nodes.upsert = [node('n1001', 'pr:kept'), node('n1002', 'pr:gone')];
    const written = [emptyProfile('pr:kept'), emptyProfile('pr:gone')];
    const attempt = db.transaction(async (tx) => {
      await writeChanges(tx, 'u4', add, written, { alone: true });
      await tx.query(`INSERT INTO graph_edges (graph_id, id, data) VALUES ('no such graph', 'e1', '{}')`);
    });
    await expect(attempt).rejects.toMatchObject({ code: '23503' });

    await db.transaction((tx) => writeChanges(tx, 'u4', add, written, { alone: true }));
    const remove = emptyChangeSet();
    remove.profiles.remove = ['pr:gone'];
    await db.transaction((tx) => writeChanges(tx, 'u4', remove, [], { alone: true }));
    expect(await db.query(`SELECT profile_id FROM graph_profiles WHERE graph_id = 'u4'`)).toEqual([{ profile_id: 'pr:kept' }]);
    expect(await db.query(`SELECT id FROM profiles WHERE id = 'pr:gone'`)).toEqual([]);
  });
});
