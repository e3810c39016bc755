import { AppError } from '../../src/domain/errors.ts';
import { AUTH_MESSAGES, normaliseEmail } from '../../src/domain/validation/auth.ts';

/**
 * Invitation-only sign-up on Firebase (§1): the blocking `beforeUserCreated` function lets an
 * account be made only for an e-mail with a pending invitation, or, while the site has no account
 * at all, through the pending first-account invitation. The decision is pure; where the facts come
 * from (Firestore, Firebase Auth) is the caller's.
 */

export interface SignUpFacts {
  /** The new account's e-mail as Firebase Auth has it; absent for sign-ups without one (phone, anonymous). */
  email: string | undefined;
  /** Is there a pending invitation for this (normalised) e-mail? */
  invited: boolean;
  /** The pending first-account invitation's e-mail ('' = any), or null when there is none. */
  firstAccountEmail: string | null;
  /** Does any account exist? The first-account invitation is dead once one does. */
  hasAccounts: boolean;
}

/** Null when the account may be made, else the coded refusal the client maps to §5's message. */
export function signUpRefusal(facts: SignUpFacts): AppError | null {
  const email = normaliseEmail(facts.email ?? '');
  const refused = new AppError('auth/signup-disabled', AUTH_MESSAGES.signUpDisabled);
  if (!email) return refused;
  if (facts.invited) return null;
  const first = facts.firstAccountEmail;
  if (first !== null && !facts.hasAccounts && (first === '' || first === email)) return null;
  return refused;
}

/** Where the gate reads its facts. */
export interface SignUpSources {
  hasPendingInvitation(email: string): Promise<boolean>;
  /** The pending first-account invitation's e-mail, or null. */
  firstAccountEmail(): Promise<string | null>;
  hasAccounts(): Promise<boolean>;
}

/** Gathers the facts for an e-mail (reading only what the decision needs) and decides. */
export async function checkSignUp(email: string | undefined, sources: SignUpSources): Promise<AppError | null> {
  const normalised = normaliseEmail(email ?? '');
  if (!normalised) return signUpRefusal({ email, invited: false, firstAccountEmail: null, hasAccounts: true });
  if (await sources.hasPendingInvitation(normalised)) return null;
  const firstAccountEmail = await sources.firstAccountEmail();
  const hasAccounts = firstAccountEmail === null ? true : await sources.hasAccounts();
  return signUpRefusal({ email, invited: false, firstAccountEmail, hasAccounts });
}
