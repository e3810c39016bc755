import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS, validateEmailChange, validatePasswordChange } from '../../../src/screens/account/accountTexts.ts';
import { AUTH_MESSAGES, PASSWORD_TOO_SHORT } from '../../../src/domain/validation/auth.ts';

describe('the Account screen’s forms', () => {
  it.each([
    ['', 'pw', AUTH_MESSAGES.emailAndPasswordRequired],
    ['new@example.com', '', AUTH_MESSAGES.emailAndPasswordRequired],
    ['new@example', 'pw', AUTH_MESSAGES.invalidEmail],
    ['  ME@Example.com ', 'pw', ACCOUNT_TEXTS.sameEmail],
    ['new@example.com', 'pw', null],
  ])('a new e-mail %j with password %j', (email, password, problem) => {
    expect(validateEmailChange(email, 'me@example.com', password)).toBe(problem);
  });

  it.each([
    ['', 'a new password', 'a new password', ACCOUNT_TEXTS.currentRequired],
    ['old', '', '', 'Password is required.'],
    ['old', 'a new password', 'another', AUTH_MESSAGES.passwordsDoNotMatch],
    ['old', 'short', 'short', PASSWORD_TOO_SHORT],
    ['old', 'a new password', 'a new password', null],
  ])('a password change from %j to %j', (current, next, confirm, problem) => {
    expect(validatePasswordChange(current, next, confirm)).toBe(problem);
  });
});
