import { randomBytes } from 'node:crypto';
import type { BeginImportResponse, CommitImportResponse, PutImportChunkResponse } from '../../../src/backend/firebase/callables.ts';
import { FIREBASE_IMPORT_LIMITS } from '../../../src/backend/firebase/callables.ts';
import { paths, type ImportChunkDoc, type ImportDoc, type MembersDoc } from '../../../src/backend/firebase/paths.ts';
import type { ChangeSet } from '../../../src/domain/changeSet.ts';
import { chunkTooLarge, importTooLarge, mergeChangeSetChunks, readChunkBody, type ImportLimits } from '../../../src/domain/changeSetChunks.ts';
import { AppError, isAppError, type ErrorCode } from '../../../src/domain/errors.ts';
import { deadImport, IMPORT_TIMING, leaseRenewalMs, type ImportTiming } from '../../../src/domain/importLease.ts';
import {
  chunkMissing,
  chunksDoNotJoin,
  chunkOutOfRange,
  chunkSentTwice,
  IMPORT_ID,
  IMPORT_LIFETIME_MS,
  IMPORT_NOT_COMMITTED,
  importNotOpen,
  MAX_OPEN_IMPORTS,
  parseImportChunk,
  TOO_MANY_IMPORTS,
} from '../../../src/domain/importUpload.ts';
import { NOT_A_MEMBER } from '../../../src/domain/permissions.ts';
import { canEditTree, ROLE_MESSAGES } from '../../../src/domain/roles.ts';
import { saveChangeSet } from '../../../src/domain/save/saveChangeSet.ts';
import type { Deps } from '../deps.ts';
import { asObject, GRAPH_ID, optionalText, text, textList, wholeNumber } from '../request.ts';
import { roleIn } from '../store/firestoreGraphStore.ts';
import { withViewerCopies } from '../viewerLog.ts';
import { bulkLockPath, type BulkLockDoc } from '../store/bulkLock.ts';
import { bulkGraphStore, undoBulkWrite, type BulkWriteOptions } from '../store/bulkGraphStore.ts';
import { graphBeforeBulkWrite, snapshotAfterBulkWrite, snapshotId } from '../snapshots/build.ts';
import type { AppliedChange, Publication } from '../../../src/domain/save/graphStore.ts';

/**
 * Bulk import on Firebase (the GraphImporter port), as the self-hosted server's
 * server/graphs/bulkImport.ts: begin, chunks in any order (each kept in a document of its own
 * until the commit), commit through the one save path as one transaction and one revision, or a
 * refusal of the whole upload that keeps only the reason. The commit runs the one save path over
 * the bulk store (store/bulkGraphStore.ts): the graph's documents are written in batches while
 * the graph is locked, and one small transaction makes the revision visible, so an import is not
 * bounded by one Firestore transaction; a failed commit writes back what it overwrote.
 */

interface ImportKey {
  uid: string;
  graphId: string;
  importId: string;
}

function keyOf(uid: string, body: Record<string, unknown>): ImportKey {
  return { uid, graphId: text(body.graphId, 'graphId', 128, GRAPH_ID), importId: text(body.importId, 'importId', 24, IMPORT_ID) };
}

/** The import's life as the shared rule reads it (src/domain/importLease.ts). */
function lifeOf(doc: ImportDoc) {
  return { state: doc.state, touchedAt: Date.parse(doc.touchedAt ?? doc.createdAt), leaseEndsAt: doc.leaseEndsAt ? Date.parse(doc.leaseEndsAt) : null };
}

