import { entryWithBody, historyBodyText, type HistoryLog } from '../../src/domain/history/log.ts';
import type { ChangeSummary, HistoryEntry } from '../../src/domain/history/types.ts';
import { mediaRemovedBy } from '../../src/domain/media/orphans.ts';
import type { Queryable } from '../db/database.ts';

/** The history of each tree over SQL (migration 14, `graph_history`); see src/domain/history. */

export async function appendHistory(q: Queryable, graphId: string, e: HistoryEntry): Promise<void> {
  await q.query(
    `INSERT INTO graph_history (graph_id, revision, at, actor_uid, kind, profile_ids, removed_ids, summary, revert_of, body)
     VALUES ($1, $2, $3, $4, $5, $6::text[], $7::text[], $8::jsonb, $9::bigint[], $10)`,
    [graphId, e.revision, e.at, e.actorUid, e.kind, e.profileIds, e.removedIds, JSON.stringify(e.summary), e.revertOf ?? [], historyBodyText(e)],
  );
  // A person's history reads these (migration 16): one row per person the change touched.
  if (e.profileIds.length) {
    await q.query(
      `INSERT INTO graph_history_people (graph_id, profile_id, revision) SELECT $1, p, $2 FROM unnest($3::text[]) AS p ON CONFLICT DO NOTHING`,
      [graphId, e.revision, e.profileIds],
    );
  }
  // The media records the history can bring back keep their files (migration 19, the orphan sweep).
  const media = mediaRemovedBy(e.changes, e.before);
  if (media.length) {
    await q.query(
      `INSERT INTO graph_media_removed (graph_id, media_id, removed_at, revision) SELECT $1, m, $2, $3 FROM unnest($4::text[]) AS m
       ON CONFLICT (graph_id, media_id) DO UPDATE SET removed_at = excluded.removed_at, revision = excluded.revision`,
      [graphId, e.at, e.revision, media],
    );
  }
}

/** The media ids of these trees the history can bring back (`graph_media_removed`), by tree. */
export async function readRemovedMedia(q: Queryable, graphIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const rows = await q.query<{ graph_id: string; media_id: string }>('SELECT graph_id, media_id FROM graph_media_removed WHERE graph_id = ANY($1::text[])', [graphIds]);
  const out = new Map<string, Set<string>>();
  for (const r of rows) (out.get(r.graph_id) ?? out.set(r.graph_id, new Set()).get(r.graph_id)!).add(r.media_id);
  return out;
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
      const where = ['h.graph_id = $1'];
      const params: unknown[] = [graphId];
      const add = (sql: string, v: unknown) => {
        params.push(v);
        where.push(sql.replace('?', `$${params.length}`));
      };
      // A person's history walks their rows of graph_history_people newest first and stops at
      // the page's end: the page costs the same for a person with 10 changes or 10,000.
      let from = 'graph_history h';
      let order = 'h.revision';
      if (query.profileId) {
        from = 'graph_history_people p JOIN graph_history h ON h.graph_id = p.graph_id AND h.revision = p.revision';
        where[0] = 'p.graph_id = $1';
        order = 'p.revision';
        add('p.profile_id = ?', query.profileId);
        if (query.beforeRevision !== undefined) add('p.revision < ?', query.beforeRevision);
      } else if (query.beforeRevision !== undefined) add('h.revision < ?', query.beforeRevision);
      if (query.actorUid) add('h.actor_uid = ?', query.actorUid);
      if (query.from) add('h.at >= ?::timestamptz', query.from);
      if (query.to) add('h.at < ?::timestamptz', query.to);
      params.push(query.limit);
      const columns = COLUMNS.split(', ').map((c) => `h.${c}`).join(', ');
      const rows = await q.query<HistoryRow>(`SELECT ${columns} FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${order} DESC LIMIT $${params.length}`, params);
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
    async since(graphId, since, limit) {
      const rows = await q.query<HistoryRow>(
        `SELECT ${COLUMNS} FROM graph_history WHERE graph_id = $1 AND at > $2::timestamptz ORDER BY at DESC, revision DESC LIMIT $3`,
        [graphId, since, limit],
      );
      return rows.map(toEntry);
    },
  };
}
