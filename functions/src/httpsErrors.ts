import { HttpsError } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions/v2';
import { isAppError } from '../../src/domain/errors.ts';
import type { CallableErrorDetails } from '../../src/backend/firebase/callables.ts';
import { HTTPS_CODE } from './errorCodes.ts';

/**
 * Every failure of a function leaves it as an HttpsError: a coded AppError with its message and
 * its app code in `details`; anything else as 'internal' with a plain message (logged whole), so
 * no stack or database text reaches a browser.
 */
export function toHttpsError(e: unknown): HttpsError {
  if (e instanceof HttpsError) return e;
  if (isAppError(e)) {
    const details: CallableErrorDetails = { code: e.code };
    return new HttpsError(HTTPS_CODE[e.code], e.message, details);
  }
  logger.error('Unexpected failure in a function', e);
  const details: CallableErrorDetails = { code: 'internal' };
  return new HttpsError('internal', 'Something went wrong on the server. Please try again.', details);
}

/** Runs a function body and turns what it throws into an HttpsError. */
export async function coded<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (e) {
    throw toHttpsError(e);
  }
}
