import { entryWithBody, historyBodyText, type HistoryLog } from '../../src/domain/history/log.ts';
import type { ChangeSummary, HistoryEntry } from '../../src/domain/history/types.ts';
import type { Queryable } from '../db/database.ts';

/** The history of each tree over SQL (migration 14, `graph_history`); see src/domain/history. */

export async function appendHistory(q: Queryable, graphId: string, e: HistoryEntry): Promise<void> {
  await q.query(
    `INSERT INTO graph_history (graph_id, revision, at, actor_uid, kind, profile_ids, removed_ids, summary, revert_of, body)
     VALUES ($1, $2, $3, $4, $5, $6::text[], $7::text[], $8::jsonb, $9::bigint[], $10)`,
    [graphId, e.revision, e.at, e.actorUid, e.kind, e.profileIds, e.removedIds, JSON.stringify(e.summary), e.revertOf ?? [], historyBodyText(e)],
  );
}

interface HistoryRow {
  revision: unknown;
  at: Date | string;
  actor_uid: string;
  kind: 'change' | 'bulk';
  profile_ids: string[];
  removed_ids: string[];
  summary: ChangeSummary;
  revert_of: unknown[];
  body: string | null;
}

const COLUMNS = 'revision, at, actor_uid, kind, profile_ids, removed_ids, summary, revert_of, body';

function toEntry(r: HistoryRow): HistoryEntry {
  const revertOf = (r.revert_of ?? []).map(Number);
  return entryWithBody(
    {
      revision: Number(r.revision),
      at: new Date(r.at).toISOString(),
      actorUid: r.actor_uid,
      kind: r.kind,
      profileIds: r.profile_ids,
      removedIds: r.removed_ids,
      summary: r.summary,
      ...(revertOf.length ? { revertOf } : {}),
    },
    r.body,
  );
}

export function sqlHistoryLog(q: Queryable): HistoryLog {
  return {
    async list(graphId, query) {
      const where = ['graph_id = $1'];
      const params: unknown[] = [graphId];
      const add = (sql: string, v: unknown) => {
        params.push(v);
        where.push(sql.replace('?', `$${params.length}`));
      };
      if (query.profileId) add('profile_ids @> ARRAY[?]::text[]', query.profileId);
      if (query.actorUid) add('actor_uid = ?', query.actorUid);
      if (query.from) add('at >= ?::timestamptz', query.from);
      if (query.to) add('at < ?::timestamptz', query.to);
      if (query.beforeRevision !== undefined) add('revision < ?', query.beforeRevision);
      params.push(query.limit);
      const rows = await q.query<HistoryRow>(`SELECT ${COLUMNS} FROM graph_history WHERE ${where.join(' AND ')} ORDER BY revision DESC LIMIT $${params.length}`, params);
      return rows.map(toEntry);
    },
    async get(graphId, revision) {
      const rows = await q.query<HistoryRow>(`SELECT ${COLUMNS} FROM graph_history WHERE graph_id = $1 AND revision = $2`, [graphId, revision]);
      return rows[0] ? toEntry(rows[0]) : null;
    },
    async after(graphId, revision) {
      const rows = await q.query<HistoryRow>(`SELECT ${COLUMNS} FROM graph_history WHERE graph_id = $1 AND revision > $2 ORDER BY revision`, [graphId, revision]);
      return rows.map(toEntry);
    },
    async deletions(graphId, since) {
      const rows = await q.query<HistoryRow>(
        `SELECT ${COLUMNS} FROM graph_history WHERE graph_id = $1 AND cardinality(removed_ids) > 0 AND at >= $2::timestamptz ORDER BY revision DESC`,
        [graphId, since],
      );
      return rows.map(toEntry);
    },
  };
}
