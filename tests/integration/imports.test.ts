import { describe, expect, it } from 'vitest';
import { createHttpGraphImporter } from '../../src/backend/http/httpGraphImport.ts';
import type { ImportProgress } from '../../src/backend/ports.ts';
import { emptyChangeSet, type ChangeSet } from '../../src/domain/changeSet.ts';
import { chunkChangeSet, importTooLarge, IMPORT_LIMITS, type ImportLimits } from '../../src/domain/changeSetChunks.ts';
import { NOT_A_MEMBER } from '../../src/domain/permissions.ts';
import { familyChangeSet } from '../../bench/scene/familyChangeSet.ts';
import { IMPORT_RUNNING } from '../../src/domain/changeSetChunks.ts';
import { IMPORT_ABANDONED, IMPORT_INTERRUPTED, IMPORT_TIMING } from '../../src/domain/importLease.ts';
import { chunkLost, createImportService } from '../../server/graphs/bulkImport.ts';
import { TOO_MANY_IMPORTS } from '../../src/domain/importUpload.ts';
import { sqlChangeLog } from '../../server/graphs/changeLog.ts';
import { createLocalFeed } from '../../server/graphs/feed.ts';
import { createGraphService } from '../../server/graphs/service.ts';
import type { Database } from '../../server/db/database.ts';
import { createMember, eventually, expectError, useTestServer, type Client, type Member } from './helpers.ts';
import { loadGraph, openStream, openTree } from './graphHelpers.ts';

/** Lower than the real limits so a test can cross them; the real ones are checked in a test of their own. */
const LIMITS: ImportLimits = { ...IMPORT_LIMITS, people: 500, bytes: 400_000, chunkBytes: 100_000 };

const site = useTestServer({ server: { importLimits: LIMITS, liveKeepAliveMs: 200 } });

/** The HTTP adapter as a script uses it: the server's address and the member's session cookie. */
function importer(client: Client, chunkChars = 20_000) {
  const withCookie: typeof fetch = (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: `kin_session=${client.cookie}` } });
  return createHttpGraphImporter({ baseUrl: client.base, fetch: withCookie, chunkChars, retryMs: 10 });
}

async function begin(member: Member, graphId: string, chunks: number, extra: Record<string, number> = {}): Promise<string> {
  const res = await member.client.post(`/api/graphs/${graphId}/imports`, { clientId: 'import-tab', chunks, ...extra });
  expect(res.status, res.text).toBe(200);
  return res.body.importId as string;
}

const putChunk = (member: Member, graphId: string, importId: string, index: number, body: string) =>
  member.client.request('PUT', `/api/graphs/${graphId}/imports/${importId}/chunks/${index}`, body, { 'content-type': 'application/json' });
const commit = (member: Member, graphId: string, importId: string) => member.client.post(`/api/graphs/${graphId}/imports/${importId}/commit`);

async function logEntries(graphId: string): Promise<number[]> {
  const rows = await site.db.query<{ revision: unknown }>('SELECT revision FROM graph_changes WHERE graph_id = $1 ORDER BY revision', [graphId]);
  return rows.map((r) => Number(r.revision));
}

/** The graph as stored, to show a refused import changed nothing. */
async function stored(member: Member) {
  const loaded = await loadGraph(member.client);
  return { revision: loaded.graph.revision, nodes: loaded.graph.nodes.length, log: await logEntries(loaded.graphId) };
}

