import type { InvitationInfo } from '../../backend/ports.ts';
import { isAppError } from '../../domain/errors.ts';

/** The invitation page's texts (docs/PRODUCT.md §2 "Invitation page"), verbatim. */
export const INVITE_TEXTS = {
  opening: 'Opening your invitation…',
  title: "You're invited to Kinfolk",
  leadUnnamed: 'A relative has invited you to join your family tree. Create your account to claim your place in it.',
  firstTitle: 'Create the first account',
  firstLead: 'This site has no members yet. Your account will be the first; you can invite your relatives from your tree.',
  createTab: 'Create account',
  signInTab: 'Sign in to accept',
  tabsLabel: 'How to accept',
  emailHint: 'The address this invitation was sent to.',
  signedInCreate: (email: string) => `You are signed in as ${email}. Creating this account signs you in as the new member instead.`,
  signedInOther: (email: string) => `You are signed in as ${email}. Signing in here switches to the invited account.`,
  signedInAsInvited: (email: string) => `You are signed in as ${email}.`,
  accept: 'Accept invitation',
  accepting: 'Joining…',
  acceptFailed: 'Failed to accept the invitation.',
  checkTitle: 'Check your e-mail',
  check: (email: string, tree: string) =>
    `We sent a link to ${email}. Open it to finish creating your account${tree ? ` and join the ${tree}` : ''}. If you already have an account, the e-mail tells you how to sign in and accept.`,
  signIn: 'Sign in',
  retry: 'Try again',
} as const;

/** Why a link opens no form, each with its own message; `retry` when trying again may help. */
export interface InvitationProblem {
  title: string;
  text: string;
  retry: boolean;
}

export const INVITATION_PROBLEMS = {
  invalid: {
    title: 'This invitation link is not valid',
    text: 'Check that you opened the whole link from your invitation e-mail, or ask the relative who invited you for a new one.',
    retry: false,
  },
  used: {
    title: 'This invitation has already been used',
    text: 'An account was already created with it. If that was you, sign in with your e-mail and password.',
    retry: false,
  },
  revoked: {
    title: 'This invitation was withdrawn',
    text: 'The relative who sent it cancelled it, so it cannot be used. If you still want to join, ask them for a new invitation.',
    retry: false,
  },
  expired: {
    title: 'This invitation has expired',
    text: 'Invitation links work for 14 days. Ask the relative who invited you to send it again: they can do it from your card on the tree.',
    retry: false,
  },
  unreachable: {
    title: 'Your invitation could not be opened',
    text: 'The server could not be reached. Check your internet connection and try again.',
    retry: true,
  },
} as const satisfies Record<string, InvitationProblem>;

/** The message for an invitation that cannot be used: unknown or malformed, used, revoked, expired. */
export function invitationProblem(error: unknown): InvitationProblem {
  if (!isAppError(error)) return INVITATION_PROBLEMS.invalid;
  switch (error.code) {
    case 'auth/invitation-used':
      return INVITATION_PROBLEMS.used;
    case 'auth/invitation-revoked':
      return INVITATION_PROBLEMS.revoked;
    case 'auth/invitation-expired':
      return INVITATION_PROBLEMS.expired;
    case 'unavailable':
    case 'deadline-exceeded':
      return INVITATION_PROBLEMS.unreachable;
    case 'resource-exhausted':
      return { ...INVITATION_PROBLEMS.unreachable, text: error.message };
    default:
      return INVITATION_PROBLEMS.invalid;
  }
}

/**
 * "Grace Hopper invites you to join the Hopper family tree as Mary Hopper.", saying as much as the
 * invitation knows (an operator's invitation has no inviter, an unnamed card no name).
 */
export function invitationLead(info: Pick<InvitationInfo, 'inviterName' | 'treeName' | 'personName'>): string {
  if (!info.treeName) return INVITE_TEXTS.leadUnnamed;
  const who = info.inviterName ? `${info.inviterName} invites you` : 'You are invited';
  const as = info.personName ? ` as ${info.personName}` : '';
  return `${who} to join the ${info.treeName}${as}.`;
}
