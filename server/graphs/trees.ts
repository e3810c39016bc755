import type { TreeSummary } from '../../src/backend/ports.ts';
import { treeName, type TreeRole } from '../../src/domain/roles.ts';
import type { Queryable } from '../db/database.ts';
import { ensureOwnGraph } from './store.ts';

/**
 * The trees a member belongs to (several, each with a role), which one they opened last, and a
 * tree's name. A member's own tree (id = their uid) exists once they open it or save to it.
 */

/**
 * The tree `load()` without an id opens: the one opened last while still a member, else the one
 * joined last, else one they own, else their own (made empty here on first use).
 */
export async function currentGraphId(q: Queryable, uid: string): Promise<string> {
  const rows = await q.query<{ graph_id: string }>(
    `SELECT m.graph_id FROM graph_members m LEFT JOIN users u ON u.uid = m.uid AND u.last_graph_id = m.graph_id
      WHERE m.uid = $1
      ORDER BY (u.uid IS NOT NULL) DESC, (m.role <> 'owner') DESC, m.joined_at DESC, m.graph_id
      LIMIT 1`,
    [uid],
  );
  if (rows[0]) return rows[0].graph_id;
  await ensureOwnGraph(q, uid);
  return uid;
}

/**
 * The tree the member opened last (joining one counts) while still a member of it; null before
 * they open any, when Home marks none "Opened last" and greets them "Welcome" (issue 19, item 17).
 */
async function openedGraphId(q: Queryable, uid: string): Promise<string | null> {
  const rows = await q.query<{ graph_id: string }>(
    'SELECT m.graph_id FROM users u JOIN graph_members m ON m.uid = u.uid AND m.graph_id = u.last_graph_id WHERE u.uid = $1',
    [uid],
  );
  return rows[0]?.graph_id ?? null;
}

export async function rememberOpened(q: Queryable, uid: string, graphId: string): Promise<void> {
  await q.query('UPDATE users SET last_graph_id = $2 WHERE uid = $1 AND last_graph_id IS DISTINCT FROM $2', [uid, graphId]);
}

/** A tree's name as members see it: its own, else from the owner's last name. */
export async function graphName(q: Queryable, graphId: string): Promise<string> {
  const rows = await q.query<{ name: string; owner_last: string | null }>(
    `SELECT g.name, op.data->>'lastName' AS owner_last FROM graphs g LEFT JOIN profiles op ON op.id = g.owner_uid WHERE g.id = $1`,
    [graphId],
  );
  const r = rows[0];
  return r ? treeName(r.name, r.owner_last ?? '') : treeName('', '');
}

interface SummaryRow {
  id: string;
  name: string;
  owner_uid: string;
  owner_name: string | null;
  owner_last: string | null;
  role: TreeRole;
  joined_at: Date | string;
  people: unknown;
}

const SUMMARY_SQL = `
  SELECT g.id, g.name, g.owner_uid, ou.display_name AS owner_name, op.data->>'lastName' AS owner_last, m.role, m.joined_at,
         (SELECT count(*) FROM graph_nodes n WHERE n.graph_id = g.id) AS people
    FROM graph_members m
    JOIN graphs g ON g.id = m.graph_id
    LEFT JOIN users ou ON ou.uid = g.owner_uid
    LEFT JOIN profiles op ON op.id = g.owner_uid
   WHERE m.uid = $1`;

function toSummary(r: SummaryRow, current: string | null): TreeSummary {
  return {
    graphId: r.id,
    name: treeName(r.name, r.owner_last ?? ''),
    ownerUid: r.owner_uid,
    ownerName: r.owner_name ?? '',
    role: r.role,
    people: Number(r.people),
    joinedAt: new Date(r.joined_at).toISOString(),
    current: r.id === current,
  };
}

/** The member's trees: the one opened last first, then by name. */
export async function treeSummaries(q: Queryable, uid: string): Promise<TreeSummary[]> {
  // Makes the member's own tree when they belong to none yet (it is listed from the start).
  await currentGraphId(q, uid);
  const current = await openedGraphId(q, uid);
  const rows = await q.query<SummaryRow>(SUMMARY_SQL, [uid]);
  return rows
    .map((r) => toSummary(r, current))
    .sort((a, b) => Number(b.current) - Number(a.current) || a.name.localeCompare(b.name) || (a.graphId < b.graphId ? -1 : 1));
}

export async function treeSummary(q: Queryable, uid: string, graphId: string): Promise<TreeSummary | null> {
  const current = await openedGraphId(q, uid);
  const rows = await q.query<SummaryRow>(`${SUMMARY_SQL} AND g.id = $2`, [uid, graphId]);
  return rows[0] ? toSummary(rows[0], current) : null;
}

export async function renameGraph(q: Queryable, graphId: string, name: string): Promise<void> {
  await q.query('UPDATE graphs SET name = $2 WHERE id = $1', [graphId, name.trim()]);
}
