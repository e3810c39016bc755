import type { TreeMember } from '../../src/backend/ports.ts';
import { compareMembers, type MemberRole, type TreeRole } from '../../src/domain/roles.ts';
import type { Queryable } from '../db/database.ts';

/** A tree's members as its owner sees them (issue 11): name, e-mail, role, joined, their card. */

interface MemberRow {
  uid: string;
  display_name: string;
  email: string;
  role: TreeRole;
  joined_at: Date | string;
  profile_id: string | null;
}

const MEMBERS_SQL = `
  SELECT m.uid, u.display_name, u.email, m.role, m.joined_at,
         (SELECT n.profile_id FROM graph_nodes n JOIN profiles p ON p.id = n.profile_id
           WHERE n.graph_id = m.graph_id AND (p.id = m.uid OR p.owner_uid = m.uid)
           ORDER BY (p.id = m.uid) DESC, n.id LIMIT 1) AS profile_id
    FROM graph_members m JOIN users u ON u.uid = m.uid
   WHERE m.graph_id = $1`;

function toMember(r: MemberRow): TreeMember {
  return {
    uid: r.uid,
    name: r.display_name || r.email,
    email: r.email,
    role: r.role,
    joinedAt: new Date(r.joined_at).toISOString(),
    profileId: r.profile_id ?? '',
  };
}

/** In the one members' order (compareMembers), as the functions answer it. */
export async function listMembers(q: Queryable, graphId: string): Promise<TreeMember[]> {
  const rows = await q.query<MemberRow>(MEMBERS_SQL, [graphId]);
  return rows.map(toMember).sort(compareMembers);
}

export async function findMember(q: Queryable, graphId: string, uid: string): Promise<TreeMember | null> {
  const rows = await q.query<MemberRow>(`${MEMBERS_SQL} AND m.uid = $2`, [graphId, uid]);
  return rows[0] ? toMember(rows[0]) : null;
}

/** Changes an editor's or viewer's role; false when they are not such a member. */
export async function setMemberRole(q: Queryable, graphId: string, uid: string, role: MemberRole): Promise<boolean> {
  const rows = await q.query(`UPDATE graph_members SET role = $3 WHERE graph_id = $1 AND uid = $2 AND role <> 'owner' RETURNING uid`, [graphId, uid, role]);
  return rows.length > 0;
}

/** Ends an editor's or viewer's membership; false when they are not such a member. */
export async function removeMember(q: Queryable, graphId: string, uid: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM graph_members WHERE graph_id = $1 AND uid = $2 AND role <> 'owner' RETURNING uid`, [graphId, uid]);
  if (rows.length) await q.query('UPDATE users SET last_graph_id = NULL WHERE uid = $1 AND last_graph_id = $2', [uid, graphId]);
  return rows.length > 0;
}
