import { createHash, randomBytes } from 'node:crypto';
import type { ChangeSet } from '../../src/domain/changeSet.ts';
import type { AppliedChange } from '../../src/domain/save/graphStore.ts';
import { NOT_A_MEMBER } from '../../src/domain/permissions.ts';
import { canEditTree, ROLE_MESSAGES } from '../../src/domain/roles.ts';
import { IMPORT_LIMITS, importTooLarge, mergeChangeSetChunks, readChunkBody, type ImportLimits } from '../../src/domain/changeSetChunks.ts';
import {
  chunkMissing,
  chunksDoNotJoin,
  chunkOutOfRange,
  chunkSentTwice,
  IMPORT_LIFETIME_MS,
  IMPORT_NOT_COMMITTED,
  importNotOpen,
  MAX_OPEN_IMPORTS,
  parseImportChunk,
  TOO_MANY_IMPORTS,
  type ImportState,
} from '../../src/domain/importUpload.ts';
import { AppError, isAppError, type ErrorCode } from '../../src/domain/errors.ts';
import { deadImport, IMPORT_TIMING, leaseRenewalMs, type ImportTiming } from '../../src/domain/importLease.ts';
import type { Database } from '../db/database.ts';
import type { GraphService } from './service.ts';

/**
 * Bulk writes (DESIGN.md "Bulk import"): an import is begun, its chunks arrive in any order and
 * through any app process (each gets a row in graph_import_chunks, with its body on PostgreSQL;
 * the process that took it keeps it parsed), and the commit joins them and hands the whole change
 * set to the one save path (`graphs.saveApplied`), which validates everything before it writes and
 * applies it as one transaction and one revision. A broken upload (a malformed chunk,
 * one sent twice with different contents, one missing at the commit, over the limits) is refused
 * whole: the import is marked refused, its chunks are dropped and the graph is not touched.
 * What a killed commit or an abandoned upload leaves is refused once found dead
 * (src/domain/importLease.ts), so it neither blocks a cancel nor counts as under way.
 */

/** Chunks read per query at the commit, so all of them are never held twice as text. */
const CHUNKS_PER_READ = 16;
/** A chunk whose body only the process that took it had (PGlite), and it restarted since. */
export const chunkLost = (index: number, count: number) =>
  `The upload is incomplete: chunk ${index + 1} of ${count} was lost when the server restarted. Nothing was imported; please import the file again.`;

export interface BeginImport {
  clientId: string;
  chunks: number;
  /** Migration flags to record with the commit, as a save records them. */
  migrations?: string[];
  /** What the client announces, so an import over the limits is refused before any upload. */
  people?: number;
  bytes?: number;
}

interface ImportKey {
  uid: string;
  graphId: string;
  importId: string;
}

/** An import's times as the rule reads them, in ms by the database's clock (one for every process). */
const LIFE_COLUMNS = `(extract(epoch FROM touched_at) * 1000)::float8 AS touched_ms,
  (extract(epoch FROM lease_ends) * 1000)::float8 AS lease_ms, (extract(epoch FROM now()) * 1000)::float8 AS now_ms`;

interface LifeRow {
  id: string;
  state: ImportState;
  touched_ms: number;
  lease_ms: number | null;
  now_ms: number;
}

interface ImportRow {
  state: ImportState;
  chunk_count: number;
  client_id: string;
  migrations: string[];
  people: number;
  bytes: unknown;
  revision: unknown;
  refusal_code: ErrorCode | null;
  refusal: string | null;
}

const KEY_WHERE = 'id = $1 AND graph_id = $2 AND uid = $3';
const keyParams = (k: ImportKey) => [k.importId, k.graphId, k.uid];

export type ImportService = ReturnType<typeof createImportService>;

/** A chunk's SHA-256: a chunk sent again must have the same. */
const digestOf = (body: string) => createHash('sha256').update(body).digest('hex');

/**
 * The chunks this process received, as parsed when they were checked, so the commit need not
 * read about 100 MB back from graph_import_chunks and parse it again. A chunk is kept here only
 * once its row is stored (or found stored with the same digest), a chunk another process
 * received is read from the table, and past `maxChars` of bodies the oldest import is forgotten
 * here (`keep` hands it back: its commit reads the table).
 */
