import {
  applyActionCode,
  EmailAuthProvider,
  reauthenticateWithCredential,
  signOut,
  updatePassword,
  verifyBeforeUpdateEmail,
  type User,
} from 'firebase/auth';
import { SAME_EMAIL, WRONG_PASSWORD } from '../../domain/ownAccount.ts';
import { AppError, isAppError } from '../../domain/errors.ts';
import { EMAIL_LINK_INVALID } from '../../domain/invitations.ts';
import type { AuthUser } from '../../domain/types.ts';
import { AUTH_MESSAGES, isValidEmail, normaliseEmail, validateNewPassword } from '../../domain/validation/auth.ts';
import type { AccountService } from '../ports.ts';
import type { Call } from './call.ts';
import { SIGNED_OUT } from './firebaseAuthService.ts';
import { fromFirebase } from './errors.ts';
import type { FirebaseServices } from './services.ts';

/** Firebase ends every session when the address changes: the member signs in again with the new one. */
export const SIGN_IN_WITH_NEW_EMAIL = 'Your e-mail address was changed. Sign in with the new address.';

/**
 * AccountService on Firebase. Settings, the download and the deletion go through callables
 * (functions/src/callables/account.ts); the e-mail and the password change in Firebase
 * Authentication itself, after a fresh sign-in with the password (reauthentication): a new
 * address gets Firebase's "verify and change" mail (`verifyBeforeUpdateEmail`) and nothing changes
 * until its link is opened (its action code is the token of `confirmEmailChange`); a new password
 * makes Firebase end the member's other sessions.
 */
export function createFirebaseAccountService(services: FirebaseServices, call: Call): AccountService {
  const { auth } = services;

  function signedInUser(): User {
    const user = auth.currentUser;
    if (!user) throw new AppError('unauthenticated', SIGNED_OUT);
    return user;
  }

  /** Checks the password by signing in again (Firebase wants a recent sign-in for these changes anyway). */
  async function reauthenticate(password: string): Promise<User> {
    const user = signedInUser();
    try {
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', password));
    } catch (e) {
      const error = fromFirebase(e, 'auth');
      throw error.code === 'auth/invalid-credential' ? new AppError('auth/invalid-credential', WRONG_PASSWORD) : error;
    }
    return user;
  }

  const toAuthUser = (user: User): AuthUser => ({ uid: user.uid, email: user.email ?? '', displayName: user.displayName ?? '', photoURL: user.photoURL ?? '' });

  return {
    settings: () => call('accountSettings', {}),
    updateSettings: (changes) => call('updateAccountSettings', changes),

    async changeEmail(newEmail, password) {
      if (!isValidEmail(newEmail)) throw new AppError('invalid-email', AUTH_MESSAGES.invalidEmail);
      const email = normaliseEmail(newEmail);
      const user = signedInUser();
      if (normaliseEmail(user.email ?? '') === email) throw new AppError('invalid-argument', SAME_EMAIL);
      await reauthenticate(password);
      try {
        await verifyBeforeUpdateEmail(user, email);
      } catch (e) {
        // The answer never tells whether the address already has an account.
        if ((e as { code?: string }).code === 'auth/email-already-in-use') return;
        throw fromFirebase(e, 'auth');
      }
    },

    async confirmEmailChange(token) {
      try {
        await applyActionCode(auth, token);
      } catch (e) {
        const error = fromFirebase(e, 'auth');
        throw error.code === 'auth/reset-link-invalid' ? new AppError('auth/confirmation-link-invalid', EMAIL_LINK_INVALID) : error;
      }
      const user = auth.currentUser;
      try {
        if (!user) throw new AppError('unauthenticated', SIGN_IN_WITH_NEW_EMAIL);
        await user.reload();
        await user.getIdToken(true);
      } catch (e) {
        // Firebase revoked the sessions with the change: sign in again with the new address.
        if (auth.currentUser) await signOut(auth).catch(() => undefined);
        throw isAppError(e) ? e : new AppError('unauthenticated', SIGN_IN_WITH_NEW_EMAIL);
      }
      await call('updateAccountSettings', { syncEmail: true });
      return toAuthUser(user);
    },

    async changePassword(currentPassword, newPassword) {
      const problem = validateNewPassword(newPassword, newPassword);
      if (problem) throw new AppError('invalid-argument', problem);
      const user = await reauthenticate(currentPassword);
      try {
        await updatePassword(user, newPassword);
      } catch (e) {
        throw fromFirebase(e, 'auth');
      }
    },

    async download() {
      const data = await call('downloadOwnData', {});
      return new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    },

    async deleteAccount({ password, card, trees }) {
      await reauthenticate(password);
      await call('deleteAccount', { card, trees });
      await signOut(auth).catch(() => undefined);
    },
  };
}
