import { randomBytes, randomFillSync } from 'node:crypto';
import { AppError } from '../src/domain/errors.ts';
import { isInvitationToken, newInvitationToken } from '../src/domain/ids.ts';
import type { MemberRole } from '../src/domain/roles.ts';
import { normaliseEmail } from '../src/domain/validation/auth.ts';
import { hashToken } from './auth/tokens.ts';
import type { Database, Queryable } from './db/database.ts';

/**
 * Invitations (docs/PRODUCT.md §3, §4): a token of 128 random bits, of which only the SHA-256 is
 * stored (as for sessions and reset links: a copy of the database opens nothing), single use,
 * valid 14 days (renewing a link makes a new token and 14 more days), revocable. Each has a
 * non-secret id the tree's members manage it by.
 */

export const INVITATION_VALID_DAYS = 14;

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

export const INVITATION_USED = 'This invitation has already been used.';
export const INVITATION_INVALID = 'This invitation link is not valid.';
export const INVITATION_REVOKED = 'This invitation was withdrawn by the relative who sent it.';
export const INVITATION_EXPIRED = `This invitation has expired: links work for ${INVITATION_VALID_DAYS} days.`;
export const INVITATION_MALFORMED = 'The invitation link is malformed: its token must be 32 hexadecimal characters.';

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
  if (!row) throw new AppError('auth/invitation-invalid', INVITATION_INVALID);
  if (row.status === 'accepted') throw new AppError('auth/invitation-used', INVITATION_USED);
  if (row.status === 'revoked') throw new AppError('auth/invitation-revoked', INVITATION_REVOKED);
  if (row.expires_at && new Date(row.expires_at).getTime() <= Date.now()) throw new AppError('auth/invitation-expired', INVITATION_EXPIRED);
  if (row.first_account && (await hasAccounts(db))) throw new AppError('auth/invitation-used', INVITATION_USED);
  return row;
}

/** The pending invitation behind a token, or the coded error the invitation page shows. */
export async function usableInvitation(db: Queryable, token: string): Promise<InvitationRow> {
  return checkUsable(db, await findInvitation(db, token));
}

/**
 * Marks a pending invitation used inside the accepting transaction; false when another request
 * used, revoked or renewed it first (the row is compared by its token's hash).
 */
export async function markAccepted(tx: Queryable, id: string, tokenHash: string, uid: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE invitations SET status = 'accepted', accepted_by = $3, accepted_at = now()
      WHERE id = $1 AND token_hash = $2 AND status = 'pending' AND (expires_at IS NULL OR expires_at > now()) RETURNING id`,
    [id, tokenHash, uid],
  );
  return rows.length > 0;
}
