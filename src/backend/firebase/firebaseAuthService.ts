import {
  applyActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  deleteUser,
  onAuthStateChanged,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  verifyPasswordResetCode,
  type User,
} from 'firebase/auth';
import { AppError, isAppError } from '../../domain/errors.ts';
import { retryDelays } from '../../domain/timing.ts';
import type { AuthUser } from '../../domain/types.ts';
import { CONFIRMATION_INVALID, OTHER_EMAIL } from '../../domain/invitations.ts';
import { AUTH_MESSAGES, normaliseEmail, validateNewPassword, validateSignUp } from '../../domain/validation/auth.ts';
import type { AuthListener, AuthService, SignUpInput } from '../ports.ts';
import { createAuthTokenSync, type AuthTokenSync } from './authTokenSync.ts';
import type { Call } from './call.ts';
import { sameOriginUrl } from './config.ts';
import { fromFirebase, type FirebaseOperation } from './errors.ts';
import type { FirebaseServices } from './services.ts';

export interface FirebaseAuthServiceOptions {
  call: Call;
  /** The site's origin: the auth-token sync goes only there. `location.origin` in a browser. */
  origin?: string;
  /** For the auth-token sync (tests pass their own). */
  fetch?: typeof fetch;
  log?: (message: string, error?: unknown) => void;
}

export const SIGNED_OUT = 'You must be signed in to change your account.';
export const SYNC_NOT_SAME_ORIGIN = 'The auth-token sync URL is not on this site, so no token is sent to it.';


const toAuthUser = (user: User): AuthUser => ({
  uid: user.uid,
  email: user.email ?? '',
  displayName: user.displayName ?? '',
  photoURL: user.photoURL ?? '',
});

const sameUser = (a: AuthUser | null | undefined, b: AuthUser | null) =>
  a === b || (!!a && !!b && a.uid === b.uid && a.email === b.email && a.displayName === b.displayName && a.photoURL === b.photoURL);

/**
 * AuthService on Firebase Authentication. Firebase keeps the session (persistence tried in §9's
 * order, services.ts) and tells every tab of the site when it changes; this adapter turns its
 * users into AuthUsers and its errors into the app's codes and §8 texts (errors.ts). Accounts come
 * only by invitation: the blocking function refuses any other sign-up, and the accept callable
 * joins the new member to the tree.
 */
