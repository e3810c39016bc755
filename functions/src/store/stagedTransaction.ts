import type { DocumentData, Firestore, Query, Transaction } from 'firebase-admin/firestore';
import { encodedWriteSize } from './docSize.ts';

/** Documents per getAll call: one round trip each. */
const GET_BATCH = 500;
/** Queries of one lookup in flight at once (a lookup of 6,000 ids is 200 queries of 30). */
const QUERIES_IN_FLIGHT = 8;

export type Doc = DocumentData;

/**
 * A Firestore transaction that writes last. Firestore refuses a read after a write inside a
 * transaction, while the save path interleaves them (a member's own graph is made before the
 * change is validated); so writes are staged here and sent only by `commit()`, when the port's
 * work is done, and every read sees the staged writes first (read-your-writes), queries included:
 * a query's answer has staged documents swapped in, and staged documents of its collection that
 * `matches` added. Every document read goes through the transaction, so Firestore locks it and a
 * concurrent writer makes the transaction retry.
 */
export class StagedTransaction {
  private readonly staged = new Map<string, Doc | null>();
  private readonly read = new Map<string, Doc | null>();

  constructor(
    private readonly db: Firestore,
    private readonly t: Transaction,
  ) {}

  private known(path: string): Doc | null | undefined {
    return this.staged.has(path) ? this.staged.get(path) : this.read.get(path);
  }

  /** The documents at these paths (null: none), each read from Firestore at most once. */
  async getAll(paths: readonly string[]): Promise<Map<string, Doc | null>> {
    const missing = [...new Set(paths)].filter((p) => this.known(p) === undefined);
    for (let i = 0; i < missing.length; i += GET_BATCH) {
      const refs = missing.slice(i, i + GET_BATCH).map((p) => this.db.doc(p));
      const snaps = await this.t.getAll(...refs);
      for (const s of snaps) this.read.set(s.ref.path, s.exists ? (s.data() ?? null) : null);
    }
    return new Map(paths.map((p) => [p, this.known(p) ?? null]));
  }

  async get(path: string): Promise<Doc | null> {
    return (await this.getAll([path])).get(path) ?? null;
  }

  /**
   * Runs the queries (each over the collection at `collection`) and answers the matching
   * documents by path, staged writes applied: `matches` is the query's own condition in code.
   */
  async query(collection: string, queries: readonly Query[], matches: (data: Doc) => boolean): Promise<Map<string, Doc>> {
    const found = new Map<string, Doc>();
    for (let i = 0; i < queries.length; i += QUERIES_IN_FLIGHT) {
      const answers = await Promise.all(queries.slice(i, i + QUERIES_IN_FLIGHT).map((q) => this.t.get(q)));
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
    return this.read.get(path);
  }

  /** Hands every staged write to the transaction; Firestore sends them when the transaction function returns. */
  commit(): void {
    for (const [path, data] of this.staged) {
      const ref = this.db.doc(path);
      if (data) this.t.set(ref, data);
      else this.t.delete(ref);
    }
  }
}
