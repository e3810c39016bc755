import { FirebaseError } from 'firebase/app';
import { FunctionsError } from 'firebase/functions';
import { describe, expect, it } from 'vitest';
import { fromFirebase, type FirebaseOperation } from '../../../../src/backend/firebase/errors.ts';
import { AppError, UNREACHABLE } from '../../../../src/domain/errors.ts';
import { EMAIL_IN_USE } from '../../../../src/domain/invitations.ts';
import { AUTH_FAILURES, AUTH_MESSAGES, PASSWORD_TOO_SHORT } from '../../../../src/domain/validation/auth.ts';

const auth = (code: string) => new FirebaseError(`auth/${code}`, `Firebase: Error (auth/${code}).`);

describe('fromFirebase: one table from Firebase codes to the app codes and §8 texts', () => {
  it.each<[FirebaseError, FirebaseOperation, string, string]>([
    [auth('invalid-credential'), 'signIn', 'auth/invalid-credential', AUTH_FAILURES.invalidCredential],
    [auth('wrong-password'), 'signIn', 'auth/invalid-credential', AUTH_FAILURES.invalidCredential],
    [auth('user-not-found'), 'signIn', 'auth/invalid-credential', AUTH_FAILURES.invalidCredential],
    [auth('invalid-email'), 'signIn', 'invalid-email', AUTH_MESSAGES.invalidEmail],
    [auth('missing-password'), 'signIn', 'invalid-argument', AUTH_MESSAGES.emailAndPasswordRequired],
    [auth('too-many-requests'), 'signIn', 'resource-exhausted', AUTH_FAILURES.tooManyAttempts],
    [auth('network-request-failed'), 'signIn', 'unavailable', UNREACHABLE],
    [auth('user-disabled'), 'signIn', 'permission-denied', 'This account has been disabled.'],
    [auth('email-already-in-use'), 'signUp', 'auth/email-already-in-use', EMAIL_IN_USE],
    [auth('weak-password'), 'signUp', 'invalid-argument', PASSWORD_TOO_SHORT],
    [auth('operation-not-allowed'), 'signUp', 'auth/signup-disabled', AUTH_MESSAGES.signUpDisabled],
    [auth('expired-action-code'), 'auth', 'auth/reset-link-invalid', AUTH_FAILURES.resetLinkInvalid],
    [auth('invalid-action-code'), 'auth', 'auth/reset-link-invalid', AUTH_FAILURES.resetLinkInvalid],
    // §8: an unknown failure says the operation's text, never Firebase's wording.
    [auth('something-new'), 'signIn', 'internal', 'Failed to sign in.'],
    [auth('something-new'), 'signUp', 'internal', 'Failed to sign up.'],
    [auth('something-new'), 'reset', 'internal', 'Failed to send reset email.'],
    [auth('something-new'), 'auth', 'internal', 'Authentication error.'],
    [new FirebaseError('storage/unauthorized', 'Firebase Storage: User does not have permission'), 'upload', 'permission-denied', "You cannot change this person's photo."],
    [new FirebaseError('storage/retry-limit-exceeded', 'Firebase Storage: Max retry time exceeded'), 'upload', 'unavailable', UNREACHABLE],
    // Firestore: bare codes.
    [new FirebaseError('permission-denied', 'Missing or insufficient permissions.'), 'read', 'permission-denied', 'Missing or insufficient permissions.'],
    [new FirebaseError('unavailable', 'unavailable'), 'read', 'unavailable', UNREACHABLE],
  ])('%s (%s) → %s', (error, operation, code, message) => {
    const e = fromFirebase(error, operation);
    expect(e).toBeInstanceOf(AppError);
    expect({ code: e.code, message: e.message }).toEqual({ code, message });
  });

  it("keeps a callable's own code and message (the shared save path's words)", () => {
    const refused = new FunctionsError('invalid-argument', 'At most 2 parents per person.', { code: 'invalid-argument' });
    expect(fromFirebase(refused, 'call')).toMatchObject({ code: 'invalid-argument', message: 'At most 2 parents per person.' });
    // The Functions SDK appends the HTTP status to the function's message.
    const suffixed = new FunctionsError('invalid-argument', 'At most 2 parents per person. [400]', { code: 'invalid-argument' });
    expect(fromFirebase(suffixed, 'call')).toMatchObject({ code: 'invalid-argument', message: 'At most 2 parents per person.' });
    const used = new FunctionsError('failed-precondition', 'This invitation has already been used.', { code: 'auth/invitation-used' });
    expect(fromFirebase(used, 'call')).toMatchObject({ code: 'auth/invitation-used', message: 'This invitation has already been used.' });
  });

  it('gives the session the code of a callable failure whatever its text, so §8 can word it', () => {
    for (const code of ['permission-denied', 'unauthenticated', 'unavailable', 'failed-precondition', 'deadline-exceeded', 'not-found'] as const) {
      expect(fromFirebase(new FunctionsError(code, code), 'call').code).toBe(code);
    }
    // The SDK's bare "internal" is no message: the screen's own fallback shows ('Failed to create invitation').
    expect(fromFirebase(new FunctionsError('internal', 'internal'), 'call')).toMatchObject({ code: 'internal', message: '' });
    expect(fromFirebase(new FunctionsError('unavailable', 'unavailable'), 'call').message).toBe(UNREACHABLE);
  });

  it('passes an AppError through', () => {
    const e = new AppError('not-found', 'Profile not found.');
    expect(fromFirebase(e, 'read')).toBe(e);
  });
});

describe("a blocking function's refusal (beforeUserCreated) inside auth/internal-error", () => {
  it("keeps the function's code and message", () => {
    const text =
      'Firebase: ((HTTP request to http://127.0.0.1:5001/demo/us-central1/beforeUserCreated returned HTTP error 403: ' +
      '{"error":{"details":{"code":"auth/signup-disabled"},"message":"Sign up is by invitation only.","status":"PERMISSION_DENIED"}})) (auth/internal-error).';
    expect(fromFirebase(new FirebaseError('auth/internal-error', text), 'signUp')).toMatchObject({ code: 'auth/signup-disabled', message: 'Sign up is by invitation only.' });
  });

  it('says §8 "Failed to sign up." for any other internal error', () => {
    expect(fromFirebase(new FirebaseError('auth/internal-error', 'Firebase: Error (auth/internal-error).'), 'signUp')).toMatchObject({
      code: 'internal',
      message: 'Failed to sign up.',
    });
  });
});