export function createFirebaseAuthService(services: FirebaseServices, options: FirebaseAuthServiceOptions): AuthService {
  const { auth } = services;
  const { call } = options;
  const log = options.log ?? ((message, error) => console.warn(message, error));
  const listeners = new Set<AuthListener>();
  let current: AuthUser | null | undefined;
  /** While an invitation is being accepted the new account exists but has not joined: not shown yet. */
  let accepting = false;

  function publish(user: AuthUser | null) {
    if (current !== undefined && sameUser(current, user)) return;
    current = user;
    for (const l of listeners) l(user);
  }

  let following = false;
  function follow() {
    if (following) return;
    following = true;
    onAuthStateChanged(auth, (user) => {
      if (!accepting) publish(user ? toAuthUser(user) : null);
    });
  }

  const tokenSync = startTokenSync();
  function startTokenSync(): AuthTokenSync | null {
    const configured = services.settings.authSyncUrl;
    if (!configured) return null;
    const origin = options.origin ?? (typeof location === 'undefined' ? '' : location.origin);
    const url = origin ? sameOriginUrl(configured, origin) : null;
    if (!url) {
      log(SYNC_NOT_SAME_ORIGIN);
      return null;
    }
    const sync = createAuthTokenSync(url, { fetch: options.fetch, log });
    onIdTokenChanged(auth, (user) => {
      if (!user) return void sync.sync(null);
      user.getIdToken().then(
        (token) => sync.sync(token),
        (e: unknown) => log('No ID token for the auth-token sync.', e),
      );
    });
    return sync;
  }

  /** Signed in: the sync has told the site's server before the caller goes on (a page it renders sees the member). */
  async function signedIn(user: User): Promise<AuthUser> {
    const authUser = toAuthUser(user);
    publish(authUser);
    if (tokenSync) await tokenSync.sync(await user.getIdToken());
    return authUser;
  }

  async function attempt<T>(operation: FirebaseOperation, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      throw fromFirebase(e, operation);
    }
  }

  /** §5's rules with the self-hosted server's codes, before anything is sent. */
  function checkNewPassword(password: string) {
    const problem = validateNewPassword(password, password);
    if (problem) throw new AppError('invalid-argument', problem);
  }
  function checkSignUp(input: SignUpInput) {
    const { message } = validateSignUp({ ...input, confirmPassword: input.password });
    if (message) throw new AppError(message === AUTH_MESSAGES.invalidEmail ? 'invalid-email' : 'invalid-argument', message);
  }

  /** Retried like a save (§7: 150 ms × 2ⁿ) while the function cannot be reached; a refusal is final. */
  async function acceptCall(token: string, input: SignUpInput) {
    const delays = retryDelays();
    for (let i = 0; ; i++) {
      try {
        return await call('acceptInvitation', { token, firstName: input.firstName, lastName: input.lastName, gender: input.gender });
      } catch (e) {
        const retry = isAppError(e) && (e.code === 'unavailable' || e.code === 'deadline-exceeded') && i < delays.length;
        if (!retry) throw e;
        await new Promise((r) => setTimeout(r, delays[i]));
      }
    }
  }

  return {
    onAuthStateChanged(listener) {
      listeners.add(listener);
      if (current !== undefined) listener(current);
      follow();
      return () => listeners.delete(listener);
    },

    async signIn(email, password) {
      if (!email.trim() || !password) throw new AppError('invalid-argument', AUTH_MESSAGES.emailAndPasswordRequired);
      const { user } = await attempt('signIn', () => signInWithEmailAndPassword(auth, email.trim(), password));
      return signedIn(user);
    },

    async signOut() {
      await attempt('auth', () => signOut(auth));
      publish(null);
      await tokenSync?.sync(null);
    },

    async sendPasswordResetEmail(email) {
      try {
        await sendPasswordResetEmail(auth, email.trim());
      } catch (e) {
        // The port never tells whether an address has an account (projects without e-mail
        // enumeration protection answer user-not-found).
        if ((e as { code?: string }).code === 'auth/user-not-found') return;
        throw fromFirebase(e, 'reset');
      }
    },

    async checkPasswordResetToken(token) {
      await attempt('auth', () => verifyPasswordResetCode(auth, token));
    },

    async confirmPasswordReset(token, newPassword) {
      checkNewPassword(newPassword);
      await attempt('auth', () => confirmPasswordReset(auth, token, newPassword));
    },

    async updateProfile(changes) {
      const user = auth.currentUser;
      if (!user) throw new AppError('unauthenticated', SIGNED_OUT);
      await attempt('auth', () => updateProfile(user, changes));
      const updated = toAuthUser(user);
      publish(updated);
      return updated;
    },

    async signUp() {
      // §1: self-service sign-up is off. The blocking function would refuse the account anyway;
      // saying so here gives the self-hosted server's code and text without creating anything.
      throw new AppError('auth/signup-disabled', AUTH_MESSAGES.signUpDisabled);
    },

    async acceptInvitation(token, input) {
      // In the self-hosted server's order, so both backends refuse alike: the invitation first
      // (invalid, used, revoked, expired), then the form (§5), then an address the invitation is not for.
      const invitation = await call('getInvitation', { token });
      checkSignUp(input);
      const email = normaliseEmail(input.email);
      if (invitation.email && invitation.email !== email) throw new AppError('invalid-argument', OTHER_EMAIL);
      accepting = true;
      try {
        // The blocking function lets the account be made only for a pending invitation's e-mail.
        const { user } = await attempt('signUp', () => createUserWithEmailAndPassword(auth, email, input.password));
        try {
          await acceptCall(token, input);
        } catch (e) {
          // Not joined: take the account back, so the invitation can be used again as it is.
          await deleteUser(user).catch((deleteError: unknown) => log('The new account could not be removed after a failed acceptance.', deleteError));
          throw e;
        }
        // The function set the display name on the account; read it back.
        await attempt('auth', () => user.reload());
        accepting = false;
        // Joined at once: the link was mailed to the invited address and only that address can
        // make the account (the blocking function), so on Firebase holding the link stands for the
        // confirmation mail of the self-hosted server (DESIGN.md "Sharing on Firebase").
        return { status: 'signed-in', user: await signedIn(auth.currentUser ?? user) };
      } finally {
        if (accepting) {
          accepting = false;
          publish(auth.currentUser ? toAuthUser(auth.currentUser) : null);
        }
      }
    },

    async confirmSignUp(token) {
      // Firebase proves an address with its own verification mail: the token is that mail's
      // action code. Applying it marks the signed-in account's address verified.
      try {
        await applyActionCode(auth, token);
      } catch (e) {
        const error = fromFirebase(e, 'auth');
        throw error.code === 'auth/reset-link-invalid' ? new AppError('auth/confirmation-link-invalid', CONFIRMATION_INVALID) : error;
      }
      const user = auth.currentUser;
      if (!user) throw new AppError('unauthenticated', SIGNED_OUT);
      await attempt('auth', () => user.reload());
      return signedIn(user);
    },
  };
}
