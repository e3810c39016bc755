import { AppError } from './errors.ts';
import { newProfile } from './profile.ts';
import type { Profile } from './types.ts';
import { AUTH_MESSAGES, EMAIL_MAX_CHARS, EMAIL_TOO_LONG, isValidEmail } from './validation/auth.ts';

/**
 * Invitations (§3), written once for the self-hosted server and the Cloud Functions: the messages
 * of their refusals and the profile an accepted invitation makes.
 */

export const INVITATION_USED = 'This invitation has already been used.';
export const INVITATION_INVALID = 'This invitation link is not valid.';
/** Links work this long; renewing one makes a new token and this many more days (§3). */
export const INVITATION_VALID_DAYS = 14;
/** An invitation's id: 24 hex characters (anything else is no invitation, answered not-found). */
export const INVITATION_ID = /^[0-9a-f]{24}$/;
export const INVITATION_REVOKED = 'This invitation was withdrawn by the relative who sent it.';
export const INVITATION_EXPIRED = `This invitation has expired: links work for ${INVITATION_VALID_DAYS} days.`;
export const INVITATION_MALFORMED = 'The invitation link is malformed: its token must be 32 hexadecimal characters.';
export const NOT_ON_TREE = 'That person is not on this family tree.';
/** The card an invitation names: a node id of at most this many characters. */
export const INVITED_NODE_ID_MAX = 40;
export const NODE_ID_REQUIRED = 'nodeId is required.';
export const NODE_ID_TOO_LONG = 'nodeId is too long.';

/**
 * Whom a new invitation is for and which card: refused, in this order, as too long an address, an
 * invalid one, no card, too long a card id; null when both will do. The server and the functions
 * ask this before anything else about a new invitation.
 */
export function invitationTargetProblem(email: unknown, nodeId: unknown): AppError | null {
  if (typeof email === 'string' && email.length > EMAIL_MAX_CHARS) return new AppError('invalid-argument', EMAIL_TOO_LONG);
  if (typeof email !== 'string' || !isValidEmail(email)) return new AppError('invalid-email', AUTH_MESSAGES.invalidEmail);
  if (typeof nodeId !== 'string' || !nodeId) return new AppError('invalid-argument', NODE_ID_REQUIRED);
  if (nodeId.length > INVITED_NODE_ID_MAX) return new AppError('invalid-argument', NODE_ID_TOO_LONG);
  return null;
}
export const ALREADY_CLAIMED = 'This person already belongs to a member.';
export const OTHER_EMAIL = 'This invitation is for a different email address.';
export const EMAIL_IN_USE = 'An account with this email already exists. Sign in instead.';
export const NOT_A_TREE_INVITATION = 'This invitation creates a new account; it cannot be accepted by signing in.';
export const NO_SUCH_INVITATION = 'There is no pending invitation with that id on this family tree.';
/** The link of the sign-up confirmation mail (§3), expired or unknown. */
export const CONFIRMATION_INVALID = 'This link to finish creating your account is invalid or has expired. Open your invitation again to get a new one.';
/** The link sent to a new e-mail address, expired or unknown. */
export const EMAIL_LINK_INVALID = 'This link to confirm your new e-mail address is invalid or has expired. Ask for a new one from your profile.';

/** A member's own profile, made at sign-up: its id is their uid and they own it. */
export function newOwnProfile(input: { uid: string; firstName: string; lastName: string; email: string; gender: Profile['gender']; now: string }): Profile {
  const { uid, now, firstName, lastName, email, gender } = input;
  return { ...newProfile(uid, { firstName, lastName, email, gender }, { uid, now }), ownerUid: uid };
}

/** What decides whether an invitation can still be used, on either backend. */
export interface InvitationUse {
  status: 'pending' | 'accepted' | 'revoked';
  /** ISO, or null for one that never expires (the first-account invitation). */
  expiresAt: string | null;
  firstAccount: boolean;
}

/** Whether the invitation's time is up at `now` (an invitation without an expiry never is). */
export function invitationExpired(invitation: Pick<InvitationUse, 'expiresAt'>, now: Date): boolean {
  return !!invitation.expiresAt && Date.parse(invitation.expiresAt) <= now.getTime();
}

/**
 * The invitation if it can still be used, else the coded error the invitation page shows, each
 * state its own. The first-account invitation is used up once any account exists (`hasAccounts`).
 */
export function usableInvitation<T extends InvitationUse>(invitation: T | null, now: Date, hasAccounts: boolean): T {
  if (!invitation) throw new AppError('auth/invitation-invalid', INVITATION_INVALID);
  if (invitation.status === 'accepted') throw new AppError('auth/invitation-used', INVITATION_USED);
  if (invitation.status === 'revoked') throw new AppError('auth/invitation-revoked', INVITATION_REVOKED);
  if (invitationExpired(invitation, now)) throw new AppError('auth/invitation-expired', INVITATION_EXPIRED);
  if (invitation.firstAccount && hasAccounts) throw new AppError('auth/invitation-used', INVITATION_USED);
  return invitation;
}
