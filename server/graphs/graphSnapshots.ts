import { decodeGraphColumns, encodeGraphColumns, GRAPH_COLUMNS_FORMAT, leaveEventsOutOf, type GraphColumns } from '../../src/backend/graphColumns.ts';
import { applyChangeSets } from '../../src/domain/applyChangeSets.ts';
import type { ChangeSet } from '../../src/domain/changeSet.ts';
import type { AppliedChange } from '../../src/domain/save/graphStore.ts';
import type { Graph } from '../../src/domain/types.ts';
import type { Queryable } from '../db/database.ts';
import { changesSince, hasStoredEvents, loadedGraphJson, partsToGraph, readGraphParts, readGraphRow, treeMetaJson, type GraphParts, type GraphRow, type TreeMeta } from './store.ts';

/**
 * Opening a big tree without re-reading it (DESIGN.md "Opening a big tree"). Turning 300,000
 * jsonb rows into text takes PGlite about 1.5 s for a 100,000-person tree, so each graph keeps a
 * snapshot in the compact form (src/backend/graphColumns.ts) at some revision, and an open sends
 * that snapshot with the change sets logged since; the browser applies them. The change log is
 * the replication contract (every applied change set is logged with the next revision), so the
 * snapshot plus the log is the graph. When the log cannot fill the gap (pruned, a change set too
 * large to log) or the gap is long, the graph is read whole and sent, and becomes the new snapshot.
 */

/** Beyond this many logged change sets or characters since the snapshot, a fresh one is cheaper to send. */
export const SNAPSHOT_TAIL = { changeSets: 200, chars: 4 * 1024 * 1024 };
/** Past half of that, the snapshot is renewed in the background while opens still use it. */
const RENEW_AT = { changeSets: SNAPSHOT_TAIL.changeSets / 2, chars: SNAPSHOT_TAIL.chars / 2 };

/** `body` holds everyone's events (the next snapshot is built from it); `openBody` is what opens send (events left out). */
type Built = { row: GraphRow; body: string; openBody: string } | null;
/** A graph at the revision of its row, to encode as the snapshot. */
type Source = { row: GraphRow; graph: Graph } | null;

const fromParts = (parts: GraphParts | null): Source => parts && { row: parts.row, graph: partsToGraph(parts) };

export interface GraphAnswer {
  json: string;
  /** True for the compact form, false for a plain LoadedGraph. */
  columns: boolean;
}

/** The compact answer: a snapshot (columns JSON) and the change sets logged since. */
export function columnsAnswer(row: GraphRow, snapshot: string, tail: readonly { revision: number; changes: string }[], meta: TreeMeta): GraphAnswer {
  const json =
    `{"format":${JSON.stringify(GRAPH_COLUMNS_FORMAT)},"graphId":${JSON.stringify(row.id)},"ownerUid":${JSON.stringify(row.ownerUid)},${treeMetaJson(meta)},` +
    `"migrations":${JSON.stringify(row.migrations)},"revision":${row.revision},"updatedAt":${JSON.stringify(row.updatedAt)},` +
    `"snapshot":${snapshot},"tail":[${tail.map((c) => `{"revision":${c.revision},"changes":${c.changes}}`).join(',')}]}`;
  return { json, columns: true };
}

