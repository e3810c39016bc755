import type { GraphDoc } from '../../../src/backend/firebase/paths.ts';

/**
 * When a graph needs a new snapshot (DESIGN.md "The Firebase backend"). A cold load reads the
 * snapshot's chunks and the change docs after it, so the tail is kept short: the snapshot is
 * renewed once the tail passes `RENEW_AT` (in the background, after a save), and it cannot be
 * used at all (it is rebuilt before a load is answered) when the log cannot fill the gap: a
 * change set too large to log, a tail longer than the log keeps, or past `SNAPSHOT_TAIL`.
 */

/** A snapshot whose tail is longer than this is not used: reading it would cost more than a new snapshot. */
export const SNAPSHOT_TAIL = { changeSets: 200, bytes: 4 * 1024 * 1024 };
/** Past half of that, a new snapshot is made after the save that crossed it. */
export const RENEW_AT = { changeSets: SNAPSHOT_TAIL.changeSets / 2, bytes: SNAPSHOT_TAIL.bytes / 2 };

export type SnapshotPlan =
  /** Revision 0: an empty graph needs none. */
  | 'none'
  /** The snapshot and its tail make the graph, cheaply. */
  | 'fresh'
  /** Still usable, but its tail is getting long: make the next one. */
  | 'renew'
  /** Not usable: make one before answering a load. */
  | 'rebuild';

export function snapshotPlan(graph: Pick<GraphDoc, 'revision' | 'snapshot' | 'sinceSnapshot'>, logLength: number): SnapshotPlan {
  if (graph.revision === 0) return 'none';
  const snap = graph.snapshot;
  if (!snap || snap.revision > graph.revision) return 'rebuild';
  const tail = graph.sinceSnapshot;
  const gap = graph.revision - snap.revision;
  if (tail.unlogged > 0 || gap > logLength || tail.changeSets > SNAPSHOT_TAIL.changeSets || tail.bytes > SNAPSHOT_TAIL.bytes) return 'rebuild';
  if (tail.changeSets >= RENEW_AT.changeSets || tail.bytes >= RENEW_AT.bytes) return 'renew';
  return 'fresh';
}
