import { createHash } from 'node:crypto';
import type { PendingInvitation } from '../../src/backend/ports.ts';
import type { InvitationDoc } from '../../src/backend/firebase/paths.ts';
import { AppError } from '../../src/domain/errors.ts';
import { isInvitationToken, type RandomFill, newInvitationToken } from '../../src/domain/ids.ts';
import {
  INVITATION_MALFORMED,
  INVITATION_VALID_DAYS,
  invitationExpired,
  invitationTargetProblem,
  usableInvitation as usableInvitationState,
} from '../../src/domain/invitations.ts';
import { capitaliseName } from '../../src/domain/labels.ts';
import { isMemberRole, ROLE_CHOICE_INVALID, type MemberRole } from '../../src/domain/roles.ts';
import type { SignUpGender } from '../../src/domain/types.ts';
import { AUTH_MESSAGES, isSignUpGender, normaliseEmail, SIGN_UP_NAME_MAX_CHARS, signUpNameTooLong } from '../../src/domain/validation/auth.ts';
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
  role?: unknown;
}

/** The checked fields of a new invitation, or the coded refusal (§5 'Invalid email' for a bad address). */
export function checkCreateInput(input: CreateInput): InvitationFields {
  const { callerUid } = input;
  if (input.inviterUid !== undefined && input.inviterUid !== callerUid) throw new AppError('permission-denied', 'Invitations are made in your own name.');
  const problem = invitationTargetProblem(input.email, input.nodeId);
  if (problem) throw problem;
  const { email, nodeId } = input as { email: string; nodeId: string };
  const graphUid = input.graphUid === undefined || input.graphUid === '' ? callerUid : input.graphUid;
  if (typeof graphUid !== 'string' || !GRAPH_ID.test(graphUid)) throw new AppError('invalid-argument', 'graphUid is not valid.');
  if (input.role !== undefined && !isMemberRole(input.role)) throw new AppError('invalid-argument', ROLE_CHOICE_INVALID);
  const role: MemberRole = isMemberRole(input.role) ? input.role : 'editor';
  return { email: normaliseEmail(email), nodeId, inviterUid: callerUid, graphUid, role };
}

export interface InvitationFields {
  email: string;
  nodeId: string;
  inviterUid: string;
  graphUid: string;
  role: MemberRole;
}

/** The SHA-256 of a token (hex): all that is stored of it, as the self-hosted server stores it. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** When a link made (or renewed) at `now` stops working. */
export function invitationExpiry(now: Date): string {
  return new Date(now.getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** 96 random bits as 24 hex characters: an invitation's id (not secret). */
export function newInvitationId(fill: RandomFill): string {
  return [...fill(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A new pending invitation and its token (the document keeps only the token's hash): 128 random
 * bits from `fill`, valid `INVITATION_VALID_DAYS` from `now`.
 */
export function newInvitation(fields: InvitationFields, fill: RandomFill, now: Date): { doc: InvitationDoc; token: string } {
  const token = newInvitationToken(fill);
  const doc: InvitationDoc = {
    id: newInvitationId(fill),
    tokenHash: hashInvitationToken(token),
    ...fields,
    status: 'pending',
    createdAt: now.toISOString(),
    expiresAt: invitationExpiry(now),
    firstAccount: false,
  };
  return { doc, token };
}

/** A renewed link: a new token (the earlier link stops working) and 14 more days. */
export function renewedInvitation(doc: InvitationDoc, fill: RandomFill, now: Date): { doc: InvitationDoc; token: string } {
  const token = newInvitationToken(fill);
  return { doc: { ...doc, tokenHash: hashInvitationToken(token), createdAt: now.toISOString(), expiresAt: invitationExpiry(now) }, token };
}

/**
 * The first-account invitation (made by scripts/firebaseFirstInvitation.ts): any e-mail when
 * `email` is ''; it does not expire (it dies when the first account exists).
 */
export function firstAccountInvitation(email: string, fill: RandomFill, now: Date): { doc: InvitationDoc; token: string } {
  const token = newInvitationToken(fill);
  const doc: InvitationDoc = {
    id: newInvitationId(fill),
    tokenHash: hashInvitationToken(token),
    email: normaliseEmail(email),
    nodeId: '',
    inviterUid: '',
    graphUid: '',
    role: 'editor',
    status: 'pending',
    createdAt: now.toISOString(),
    expiresAt: '',
    firstAccount: true,
  };
  return { doc, token };
}

/** A pending invitation as the tree's members see it (PendingInvitation of the ports). */
export function pendingView(doc: InvitationDoc, extra: { profileId: string; inviterName: string }, now: Date): PendingInvitation {
  return {
    id: doc.id,
    graphId: doc.graphUid,
    nodeId: doc.nodeId,
    profileId: extra.profileId,
    email: doc.email,
    role: doc.role,
    inviterUid: doc.inviterUid,
    inviterName: extra.inviterName,
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
    status: invitationExpired(doc, now) ? 'expired' : 'pending',
  };
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
 * invitation page shows, each state its own (as the self-hosted server's `checkUsable`).
 */
export function usableInvitation(token: unknown, stored: InvitationDoc | null, hasAccounts: boolean, now: Date): InvitationDoc {
  if (!isInvitationToken(token)) throw new AppError('invalid-argument', INVITATION_MALFORMED);
  return usableInvitationState(stored, now, hasAccounts);
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
  // One character past the limit is enough to refuse; the rest is never looked at.
  const firstName = typeof input.firstName === 'string' ? input.firstName.slice(0, SIGN_UP_NAME_MAX_CHARS + 1) : '';
  const lastName = typeof input.lastName === 'string' ? input.lastName.slice(0, SIGN_UP_NAME_MAX_CHARS + 1) : '';
  if (!firstName.trim() || !lastName.trim()) throw new AppError('invalid-argument', AUTH_MESSAGES.namesRequired);
  const tooLong = signUpNameTooLong({ firstName, lastName });
  if (tooLong) throw new AppError('invalid-argument', tooLong);
  if (typeof input.gender !== 'string' || !isSignUpGender(input.gender)) throw new AppError('invalid-argument', AUTH_MESSAGES.genderRequired);
  return { firstName: capitaliseName(firstName), lastName: capitaliseName(lastName), gender: input.gender };
}