export function createSnapshotReader() {
  /** Snapshots being made, one per graph; an open that finds one under way waits for it. */
  const building = new Map<string, Promise<Built>>();

  /**
   * Encoding 100,000 people takes seconds of CPU, so it runs after the answer has gone. `source`
   * answers null when there is nothing to build (the graph is gone, or its snapshot will do).
   */
  function buildFrom(q: Queryable, graphId: string, source: () => Promise<Source>): Promise<Built> {
    let made = building.get(graphId);
    if (made) return made;
    made = (async () => {
      const read = await source();
      if (!read) return null;
      const columns = encodeGraphColumns(read.graph);
      const body = JSON.stringify(columns);
      // Events load per person when shown (facts/eventsLoading.ts): opens send them left out.
      const openBody = JSON.stringify(leaveEventsOutOf(columns));
      await q.query(
        `INSERT INTO graph_snapshots (graph_id, revision, body, open_body) VALUES ($1, $2, $3, $4)
         ON CONFLICT (graph_id) DO UPDATE SET revision = excluded.revision, body = excluded.body, open_body = excluded.open_body, created_at = now()
          WHERE graph_snapshots.revision < excluded.revision`,
        [graphId, read.row.revision, body, openBody],
      );
      return { row: read.row, body, openBody };
    })()
      // A graph deleted meanwhile, or the server closing: the next open reads the graph whole.
      .catch(() => null)
      .finally(() => building.delete(graphId));
    building.set(graphId, made);
    return made;
  }

  /**
   * GET /api/graph when the compact form is asked for: the snapshot and the change sets logged
   * since. Without a usable snapshot the graph is read whole and answered as a plain
   * LoadedGraph (1.6 s for 100,000 people, where encoding it too would take 3.5 s), and the
   * snapshot is made from that same read in the background. Null when the graph does not exist.
   */
  /** The snapshot and the change sets logged since, when they make the graph at its revision. */
  async function fromSnapshot(q: Queryable, row: GraphRow) {
    // A snapshot made before opens left events out (migration 17) has no open body: made again.
    const snap = (await q.query<{ revision: unknown; body: string }>('SELECT revision, open_body AS body FROM graph_snapshots WHERE graph_id = $1 AND revision <= $2 AND open_body IS NOT NULL', [row.id, row.revision]))[0];
    if (!snap) return null;
    const from = Number(snap.revision);
    const gap = row.revision - from;
    const logged = gap > 0 && gap <= SNAPSHOT_TAIL.changeSets ? await changesSince(q, row.id, from, gap) : [];
    const complete = logged.length === gap && logged.every((c, i) => c.revision === from + 1 + i && c.changes !== null);
    const chars = logged.reduce((n, c) => n + (c.changes?.length ?? 0), 0);
    if (!complete || chars > SNAPSHOT_TAIL.chars) return null;
    return { body: snap.body, tail: logged as { revision: number; changes: string }[], ageing: gap > RENEW_AT.changeSets || chars > RENEW_AT.chars };
  }

  async function open(q: Queryable, graphId: string, meta: TreeMeta): Promise<GraphAnswer | null> {
    const row = await readGraphRow(q, graphId);
    if (!row) return null;
    const usable = await fromSnapshot(q, row);
    if (usable) {
      if (usable.ageing) void buildFrom(q, graphId, async () => fromParts(await readGraphParts(q, graphId)));
      return columnsAnswer(row, usable.body, usable.tail, meta);
    }
    const underWay = building.get(graphId);
    if (underWay) {
      const built = await underWay;
      if (built) return columnsAnswer(built.row, built.openBody, [], meta);
    }
    const parts = await readGraphParts(q, graphId);
    if (!parts) return null;
    const made = buildFrom(q, graphId, async () => fromParts(parts));
    // Rows with events hold them packed: the plain answer would parse and write every profile
    // again (a second pass over 200 MB at 100,000 people, besides the snapshot's), so it waits for
    // the snapshot made from this same read and answers that, compact.
    if (hasStoredEvents(parts)) {
      const built = await made;
      if (built) return columnsAnswer(built.row, built.openBody, [], meta);
    }
    return { json: loadedGraphJson(parts, meta), columns: false };
  }

  /**
   * The graph at its row's revision from the snapshot it has and the change sets since, the way
   * an open's browser makes it (`applyChangeSets`), instead of reading 300,000 rows back (about
   * 5–9 s of PGlite for 100,000 people). `applied` is the change set just saved, which the log
   * may lack (an import too large to log). Null when they do not make the graph.
   */
  async function fromLastSnapshot(q: Queryable, row: GraphRow, applied: AppliedChange): Promise<Source> {
    const snap = (await q.query<{ revision: unknown; body: string }>('SELECT revision, body FROM graph_snapshots WHERE graph_id = $1 AND revision < $2', [row.id, applied.revision]))[0];
    // Without a snapshot, a young tree (a new member's first import) is made from nothing and its
    // whole log, which is then complete.
    const from = snap ? Number(snap.revision) : 0;
    const gap = row.revision - from;
    if (gap > SNAPSHOT_TAIL.changeSets) return null;
    const logged = await changesSince(q, row.id, from, gap);
    if (logged.length !== gap || logged.some((c, i) => c.revision !== from + 1 + i || (c.changes === null && c.revision !== applied.revision))) return null;
    const changeSets = logged.map((c) => (c.revision === applied.revision ? applied.changes : (JSON.parse(c.changes!) as ChangeSet)));
    const base: Graph = snap ? decodeGraphColumns(JSON.parse(snap.body) as GraphColumns) : { nodes: [], edges: [], profiles: {}, updatedAt: '', version: 1, revision: 0 };
    const graph = applyChangeSets(base, changeSets);
    return { row, graph: { ...graph, updatedAt: row.updatedAt, revision: row.revision } };
  }

  return {
    open,

    /**
     * Makes the graph's snapshot now unless opens can use the one it has (after a bulk import):
     * from the snapshot before `applied` (the change set just saved) and the change sets since
     * when there is one, else from the graph read whole.
     */
    async renew(q: Queryable, graphId: string, applied?: AppliedChange): Promise<void> {
      // Under way from the start, so an open arriving meanwhile waits for this one build
      // (100,000 people: seconds) instead of making its own.
      await buildFrom(q, graphId, async () => {
        const row = await readGraphRow(q, graphId);
        if (!row || (await fromSnapshot(q, row))) return null;
        return (applied && (await fromLastSnapshot(q, row, applied))) || fromParts(await readGraphParts(q, graphId));
      });
    },

    /** Resolves once no snapshot is being made (the server waits for this before it closes). */
    async settled(): Promise<void> {
      while (building.size) await Promise.all([...building.values()]);
    },
  };
}