function createChunkCache(maxChars: number) {
  const imports = new Map<string, { chunks: Map<number, ChangeSet>; chars: number }>();
  let total = 0;
  const forget = (importId: string) => {
    const entry = imports.get(importId);
    if (entry) total -= entry.chars;
    imports.delete(importId);
  };
  return {
    forget,
    /** Keeps a chunk; answers the imports forgotten to make room, with their chunks. */
    keep(importId: string, index: number, chunk: ChangeSet, chars: number): { importId: string; chunks: Map<number, ChangeSet> }[] {
      let entry = imports.get(importId);
      if (!entry) imports.set(importId, (entry = { chunks: new Map(), chars: 0 }));
      if (entry.chunks.has(index)) return [];
      entry.chunks.set(index, chunk);
      entry.chars += chars;
      total += chars;
      const dropped = [];
      // Maps iterate in insertion order: the first is the oldest import.
      for (const [oldest, { chunks }] of imports) {
        if (total <= maxChars || oldest === importId) break;
        forget(oldest);
        dropped.push({ importId: oldest, chunks });
      }
      return dropped;
    },
    /** The chunks kept for this import (taken out: the commit is their last use). */
    take(importId: string): Map<number, ChangeSet> {
      const chunks = imports.get(importId)?.chunks ?? new Map<number, ChangeSet>();
      forget(importId);
      return chunks;
    },
  };
}

