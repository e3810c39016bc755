import { describe, expect, it } from 'vitest';
import {
  isValidEmail,
  profileGenderFromSignUp,
  SIGN_UP_NAME_MAX_CHARS,
  validateNewPassword,
  validateResetRequest,
  validateSignIn,
  validateSignUp,
  type SignUpFormInput,
} from '../../../src/domain/validation/auth.ts';
import { PROFILE_LIMITS } from '../../../src/domain/validation/profile.ts';

const complete: SignUpFormInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'Female',
  email: 'ada@example.com',
  password: 'analytical engine',
  confirmPassword: 'analytical engine',
};

describe('validateSignIn (§5)', () => {
  it.each([
    [{ email: '', password: '' }, 'Email and password are required.'],
    [{ email: '  ', password: 'x' }, 'Email and password are required.'],
    [{ email: 'a@b.co', password: '' }, 'Email and password are required.'],
    [{ email: 'a@b.co', password: 'x' }, null],
  ])('%j → %s', (input, expected) => expect(validateSignIn(input)).toBe(expected));
});

describe('validateSignUp (§5)', () => {
  it.each<[string, Partial<SignUpFormInput>, string | null, Partial<Record<keyof SignUpFormInput, string>>]>([
    ['complete input passes', {}, null, {}],
    ['no e-mail', { email: '' }, 'Email and password are required.', { email: 'Email and password are required.' }],
    ['no password', { password: '', confirmPassword: '' }, 'Email and password are required.', {}],
    ['passwords differ', { confirmPassword: 'other' }, 'Passwords do not match.', { confirmPassword: 'Passwords do not match.' }],
    ['first name missing', { firstName: ' ' }, 'First name and last name are required.', { firstName: 'First name is required.' }],
    ['last name missing', { lastName: '' }, 'First name and last name are required.', { lastName: 'Last name is required.' }],
    ['no gender', { gender: '' }, 'Gender is required.', { gender: 'Please select a gender.' }],
    ['unknown gender', { gender: 'Other' }, 'Gender is required.', { gender: 'Please select a gender.' }],
    ['bad e-mail', { email: 'ada@example' }, 'Invalid email', { email: 'Invalid email' }],
  ])('%s', (_, change, message, fields) => {
    const result = validateSignUp({ ...complete, ...change });
    expect(result.message).toBe(message);
    expect(result.fields).toEqual(fields);
  });

  it('reports every field problem at once, the first rule as the message', () => {
    const result = validateSignUp({ firstName: '', lastName: '', gender: '', email: '', password: '', confirmPassword: '' });
    expect(result.message).toBe('Email and password are required.');
    expect(result.fields).toMatchObject({
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
      gender: 'Please select a gender.',
    });
  });
});

describe('e-mail, gender and reset rules', () => {
  it.each([
    ['a@b.co', true],
    [' A.B@Example.org ', true],
    ['a@b', false],
    ['@b.co', false],
    ['a b@c.de', false],
    ['', false],
  ])('isValidEmail(%j) = %s', (email, ok) => expect(isValidEmail(email)).toBe(ok));

  it.each([
    ['Female', 'F'],
    ['Male', 'M'],
    ['Non-binary', ''],
    ['Prefer not to say', ''],
  ] as const)('sign-up gender %s → profile gender %j', (g, expected) => expect(profileGenderFromSignUp(g)).toBe(expected));

  it('forgot password needs an e-mail', () => {
    expect(validateResetRequest(' ')).toBe('Enter your email to reset your password.');
    expect(validateResetRequest('a@b.co')).toBeNull();
  });

  it.each([
    ['', '', 'Password is required.'],
    ['long enough', 'different', 'Passwords do not match.'],
    ['short', 'short', 'Password must be at least 8 characters.'],
    ['long enough', 'long enough', null],
  ])('new password %j / %j → %s', (p, c, expected) => expect(validateNewPassword(p, c)).toBe(expected));

  it("takes the names a profile takes: sign-up's limit is the profile's", () => {
    expect(SIGN_UP_NAME_MAX_CHARS).toBe(PROFILE_LIMITS.firstName);
    expect(SIGN_UP_NAME_MAX_CHARS).toBe(PROFILE_LIMITS.lastName);
  });
});
