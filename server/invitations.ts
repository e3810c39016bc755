import { randomFillSync } from 'node:crypto';
import { AppError } from '../src/domain/errors.ts';
import { isInvitationToken, newInvitationToken } from '../src/domain/ids.ts';
import { normaliseEmail } from '../src/domain/validation/auth.ts';
import { INVITATION_INVALID, INVITATION_MALFORMED, INVITATION_USED } from '../src/domain/invitations.ts';
import type { Database, Queryable } from './db/database.ts';

export interface InvitationRow {
  token: string;
  email: string;
  node_id: string;
  inviter_uid: string | null;
  graph_uid: string | null;
  status: 'pending' | 'accepted';
  first_account: boolean;
}

export interface NewInvitation {
  email?: string;
  nodeId?: string;
  inviterUid?: string;
  graphUid?: string;
}

export async function createInvitation(db: Queryable, input: NewInvitation = {}): Promise<string> {
  const token = newInvitationToken(randomFillSync);
  await db.query(
    `INSERT INTO invitations (token, email, node_id, inviter_uid, graph_uid) VALUES ($1, $2, $3, $4, $5)`,
    [
      token,
      normaliseEmail(input.email ?? ''),
      input.nodeId ?? '',
      input.inviterUid ?? null,
      input.graphUid ?? input.inviterUid ?? null,
    ],
  );
  return token;
}

export async function hasAccounts(db: Queryable): Promise<boolean> {
  const rows = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS any');
  return rows[0]!.any;
}

/**
 * The invitation that creates the site's first account: made once, kept until used, and dead as
 * soon as any account exists. `adminEmail` (ADMIN_EMAIL) fixes its e-mail; without it the new
 * member types theirs.
 */
export async function ensureFirstAccountInvitation(db: Database, adminEmail = ''): Promise<string | null> {
  const email = normaliseEmail(adminEmail);
  return db.transaction(async (tx) => {
    if (await hasAccounts(tx)) return null;
    await tx.query(`INSERT INTO invitations (token, email, first_account) VALUES ($1, $2, true) ON CONFLICT DO NOTHING`, [
      newInvitationToken(randomFillSync),
      email,
    ]);
    const rows = await tx.query<{ token: string; email: string }>(
      `SELECT token, email FROM invitations WHERE first_account AND status = 'pending'`,
    );
    const row = rows[0]!;
    if (row.email !== email) await tx.query('UPDATE invitations SET email = $2 WHERE token = $1', [row.token, email]);
    return row.token;
  });
}

/** The pending invitation behind a token, or the coded error the invitation page shows. */
export async function usableInvitation(db: Queryable, token: string): Promise<InvitationRow> {
  if (!isInvitationToken(token)) throw new AppError('invalid-argument', INVITATION_MALFORMED);
  const rows = await db.query<InvitationRow>(
    `SELECT token, email, node_id, inviter_uid, graph_uid, status, first_account FROM invitations WHERE token = $1`,
    [token],
  );
  const row = rows[0];
  if (!row) throw new AppError('auth/invitation-invalid', INVITATION_INVALID);
  if (row.status !== 'pending') throw new AppError('auth/invitation-used', INVITATION_USED);
  if (row.first_account && (await hasAccounts(db))) throw new AppError('auth/invitation-used', INVITATION_USED);
  return row;
}
