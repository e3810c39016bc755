import type { DocumentData, Firestore, Query, Transaction } from 'firebase-admin/firestore';
import { encodedWriteSize } from './docSize.ts';
import { inFlight } from './inFlight.ts';

/** Documents per getAll call: one round trip each. */
const GET_BATCH = 500;
/** Queries of one lookup in flight at once (a lookup of 6,000 ids is 200 queries of 30). */
const QUERIES_IN_FLIGHT = 8;
/** getAll calls in flight at once outside a transaction (a bulk write's reads). */
const GETS_IN_FLIGHT = 4;
/**
 * Outside a transaction, a lookup of at least this many ids in one collection first counts the
 * collection, and reads it whole instead when it holds at most SCAN_RATIO documents per id asked:
 * an import of 100,000 people into a new tree otherwise asks 6,700 queries of 30 values and 600
 * getAll calls about documents that do not exist (the Firestore emulator scans a collection per
 * query, so those took most of the commit).
 */
const SCAN_FROM_IDS = 1000;
const SCAN_RATIO = 2;

export type Doc = DocumentData;

const collectionOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

/**
 * A Firestore transaction that writes last. Firestore refuses a read after a write inside a
 * transaction, while the save path interleaves them (a member's own graph is made before the
 * change is validated); so writes are staged here and sent only by `commit()`, when the port's
 * work is done, and every read sees the staged writes first (read-your-writes), queries included:
 * a query's answer has staged documents swapped in, and staged documents of its collection that
 * `matches` added. Every document read goes through the transaction, so Firestore locks it and a
 * concurrent writer makes the transaction retry.
 *
 * Without a transaction (`t` null: a bulk write, whose lock keeps other writers out), reads go
 * straight to Firestore, several at once, and a lookup of many ids in a collection not much larger
 * than what is asked reads the collection whole once and answers from it (SCAN_FROM_IDS).
 */
export class StagedTransaction {
  private readonly staged = new Map<string, Doc | null>();
  private readonly read = new Map<string, Doc | null>();
  /** Collections read whole (outside a transaction): every document of one is in `read`. */
  private readonly whole = new Map<string, Map<string, Doc>>();
  private readonly counts = new Map<string, Promise<number>>();

  constructor(
    private readonly db: Firestore,
    private readonly t: Transaction | null,
  ) {}

  private known(path: string): Doc | null | undefined {
    if (this.staged.has(path)) return this.staged.get(path);
    const read = this.read.get(path);
    if (read !== undefined) return read;
    return this.whole.has(collectionOf(path)) ? null : undefined;
  }

  /** Outside a transaction: reads the collection whole when it is small beside `asked` ids (SCAN_FROM_IDS). */
  private async scannedInstead(collection: string, asked: number): Promise<boolean> {
    if (this.t || asked < SCAN_FROM_IDS) return this.whole.has(collection);
    if (this.whole.has(collection)) return true;
    let count = this.counts.get(collection);
    if (!count) this.counts.set(collection, (count = this.db.collection(collection).count().get().then((a) => a.data().count)));
    if ((await count) > asked * SCAN_RATIO) return false;
    const docs = new Map<string, Doc>();
    for (const d of (await this.db.collection(collection).get()).docs) {
      docs.set(d.ref.path, d.data());
      if (!this.read.has(d.ref.path)) this.read.set(d.ref.path, d.data());
    }
    this.whole.set(collection, docs);
    return true;
  }

  /** The documents at these paths (null: none), each read from Firestore at most once. */
  async getAll(paths: readonly string[]): Promise<Map<string, Doc | null>> {
    let missing = [...new Set(paths)].filter((p) => this.known(p) === undefined);
    if (!this.t && missing.length >= SCAN_FROM_IDS) {
      const byCollection = new Map<string, number>();
      for (const p of missing) byCollection.set(collectionOf(p), (byCollection.get(collectionOf(p)) ?? 0) + 1);
      for (const [collection, asked] of byCollection) await this.scannedInstead(collection, asked);
      missing = missing.filter((p) => this.known(p) === undefined);
    }
    const jobs: (() => Promise<void>)[] = [];
    for (let i = 0; i < missing.length; i += GET_BATCH) {
      const refs = missing.slice(i, i + GET_BATCH).map((p) => this.db.doc(p));
      jobs.push(async () => {
        const snaps = this.t ? await this.t.getAll(...refs) : await this.db.getAll(...refs);
        for (const s of snaps) this.read.set(s.ref.path, s.exists ? (s.data() ?? null) : null);
      });
    }
    // A transaction is one connection: its reads go one after the other.
    await inFlight(this.t ? 1 : GETS_IN_FLIGHT, jobs);
    return new Map(paths.map((p) => [p, this.known(p) ?? null]));
  }

  async get(path: string): Promise<Doc | null> {
    return (await this.getAll([path])).get(path) ?? null;
  }

  /**
   * Runs the queries (each over the collection at `collection`, asking about at most `perQuery`
   * values) and answers the matching documents by path, staged writes applied: `matches` is the
   * queries' own condition in code.
   */
  async query(collection: string, queries: readonly Query[], matches: (data: Doc) => boolean, perQuery = 1): Promise<Map<string, Doc>> {
    const found = new Map<string, Doc>();
    if (await this.scannedInstead(collection, queries.length * perQuery)) {
      for (const [path, data] of this.whole.get(collection)!) if (matches(data)) found.set(path, data);
    } else {
      const answers = await inFlight(
        QUERIES_IN_FLIGHT,
        queries.map((q) => () => (this.t ? this.t.get(q) : q.get())),
      );
      for (const answer of answers) {
        for (const d of answer.docs) {
          if (!this.read.has(d.ref.path)) this.read.set(d.ref.path, d.data());
          found.set(d.ref.path, d.data());
        }
      }
    }
    const prefix = `${collection}/`;
    for (const [path, data] of this.staged) {
      if (!path.startsWith(prefix) || path.indexOf('/', prefix.length) >= 0) continue;
      if (data && matches(data)) found.set(path, data);
      else found.delete(path);
    }
    return found;
  }

  set(path: string, data: Doc): void {
    this.staged.set(path, data);
  }

  delete(path: string): void {
    this.staged.set(path, null);
  }

  /** The bytes the staged writes take in the commit request (at most 10 MiB in all). */
  stagedBytes(): number {
    let n = 0;
    for (const [path, data] of this.staged) n += encodedWriteSize(path, data);
    return n;
  }

  /** The staged writes, by path (null: a delete). */
  writes(): ReadonlyMap<string, Doc | null> {
    return this.staged;
  }

  /** What the document at `path` held when it was read (null: absent; undefined: never read). */
  readBefore(path: string): Doc | null | undefined {
    const read = this.read.get(path);
    if (read !== undefined) return read;
    return this.whole.has(collectionOf(path)) ? null : undefined;
  }

  /** Hands every staged write to the transaction; Firestore sends them when the transaction function returns. */
  commit(): void {
    if (!this.t) throw new Error('StagedTransaction.commit: no transaction to commit (a bulk write sends its own batches)');
    for (const [path, data] of this.staged) {
      const ref = this.db.doc(path);
      if (data) this.t.set(ref, data);
      else this.t.delete(ref);
    }
  }
}