describe('bulk import (POST /api/graphs/:graphId/imports, chunks, commit)', () => {
  it('commits a multi-chunk upload as one revision with one log entry, reporting progress', async () => {
    const owner = await createMember(site.server);
    const changes = familyChangeSet(300, owner.uid);
    const progress: ImportProgress[] = [];
    const markMigrations = ['spouses-v1', 'parents-children-v1'];
    const { revision } = await importer(owner.client).importChangeSet(owner.uid, changes, 'import-tab', (p) => progress.push(p), { markMigrations });

    const chunks = chunkChangeSet(changes, 20_000).length;
    expect(chunks).toBeGreaterThan(5);
    expect(revision).toBe(1);
    expect(await logEntries(owner.uid)).toEqual([1]);
    // The snapshot of the new tree is made from its log (nothing before, and the import), not by
    // reading the whole imported tree back; the open below is answered from it.
    const snapshotAt = async () => (await site.db.query<{ revision: unknown }>('SELECT revision FROM graph_snapshots WHERE graph_id = $1', [owner.uid])).map((r) => Number(r.revision));
    expect(await eventually(async () => ((await snapshotAt()).length ? snapshotAt() : undefined))).toEqual([1]);
    const loaded = await loadGraph(owner.client);
    expect(loaded.graph.revision).toBe(1);
    expect([...loaded.migrations].sort()).toEqual([...markMigrations].sort());
    expect(loaded.graph.nodes.map((n) => n.id)).toEqual(changes.nodes.upsert.map((n) => n.id));
    expect(loaded.graph.edges.map((e) => e.id)).toEqual(changes.edges.upsert.map((e) => e.id));
    expect(Object.keys(loaded.graph.profiles).sort()).toEqual(changes.profiles.upsert.map((p) => p.id).sort());

    const sending = progress.filter((p) => p.phase === 'sending').map((p) => p.sent);
    expect(sending).toHaveLength(chunks + 1);
    expect(sending).toEqual([...sending].sort((a, b) => a - b));
    expect(sending.at(-1)).toBe(1);
    expect(progress.slice(-2).map((p) => p.phase)).toEqual(['committing', 'done']);
  });

  it('is one step on the live stream of a member who has the tree open', async () => {
    const owner = await createMember(site.server);
    const before = await loadGraph(owner.client);
    const stream = await openStream(owner.client, `/api/graphs/${before.graphId}/events?since=${before.graph.revision}`);
    try {
      const { revision } = await importer(owner.client).importChangeSet(before.graphId, familyChangeSet(200, owner.uid), 'import-tab');
      const event = await stream.next((e) => e.event === 'change' || e.event === 'reload');
      expect(event.id).toBe(String(revision));
      if (event.event === 'change') expect(event.data.changes.nodes.upsert).toHaveLength(200);
      expect(await logEntries(before.graphId)).toEqual([revision]);
    } finally {
      stream.close();
    }
  });

  it('refuses the whole upload when a chunk is missing at the commit, and changes nothing', async () => {
    const owner = await createMember(site.server);
    const tree = await openTree(owner);
    const before = await stored(owner);
    const bodies = chunkChangeSet(familyChangeSet(120, owner.uid), 5_000).slice(0, 3);
    const id = await begin(owner, tree.graphId, 3);
    expect((await putChunk(owner, tree.graphId, id, 0, bodies[0]!)).status).toBe(200);
    expect((await putChunk(owner, tree.graphId, id, 2, bodies[2]!)).status).toBe(200);

    expectError(await commit(owner, tree.graphId, id), 409, 'failed-precondition', 'The upload is incomplete: chunk 2 of 3 is missing. Nothing was imported.');
    expect(await stored(owner)).toEqual(before);
    // The import is closed: sending the missing chunk now does not revive it.
    expectError(await putChunk(owner, tree.graphId, id, 1, bodies[1]!), 409, 'failed-precondition', /^This import was refused: The upload is incomplete/);
    expect(await site.db.query('SELECT 1 FROM graph_import_chunks')).toEqual([]);
  });

  it('keeps the chunks on PGlite only in the process that took them: after a restart the commit is refused, and nothing changes', async () => {
    const owner = await createMember(site.server);
    const before = await stored(owner);
    const bodies = chunkChangeSet(familyChangeSet(60, owner.uid), 5_000);
    const id = await begin(owner, owner.uid, bodies.length);
    for (const [i, body] of bodies.entries()) expect((await putChunk(owner, owner.uid, id, i, body)).status).toBe(200);
    expect(await site.db.query('SELECT body FROM graph_import_chunks WHERE body IS NOT NULL')).toEqual([]);

    // The same database, the process started anew: its cache is empty.
    const graphs = createGraphService(site.db, createLocalFeed(sqlChangeLog(site.db)));
    const restarted = createImportService(site.db, graphs, LIMITS);
    await expect(restarted.commit({ uid: owner.uid, graphId: owner.uid, importId: id })).rejects.toMatchObject({ code: 'failed-precondition', message: chunkLost(0, bodies.length) });
    expect(await stored(owner)).toEqual(before);
    expect(await site.db.query('SELECT 1 FROM graph_import_chunks')).toEqual([]);
  });

  it('writes down the chunks of an import its process lets go (two imports over the budget at once), and commits both whole', async () => {
    const [a, b] = [await createMember(site.server), await createMember(site.server)];
    // Each import is just under the limit of bytes, the cache's budget: the second pushes the first out.
    // Profiles are global: the second import's get ids of their own.
    const bodiesOf = (m: Member, prefix: string) => chunkChangeSet(JSON.parse(JSON.stringify(familyChangeSet(300, m.uid)).replaceAll('"pr:n', `"pr:${prefix}n`)), 20_000);
    const [first, second] = [bodiesOf(a, ''), bodiesOf(b, 'b')];
    const size = (bodies: string[]) => bodies.reduce((n, body) => n + body.length, 0);
    expect(size(first) + size(second)).toBeGreaterThan(LIMITS.bytes);
    const ids = [await begin(a, a.uid, first.length), await begin(b, b.uid, second.length)];
    for (const [i, body] of first.entries()) expect((await putChunk(a, a.uid, ids[0]!, i, body)).status).toBe(200);
    for (const [i, body] of second.entries()) expect((await putChunk(b, b.uid, ids[1]!, i, body)).status).toBe(200);
    expect((await site.db.query('SELECT 1 FROM graph_import_chunks WHERE body IS NOT NULL')).length).toBe(first.length);

    expect((await commit(a, a.uid, ids[0]!)).body).toEqual({ revision: 1 });
    expect((await commit(b, b.uid, ids[1]!)).body).toEqual({ revision: 1 });
    expect((await loadGraph(a.client)).graph.nodes.length).toBe(300);
    expect((await loadGraph(b.client)).graph.nodes.length).toBe(300);
  });

  it('takes a repeated chunk with the same body, and refuses the whole upload for a chunk sent twice with different contents', async () => {
    const owner = await createMember(site.server);
    const bodies = chunkChangeSet(familyChangeSet(60, owner.uid), 5_000);
    const id = await begin(owner, owner.uid, bodies.length);
    expect((await putChunk(owner, owner.uid, id, 0, bodies[0]!)).status).toBe(200);
    expect((await putChunk(owner, owner.uid, id, 0, bodies[0]!)).status).toBe(200);
    expectError(await putChunk(owner, owner.uid, id, 0, bodies[1]!), 400, 'invalid-argument', 'Chunk 1 was sent twice with different contents. Nothing was imported.');
    expectError(await commit(owner, owner.uid, id), 409, 'failed-precondition', /^This import was refused: Chunk 1 was sent twice/);
    expect((await stored(owner)).nodes).toBe(0);
  });

  it('refuses the whole upload when two chunks name the same card', async () => {
    const owner = await createMember(site.server);
    const bodies = chunkChangeSet(familyChangeSet(60, owner.uid), 5_000);
    const id = await begin(owner, owner.uid, 2);
    expect((await putChunk(owner, owner.uid, id, 0, bodies[0]!)).status).toBe(200);
    expect((await putChunk(owner, owner.uid, id, 1, bodies[0]!.replace('"isPrimary":true', '"isPrimary":false'))).status).toBe(200);
    const first = JSON.parse(bodies[0]!) as ChangeSet;
    expectError(await commit(owner, owner.uid, id), 400, 'invalid-argument', `The import names card ${first.nodes.upsert[0]!.id} twice (chunks 1 and 2). Nothing was imported.`);
    expect(await stored(owner)).toEqual({ revision: 0, nodes: 0, log: [] });
  });

  it('refuses the whole upload for a malformed chunk (not JSON, or not a change set)', async () => {
    const owner = await createMember(site.server);
    const tree = await openTree(owner);
    const before = await stored(owner);
    const bodies = chunkChangeSet(familyChangeSet(60, owner.uid), 5_000);

    const notJson = await begin(owner, tree.graphId, 2);
    expect((await putChunk(owner, tree.graphId, notJson, 0, bodies[0]!)).status).toBe(200);
    expectError(await putChunk(owner, tree.graphId, notJson, 1, '{"nodes": [tru'), 400, 'invalid-argument', 'Chunk 2 is not valid JSON. Nothing was imported.');
    expectError(await commit(owner, tree.graphId, notJson), 409, 'failed-precondition', 'This import was refused: Chunk 2 is not valid JSON. Nothing was imported.');

    const badShape = await begin(owner, tree.graphId, 1);
    const cs = emptyChangeSet(0);
    cs.nodes.upsert.push({ ...familyChangeSet(1, owner.uid).nodes.upsert[0]!, position: 'far' as never });
    const body = JSON.stringify(cs);
    expectError(await putChunk(owner, tree.graphId, badShape, 0, body), 400, 'invalid-argument', 'Chunk 1 is not valid: Node n1001 has an invalid position. Nothing was imported.');

    const outOfRange = await begin(owner, tree.graphId, 1);
    expectError(await putChunk(owner, tree.graphId, outOfRange, 1, bodies[0]!), 400, 'invalid-argument', 'Chunk 2 is out of range: this import has 1 chunks. Nothing was imported.');
    expect(await stored(owner)).toEqual(before);
  });

  it("refuses what the save path refuses, whole, with the save's code and message", async () => {
    const owner = await createMember(site.server);
    const changes = familyChangeSet(40, owner.uid);
    changes.profiles.upsert.push({ id: 'pr:gone', set: { bio: 'edited meanwhile' } });
    await expect(importer(owner.client).importChangeSet(owner.uid, changes, 'import-tab')).rejects.toMatchObject({ code: 'not-found', message: 'Profile pr:gone no longer exists' });
    expect(await stored(owner)).toEqual({ revision: 0, nodes: 0, log: [] });
    expect((await site.db.query<{ state: string }>('SELECT state FROM graph_imports'))[0]!.state).toBe('refused');
  });

  it('lets only members of the graph import, and only into their own import', async () => {
    const owner = await createMember(site.server);
    const tree = await openTree(owner);
    const stranger = await createMember(site.server);
    expectError(await stranger.client.post(`/api/graphs/${tree.graphId}/imports`, { clientId: 'x', chunks: 1 }), 403, 'permission-denied', NOT_A_MEMBER);
    await expect(importer(stranger.client).importChangeSet(tree.graphId, familyChangeSet(5, owner.uid), 'x')).rejects.toMatchObject({ code: 'permission-denied' });

    const id = await begin(owner, tree.graphId, 1);
    const body = chunkChangeSet(familyChangeSet(5, owner.uid))[0]!;
    expectError(await putChunk(stranger, tree.graphId, id, 0, body), 404, 'not-found');
    expectError(await commit(stranger, tree.graphId, id), 404, 'not-found');
    expectError(await site.client().post(`/api/graphs/${tree.graphId}/imports`, { clientId: 'x', chunks: 1 }), 401, 'unauthenticated');
  });

  it('refuses an import over the limits with the stated message, however it is found out', async () => {
    const owner = await createMember(site.server);
    const message = importTooLarge(LIMITS);
    expect(importTooLarge(IMPORT_LIMITS)).toBe('An import can bring in at most 150,000 people and 250 MB. Split the file and import it in parts.');

    // Announced at the start.
    expectError(await owner.client.post(`/api/graphs/${owner.uid}/imports`, { clientId: 'x', chunks: 1, people: LIMITS.people + 1 }), 400, 'invalid-argument', message);
    // Not announced: found out as the chunks arrive.
    const bodies = chunkChangeSet(familyChangeSet(LIMITS.people + 1, owner.uid), 50_000);
    const id = await begin(owner, owner.uid, bodies.length);
    const answers = [];
    for (const [i, body] of bodies.entries()) answers.push(await putChunk(owner, owner.uid, id, i, body));
    expectError(answers.find((a) => a.status !== 200)!, 400, 'invalid-argument', message);
    // One chunk over the chunk limit.
    const big = await begin(owner, owner.uid, 1);
    expectError(await putChunk(owner, owner.uid, big, 0, chunkChangeSet(familyChangeSet(400, owner.uid), 10_000_000)[0]!), 400, 'invalid-argument', 'Chunk 1 is larger than 97 KB. Nothing was imported.');
    expectError(await commit(owner, owner.uid, big), 409, 'failed-precondition', /^This import was refused: Chunk 1 is larger/);
    // The adapter says so before sending anything.
    await expect(createHttpGraphImporter().importChangeSet(owner.uid, { ...emptyChangeSet(0), nodes: { upsert: Array(IMPORT_LIMITS.people + 1).fill(null), remove: [] } }, 'x')).rejects.toMatchObject({
      code: 'invalid-argument',
      message: importTooLarge(IMPORT_LIMITS),
    });
    expect(await stored(owner)).toEqual({ revision: 0, nodes: 0, log: [] });
  });

  it('stops sending when the member cancels, and the server forgets what was sent', async () => {
    const owner = await createMember(site.server);
    const cancel = new AbortController();
    const sending = importer(owner.client, 5_000).importChangeSet(owner.uid, familyChangeSet(200, owner.uid), 'import-tab', (p) => p.sent > 0 && cancel.abort(), { signal: cancel.signal });
    await expect(sending).rejects.toMatchObject({ code: 'failed-precondition', message: 'The import was cancelled. Nothing was imported.' });
    expect(await site.db.query('SELECT 1 FROM graph_imports')).toEqual([]);
    expect(await site.db.query('SELECT 1 FROM graph_import_chunks')).toEqual([]);
    expect(await stored(owner)).toEqual({ revision: 0, nodes: 0, log: [] });
  });

  it('cancelled while its last chunk was on its way: no commit, nothing imported', async () => {
    const owner = await createMember(site.server);
    const cancel = new AbortController();
    // The cancel comes once every chunk was sent, before the commit.
    const sending = importer(owner.client).importChangeSet(owner.uid, familyChangeSet(20, owner.uid), 'import-tab', (p) => p.phase === 'sending' && p.sent === 1 && cancel.abort(), { signal: cancel.signal });
    await expect(sending).rejects.toMatchObject({ code: 'failed-precondition', message: 'The import was cancelled. Nothing was imported.' });
    expect(await site.db.query('SELECT 1 FROM graph_imports')).toEqual([]);
    expect(await stored(owner)).toEqual({ revision: 0, nodes: 0, log: [] });
  });

  it('answers a repeated commit with the same revision, and forgets a cancelled import', async () => {
    const owner = await createMember(site.server);
    const body = chunkChangeSet(familyChangeSet(10, owner.uid))[0]!;
    const id = await begin(owner, owner.uid, 1);
    expect((await putChunk(owner, owner.uid, id, 0, body)).status).toBe(200);
    expect((await commit(owner, owner.uid, id)).body).toEqual({ revision: 1 });
    expect((await commit(owner, owner.uid, id)).body).toEqual({ revision: 1 });
    expect(await logEntries(owner.uid)).toEqual([1]);

    const cancelled = await begin(owner, owner.uid, 1);
    expect((await owner.client.delete(`/api/graphs/${owner.uid}/imports/${cancelled}`)).status).toBe(204);
    expectError(await commit(owner, owner.uid, cancelled), 404, 'not-found');
  });
});

