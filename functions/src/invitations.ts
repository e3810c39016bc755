import type { InvitationDoc } from '../../src/backend/firebase/paths.ts';
import { AppError } from '../../src/domain/errors.ts';
import { isInvitationToken, type RandomFill, newInvitationToken } from '../../src/domain/ids.ts';
import { INVITATION_INVALID, INVITATION_MALFORMED, INVITATION_USED } from '../../src/domain/invitations.ts';
import { capitaliseName } from '../../src/domain/labels.ts';
import type { SignUpGender } from '../../src/domain/types.ts';
import { AUTH_MESSAGES, isSignUpGender, isValidEmail, normaliseEmail } from '../../src/domain/validation/auth.ts';
import { GRAPH_ID } from './request.ts';

/**
 * Invitations on Firebase, the pure part: what a new invitation document holds (§3), which
 * origin its link uses, and whether a stored one can still be used. The callables in
 * `callables/invitations.ts` read and write Firestore around these.
 */

export interface CreateInput {
  callerUid: string;
  inviterUid?: unknown;
  graphUid?: unknown;
  nodeId?: unknown;
  email?: unknown;
}

const MAX_NODE_ID = 40;
const MAX_EMAIL = 320;

/** The checked fields of a new invitation, or the coded refusal (§5 'Invalid email' for a bad address). */
export function checkCreateInput(input: CreateInput): { email: string; nodeId: string; inviterUid: string; graphUid: string } {
  const { callerUid } = input;
  if (input.inviterUid !== undefined && input.inviterUid !== callerUid) throw new AppError('permission-denied', 'Invitations are made in your own name.');
  if (typeof input.email !== 'string' || input.email.length > MAX_EMAIL || !isValidEmail(input.email)) throw new AppError('invalid-email', AUTH_MESSAGES.invalidEmail);
  if (typeof input.nodeId !== 'string' || !input.nodeId || input.nodeId.length > MAX_NODE_ID) throw new AppError('invalid-argument', 'nodeId is required.');
  const graphUid = input.graphUid === undefined || input.graphUid === '' ? callerUid : input.graphUid;
  if (typeof graphUid !== 'string' || !GRAPH_ID.test(graphUid)) throw new AppError('invalid-argument', 'graphUid is not valid.');
  return { email: normaliseEmail(input.email), nodeId: input.nodeId, inviterUid: callerUid, graphUid };
}

/** A new pending invitation; the document id is its token, 128 random bits from `fill`. */
export function newInvitation(fields: { email: string; nodeId: string; inviterUid: string; graphUid: string }, fill: RandomFill, createdAt: unknown): InvitationDoc {
  return { token: newInvitationToken(fill), ...fields, status: 'pending', createdAt, firstAccount: false };
}

/** The first-account invitation (made by scripts/firebaseFirstInvitation.ts): any e-mail when `email` is ''. */
export function firstAccountInvitation(email: string, fill: RandomFill, createdAt: unknown): InvitationDoc {
  return { token: newInvitationToken(fill), email: normaliseEmail(email), nodeId: '', inviterUid: '', graphUid: '', status: 'pending', createdAt, firstAccount: true };
}

/**
 * The origin of the invitation link: the calling page's when it is one of the site's, else the
 * site's first. `allowed` comes from the SITE_ORIGINS setting, or the Hosting domains of the project.
 */
export function inviteOrigin(requestOrigin: string | undefined, allowed: readonly string[]): string {
  if (!allowed.length) throw new Error('inviteOrigin: no site origin is configured');
  return requestOrigin && allowed.includes(requestOrigin) ? requestOrigin : allowed[0]!;
}

/** The site's origins: SITE_ORIGINS (comma-separated) or the project's Hosting domains. */
export function siteOrigins(setting: string | undefined, projectId: string): string[] {
  const listed = (setting ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return listed.length ? listed : [`https://${projectId}.web.app`, `https://${projectId}.firebaseapp.com`];
}

export function inviteUrl(origin: string, token: string): string {
  return `${origin}/invite?token=${token}`;
}

/**
 * The stored invitation behind a token if it can still be used, else the coded error the
 * invitation page shows (as the self-hosted server's `usableInvitation`).
 */
export function usableInvitation(token: unknown, stored: InvitationDoc | null, hasAccounts: boolean): InvitationDoc {
  if (!isInvitationToken(token)) throw new AppError('invalid-argument', INVITATION_MALFORMED);
  if (!stored) throw new AppError('auth/invitation-invalid', INVITATION_INVALID);
  if (stored.status !== 'pending') throw new AppError('auth/invitation-used', INVITATION_USED);
  if (stored.firstAccount && hasAccounts) throw new AppError('auth/invitation-used', INVITATION_USED);
  return stored;
}

/**
 * The caller already accepted this invitation: an accept whose answer was lost is sent again, and
 * must get the same answer, not 'used' (the client would then delete an account that has joined).
 */
export function acceptedByCaller(stored: InvitationDoc | null, uid: string): boolean {
  return stored?.status === 'accepted' && stored.acceptedBy === uid;
}

/** The names and gender a new member types on the invitation page, checked as §5 says. */
export function checkAcceptInput(input: { firstName?: unknown; lastName?: unknown; gender?: unknown }): { firstName: string; lastName: string; gender: SignUpGender } {
  const firstName = typeof input.firstName === 'string' ? input.firstName.slice(0, 101) : '';
  const lastName = typeof input.lastName === 'string' ? input.lastName.slice(0, 101) : '';
  if (!firstName.trim() || !lastName.trim()) throw new AppError('invalid-argument', AUTH_MESSAGES.namesRequired);
  if (firstName.length > 100) throw new AppError('invalid-argument', 'First name is too long.');
  if (lastName.length > 100) throw new AppError('invalid-argument', 'Last name is too long.');
  if (typeof input.gender !== 'string' || !isSignUpGender(input.gender)) throw new AppError('invalid-argument', AUTH_MESSAGES.genderRequired);
  return { firstName: capitaliseName(firstName), lastName: capitaliseName(lastName), gender: input.gender };
}
