import type { Firestore } from 'firebase-admin/firestore';
import { paths, type GraphDoc } from '../../../src/backend/firebase/paths.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { IMPORT_NOT_COMMITTED } from '../../../src/domain/importUpload.ts';
import type { GraphHead, GraphStore, GraphStoreTransaction } from '../../../src/domain/save/graphStore.ts';
import { BULK_WRITE_RUNNING, bulkLockPath, undoPath, type BulkLockDoc } from './bulkLock.ts';
import { encodedWriteSize } from './docSize.ts';
import { firestoreStoreTransaction } from './firestoreGraphStore.ts';
import { inFlight } from './inFlight.ts';
import { StagedTransaction, type Doc } from './stagedTransaction.ts';

/**
 * The store port for a change set larger than one Firestore transaction (an import of any size,
 * DESIGN.md "Bulk writes on Firebase"). The one save path (`saveChangeSet`) runs over it
 * unchanged; what differs is how its writes reach Firestore:
 *
 * 1. `lockGraphs` first marks every graph the save locks with a lock document (bulkLock.ts), in
 *    one transaction that any save of those graphs conflicts with; from then on the save path
 *    refuses other saves there ('unavailable', retried by the client) and whole reads wait. The
 *    reads that validate the change set then see a graph nobody else writes.
 * 2. The writes are staged (StagedTransaction, reading outside a transaction), then split: the graph's documents (cards, lines,
 *    places, couples, profiles) are written in batches, after what each overwrote has been kept
 *    under the import (`undo`); the heads, the change log entry, members and users documents are
 *    kept for the last step.
 * 3. One small transaction checks the locks are still this import's, writes the heads and the
 *    change log entry (the revision every reader follows) and drops the locks: the import becomes
 *    visible at once. Browsers read the graph only through heads, snapshots and the change log, so
 *    they never see the batches before it.
 *
 * Any failure after the first batch writes back what was kept, so a failed import leaves nothing;
 * a commit whose function died is undone by `undoBulkWrite` once its import is found dead.
 */

const MB = 1024 * 1024;
/** Firestore's cap on the writes of one batch. */
const BATCH_WRITES = 500;
/**
 * Below one commit request: Firestore takes 10 MiB, its emulator's gRPC server 4 MiB (a batch of
 * eleven 700 KiB undo documents was refused there); small documents meet the 500 writes first.
 */
const BATCH_BYTES = 3.5 * MB;
/** Characters of undo entries per document (a document holds at most 1 MiB). */
const UNDO_CHARS = 700 * 1024;

/** Documents the last transaction writes: what makes a revision visible, and who may read it. */
const SWITCHED = [/^graphs\/[^/]+$/, /^graphs\/[^/]+\/changes\/[^/]+$/, /^graphs\/[^/]+\/history\/[^/]+$/, /^graphs\/[^/]+\/meta\/members$/, /^users\/[^/]+$/];
const isSwitched = (path: string) => SWITCHED.some((re) => re.test(path));

type Entry = [path: string, data: Doc | null];

interface UndoDoc {
  index: number;
  /** JSON of Entry[]: what each path held before the import (null: absent). */
  entries: string;
}
interface UndoGraphsDoc {
  graphs: string[];
}

export interface BulkWriteOptions {
  importId: string;
  /** The import's owner (written into the locks). */
  uid: string;
  /** The graph imported into: its import document keeps the undo log. */
  graphId: string;
  /** Tests: runs before each batch of the graph's documents (a throw fails the write there). */
  beforeBatch?: (index: number) => void | Promise<void>;
}

/**
 * Write batches in flight at once: the Firestore emulator took 250 ms a batch of 500 one after
 * the other and 150 ms four at a time; Firestore itself spreads them over its servers.
 */
const BATCHES_IN_FLIGHT = 4;

/**
 * Writes `entries` in batches of at most BATCH_WRITES writes and BATCH_BYTES, several at once (a
 * path comes once, so their order does not matter). A failure fails the whole after the batches
 * already sent have ended, so whoever undoes it sees everything that was written.
 */
async function writeInBatches(db: Firestore, entries: Iterable<Entry>, beforeBatch?: (index: number) => void | Promise<void>): Promise<void> {
  const batches: Entry[][] = [];
  let part: Entry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = encodedWriteSize(entry[0], entry[1]);
    if (part.length && (part.length + 1 > BATCH_WRITES || bytes + size > BATCH_BYTES)) {
      batches.push(part);
      part = [];
      bytes = 0;
    }
    part.push(entry);
    bytes += size;
  }
  if (part.length) batches.push(part);
  await inFlight(
    BATCHES_IN_FLIGHT,
    batches.map((entries, index) => async () => {
      await beforeBatch?.(index);
      const batch = db.batch();
      for (const [path, data] of entries) {
        if (data) batch.set(db.doc(path), data);
        else batch.delete(db.doc(path));
      }
      await batch.commit();
    }),
  );
}

/** The entries as undo documents of at most UNDO_CHARS each, as JSON text (one string field: cheap to write and read back). */
function undoDocs(entries: readonly Entry[]): UndoDoc[] {
  const out: UndoDoc[] = [];
  let part: string[] = [];
  let chars = 0;
  for (const entry of entries) {
    const text = JSON.stringify(entry);
    if (part.length && chars + text.length > UNDO_CHARS) {
      out.push({ index: out.length, entries: `[${part.join(',')}]` });
      part = [];
      chars = 0;
    }
    part.push(text);
    chars += text.length + 1;
  }
  if (part.length) out.push({ index: out.length, entries: `[${part.join(',')}]` });
  return out;
}

