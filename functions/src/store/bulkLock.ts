import { paths } from '../../../src/backend/firebase/paths.ts';

/**
 * A graph taking in a bulk write (bulkGraphStore.ts) is marked by one document beside its members
 * document, naming the import. While it stands, the graph's documents may be half written: every
 * transaction of the save path reads it with the heads it locks and is refused, and a whole read
 * of the graph (a snapshot, a viewer's open) waits, so nothing reads a half-written graph.
 */
export interface BulkLockDoc {
  importId: string;
  /** The import's owner: recovery of a dead commit looks its import up by it. */
  uid: string;
  /** The graph the import is written into (the lock may stand on others sharing its profiles). */
  graphId: string;
}

export const bulkLockPath = (graphId: string) => `${paths.graph(graphId)}/meta/bulkWrite`;

/** Where a bulk write keeps what it overwrote until its revision is switched in (write-ahead undo). */
export const undoPath = (graphId: string, importId: string) => `${paths.import(graphId, importId)}/undo`;

/** Saves wait (the client retries 'unavailable', §7) while an import is written into the tree. */
export const BULK_WRITE_RUNNING = 'An import is being written into this family tree. Try again in a moment.';
