import type { AuthUser, Profile, SignUpGender } from '../domain/types.ts';

/**
 * The ports the screens use. Screens never import an adapter: `src/backend/index.ts` picks one
 * (the self-hosted HTTP adapter by default; Firebase later) and every error that crosses a port
 * is an `AppError` with a code from `src/domain/errors.ts`.
 */

export interface InvitationInfo {
  /** Empty for the first-account invitation, whose e-mail the new member types in. */
  email: string;
  /** True for the link printed by `npm start` while the site has no accounts. */
  firstAccount: boolean;
}

export interface SignUpInput {
  firstName: string;
  lastName: string;
  gender: SignUpGender;
  email: string;
  password: string;
}

export type AuthListener = (user: AuthUser | null) => void;

export interface AuthService {
  /** Calls back once with the current user as soon as it is known, then on every change. */
  onAuthStateChanged(listener: AuthListener): () => void;
  signIn(email: string, password: string): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** Resolves whether or not the address has an account (the answer never tells). */
  sendPasswordResetEmail(email: string): Promise<void>;
  /** Checks a reset link before showing the new-password form. */
  checkPasswordResetToken(token: string): Promise<void>;
  confirmPasswordReset(token: string, newPassword: string): Promise<void>;
  updateProfile(changes: { displayName?: string; photoURL?: string }): Promise<AuthUser>;
  getInvitation(token: string): Promise<InvitationInfo>;
  /** Self-service sign-up (§1 flag, off): the server answers auth/signup-disabled while it is off. */
  signUp(input: SignUpInput): Promise<AuthUser>;
  /** Creates the account the invitation is for and signs it in. */
  acceptInvitation(token: string, input: SignUpInput): Promise<AuthUser>;
}

export interface ProfileRepository {
  /** A profile the signed-in member may read; `not-found` or `permission-denied` otherwise. */
  get(id: string): Promise<Profile>;
}
