import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyChangeSet } from '../../src/domain/changeSet.ts';
import { emptyProfile } from '../../src/domain/profile.ts';
import { parentEdge } from '../../src/domain/relationships.ts';
import type { Couple, FactEvent, Place } from '../../src/domain/facts/types.ts';
import type { GraphNode, Profile } from '../../src/domain/types.ts';
import { openPglite, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrations.ts';
import { partsToGraph, readGraphParts, writeChanges } from '../../server/graphs/store.ts';

/**
 * The save's bulk writes (many rows per statement, in batches) give back every value exactly:
 * quotes, backslashes, text that looks like SQL or JSON, accents and emoji, empty strings, nulls,
 * nested lists, and the order rows were sent in across a batch boundary.
 */

let db: Database;
beforeAll(async () => {
  db = await openPglite('memory://');
  await migrate(db);
  await db.query(`INSERT INTO users (uid, email, password_hash) VALUES ('u1', 'u1@example.com', 'x')`);
  await db.query(`INSERT INTO graphs (id, owner_uid) VALUES ('u1', 'u1'), ('u2', 'u1'), ('u3', 'u1')`);
}, 60_000);
afterAll(() => db?.close());

const TRICKY = [`O'Brien`, '\\N', 'tab\there\r\nand a line', `a \\. line`, `''; DROP TABLE profiles; --`, `back\\slash \\n`, `"quoted" {"json": [1]}`, 'Zoë Ødegaard Łukasz 👪 e\u0301', '', ' ', '\t\n', '$1 $$ $tag$', 'null', 'NULL'];
const tricky = (i: number) => TRICKY[i % TRICKY.length]!;

const event = (i: number, placeId: string): FactEvent => ({ id: `ev${String(i).padStart(10, '0')}`, type: 'RESI', customType: tricky(i + 1), date: i % 2 ? 'ABT 1850' : '', placeId, description: tricky(i), age: '' });
const place = (i: number, parentId = ''): Place => ({ id: `pl${String(i).padStart(10, '0')}`, name: tricky(i), parentId, kind: tricky(i + 2), latitude: i % 3 ? null : -33.8688 + i, longitude: i % 3 ? null : 151.2093, altNames: i % 2 ? [] : [tricky(i + 3), `${tricky(i)} (old)`] });
// Ids out of their sending order, so an order by id is not the order sent.
const node = (i: number): GraphNode => ({ id: `n${1001 + ((i * 7919) % 5003)}`, type: 'person', position: { x: i * 10.5, y: 0.25 - i }, modifiedAt: '', hidden: i % 7 === 0, data: { profileId: `pr:${String(i).padStart(16, '0')}`, parentRole: '', isPrimary: false } });
const profile = (i: number, placeId: string): Profile => ({
  ...emptyProfile(`pr:${String(i).padStart(16, '0')}`),
  createdBy: 'u1',
  firstName: tricky(i),
  lastName: tricky(i + 5),
  bio: `${tricky(i)}\n\n${tricky(i + 1)}`,
  events: i % 4 ? [event(i * 2, placeId), event(i * 2 + 1, '')] : [],
});

/** Every tenth profile belongs to the member (a nullable column beside the JSON). */
const i3 = (p: Profile) => (Number(p.id.slice(3, 19)) % 10 === 0 ? 'u1' : '');

describe('bulk writes of a change set', () => {
  it.each([
    ['upserts', 'u1', { alone: false }],
    ['fresh rows, one connection, loaded with COPY', 'u2', { alone: true }],
    ['fresh rows, one connection, without COPY (no conflict clause, no reference checks)', 'u3', { alone: true, noCopy: true }],
  ] as const)('%s: every row read back exactly, in the order sent, across a batch', async (_, graphId, { noCopy, ...options }: { alone: boolean; noCopy?: boolean }) => {
    const count = 5003;
    const places = [place(0), place(1, place(0).id), place(2, place(1).id)];
    const nodes = Array.from({ length: count }, (_, i) => node(i));
    // Profiles are global rows: each graph gets its own.
    const suffix = { u1: '', u2: 'b', u3: 'c' }[graphId];
    const profiles = Array.from({ length: count }, (_, i) => profile(i, places[i % 3]!.id)).map((p) => ({ ...p, id: `${p.id}${suffix}`, ownerUid: i3(p) }));
    for (const n of nodes) n.data.profileId = `${n.data.profileId}${suffix}`;
    const edges = nodes.slice(1, 40).map((n) => parentEdge(nodes[0]!.id, n.id));
    const couple: Couple = { id: `cp-${profiles[0]!.id}-${profiles[1]!.id}`, partners: [profiles[0]!.id, profiles[1]!.id], events: [{ ...event(99_999, places[2]!.id), type: 'MARR' }] };
    const cs = emptyChangeSet(0);
    cs.nodes.upsert = nodes;
    cs.edges.upsert = edges;
    cs.places = { upsert: places, remove: [] };
    cs.couples = { upsert: [couple], remove: [] };
    const ids = (items: readonly { id: string }[]) => new Set(items.map((x) => x.id));
    const fresh = options.alone ? { nodes: ids(nodes), edges: ids(edges), profiles: ids(profiles) } : undefined;
    const tables = new Set<string>();
    await db.transaction((tx) => {
      const copyIn = async (table: string, columns: readonly string[], rows: string) => (tables.add(table), tx.copyIn!(table, columns, rows));
      return writeChanges(noCopy ? { query: tx.query } : { query: tx.query, copyIn }, graphId, cs, profiles, { ...options, fresh });
    });
    // PGlite loads fresh rows with COPY; the upserts (and a driver without it) take statements.
    expect([...tables].sort()).toEqual(options.alone && !noCopy ? ['graph_edges', 'graph_nodes', 'graph_profiles', 'profiles'] : []);

    const graph = partsToGraph((await readGraphParts(db, graphId))!);
    expect(graph.nodes).toEqual(nodes);
    expect(graph.edges).toEqual(edges);
    expect(graph.places).toEqual(Object.fromEntries(places.map((p) => [p.id, p])));
    expect(graph.couples).toEqual({ [couple.id]: couple });
    expect(Object.keys(graph.profiles)).toHaveLength(count);
    for (const p of profiles) expect(graph.profiles[p.id]).toEqual(p);
  }, 120_000);
});
