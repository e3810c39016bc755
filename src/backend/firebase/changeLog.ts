import { applyChangeSets } from '../../domain/applyChangeSets.ts';
import type { ChangeSet } from '../../domain/changeSet.ts';
import { AppError } from '../../domain/errors.ts';
import { decodeGraphColumns, isGraphColumnsFormat, type GraphColumns } from '../graphColumns.ts';
import type { GraphChangeEvent, LoadedGraph } from '../ports.ts';
import type { OpenGraphResponse } from './callables.ts';
import type { ChangeDoc, SnapshotChunkDoc, ViewerChangeDoc } from './paths.ts';

/**
 * The change log of a graph as the browser reads it (paths.ts): a snapshot in chunk documents
 * plus the change documents after it. Pure, so the rules of order are tested without Firestore.
 */

export const UNREADABLE_GRAPH = 'The family tree the server sent could not be read. Reload the page to try again.';

/**
 * The log cannot give the graph from here: a change set too large to keep (a bulk import), a
 * revision missing, or a snapshot not all there. The caller opens the graph again: the function
 * then answers a snapshot at or after that revision.
 */
export class LogGap extends Error {
  constructor(readonly after: number) {
    super(`The change log has a gap after revision ${after}.`);
    this.name = 'LogGap';
  }
}

/** A change document as the event the live stream delivers; a LogGap when its change set was not kept. */
export function changeEvent(doc: ChangeDoc | ViewerChangeDoc): GraphChangeEvent {
  if (doc.changes === null) throw new LogGap(doc.revision - 1);
  let changes: ChangeSet;
  let privacy: GraphChangeEvent['privacy'];
  try {
    changes = JSON.parse(doc.changes) as ChangeSet;
    // A viewer's copy says who became private (or not) by the change.
    if ('privacy' in doc && doc.privacy) privacy = JSON.parse(doc.privacy) as GraphChangeEvent['privacy'];
  } catch {
    throw new LogGap(doc.revision - 1);
  }
  return { revision: doc.revision, changes, clientId: doc.clientId, actorUid: doc.actorUid, ...(privacy ? { privacy } : {}) };
}

/** The snapshot's chunk documents (any order) joined back into the graph they hold. */
export function snapshotGraph(open: OpenGraphResponse, chunks: readonly SnapshotChunkDoc[]) {
  const snapshot = open.snapshot;
  if (!snapshot) return { nodes: [], edges: [], profiles: {}, updatedAt: '', version: 1 as const, revision: 0 };
  const sorted = [...chunks].sort((a, b) => a.index - b.index);
  if (sorted.length !== snapshot.chunks || sorted.some((c, i) => c.index !== i)) throw new LogGap(snapshot.revision);
  if (!isGraphColumnsFormat(snapshot.format)) throw new AppError('internal', UNREADABLE_GRAPH);
  try {
    return { ...decodeGraphColumns(JSON.parse(sorted.map((c) => c.text).join('')) as GraphColumns), revision: snapshot.revision };
  } catch {
    throw new AppError('internal', UNREADABLE_GRAPH);
  }
}

/**
 * The graph at the newest revision the log gives: the snapshot and every change document after
 * it, which must follow it without a gap. Like the self-hosted adapter's load
 * (src/backend/http/graphLoad.ts), the tail is applied in one pass.
 */
export function assembleGraph(open: OpenGraphResponse, chunks: readonly SnapshotChunkDoc[], tail: readonly ChangeDoc[]): LoadedGraph {
  const base = snapshotGraph(open, chunks);
  const events = orderedRun(base.revision, tail);
  const revision = events.at(-1)?.revision ?? base.revision;
  if (revision < open.revision) throw new LogGap(revision);
  const graph = applyChangeSets(base, events.map((e) => e.changes));
  const updatedAt = events.length ? tail.find((d) => d.revision === revision)!.at : open.updatedAt;
  return { ...loadedHead(open), graph: { ...graph, revision, updatedAt }, privacy: {} };
}

/** What every load answers besides the graph. */
function loadedHead(open: OpenGraphResponse) {
  return { graphId: open.graphId, ownerUid: open.ownerUid, migrations: open.migrations, role: open.role, name: open.name };
}

/** A viewer's load: the function sent the graph itself, already redacted (no snapshot or log to read). */
export function viewedGraph(open: OpenGraphResponse): LoadedGraph | null {
  if (!open.view) return null;
  return { ...loadedHead(open), graph: open.view.graph, privacy: open.view.privacy };
}

/** The events of `docs` that follow `after` one by one (a repeated revision is dropped); a gap throws. */
export function orderedRun(after: number, docs: readonly ChangeDoc[]): GraphChangeEvent[] {
  const byRevision = new Map<number, ChangeDoc>();
  for (const d of docs) if (d.revision > after) byRevision.set(d.revision, d);
  const events: GraphChangeEvent[] = [];
  for (let r = after + 1; byRevision.size; r++) {
    const doc = byRevision.get(r);
    if (!doc) throw new LogGap(r - 1);
    byRevision.delete(r);
    events.push(changeEvent(doc));
  }
  return events;
}

/**
 * What the one query listener on `changes` (revision > since, by revision) hands on. Firestore
 * may answer first from the device's cache, which can miss documents; only a snapshot the server
 * confirmed (`fromCache` false) proves a revision is missing. So documents wait here until the
 * next revision is there: delivered strictly in order, each exactly once, and a gap the server
 * confirms (or a change set not kept) asks for a reload.
 */
export interface ChangeFeed {
  /** Takes the documents of one query snapshot; answers what to deliver, and whether to reload. */
  receive(docs: readonly ChangeDoc[], fromCache: boolean): { deliver: GraphChangeEvent[]; reload: boolean };
  /** The last revision delivered (or loaded). */
  readonly last: number;
}

export function createChangeFeed(since: number): ChangeFeed {
  let last = since;
  const waiting = new Map<number, ChangeDoc>();
  return {
    get last() {
      return last;
    },
    receive(docs, fromCache) {
      for (const d of docs) if (d.revision > last) waiting.set(d.revision, d);
      const deliver: GraphChangeEvent[] = [];
      for (let next = waiting.get(last + 1); next; next = waiting.get(last + 1)) {
        waiting.delete(next.revision);
        let event: GraphChangeEvent;
        try {
          event = changeEvent(next);
        } catch {
          waiting.clear();
          return { deliver, reload: true };
        }
        deliver.push(event);
        last = event.revision;
      }
      const gap = waiting.size > 0 && !fromCache;
      if (gap) waiting.clear();
      return { deliver, reload: gap };
    },
  };
}