export function createImportService(db: Database, graphs: GraphService, limits: ImportLimits = IMPORT_LIMITS, timing: ImportTiming = IMPORT_TIMING) {
  const tooLarge = importTooLarge(limits);
  const parsed = createChunkCache(limits.bytes);
  /**
   * Whether a chunk's body goes into its row. On PostgreSQL another process may take the commit,
   * so it must. PGlite has one process, which keeps what it takes: storing 100 MB of bodies cost
   * about 5 s of CPU for 100,000 people, and only bodies the cache lets go are written (`spill`).
   */
  const storesBodies = db.kind !== 'pglite';

  /** Writes the bodies of chunks the cache let go, so their commit reads them from the table. */
  function spill(dropped: { importId: string; chunks: Map<number, ChangeSet> }[]): Promise<unknown> {
    return Promise.all(
      dropped.map(({ importId, chunks }) =>
        db.query(
          `UPDATE graph_import_chunks c SET body = b.body FROM unnest($2::int[], $3::text[]) AS b(chunk, body)
            WHERE c.import_id = $1 AND c.chunk = b.chunk`,
          [importId, [...chunks.keys()], [...chunks.values()].map((c) => JSON.stringify(c))],
        ),
      ),
    );
  }
  /** Why an import that is not open cannot take this request. */
  async function notOpen(key: ImportKey): Promise<never> {
    const row = (await db.query<ImportRow>(`SELECT * FROM graph_imports WHERE ${KEY_WHERE}`, keyParams(key)))[0];
    throw importNotOpen(row?.state, { refusal: row?.refusal, revision: row ? Number(row.revision) : null });
  }

  /**
   * Refuses the imports under `where` that are dead (an upload abandoned, a commit whose process
   * stopped), with their chunks. Their rows are locked first, so a lease renewed meanwhile wins.
   */
  async function expireDead(where: string, params: unknown[]): Promise<void> {
    const dead = await db.transaction(async (tx) => {
      const rows = await tx.query<LifeRow>(`SELECT id, state, ${LIFE_COLUMNS} FROM graph_imports WHERE ${where} AND state IN ('open', 'committing') FOR UPDATE`, params);
      const found = rows.flatMap((r) => {
        const why = deadImport({ state: r.state, touchedAt: Number(r.touched_ms), leaseEndsAt: r.lease_ms === null ? null : Number(r.lease_ms) }, Number(r.now_ms), timing);
        return why ? [{ id: r.id, why }] : [];
      });
      for (const { id, why } of found) {
        await tx.query(`UPDATE graph_imports SET state = 'refused', refusal_code = 'deadline-exceeded', refusal = $2, lease_ends = NULL WHERE id = $1`, [id, why]);
        await tx.query('DELETE FROM graph_import_chunks WHERE import_id = $1', [id]);
      }
      return found;
    });
    for (const { id } of dead) parsed.forget(id);
  }
  const expire = (key: ImportKey) => expireDead(KEY_WHERE, keyParams(key));

  /** Renews a running commit's lease until `stop` is called (its process dies with it). */
  function holdLease(importId: string): () => void {
    const renew = setInterval(() => {
      db.query(`UPDATE graph_imports SET lease_ends = now() + $2 * interval '1 millisecond' WHERE id = $1 AND state = 'committing'`, [importId, timing.leaseMs]).catch(
        () => undefined,
      );
    }, leaseRenewalMs(timing));
    renew.unref();
    return () => clearInterval(renew);
  }

  /** Refuses the whole upload: the import keeps only the reason, and the error is thrown. */
  async function refuse(key: ImportKey, code: ErrorCode, message: string): Promise<never> {
    parsed.forget(key.importId);
    const marked = await db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE graph_imports SET state = 'refused', refusal_code = $4, refusal = $5
          WHERE ${KEY_WHERE} AND state IN ('open', 'committing') RETURNING id`,
        [...keyParams(key), code, message],
      );
      if (rows.length) await tx.query('DELETE FROM graph_import_chunks WHERE import_id = $1', [key.importId]);
      return rows.length > 0;
    });
    if (!marked) await notOpen(key);
    throw new AppError(code, message);
  }

  /** The commit's work, once claimed (its lease held meanwhile). */
  async function committing(key: ImportKey, claimed: ImportRow): Promise<{ revision: number; applied?: AppliedChange }> {
    const missing = await db.query<{ chunk: number }>(
      `SELECT c AS chunk FROM generate_series(0, $2::int - 1) AS c
        WHERE NOT EXISTS (SELECT 1 FROM graph_import_chunks WHERE import_id = $1 AND chunk = c) ORDER BY c LIMIT 1`,
      [key.importId, claimed.chunk_count],
    );
    if (missing[0]) {
      return refuse(key, 'failed-precondition', chunkMissing(missing[0].chunk, claimed.chunk_count));
    }

    const kept = parsed.take(key.importId);
    const unread = Array.from({ length: claimed.chunk_count }, (_, i) => i).filter((i) => !kept.has(i));
    for (let from = 0; from < unread.length; from += CHUNKS_PER_READ) {
      const rows = await db.query<{ chunk: number; body: string | null }>('SELECT chunk, body FROM graph_import_chunks WHERE import_id = $1 AND chunk = ANY($2::int[]) ORDER BY chunk', [
        key.importId,
        unread.slice(from, from + CHUNKS_PER_READ),
      ]);
      const lost = rows.find((r) => r.body === null);
      if (lost) return refuse(key, 'failed-precondition', chunkLost(lost.chunk, claimed.chunk_count));
      for (const r of rows) kept.set(r.chunk, readChunkBody(r.body!) as ChangeSet);
    }
    const chunks = Array.from({ length: claimed.chunk_count }, (_, i) => kept.get(i)!);
    kept.clear();
    const merged = mergeChangeSetChunks(chunks);
    chunks.length = 0;
    if (!merged.ok) return refuse(key, 'invalid-argument', chunksDoNotJoin(merged.message));

    let applied: AppliedChange;
    try {
      // Every chunk was shape-checked when it arrived (parseImportChunk), also those read back here.
      applied = await graphs.saveApplied(key.uid, key.graphId, { changes: merged.changes, clientId: claimed.client_id, migrations: claimed.migrations }, true);
    } catch (e) {
      if (isAppError(e)) return refuse(key, e.code, e.message);
      await refuse(key, 'unavailable', IMPORT_NOT_COMMITTED).catch(() => undefined);
      throw e;
    }
    const { revision } = applied;
    await db.transaction(async (tx) => {
      await tx.query(`UPDATE graph_imports SET state = 'committed', revision = $2, lease_ends = NULL WHERE id = $1`, [key.importId, revision]);
      await tx.query('DELETE FROM graph_import_chunks WHERE import_id = $1', [key.importId]);
    });
    return { revision, applied };
  }

  return {
    async begin(uid: string, graphId: string, input: BeginImport): Promise<{ importId: string }> {
      if (input.chunks > limits.chunks || (input.people ?? 0) > limits.people || (input.bytes ?? 0) > limits.bytes) {
        throw new AppError('invalid-argument', tooLarge);
      }
      const role = await graphs.role(graphId, uid);
      if (!role) throw new AppError('permission-denied', NOT_A_MEMBER);
      if (!canEditTree(role)) throw new AppError('permission-denied', ROLE_MESSAGES.viewer);
      await db.query(`DELETE FROM graph_imports WHERE created_at < now() - $1 * interval '1 millisecond'`, [IMPORT_LIFETIME_MS]);
      await expireDead('uid = $1', [uid]);
      const rows = await db.query<{ running: number }>(
        `SELECT count(*)::int AS running FROM graph_imports WHERE uid = $1 AND state IN ('open', 'committing')`,
        [uid],
      );
      if (rows[0]!.running >= MAX_OPEN_IMPORTS) throw new AppError('resource-exhausted', TOO_MANY_IMPORTS);
      const importId = randomBytes(12).toString('hex');
      await db.query(`INSERT INTO graph_imports (id, graph_id, uid, client_id, migrations, chunk_count) VALUES ($1, $2, $3, $4, $5, $6)`, [
        importId,
        graphId,
        uid,
        input.clientId,
        input.migrations ?? [],
        input.chunks,
      ]);
      return { importId };
    },

    /** Stores chunk `index` (from 0). Sending the same chunk again with the same body is harmless. */
    async putChunk(key: ImportKey, index: number, body: string): Promise<{ received: number }> {
      const chunk = parseImportChunk(index, body);
      if (!chunk.ok) return refuse(key, 'invalid-argument', chunk.message);
      const { people } = chunk;
      const bytes = Buffer.byteLength(body);
      const digest = digestOf(body);

      const outcome = await db.transaction(async (tx) => {
        const row = (await tx.query<ImportRow & LifeRow>(`SELECT *, ${LIFE_COLUMNS} FROM graph_imports WHERE ${KEY_WHERE} FOR UPDATE`, keyParams(key)))[0];
        if (!row || row.state !== 'open') return { closed: true as const };
        if (deadImport({ state: 'open', touchedAt: Number(row.touched_ms), leaseEndsAt: null }, Number(row.now_ms), timing)) return { dead: true as const };
        if (index >= row.chunk_count) return { refusal: chunkOutOfRange(index, row.chunk_count) };
        if (row.people + people > limits.people || Number(row.bytes) + bytes > limits.bytes) return { refusal: tooLarge };
        const added = await tx.query(
          'INSERT INTO graph_import_chunks (import_id, chunk, digest, body) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING chunk',
          [key.importId, index, digest, storesBodies ? body : null],
        );
        if (!added.length) {
          // Sent before: the same contents are a retry (chunkSentTwice).
          const stored = await tx.query<{ same: boolean }>('SELECT digest = $3 AS same FROM graph_import_chunks WHERE import_id = $1 AND chunk = $2', [key.importId, index, digest]);
          return stored[0]!.same ? { received: index } : { refusal: chunkSentTwice(index) };
        }
        await tx.query('UPDATE graph_imports SET people = people + $2, bytes = bytes + $3, touched_at = now() WHERE id = $1', [key.importId, people, bytes]);
        return { received: index };
      });
      if ('dead' in outcome) await expire(key);
      if ('closed' in outcome || 'dead' in outcome) return notOpen(key);
      if ('refusal' in outcome) return refuse(key, 'invalid-argument', outcome.refusal!);
      const dropped = parsed.keep(key.importId, index, chunk.changes, body.length);
      if (!storesBodies) await spill(dropped);
      return { received: outcome.received };
    },

    /**
     * Joins the chunks and saves them as one change set. Only one commit of an import runs: the
     * first claims it; a repeated commit of a committed import answers its revision again. The
     * commit that saved it also answers the change set as applied (for the graph's snapshot).
     */
    async commit(key: ImportKey): Promise<{ revision: number; applied?: AppliedChange }> {
      await expire(key);
      const claimed = (
        await db.query<ImportRow>(
          `UPDATE graph_imports SET state = 'committing', lease_ends = now() + $4 * interval '1 millisecond' WHERE ${KEY_WHERE} AND state = 'open' RETURNING *`,
          [...keyParams(key), timing.leaseMs],
        )
      )[0];
      if (!claimed) {
        const row = (await db.query<ImportRow>(`SELECT * FROM graph_imports WHERE ${KEY_WHERE}`, keyParams(key)))[0];
        if (row?.state === 'committed') return { revision: Number(row.revision) };
        return notOpen(key);
      }
      const release = holdLease(key.importId);
      try {
        return await committing(key, claimed);
      } finally {
        release();
      }
    },

    /** A chunk refused before it could be read (too large): the upload is refused whole. */
    refuseChunk(key: ImportKey, message: string): Promise<never> {
      return refuse(key, 'invalid-argument', message);
    },

    /**
     * The member gave up: the chunks go; the graph was never touched. A commit still running
     * cannot be cancelled (it may be saving); one whose process stopped can.
     */
    async cancel(key: ImportKey): Promise<void> {
      parsed.forget(key.importId);
      await expire(key);
      const rows = await db.query(`DELETE FROM graph_imports WHERE ${KEY_WHERE} AND state IN ('open', 'refused') RETURNING id`, keyParams(key));
      if (!rows.length) await notOpen(key);
    },
  };
}
