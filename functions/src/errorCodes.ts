import type { ErrorCode } from '../../src/domain/errors.ts';

/** The codes an HttpsError may carry (firebase-functions' FunctionsErrorCode). */
export type HttpsCode =
  | 'invalid-argument'
  | 'unauthenticated'
  | 'permission-denied'
  | 'not-found'
  | 'already-exists'
  | 'failed-precondition'
  | 'resource-exhausted'
  | 'unavailable'
  | 'deadline-exceeded'
  | 'internal';

/**
 * The HttpsError code for each app code: the nearest Firebase code. The app's own code travels
 * beside it in the error's details (`CallableErrorDetails`), so the client recovers it exactly;
 * this mapping only decides what Firebase's SDKs, retries and logs see.
 */
export const HTTPS_CODE: Record<ErrorCode, HttpsCode> = {
  'invalid-argument': 'invalid-argument',
  'invalid-email': 'invalid-argument',
  unauthenticated: 'unauthenticated',
  'permission-denied': 'permission-denied',
  'not-found': 'not-found',
  'already-exists': 'already-exists',
  'failed-precondition': 'failed-precondition',
  'resource-exhausted': 'resource-exhausted',
  unavailable: 'unavailable',
  'deadline-exceeded': 'deadline-exceeded',
  'auth/invalid-credential': 'unauthenticated',
  'auth/invitation-invalid': 'not-found',
  'auth/invitation-used': 'failed-precondition',
  'auth/reset-link-invalid': 'failed-precondition',
  'auth/email-already-in-use': 'already-exists',
  'auth/signup-disabled': 'permission-denied',
  internal: 'internal',
};

/**
 * A Firestore failure that is not ours, by its gRPC status: a transaction that kept meeting
 * contention (ABORTED) or a backend that could not answer (UNAVAILABLE) is 'unavailable', one out
 * of time 'deadline-exceeded'; the client retries these (§7) and shows §8's messages. Null for
 * anything else.
 */
export function transientCode(e: unknown): Extract<ErrorCode, 'unavailable' | 'deadline-exceeded'> | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 4) return 'deadline-exceeded';
  if (code === 10 || code === 14) return 'unavailable';
  return null;
}
