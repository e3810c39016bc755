import { encodeGraphColumns, GRAPH_COLUMNS_FORMAT } from '../../src/backend/graphColumns.ts';
import type { Queryable } from '../db/database.ts';
import { changesSince, partsToGraph, readGraphParts, readGraphRow, type GraphRow } from './store.ts';

/**
 * Opening a big tree without re-reading it (DESIGN.md "Opening a big tree"). Turning 300,000
 * jsonb rows into text takes PGlite about 1.5 s for a 100,000-person tree, so each graph keeps a
 * snapshot in the compact form (src/backend/graphColumns.ts) at some revision, and an open sends
 * that snapshot with the change sets logged since; the browser applies them. The change log is
 * the replication contract (every applied change set is logged with the next revision), so the
 * snapshot plus the log is the graph. When the log cannot fill the gap (pruned, a change set too
 * large to log) or the gap is long, the graph is read whole, sent, and becomes the new snapshot.
 */

/** Beyond this many logged change sets or characters since the snapshot, a fresh one is cheaper to send. */
export const SNAPSHOT_TAIL = { changeSets: 200, chars: 4 * 1024 * 1024 };

interface Snapshot {
  revision: number;
  /** The graph in the compact form, as JSON text. */
  body: string;
}

function answer(row: GraphRow, snapshot: string, tail: readonly { revision: number; changes: string }[]): string {
  return (
    `{"format":${JSON.stringify(GRAPH_COLUMNS_FORMAT)},"graphId":${JSON.stringify(row.id)},"ownerUid":${JSON.stringify(row.ownerUid)},` +
    `"migrations":${JSON.stringify(row.migrations)},"revision":${row.revision},"updatedAt":${JSON.stringify(row.updatedAt)},` +
    `"snapshot":${snapshot},"tail":[${tail.map((c) => `{"revision":${c.revision},"changes":${c.changes}}`).join(',')}]}`
  );
}

export function createSnapshotReader() {
  /** Cold reads in progress, shared by members opening the same graph at once. */
  const building = new Map<string, Promise<{ row: GraphRow; body: string } | null>>();

  async function build(q: Queryable, graphId: string) {
    const parts = await readGraphParts(q, graphId);
    if (!parts) return null;
    const body = JSON.stringify(encodeGraphColumns(partsToGraph(parts)));
    await q
      .query(
        `INSERT INTO graph_snapshots (graph_id, revision, body) VALUES ($1, $2, $3)
         ON CONFLICT (graph_id) DO UPDATE SET revision = excluded.revision, body = excluded.body, created_at = now()
          WHERE graph_snapshots.revision < excluded.revision`,
        [graphId, parts.row.revision, body],
      )
      // The graph was deleted meanwhile: the answer is still what was read.
      .catch(() => undefined);
    return { row: parts.row, body };
  }

  /** The graph's compact answer (`GraphColumnsAnswer` in src/backend/http/graphLoad.ts), or null when it does not exist. */
  async function compactGraphJson(q: Queryable, graphId: string): Promise<string | null> {
    const row = await readGraphRow(q, graphId);
    if (!row) return null;
    const snap = (await q.query<{ revision: unknown; body: string }>('SELECT revision, body FROM graph_snapshots WHERE graph_id = $1 AND revision <= $2', [graphId, row.revision]))[0];
    if (snap) {
      const snapshot: Snapshot = { revision: Number(snap.revision), body: snap.body };
      const gap = row.revision - snapshot.revision;
      const logged = gap > 0 && gap <= SNAPSHOT_TAIL.changeSets ? await changesSince(q, graphId, snapshot.revision, gap) : [];
      const complete = logged.length === gap && logged.every((c, i) => c.revision === snapshot.revision + 1 + i && c.changes !== null);
      const chars = logged.reduce((n, c) => n + (c.changes?.length ?? 0), 0);
      if (complete && chars <= SNAPSHOT_TAIL.chars) return answer(row, snapshot.body, logged as { revision: number; changes: string }[]);
    }
    let cold = building.get(graphId);
    if (!cold) {
      cold = build(q, graphId).finally(() => building.delete(graphId));
      building.set(graphId, cold);
    }
    const fresh = await cold;
    return fresh && answer(fresh.row, fresh.body, []);
  }

  return { compactGraphJson };
}
