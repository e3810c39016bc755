import { randomBytes, randomFillSync } from 'node:crypto';
import { AppError } from '../src/domain/errors.ts';
import { isInvitationToken, newInvitationToken } from '../src/domain/ids.ts';
import type { InvitationInfo, PendingInvitation } from '../src/backend/ports.ts';
import { capitaliseName, fullName } from '../src/domain/labels.ts';
import { treeName, type MemberRole } from '../src/domain/roles.ts';
import { normaliseEmail } from '../src/domain/validation/auth.ts';
import { INVITATION_MALFORMED, INVITATION_VALID_DAYS, usableInvitation as usableState } from '../src/domain/invitations.ts';
import { hashToken } from './auth/tokens.ts';
import type { Database, Queryable } from './db/database.ts';

/**
 * Invitations (docs/PRODUCT.md §3, §4): a token of 128 random bits, of which only the SHA-256 is
 * stored (as for sessions and reset links: a copy of the database opens nothing), single use,
 * valid 14 days (renewing a link makes a new token and 14 more days), revocable. Each has a
 * non-secret id the tree's members manage it by.
 */

export type InvitationState = 'pending' | 'accepted' | 'revoked';

export interface InvitationRow {
  id: string;
  email: string;
  node_id: string;
  inviter_uid: string | null;
  graph_uid: string | null;
  status: InvitationState;
  first_account: boolean;
  role: MemberRole;
  created_at: Date | string;
  expires_at: Date | string | null;
}

export interface NewInvitation {
  email?: string;
  nodeId?: string;
  inviterUid?: string;
  graphUid?: string;
  role?: MemberRole;
}

const COLUMNS = 'id, email, node_id, inviter_uid, graph_uid, status, first_account, role, created_at, expires_at';

function newInvitationId(): string {
  return randomBytes(12).toString('hex');
}

const newToken = () => newInvitationToken(randomFillSync);

/** Makes a pending invitation; answers its id and its token (the token is never stored). */
export async function createInvitation(db: Queryable, input: NewInvitation = {}): Promise<{ id: string; token: string }> {
  const token = newToken();
  const id = newInvitationId();
  await db.query(
    `INSERT INTO invitations (id, token_hash, email, node_id, inviter_uid, graph_uid, role, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + interval '${INVITATION_VALID_DAYS} days')`,
    [
      id,
      hashToken(token),
      normaliseEmail(input.email ?? ''),
      input.nodeId ?? '',
      input.inviterUid ?? null,
      input.graphUid ?? input.inviterUid ?? null,
      input.role ?? 'editor',
    ],
  );
  return { id, token };
}

/** A new token for a pending invitation (the earlier one stops working), valid 14 days from now. */
export async function renewInvitation(db: Queryable, id: string): Promise<string | null> {
  const token = newToken();
  const rows = await db.query(
    `UPDATE invitations SET token_hash = $2, created_at = now(), expires_at = now() + interval '${INVITATION_VALID_DAYS} days'
      WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id, hashToken(token)],
  );
  return rows.length ? token : null;
}

export async function hasAccounts(db: Queryable): Promise<boolean> {
  const rows = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS any');
  return rows[0]!.any;
}

/**
 * The invitation that creates the site's first account: made once, kept until used, and dead as
 * soon as any account exists. `adminEmail` (ADMIN_EMAIL) fixes its e-mail; without it the new
 * member types theirs. Only a token's hash is kept, so a start cannot print the link an earlier
 * start made: `known` is the token this process made before, answered again while it still
 * works; otherwise the invitation gets a new token (the earlier printed link stops working).
 */
export async function ensureFirstAccountInvitation(db: Database, adminEmail = '', known: string | null = null): Promise<string | null> {
  const email = normaliseEmail(adminEmail);
  return db.transaction(async (tx) => {
    if (await hasAccounts(tx)) return null;
    const token = newToken();
    await tx.query(
      `INSERT INTO invitations (id, token_hash, email, first_account) VALUES ($1, $2, $3, true) ON CONFLICT DO NOTHING`,
      [newInvitationId(), hashToken(token), email],
    );
    const rows = await tx.query<{ id: string; token_hash: string }>(
      `SELECT id, token_hash FROM invitations WHERE first_account AND status = 'pending' FOR UPDATE`,
    );
    const row = rows[0]!;
    if (known && row.token_hash === hashToken(known)) {
      await tx.query('UPDATE invitations SET email = $2 WHERE id = $1', [row.id, email]);
      return known;
    }
    await tx.query('UPDATE invitations SET email = $2, token_hash = $3 WHERE id = $1', [row.id, email, hashToken(token)]);
    return token;
  });
}

/** The invitation behind a token in any state, or null (a malformed token is refused). */
export async function findInvitation(db: Queryable, token: string): Promise<InvitationRow | null> {
  if (!isInvitationToken(token)) throw new AppError('invalid-argument', INVITATION_MALFORMED);
  const rows = await db.query<InvitationRow>(`SELECT ${COLUMNS} FROM invitations WHERE token_hash = $1`, [hashToken(token)]);
  return rows[0] ?? null;
}

/** Refuses an invitation that cannot be used any more, each state with its own code. */
export async function checkUsable(db: Queryable, row: InvitationRow | null): Promise<InvitationRow> {
  const use = row && { status: row.status, expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null, firstAccount: row.first_account };
  usableState(use, new Date(), !!row?.first_account && (await hasAccounts(db)));
  return row!;
}

/** The pending invitation behind a token, or the coded error the invitation page shows. */
export async function usableInvitation(db: Queryable, token: string): Promise<InvitationRow> {
  return checkUsable(db, await findInvitation(db, token));
}

/** Marks a pending invitation used inside the accepting transaction; false when another request used or revoked it first. */
export async function markAccepted(tx: Queryable, id: string, uid: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE invitations SET status = 'accepted', accepted_by = $2, accepted_at = now()
      WHERE id = $1 AND status = 'pending' AND (expires_at IS NULL OR expires_at > now()) RETURNING id`,
    [id, uid],
  );
  return rows.length > 0;
}