describe('nothing an import leaves behind blocks its member', () => {
  const cancel = (member: Member, importId: string) => member.client.delete(`/api/graphs/${member.uid}/imports/${importId}`);

  it('a commit whose process was killed holds its import only while its lease lasts: then cancel works, a commit is refused, and a new import is accepted', async () => {
    const owner = await createMember(site.server);
    const body = chunkChangeSet(familyChangeSet(10, owner.uid))[0]!;
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const id = await begin(owner, owner.uid, 1);
      expect((await putChunk(owner, owner.uid, id, 0, body)).status).toBe(200);
      ids.push(id);
    }
    // What a process killed during the commits leaves: committing, with a lease nobody renews.
    await site.db.query(`UPDATE graph_imports SET state = 'committing', lease_ends = now() + interval '2 minutes'`);
    expectError(await commit(owner, owner.uid, ids[0]!), 409, 'failed-precondition', IMPORT_RUNNING);
    expectError(await cancel(owner, ids[0]!), 409, 'failed-precondition', IMPORT_RUNNING);
    expectError(await owner.client.post(`/api/graphs/${owner.uid}/imports`, { clientId: 'import-tab', chunks: 1 }), 429, 'resource-exhausted', TOO_MANY_IMPORTS);

    // The leases lapse (their end moved into the past rather than waiting for it).
    await site.db.query(`UPDATE graph_imports SET lease_ends = now() - interval '1 second'`);
    expect((await cancel(owner, ids[0]!)).status).toBe(204);
    expectError(await commit(owner, owner.uid, ids[1]!), 409, 'failed-precondition', `This import was refused: ${IMPORT_INTERRUPTED}`);
    const fresh = await begin(owner, owner.uid, 1);
    expect((await putChunk(owner, owner.uid, fresh, 0, body)).status).toBe(200);
    expect((await commit(owner, owner.uid, fresh)).body).toEqual({ revision: 1 });
    // The refused ones are closed, their chunks gone, and a cancel forgets them.
    expect((await cancel(owner, ids[2]!)).status).toBe(204);
    expect(await site.db.query('SELECT 1 FROM graph_import_chunks')).toEqual([]);
    expect(await stored(owner)).toMatchObject({ revision: 1, nodes: 10 });
  });

  it('uploads abandoned for the idle time stop counting and are refused', async () => {
    const owner = await createMember(site.server);
    const body = chunkChangeSet(familyChangeSet(10, owner.uid))[0]!;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await begin(owner, owner.uid, 2));
    expect((await putChunk(owner, owner.uid, ids[0]!, 0, body)).status).toBe(200);
    expectError(await owner.client.post(`/api/graphs/${owner.uid}/imports`, { clientId: 'import-tab', chunks: 1 }), 429, 'resource-exhausted', TOO_MANY_IMPORTS);
    // An hour with no chunk (the last arrival moved back rather than waited for).
    await site.db.query(`UPDATE graph_imports SET touched_at = now() - $1 * interval '1 millisecond' WHERE id <> $2`, [IMPORT_TIMING.idleMs, ids[0]]);
    await begin(owner, owner.uid, 1);
    expectError(await putChunk(owner, owner.uid, ids[1]!, 0, body), 409, 'failed-precondition', `This import was refused: ${IMPORT_ABANDONED}`);
    // The one still receiving chunks stays open.
    expect((await putChunk(owner, owner.uid, ids[0]!, 1, body)).status).toBe(200);
    expect((await site.db.query<{ state: string }>('SELECT state FROM graph_imports WHERE id = $1', [ids[0]]))[0]!.state).not.toBe('refused');
  });

  it('a commit still running renews its lease: past the lease time a cancel is still refused, and the commit completes', async () => {
    const owner = await createMember(site.server);
    const real = createGraphService(site.db, createLocalFeed(sqlChangeLog(site.db)));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // The save waits at the gate, as a long save of a large tree would.
    const graphs = { ...real, saveApplied: async (...args: Parameters<typeof real.saveApplied>) => (await gate, real.saveApplied(...args)) };
    const imports = createImportService(site.db, graphs, LIMITS, { leaseMs: 300, idleMs: IMPORT_TIMING.idleMs });
    const key = { uid: owner.uid, graphId: owner.uid, importId: (await imports.begin(owner.uid, owner.uid, { clientId: 'import-tab', chunks: 1 })).importId };
    await imports.putChunk(key, 0, chunkChangeSet(familyChangeSet(10, owner.uid))[0]!);
    const committing = imports.commit(key);
    const [{ first }] = await eventually(async () => {
      const rows = await site.db.query<{ first: Date }>(`SELECT lease_ends AS first FROM graph_imports WHERE id = $1 AND state = 'committing'`, [key.importId]);
      return rows.length ? rows : undefined;
    });
    // Wait until the first lease would have lapsed.
    await eventually(async () => ((await site.db.query<{ over: boolean }>('SELECT now() > $1::timestamptz AS over', [first]))[0]!.over ? true : undefined));
    await expect(imports.cancel(key)).rejects.toMatchObject({ code: 'failed-precondition', message: IMPORT_RUNNING });
    release();
    expect((await committing).revision).toBe(1);
    expect(await stored(owner)).toMatchObject({ revision: 1, nodes: 10 });
  });
});

