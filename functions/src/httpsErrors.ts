import { HttpsError } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions/v2';
import { INTERNAL_ERROR, isAppError } from '../../src/domain/errors.ts';
import type { CallableErrorDetails } from '../../src/backend/firebase/callables.ts';
import { HTTPS_CODE, transientCode } from './errorCodes.ts';

const TRANSIENT_MESSAGES = {
  unavailable: 'The database is busy or cannot be reached right now. Please try again.',
  'deadline-exceeded': 'The database took too long to answer. Please try again.',
} as const;

/**
 * Every failure of a function leaves it as an HttpsError: a coded AppError with its message and
 * its app code in `details`; Firestore's passing failures as 'unavailable' or 'deadline-exceeded'
 * (the client retries those); anything else as 'internal' with a plain message (logged whole), so
 * no stack or database text reaches a browser.
 */
export function toHttpsError(e: unknown): HttpsError {
  if (e instanceof HttpsError) return e;
  if (isAppError(e)) {
    const details: CallableErrorDetails = { code: e.code };
    return new HttpsError(HTTPS_CODE[e.code], e.message, details);
  }
  const transient = transientCode(e);
  if (transient) {
    logger.warn('Firestore could not complete a request', e);
    const details: CallableErrorDetails = { code: transient };
    return new HttpsError(HTTPS_CODE[transient], TRANSIENT_MESSAGES[transient], details);
  }
  logger.error('Unexpected failure in a function', e);
  const details: CallableErrorDetails = { code: 'internal' };
  return new HttpsError('internal', INTERNAL_ERROR, details);
}

/** Runs a function body and turns what it throws into an HttpsError. */
export async function coded<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (e) {
    throw toHttpsError(e);
  }
}