export function createImports(deps: Deps, limits: ImportLimits = FIREBASE_IMPORT_LIMITS, timing: ImportTiming = IMPORT_TIMING, bulk: Pick<BulkWriteOptions, 'beforeBatch'> = {}) {
  const { db } = deps;
  const later = (ms: number) => new Date(deps.clock().getTime() + ms).toISOString();
  const tooLarge = importTooLarge(limits);
  const importRef = (k: ImportKey) => db.doc(paths.import(k.graphId, k.importId));

  /** The import, if it is this member's. */
  async function read(k: ImportKey): Promise<ImportDoc | null> {
    const doc = (await importRef(k).get()).data() as ImportDoc | undefined;
    return doc && doc.uid === k.uid ? doc : null;
  }

  /** Why an import that is not open cannot take this request. */
  function notOpen(doc: ImportDoc | null): never {
    throw importNotOpen(doc?.state, { refusal: doc?.refusal, revision: doc?.revision });
  }

  async function dropChunks(k: ImportKey): Promise<void> {
    await db.recursiveDelete(db.collection(paths.importChunks(k.graphId, k.importId)));
  }

  /**
   * Refuses the import if it is dead (an upload abandoned, a commit whose function stopped), with
   * its chunks, in a transaction so a lease renewed meanwhile wins. Answers whether it was.
   */
  async function expire(k: ImportKey): Promise<boolean> {
    const dead = await db.runTransaction(async (t) => {
      const doc = (await t.get(importRef(k))).data() as ImportDoc | undefined;
      const why = doc && doc.uid === k.uid ? deadImport(lifeOf(doc), deps.clock().getTime(), timing) : null;
      if (why) t.update(importRef(k), { state: 'refused', refusalCode: 'deadline-exceeded', refusal: why, leaseEndsAt: null });
      return why !== null;
    });
    if (dead) {
      // A commit whose function stopped may have written part of the graph: put it back.
      await undoBulkWrite(db, k.graphId, k.importId);
      await dropChunks(k);
    }
    return dead;
  }

  /** Renews a running commit's lease until the answer is called (the function's end ends it). */
  function holdLease(k: ImportKey): () => void {
    const renew = setInterval(() => {
      db.runTransaction(async (t) => {
        const doc = (await t.get(importRef(k))).data() as ImportDoc | undefined;
        if (doc?.state === 'committing') t.update(importRef(k), { leaseEndsAt: later(timing.leaseMs) });
      }).catch(() => undefined);
    }, leaseRenewalMs(timing));
    renew.unref();
    return () => clearInterval(renew);
  }

  /** Refuses the whole upload: the import keeps only the reason, its chunks go, and the error is thrown. */
  async function refuse(k: ImportKey, code: ErrorCode, message: string): Promise<never> {
    const marked = await db.runTransaction(async (t) => {
      const doc = (await t.get(importRef(k))).data() as ImportDoc | undefined;
      if (!doc || doc.uid !== k.uid || (doc.state !== 'open' && doc.state !== 'committing')) return doc && doc.uid === k.uid ? doc : null;
      t.update(importRef(k), { state: 'refused', refusalCode: code, refusal: message });
      return true;
    });
    if (marked !== true) notOpen(marked);
    await dropChunks(k);
    throw new AppError(code, message);
  }

  /** The commit's work, once claimed (its lease held meanwhile). */
  async function committing(k: ImportKey, doc: ImportDoc): Promise<CommitImportResponse> {
    const { uid } = k;
    const { docs } = await db.collection(paths.importChunks(k.graphId, k.importId)).orderBy('index').get();
    const present = new Set(docs.map((d) => (d.data() as ImportChunkDoc).index));
    for (let i = 0; i < doc.chunkCount; i++) {
      if (!present.has(i)) return refuse(k, 'failed-precondition', chunkMissing(i, doc.chunkCount));
    }
    const merged = mergeChangeSetChunks(docs.map((d) => readChunkBody((d.data() as ImportChunkDoc).body) as ChangeSet));
    if (!merged.ok) return refuse(k, 'invalid-argument', chunksDoNotJoin(merged.message));

    // Read before the lock, for the snapshot after it (checked against the revision it led to).
    const before = await graphBeforeBulkWrite(db, k.graphId);
    let applied: AppliedChange | undefined;
    return withViewerCopies(deps, async (publish) => {
      let revision: number;
      try {
        const store = bulkGraphStore(db, deps.clock, { importId: k.importId, uid, graphId: k.graphId, beforeBatch: bulk.beforeBatch });
        const kept = (publications: readonly Publication[]) => {
          applied = publications.find((p) => p.graphId === k.graphId)?.event;
          publish(publications);
        };
        // Every chunk was shape-checked when it arrived (parseImportChunk in putChunk).
        ({ revision } = await saveChangeSet(store, { uid, graphId: k.graphId, changes: merged.changes, clientId: doc.clientId, migrations: doc.migrations }, { now: deps.clock(), publish: kept, shapeChecked: true }));
      } catch (e) {
        if (isAppError(e)) return refuse(k, e.code, e.message);
        await refuse(k, 'unavailable', IMPORT_NOT_COMMITTED).catch(() => undefined);
        throw e;
      }
      await importRef(k).update({ state: 'committed', revision, leaseEndsAt: null });
      await dropChunks(k);
      // The import is saved; a snapshot that fails here is made by the next open instead.
      if (before && applied) await snapshotAfterBulkWrite(db, k.graphId, before, applied, { clock: deps.clock, newId: snapshotId }).catch((e: unknown) => console.error(`snapshot after import ${k.importId}`, e));
      return { revision };
    });
  }

  return {
    /**
     * A graph found locked by a bulk write (bulkLock.ts): when the commit holding it is dead, it
     * is undone and refused, and true is answered (the caller may try again); false while it runs.
     */
    async releaseDeadLock(graphId: string): Promise<boolean> {
      const lock = (await db.doc(bulkLockPath(graphId)).get()).data() as BulkLockDoc | undefined;
      if (!lock) return true;
      const k = { uid: lock.uid, graphId: lock.graphId, importId: lock.importId };
      const doc = (await importRef(k).get()).data() as ImportDoc | undefined;
      if (doc?.state === 'committing') return expire(k);
      // Refused with its undo cut short, or gone (forgotten after a day): nothing will finish it.
      await undoBulkWrite(db, lock.graphId, lock.importId);
      return true;
    },

    async begin(uid: string, data: unknown): Promise<BeginImportResponse> {
      const body = asObject(data);
      const graphId = text(body.graphId, 'graphId', 128, GRAPH_ID);
      const chunks = wholeNumber(body.chunks, 'chunks', Number.MAX_SAFE_INTEGER);
      const people = body.people === undefined ? 0 : wholeNumber(body.people, 'people', Number.MAX_SAFE_INTEGER);
      const bytes = body.bytes === undefined ? 0 : wholeNumber(body.bytes, 'bytes', Number.MAX_SAFE_INTEGER);
      if (chunks < 1 || chunks > limits.chunks || people > limits.people || bytes > limits.bytes) throw new AppError('invalid-argument', tooLarge);
      const clientId = optionalText(body.clientId, 'clientId', 200);
      const migrations = textList(body.migrations, 'migrations', 20, 100);
      if (graphId !== uid) {
        const role = roleIn((await db.doc(paths.members(graphId)).get()).data() as MembersDoc | undefined, uid);
        if (!role) throw new AppError('permission-denied', NOT_A_MEMBER);
        // The commit's save path would refuse it whole; a viewer is told before sending anything.
        if (!canEditTree(role)) throw new AppError('permission-denied', ROLE_MESSAGES.viewer);
      }
      const now = deps.clock();
      const running = await db.collectionGroup('imports').where('uid', '==', uid).where('state', 'in', ['open', 'committing']).get();
      let open = 0;
      for (const d of running.docs) {
        const doc = d.data() as ImportDoc;
        if (now.getTime() - Date.parse(doc.createdAt) > IMPORT_LIFETIME_MS) {
          await undoBulkWrite(db, d.ref.parent.parent!.id, d.id);
          await db.recursiveDelete(d.ref);
        }
        else if (!deadImport(lifeOf(doc), now.getTime(), timing) || !(await expire({ uid, graphId: d.ref.parent.parent!.id, importId: d.id }))) open++;
      }
      if (open >= MAX_OPEN_IMPORTS) throw new AppError('resource-exhausted', TOO_MANY_IMPORTS);
      const importId = randomBytes(12).toString('hex');
      const doc: ImportDoc = {
        uid,
        clientId,
        migrations,
        chunkCount: chunks,
        people: 0,
        bytes: 0,
        state: 'open',
        revision: null,
        refusalCode: null,
        refusal: null,
        createdAt: now.toISOString(),
        touchedAt: now.toISOString(),
        leaseEndsAt: null,
      };
      await db.doc(paths.import(graphId, importId)).create(doc);
      return { importId, limits };
    },

    /** Stores chunk `index` (from 0). Sending the same chunk again with the same body is harmless. */
    async putChunk(uid: string, data: unknown): Promise<PutImportChunkResponse> {
      const body = asObject(data);
      const k = keyOf(uid, body);
      const index = wholeNumber(body.index, 'index', limits.chunks);
      if (typeof body.body !== 'string') throw new AppError('invalid-argument', 'The chunk must be JSON text.');
      const chunk = body.body;
      const bytes = Buffer.byteLength(chunk);
      if (bytes > limits.chunkBytes) return refuse(k, 'invalid-argument', chunkTooLarge(index, limits));
      const parsed = parseImportChunk(index, chunk);
      if (!parsed.ok) return refuse(k, 'invalid-argument', parsed.message);
      const { people } = parsed;

      await expire(k);
      type Outcome = { closed: ImportDoc | null } | { refusal: string } | { received: number };
      const outcome = await db.runTransaction(async (t): Promise<Outcome> => {
        const doc = (await t.get(importRef(k))).data() as ImportDoc | undefined;
        if (!doc || doc.uid !== uid || doc.state !== 'open') return { closed: doc && doc.uid === uid ? doc : null };
        if (index >= doc.chunkCount) return { refusal: chunkOutOfRange(index, doc.chunkCount) };
        const chunkRef = db.doc(paths.importChunk(k.graphId, k.importId, index));
        const stored = (await t.get(chunkRef)).data() as ImportChunkDoc | undefined;
        // Sent before: the same contents are a retry (chunkSentTwice).
        if (stored) return stored.body === chunk ? { received: index } : { refusal: chunkSentTwice(index) };
        if (doc.people + people > limits.people || doc.bytes + bytes > limits.bytes) return { refusal: tooLarge };
        t.set(chunkRef, { index, body: chunk, people, bytes } satisfies ImportChunkDoc);
        t.update(importRef(k), { people: doc.people + people, bytes: doc.bytes + bytes, touchedAt: deps.clock().toISOString() });
        return { received: index };
      });
      if ('closed' in outcome) return notOpen(outcome.closed);
      if ('refusal' in outcome) return refuse(k, 'invalid-argument', outcome.refusal);
      return { received: outcome.received };
    },

    /**
     * Joins the chunks and saves them as one change set. Only one commit of an import runs: the
     * first claims it; a repeated commit of a committed import answers its revision again.
     */
    async commit(uid: string, data: unknown): Promise<CommitImportResponse> {
      const k = keyOf(uid, asObject(data));
      await expire(k);
      const claimed = await db.runTransaction(async (t) => {
        const doc = (await t.get(importRef(k))).data() as ImportDoc | undefined;
        if (!doc || doc.uid !== uid || doc.state !== 'open') return { doc: doc && doc.uid === uid ? doc : null, claimed: false };
        t.update(importRef(k), { state: 'committing', leaseEndsAt: later(timing.leaseMs) });
        return { doc, claimed: true };
      });
      if (!claimed.claimed) {
        if (claimed.doc?.state === 'committed') return { revision: claimed.doc.revision! };
        return notOpen(claimed.doc);
      }
      const release = holdLease(k);
      try {
        return await committing(k, claimed.doc!);
      } finally {
        release();
      }
    },

    /** The member gave up: the chunks go; the graph was never touched. A commit still running cannot be cancelled; one whose function stopped can. */
    async cancel(uid: string, data: unknown): Promise<Record<string, never>> {
      const k = keyOf(uid, asObject(data));
      await expire(k);
      const doc = await read(k);
      if (!doc || (doc.state !== 'open' && doc.state !== 'refused')) notOpen(doc);
      await db.recursiveDelete(importRef(k));
      return {};
    },
  };
}