describe('writing new people', () => {
  it('inserts cards and lines the save found absent without an upsert (with COPY on PGlite), and upserts the rest, with the same rows either way', async () => {
    const owner = await createMember(site.server);
    const db = site.db;
    const statements: string[] = [];
    const note = (q: Pick<Database, 'query'>): Database['query'] => (sql, params) => {
      statements.push(sql);
      return q.query(sql, params);
    };
    const counted: Database = {
      kind: db.kind,
      query: note(db),
      exec: (sql) => db.exec(sql),
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({ ...tx, query: note(tx), ...(tx.copyIn ? { copyIn: (table, columns, rows) => (statements.push(`COPY ${table} `), tx.copyIn!(table, columns, rows)) } : {}) }),
        ),
      close: () => db.close(),
    };
    const graphs = createGraphService(counted, createLocalFeed(sqlChangeLog(db)));
    const writes = (table: string) => statements.filter((sql) => sql.includes(`INSERT INTO ${table} `) || sql.startsWith(`COPY ${table} `));
    const changes = familyChangeSet(60, owner.uid);

    await graphs.saveApplied(owner.uid, owner.uid, { changes, clientId: 'import-tab' });
    // PGlite (one connection) loads them with COPY.
    expect(writes('graph_nodes')).toEqual(['COPY graph_nodes ']);
    expect(writes('graph_edges')).toEqual(['COPY graph_edges ']);
    // The member's own profile is patched, so the one batch of profiles is an upsert.
    expect(writes('profiles').map((sql) => sql.includes('ON CONFLICT'))).toEqual([true]);
    const loaded = await loadGraph(owner.client);
    expect(loaded.graph.nodes).toEqual(changes.nodes.upsert);
    expect(loaded.graph.edges).toEqual(changes.edges.upsert);

    statements.length = 0;
    const moved = emptyChangeSet(1);
    moved.nodes.upsert.push({ ...changes.nodes.upsert[3]!, position: { x: 5, y: 6 } }, { ...changes.nodes.upsert[0]!, id: 'n99999', data: { profileId: '', parentRole: '', isPrimary: false } });
    await graphs.saveApplied(owner.uid, owner.uid, { changes: moved, clientId: 'tab' });
    expect(writes('graph_nodes').map((sql) => sql.includes('ON CONFLICT'))).toEqual([true]);
    const again = await loadGraph(owner.client);
    expect(again.graph.nodes.map((n) => n.id)).toEqual([...changes.nodes.upsert.map((n) => n.id), 'n99999']);
    expect(again.graph.nodes[3]!.position).toEqual({ x: 5, y: 6 });
  });
});
