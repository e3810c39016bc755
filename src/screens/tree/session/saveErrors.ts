import { AppError, isAppError, type ErrorCode } from '../../../domain/errors.ts';

/** §8: what a failed graph save says, by error code. */
export const SAVE_MESSAGES = {
  unauthenticated: 'You must be signed in to save changes.',
  unavailable: 'The database service is unavailable. Please check your internet connection or VPN/firewall and try again.',
  deadlineExceeded: 'The request to the database timed out. Please try again.',
  other: (code: string) => `Failed to save changes (${code}).`,
} as const;

/** Codes a retry cannot cure: the same change set would be refused again. */
const FINAL: ReadonlySet<ErrorCode> = new Set(['permission-denied', 'invalid-argument', 'invalid-email', 'unauthenticated', 'not-found']);

export function isRetryable(error: unknown): boolean {
  return !(isAppError(error) && FINAL.has(error.code));
}

/** permission-denied is thrown as is; the others get the §8 message for their code. */
export function toSaveError(error: unknown): AppError {
  if (!isAppError(error)) return new AppError('internal', SAVE_MESSAGES.other('internal'));
  switch (error.code) {
    case 'permission-denied':
      return error;
    case 'unauthenticated':
      return new AppError(error.code, SAVE_MESSAGES.unauthenticated);
    case 'unavailable':
    case 'failed-precondition':
      return new AppError(error.code, SAVE_MESSAGES.unavailable);
    case 'deadline-exceeded':
      return new AppError(error.code, SAVE_MESSAGES.deadlineExceeded);
    case 'invalid-argument':
      // The server's refusal says which rule was broken; that is more use than a bare code.
      return new AppError(error.code, error.message || SAVE_MESSAGES.other(error.code));
    default:
      return new AppError(error.code, SAVE_MESSAGES.other(error.code));
  }
}
