/**
 * One table of error codes. Codes are Firebase-style so the §8 messages come out the same on the
 * self-hosted server and on Firebase. Errors cross every port and the HTTP API as
 * `{ code, message }`.
 */
export const ERROR_CODES = [
  'invalid-argument',
  'invalid-email',
  'unauthenticated',
  'permission-denied',
  'not-found',
  'already-exists',
  'failed-precondition',
  'resource-exhausted',
  'unavailable',
  'deadline-exceeded',
  'auth/invalid-credential',
  'auth/invitation-invalid',
  'auth/invitation-used',
  'auth/invitation-revoked',
  'auth/invitation-expired',
  'auth/reset-link-invalid',
  'auth/confirmation-link-invalid',
  'auth/email-already-in-use',
  'auth/signup-disabled',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status for each code, used by the server only. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  'invalid-argument': 400,
  'invalid-email': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  'failed-precondition': 409,
  'resource-exhausted': 429,
  unavailable: 503,
  'deadline-exceeded': 504,
  'auth/invalid-credential': 401,
  'auth/invitation-invalid': 404,
  'auth/invitation-used': 410,
  'auth/invitation-revoked': 410,
  'auth/invitation-expired': 410,
  'auth/reset-link-invalid': 410,
  'auth/confirmation-link-invalid': 410,
  'auth/email-already-in-use': 409,
  'auth/signup-disabled': 403,
  internal: 500,
};

/** What the server and the functions answer a call that needs a signed-in member (code `unauthenticated`). */
export const SIGN_IN_NEEDED = 'You must be signed in.';
/** What the server and the functions answer for a failure of their own (code `internal`); the details go to the log. */
export const INTERNAL_ERROR = 'Something went wrong on the server. Please try again.';

/** What any adapter says when its backend cannot be reached at all (code `unavailable`). */
export const UNREACHABLE = 'The server could not be reached. Check your internet connection.';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

/** The wire shape of every error response: `{ error: { code, message } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}
