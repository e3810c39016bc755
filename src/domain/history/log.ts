import type { ChangeSet } from '../changeSet.ts';
import type { ChangeBefore, HistoryEntry, HistoryQuery } from './types.ts';

/**
 * Reads of a graph's history, over SQL (`server/graphs/historyStore.ts`) or Firestore
 * (`functions/src/store/historyDocs.ts`). Writes go through the save path's store port
 * (`GraphStoreTransaction.appendHistory`), in the transaction of the change.
 */
export interface HistoryLog {
  /** Entries matching the query, newest first, at most `query.limit`. */
  list(graphId: string, query: HistoryQuery): Promise<HistoryEntry[]>;
  /** One entry, or null. */
  get(graphId: string, revision: number): Promise<HistoryEntry | null>;
  /** Every entry after a revision, oldest first (reverting everything after a point). */
  after(graphId: string, revision: number): Promise<HistoryEntry[]>;
  /** Entries at or after `since` (ISO) that took people out of the tree, newest first. */
  deletions(graphId: string, since: string): Promise<HistoryEntry[]>;
  /** Entries after `since` (ISO, strictly), newest first, at most `limit`: the activity since a visit. */
  since(graphId: string, since: string, limit: number): Promise<HistoryEntry[]>;
}

/** What an entry's body holds as text: the change and its before-values. */
export interface HistoryBody {
  changes: ChangeSet | null;
  before: ChangeBefore | null;
}

export function historyBodyText(entry: HistoryEntry): string | null {
  return entry.changes ? JSON.stringify({ changes: entry.changes, before: entry.before } satisfies HistoryBody) : null;
}

/** The searchable fields of an entry with its body read back. */
export function entryWithBody(head: Omit<HistoryEntry, 'changes' | 'before'>, body: string | null): HistoryEntry {
  const parsed: HistoryBody = body ? (JSON.parse(body) as HistoryBody) : { changes: null, before: null };
  return { ...head, changes: parsed.changes, before: parsed.before };
}