export async function invitationById(q: Queryable, id: string): Promise<InvitationRow | null> {
  const rows = await q.query<InvitationRow>(`SELECT ${COLUMNS} FROM invitations WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** What the invitation page says (InvitationInfo): who invites whom, to which tree, as whom. */
export async function invitationDetails(q: Queryable, row: InvitationRow): Promise<InvitationInfo> {
  const rows = await q.query<{ inviter_name: string | null; graph_name: string | null; owner_last: string | null; first_name: string | null; last_name: string | null }>(
    `SELECT u.display_name AS inviter_name, g.name AS graph_name, op.data->>'lastName' AS owner_last,
            p.data->>'firstName' AS first_name, p.data->>'lastName' AS last_name
       FROM invitations i
       LEFT JOIN users u ON u.uid = i.inviter_uid
       LEFT JOIN graphs g ON g.id = i.graph_uid
       LEFT JOIN profiles op ON op.id = g.owner_uid
       LEFT JOIN graph_nodes n ON n.graph_id = i.graph_uid AND n.id = i.node_id
       LEFT JOIN profiles p ON p.id = n.profile_id
      WHERE i.id = $1`,
    [row.id],
  );
  const r = rows[0];
  const firstName = capitaliseName(r?.first_name ?? '');
  const lastName = capitaliseName(r?.last_name ?? '');
  return {
    email: row.email,
    firstAccount: row.first_account,
    inviterName: r?.inviter_name ?? '',
    treeName: r?.graph_name === null || r?.graph_name === undefined ? '' : treeName(r.graph_name, r.owner_last ?? ''),
    firstName,
    lastName,
    personName: fullName({ firstName, lastName }),
    role: row.role,
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : '',
  };
}

const PENDING_SQL = `
  SELECT i.id, i.graph_uid, i.node_id, i.email, i.role, i.inviter_uid, coalesce(u.display_name, '') AS inviter_name,
         i.created_at, i.expires_at, coalesce(n.profile_id, '') AS profile_id
    FROM invitations i
    LEFT JOIN users u ON u.uid = i.inviter_uid
    LEFT JOIN graph_nodes n ON n.graph_id = i.graph_uid AND n.id = i.node_id
   WHERE i.graph_uid = $1 AND i.status = 'pending' AND NOT i.first_account`;

interface PendingRow {
  id: string;
  graph_uid: string;
  node_id: string;
  email: string;
  role: MemberRole;
  inviter_uid: string | null;
  inviter_name: string;
  created_at: Date | string;
  expires_at: Date | string | null;
  profile_id: string;
}

function toPending(r: PendingRow, now: number): PendingInvitation {
  const expiresAt = r.expires_at ? new Date(r.expires_at) : null;
  return {
    id: r.id,
    graphId: r.graph_uid,
    nodeId: r.node_id,
    profileId: r.profile_id,
    email: r.email,
    role: r.role,
    inviterUid: r.inviter_uid ?? '',
    inviterName: r.inviter_name,
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: expiresAt?.toISOString() ?? '',
    status: expiresAt && expiresAt.getTime() <= now ? 'expired' : 'pending',
  };
}

/** A tree's invitations not yet used or revoked (expired ones too: they can be renewed), newest first. */
export async function pendingInvitations(q: Queryable, graphId: string): Promise<PendingInvitation[]> {
  const rows = await q.query<PendingRow>(`${PENDING_SQL} ORDER BY i.created_at DESC, i.id`, [graphId]);
  const now = Date.now();
  return rows.map((r) => toPending(r, now));
}

export async function pendingInvitation(q: Queryable, graphId: string, id: string): Promise<PendingInvitation | null> {
  const rows = await q.query<PendingRow>(`${PENDING_SQL} AND i.id = $2`, [graphId, id]);
  return rows[0] ? toPending(rows[0], Date.now()) : null;
}

/** Revokes a pending invitation of the tree; false when there is none by that id. */
export async function revokeInvitation(q: Queryable, graphId: string, id: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE invitations SET status = 'revoked', revoked_at = now() WHERE id = $1 AND graph_uid = $2 AND status = 'pending' AND NOT first_account RETURNING id`,
    [id, graphId],
  );
  return rows.length > 0;
}

/** A card has one pending invitation: a new one for it revokes the ones before. */
export async function revokeOthersForCard(q: Queryable, graphId: string, nodeId: string, keepId: string): Promise<void> {
  await q.query(
    `UPDATE invitations SET status = 'revoked', revoked_at = now() WHERE graph_uid = $1 AND node_id = $2 AND id <> $3 AND status = 'pending' AND NOT first_account`,
    [graphId, nodeId, keepId],
  );
}
