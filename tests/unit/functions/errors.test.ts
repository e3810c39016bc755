import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { blockingFunctionRefusal, callableError } from '../../../src/backend/firebase/callables.ts';
import { AppError, ERROR_CODES } from '../../../src/domain/errors.ts';
import { HTTPS_CODE } from '../../../functions/src/errorCodes.ts';
import { toHttpsError } from '../../../functions/src/httpsErrors.ts';

describe('errors leaving a function', () => {
  it.each(ERROR_CODES)('%s leaves as an HttpsError carrying the app code and message', (code) => {
    const e = toHttpsError(new AppError(code, `message of ${code}`));
    expect(e).toBeInstanceOf(HttpsError);
    expect(e.code).toBe(HTTPS_CODE[code]);
    expect(e.message).toBe(`message of ${code}`);
    expect(e.details).toEqual({ code });
  });

  it('keeps an HttpsError as it is and turns anything else into a plain internal error', () => {
    const own = new HttpsError('not-found', 'x');
    expect(toHttpsError(own)).toBe(own);
    const e = toHttpsError(new Error('SELECT secret FROM somewhere failed'));
    expect(e.code).toBe('internal');
    expect(e.message).not.toMatch(/secret/);
    expect(e.details).toEqual({ code: 'internal' });
  });
});

describe('callableError (what the client reads from the Functions web SDK)', () => {
  it.each<[string, unknown, unknown]>([
    ['the app code in details, the SDK’s " [400]" dropped', { code: 'functions/invalid-argument', message: 'Invalid email [400]', details: { code: 'invalid-email' } }, { code: 'invalid-email', message: 'Invalid email' }],
    ['no details: the SDK code when it is one of ours', { code: 'functions/unavailable', message: 'unavailable' }, { code: 'unavailable', message: 'unavailable' }],
    ['a code of the SDK’s only', { code: 'functions/aborted', message: 'x [409]' }, { code: 'internal', message: 'x' }],
    ['unknown app code in details', { code: 'functions/internal', message: 'x', details: { code: 'nope' } }, { code: 'internal', message: 'x' }],
    ['not a functions error', { code: 'auth/network-request-failed', message: 'x' }, null],
    ['not an error object', 'boom', null],
  ])('%s', (_name, error, expected) => {
    expect(callableError(error)).toEqual(expected);
  });
});

describe('blockingFunctionRefusal (what the client reads from the Auth web SDK)', () => {
  const body = '{"error":{"details":{"code":"auth/signup-disabled"},"message":"Sign up is by invitation only.","status":"PERMISSION_DENIED"}}';
  it.each<[string, unknown, unknown]>([
    [
      'the emulator’s and Identity Platform’s wording',
      { code: 'auth/internal-error', message: `Firebase: ((HTTP request to http://127.0.0.1:5001/p/us-central1/beforeUserCreated returned HTTP error 403: ${body})) (auth/internal-error).` },
      { code: 'auth/signup-disabled', message: 'Sign up is by invitation only.' },
    ],
    ['a message with braces and quotes inside', { code: 'auth/internal-error', message: `x ${body.replace('Sign up', 'Say \\"{hi}\\"')} y` }, { code: 'auth/signup-disabled', message: 'Say "{hi}" is by invitation only.' }],
    ['another internal error', { code: 'auth/internal-error', message: 'Firebase: Error (auth/internal-error).' }, null],
    ['another code', { code: 'auth/email-already-in-use', message: body }, null],
    ['an unknown app code', { code: 'auth/internal-error', message: body.replace('auth/signup-disabled', 'nope') }, null],
    ['cut short', { code: 'auth/internal-error', message: body.slice(0, 40) }, null],
  ])('%s', (_name, error, expected) => {
    expect(blockingFunctionRefusal(error)).toEqual(expected);
  });
});

describe('Firestore’s passing failures', () => {
  it.each<[number, string]>([
    [10, 'unavailable'],
    [14, 'unavailable'],
    [4, 'deadline-exceeded'],
  ])('gRPC status %i leaves as %s, which the client retries', (grpc, code) => {
    const e = toHttpsError(Object.assign(new Error('10 ABORTED: Too much contention on these documents.'), { code: grpc }));
    expect(e.code).toBe(code);
    expect(e.details).toEqual({ code });
    expect(e.message).not.toMatch(/ABORTED|contention/);
  });

  it.each([3, 7, 'permission-denied', undefined])('anything else (%s) is internal', (code) => {
    expect(toHttpsError(Object.assign(new Error('x'), { code })).code).toBe('internal');
  });
});
