import { AppError, ERROR_CODES, isAppError, UNREACHABLE, type ErrorCode } from '../../domain/errors.ts';
import { EMAIL_IN_USE } from '../../domain/invitations.ts';
import { PHOTO_REFUSED } from '../../domain/profile.ts';
import { AUTH_FAILURES, AUTH_MESSAGES, PASSWORD_TOO_SHORT } from '../../domain/validation/auth.ts';
import { blockingFunctionRefusal, callableError } from './callables.ts';

/**
 * Firebase's error codes as the app's: ONE table, so every Firebase failure crosses the ports as
 * an AppError with a code from src/domain/errors.ts and the text the self-hosted server gives for
 * the same situation (§8). Callable functions answer `functions/<code>` with the message the
 * shared save path wrote; Firestore answers bare codes; Auth and Storage their own.
 */

/** What a failure is reported as when Firebase's own text is no use to a member. */
export type FirebaseOperation = 'signIn' | 'signUp' | 'reset' | 'auth' | 'call' | 'read' | 'upload';

/** §8's text for each operation when nothing more precise is known. */
const FALLBACK: Record<FirebaseOperation, string> = {
  signIn: AUTH_MESSAGES.signInFailed,
  signUp: AUTH_MESSAGES.signUpFailed,
  reset: AUTH_MESSAGES.resetFailed,
  auth: AUTH_MESSAGES.authError,
  call: '',
  read: '',
  upload: '',
};

export const ACCOUNT_DISABLED = 'This account has been disabled.';
export const STORAGE_QUOTA = 'There is no room left to store photos. Please try again later.';

/** Auth and Storage codes; `null` as the message keeps §8's fallback for the operation. */
const TABLE: Record<string, [ErrorCode, string | null]> = {
  'auth/invalid-credential': ['auth/invalid-credential', AUTH_FAILURES.invalidCredential],
  'auth/invalid-login-credentials': ['auth/invalid-credential', AUTH_FAILURES.invalidCredential],
  'auth/wrong-password': ['auth/invalid-credential', AUTH_FAILURES.invalidCredential],
  'auth/user-not-found': ['auth/invalid-credential', AUTH_FAILURES.invalidCredential],
  'auth/invalid-email': ['invalid-email', AUTH_MESSAGES.invalidEmail],
  'auth/missing-email': ['invalid-argument', AUTH_MESSAGES.emailAndPasswordRequired],
  'auth/missing-password': ['invalid-argument', AUTH_MESSAGES.emailAndPasswordRequired],
  'auth/weak-password': ['invalid-argument', PASSWORD_TOO_SHORT],
  'auth/email-already-in-use': ['auth/email-already-in-use', EMAIL_IN_USE],
  'auth/user-disabled': ['permission-denied', ACCOUNT_DISABLED],
  'auth/too-many-requests': ['resource-exhausted', AUTH_FAILURES.tooManyAttempts],
  'auth/network-request-failed': ['unavailable', UNREACHABLE],
  'auth/expired-action-code': ['auth/reset-link-invalid', AUTH_FAILURES.resetLinkInvalid],
  'auth/invalid-action-code': ['auth/reset-link-invalid', AUTH_FAILURES.resetLinkInvalid],
  'auth/operation-not-allowed': ['auth/signup-disabled', AUTH_MESSAGES.signUpDisabled],
  'auth/admin-restricted-operation': ['auth/signup-disabled', AUTH_MESSAGES.signUpDisabled],
  'auth/requires-recent-login': ['unauthenticated', null],
  'auth/user-token-expired': ['unauthenticated', null],
  'storage/unauthenticated': ['unauthenticated', null],
  'storage/unauthorized': ['permission-denied', PHOTO_REFUSED],
  'storage/quota-exceeded': ['resource-exhausted', STORAGE_QUOTA],
  'storage/retry-limit-exceeded': ['unavailable', UNREACHABLE],
  'storage/object-not-found': ['not-found', null],
};

/** Codes whose SDK text is only the code's name ("unavailable", "internal"): say something useful. */
const PLAIN: Partial<Record<ErrorCode, string>> = {
  unavailable: UNREACHABLE,
};

/**
 * Any error a Firebase SDK threw, as an AppError. An AppError passes through. Firebase's own
 * wording ("Firebase: Error (auth/…).") is never shown: an unknown code becomes `internal` with
 * §8's text for the operation, or no text where the screen has its own ("the error's message or
 * 'Failed to create invitation'").
 */
export function fromFirebase(error: unknown, operation: FirebaseOperation): AppError {
  if (isAppError(error)) return error;
  const { code, message } = describe(error);
  const fallback = FALLBACK[operation];
  const known = TABLE[code];
  if (known) return new AppError(known[0], known[1] ?? fallback);
  if (code === 'auth/internal-error') {
    // A blocking function's refusal (beforeUserCreated) arrives as an internal error whose text
    // carries the function's HttpsError: keep the function's own message and status.
    const refusal = blockingFunctionRefusal(error);
    if (refusal) return new AppError(refusal.code, refusal.message);
  }
  const called = callableError(error);
  if (called) {
    // A callable's HttpsError carries the app's own code and message (callables.ts).
    return new AppError(called.code, ownMessage(called.message, code.slice('functions/'.length)) ?? PLAIN[called.code] ?? fallback);
  }
  const bare = code.replace(/^firestore\//, '');
  if ((ERROR_CODES as readonly string[]).includes(bare)) {
    const appCode = bare as ErrorCode;
    return new AppError(appCode, ownMessage(message, bare) ?? PLAIN[appCode] ?? fallback);
  }
  if (bare === 'cancelled' || bare === 'aborted') return new AppError('unavailable', PLAIN.unavailable!);
  return new AppError('internal', fallback);
}

/** The message a function or the database wrote, or null when the SDK's text is only the code. */
function ownMessage(message: string, code: string): string | null {
  const bare = !message || message === code || message.startsWith('Firebase:') || /^[\w-]+$/.test(message);
  return bare ? null : message;
}

function describe(error: unknown): { code: string; message: string } {
  const e = error as { code?: unknown; message?: unknown } | null;
  return {
    code: typeof e?.code === 'string' ? e.code : '',
    message: typeof e?.message === 'string' ? e.message : '',
  };
}