/**
 * Undoes a bulk write that did not switch in: writes back what its documents held, drops its locks
 * and its undo log. Safe to run again, and on a write that never got as far as its first batch.
 */
export async function undoBulkWrite(db: Firestore, graphId: string, importId: string): Promise<void> {
  const undo = db.collection(undoPath(graphId, importId));
  const { docs } = await undo.get();
  const graphs = docs.find((d) => d.id === 'graphs')?.data() as UndoGraphsDoc | undefined;
  const entries = docs
    .filter((d) => d.id !== 'graphs')
    .map((d) => d.data() as UndoDoc)
    .sort((a, b) => a.index - b.index)
    .flatMap((d) => JSON.parse(d.entries) as Entry[]);
  await writeInBatches(db, entries);
  await releaseLocks(db, graphs?.graphs ?? [], importId);
  await db.recursiveDelete(undo);
}

async function releaseLocks(db: Firestore, graphIds: readonly string[], importId: string): Promise<void> {
  if (!graphIds.length) return;
  await db.runTransaction(async (t) => {
    const locks = await t.getAll(...graphIds.map((g) => db.doc(bulkLockPath(g))));
    for (const lock of locks) if ((lock.data() as BulkLockDoc | undefined)?.importId === importId) t.delete(lock.ref);
  });
}

export function bulkGraphStore(db: Firestore, clock: () => Date, options: BulkWriteOptions): GraphStore {
  const { importId } = options;
  const undo = db.collection(undoPath(options.graphId, importId));

  /** Marks the graphs as taking this bulk write; refuses when another one holds any of them. */
  async function takeLocks(graphIds: readonly string[]): Promise<void> {
    // Named first, so a commit that dies right after can still be undone.
    await undo.doc('graphs').set({ graphs: [...graphIds] } satisfies UndoGraphsDoc);
    await db.runTransaction(async (t) => {
      const locks = await t.getAll(...graphIds.map((g) => db.doc(bulkLockPath(g))));
      if (locks.some((l) => l.exists && (l.data() as BulkLockDoc).importId !== importId)) throw new AppError('unavailable', BULK_WRITE_RUNNING);
      for (const l of locks) t.set(l.ref, { importId, uid: options.uid, graphId: options.graphId } satisfies BulkLockDoc);
    });
  }

  /** The last step: the heads and the log entry, if the locks are still this import's. */
  async function switchIn(graphIds: readonly string[], heads: ReadonlyMap<string, GraphHead>, switched: readonly Entry[]): Promise<void> {
    await db.runTransaction(async (t) => {
      const refs = graphIds.flatMap((g) => [db.doc(paths.graph(g)), db.doc(bulkLockPath(g))]);
      const read = new Map((await t.getAll(...refs)).map((d) => [d.ref.path, d.data()]));
      for (const g of graphIds) {
        const lock = read.get(bulkLockPath(g)) as BulkLockDoc | undefined;
        const head = read.get(paths.graph(g)) as GraphDoc | undefined;
        // The lock was taken over (this commit was thought dead) or a revision got in: not ours to switch.
        if (lock?.importId !== importId || (head?.revision ?? 0) !== (heads.get(g)?.revision ?? 0)) throw new AppError('unavailable', IMPORT_NOT_COMMITTED);
      }
      for (const [path, data] of switched) {
        if (data) t.set(db.doc(path), data);
        else t.delete(db.doc(path));
      }
      for (const g of graphIds) t.delete(db.doc(bulkLockPath(g)));
    });
  }

  return {
    async transaction<T>(fn: (tx: GraphStoreTransaction) => Promise<T>): Promise<T> {
      // Reads outside a transaction: the locks keep other writers out instead.
      const staged = new StagedTransaction(db, null);
      const port = firestoreStoreTransaction(db, staged, clock, importId);
      let locked: string[] = [];
      let heads: Map<string, GraphHead> = new Map();
      const tx: GraphStoreTransaction = {
        ...port,
        async lockGraphs(ids) {
          locked = [...new Set([...locked, ...ids])];
          await takeLocks(locked);
          heads = new Map([...heads, ...(await port.lockGraphs(ids))]);
          return heads;
        },
      };
      let visible = false;
      try {
        const result = await fn(tx);
        const bulk: Entry[] = [];
        const switched: Entry[] = [];
        for (const [path, data] of staged.writes()) (isSwitched(path) ? switched : bulk).push([path, data]);
        // What each document held before: the save path read most of them; the rest are read here.
        const unread = bulk.map(([p]) => p).filter((p) => staged.readBefore(p) === undefined);
        const before = new Map<string, Doc | null>();
        const groups: string[][] = [];
        for (let i = 0; i < unread.length; i += BATCH_WRITES) groups.push(unread.slice(i, i + BATCH_WRITES));
        await inFlight(BATCHES_IN_FLIGHT, groups.map((group) => async () => {
          for (const d of await db.getAll(...group.map((p) => db.doc(p)))) before.set(d.ref.path, d.exists ? (d.data() ?? null) : null);
        }));
        const kept: Entry[] = bulk.map(([p]) => [p, before.has(p) ? before.get(p)! : (staged.readBefore(p) ?? null)]);
        await writeInBatches(
          db,
          undoDocs(kept).map((d): Entry => [`${undo.path}/e${d.index}`, d as unknown as Doc]),
        );
        await writeInBatches(db, bulk, options.beforeBatch);
        await switchIn(locked, heads, switched);
        visible = true;
        // The revision is in: a leftover undo log is only litter under the import.
        await db.recursiveDelete(undo).catch(() => undefined);
        return result;
      } catch (e) {
        if (!visible) await undoBulkWrite(db, options.graphId, importId);
        throw e;
      }
    },
  };
}
