import { SIGN_UP_GENDERS, type SignUpGender } from '../types.ts';

/**
 * §5 rules for sign-in, sign-up and forgot-password, written once: the dialog, the invitation page
 * and the server all call these. Messages are the product's (docs/PRODUCT.md §5), verbatim.
 */
export const AUTH_MESSAGES = {
  emailAndPasswordRequired: 'Email and password are required.',
  passwordsDoNotMatch: 'Passwords do not match.',
  namesRequired: 'First name and last name are required.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  genderRequired: 'Gender is required.',
  selectGender: 'Please select a gender.',
  signUpDisabled: 'Sign up is by invitation only.',
  resetNeedsEmail: 'Enter your email to reset your password.',
  resetSent: 'If an account exists for that email, a reset link has been sent.',
  signInFailed: 'Failed to sign in.',
  signUpFailed: 'Failed to sign up.',
  authError: 'Authentication error.',
  resetFailed: 'Failed to send reset email.',
  invalidEmail: 'Invalid email',
  firstNameTooLong: 'First name is too long.',
  lastNameTooLong: 'Last name is too long.',
} as const;

/** The longest e-mail address taken anywhere (RFC 5321's path limit), and the refusal of a longer one. */
export const EMAIL_MAX_CHARS = 320;
export const EMAIL_TOO_LONG = 'Email is too long.';

/**
 * A new member's names become their profile's: no longer than a profile takes (PROFILE_LIMITS in
 * ./profile.ts, which imports this module, so the number is written here; a unit test holds them equal).
 */
export const SIGN_UP_NAME_MAX_CHARS = 100;

/** The message for a sign-up name longer than a profile takes, or null (the server and the functions ask this). */
export function signUpNameTooLong({ firstName, lastName }: { firstName: string; lastName: string }): string | null {
  if (firstName.length > SIGN_UP_NAME_MAX_CHARS) return AUTH_MESSAGES.firstNameTooLong;
  if (lastName.length > SIGN_UP_NAME_MAX_CHARS) return AUTH_MESSAGES.lastNameTooLong;
  return null;
}

/**
 * Account failures in our own words, the same whichever backend answers: the self-hosted server
 * throws them and the Firebase adapter puts them on Firebase's codes (src/backend/firebase/errors.ts).
 */
export const AUTH_FAILURES = {
  invalidCredential: 'Incorrect email or password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Ask for a new one.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

/** Passwords shorter than this are refused: a good site asks for eight (§5). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;

/** The §5 loose e-mail pattern: text, @, text, dot, text. */
const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return LOOSE_EMAIL.test(email.trim());
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface SignInInput {
  email: string;
  password: string;
}

/** Returns the message to show, or null when the input may be sent. */
export function validateSignIn({ email, password }: SignInInput): string | null {
  if (!email.trim() || !password) return AUTH_MESSAGES.emailAndPasswordRequired;
  return null;
}

export interface SignUpFormInput {
  firstName: string;
  lastName: string;
  gender: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type SignUpField = keyof SignUpFormInput;

export interface SignUpValidation {
  /** The form-level message (the first rule broken, in the order of §5), or null. */
  message: string | null;
  fields: Partial<Record<SignUpField, string>>;
}

export function validateSignUp(input: SignUpFormInput): SignUpValidation {
  const fields: SignUpValidation['fields'] = {};
  const messages: string[] = [];
  if (!input.email.trim() || !input.password) messages.push(AUTH_MESSAGES.emailAndPasswordRequired);
  else if (input.password !== input.confirmPassword) {
    messages.push(AUTH_MESSAGES.passwordsDoNotMatch);
    fields.confirmPassword = AUTH_MESSAGES.passwordsDoNotMatch;
  } else if (input.password.length < MIN_PASSWORD_LENGTH) {
    messages.push(PASSWORD_TOO_SHORT);
    fields.password = PASSWORD_TOO_SHORT;
  }
  if (!input.email.trim()) fields.email = AUTH_MESSAGES.emailAndPasswordRequired;
  else if (!isValidEmail(input.email)) {
    fields.email = AUTH_MESSAGES.invalidEmail;
    messages.push(AUTH_MESSAGES.invalidEmail);
  }
  if (!input.firstName.trim()) fields.firstName = AUTH_MESSAGES.firstNameRequired;
  if (!input.lastName.trim()) fields.lastName = AUTH_MESSAGES.lastNameRequired;
  if (fields.firstName || fields.lastName) messages.push(AUTH_MESSAGES.namesRequired);
  if (!isSignUpGender(input.gender)) {
    fields.gender = AUTH_MESSAGES.selectGender;
    messages.push(AUTH_MESSAGES.genderRequired);
  }
  return { message: messages[0] ?? null, fields };
}

export function isSignUpGender(g: string): g is SignUpGender {
  return (SIGN_UP_GENDERS as readonly string[]).includes(g);
}

/** Sign-up's wider choice maps onto the profile's M/F/none (§3). */
export function profileGenderFromSignUp(g: SignUpGender): 'M' | 'F' | '' {
  return g === 'Female' ? 'F' : g === 'Male' ? 'M' : '';
}

export function validateResetRequest(email: string): string | null {
  return email.trim() ? null : AUTH_MESSAGES.resetNeedsEmail;
}

export function validateNewPassword(password: string, confirmPassword: string): string | null {
  if (!password) return 'Password is required.';
  if (password !== confirmPassword) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}
