import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveEventsOut } from '../../src/domain/facts/eventsLoading.ts';
import { packEvents } from '../../src/domain/facts/eventCodec.ts';
import type { FactEvent } from '../../src/domain/facts/types.ts';
import { emptyProfile } from '../../src/domain/profile.ts';
import type { Profile } from '../../src/domain/types.ts';
import { openPglite, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrations.ts';
import { createSnapshotReader } from '../../server/graphs/graphSnapshots.ts';
import { sqlGraphLookup } from '../../server/graphs/sqlGraphStore.ts';
import { loadedGraphFrom } from '../../src/backend/http/graphLoad.ts';
import { loadedGraphJson, partsToGraph, readGraphParts, readProfiles, upsertProfiles } from '../../server/graphs/store.ts';

/**
 * Profiles' events are stored packed (`facts/eventCodec.ts`, fewer bytes for PGlite to write),
 * and every read gives them back as the app knows them, rows stored before the form included.
 */

let db: Database;
beforeAll(async () => {
  db = await openPglite('memory://');
  await migrate(db);
  await db.query(`INSERT INTO users (uid, email, password_hash) VALUES ('u1', 'u1@example.com', 'x')`);
  await db.query(`INSERT INTO graphs (id, owner_uid) VALUES ('u1', 'u1')`);
}, 60_000);
afterAll(() => db?.close());

const event = (id: string, over: Partial<FactEvent> = {}): FactEvent => ({ id, type: 'RESI', customType: '', date: 'ABT 1850', placeId: 'pl1', description: '', age: '', ...over });
const person = (id: string, events: FactEvent[]): Profile => ({ ...emptyProfile(id), createdBy: 'u1', firstName: 'Ada', events });

describe('stored events', () => {
  const packed = person('pr:packed', [event('ev1', { citations: [{ id: 'ci1', sourceId: 'sr1', page: 'folio 2', date: '', quality: 2, text: '' }] }), event('ev2', { type: 'OCCU', description: 'Miller', note: '<p>n</p>' })]);
  const older = person('pr:older', [event('ev3'), event('ev4', { date: '' })]);

  beforeAll(async () => {
    await upsertProfiles(db, [packed]);
    // A row written before the packed form: its events as objects.
    await db.query(`INSERT INTO profiles (id, data) VALUES ($1, $2::jsonb)`, [older.id, JSON.stringify(older)]);
    await db.query(`INSERT INTO graph_profiles (graph_id, profile_id) VALUES ('u1', $1), ('u1', $2)`, [packed.id, older.id]);
  });

  it('are written packed, fewer bytes than as objects', async () => {
    const [row] = await db.query<{ events: unknown; bytes: number; whole: number }>(
      `SELECT data->'events' AS events, octet_length((data->'events')::text) AS bytes, octet_length($2::jsonb::text) AS whole FROM profiles WHERE id = $1`,
      [packed.id, JSON.stringify(packed.events)],
    );
    expect(row!.events).toEqual(JSON.parse(JSON.stringify(packEvents(packed.events!))));
    expect(row!.bytes).toBeLessThan(row!.whole * 0.7);
  });

  it('read back exactly by every read, rows stored before the form too', async () => {
    const both = { [packed.id]: packed, [older.id]: older };
    expect(Object.fromEntries(await readProfiles(db, [packed.id, older.id]))).toEqual(both);
    const lookup = sqlGraphLookup(db, 'u1');
    expect(Object.fromEntries((await lookup.profiles([packed.id, older.id])).map((p) => [p.id, p]))).toEqual(both);
    const parts = (await readGraphParts(db, 'u1'))!;
    expect(partsToGraph(parts).profiles).toEqual(both);
    // The plain answer of GET /api/graph is text spliced from the rows: its events unpacked too.
    const plain = JSON.parse(loadedGraphJson(parts, { role: 'owner', name: '', privacy: {} })) as { graph: { profiles: Record<string, Profile> } };
    expect(plain.graph.profiles).toEqual(both);
  });

  it('a compact open without a snapshot answers the snapshot made from its whole read, not the plain form re-written', async () => {
    const answer = await createSnapshotReader().open(db, 'u1', { role: 'owner', name: '', privacy: {} });
    expect(answer!.columns).toBe(true);
    // As an open sends them: each person's events left on the server, their outline in the marker.
    expect(loadedGraphFrom(JSON.parse(answer!.json)).graph.profiles).toEqual({ [packed.id]: leaveEventsOut(packed), [older.id]: leaveEventsOut(older) });
  });

  it('an older row written again is packed, its events kept', async () => {
    const [before] = await readProfiles(db, [older.id]).then((m) => [...m.values()]);
    await upsertProfiles(db, [{ ...before!, bio: 'now' }]);
    const [row] = await db.query<{ first: unknown }>(`SELECT data->'events'->0 AS first FROM profiles WHERE id = $1`, [older.id]);
    expect(Array.isArray(row!.first)).toBe(true);
    expect((await readProfiles(db, [older.id])).get(older.id)).toEqual({ ...older, bio: 'now' });
  });
});
