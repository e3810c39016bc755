import { AUTH_MESSAGES, isValidEmail, normaliseEmail, validateNewPassword } from '../../domain/validation/auth.ts';

/** The Account screen's texts (docs/PRODUCT.md §2 "Account"), verbatim. */
export const ACCOUNT_TEXTS = {
  title: 'Account',
  lead: 'Your e-mail, your password and everything Kinfolk keeps about you. Only you see this page.',
  menu: 'Account settings',
  dataTitle: 'Your data',
  data: 'Everything Kinfolk keeps about you in one file: your profile and photos, the trees you belong to, and the trees you own as GEDCOM and JSON.',
  download: 'Download my data',
  downloading: 'Preparing your file…',
  downloaded: 'Your data was downloaded',
  downloadFailed: 'Failed to download your data',
  emailTitle: 'Email',
  emailNow: (email: string) => `You sign in with ${email}.`,
  newEmail: 'New email',
  password: 'Password',
  passwordHint: 'Your current password, to confirm it is you.',
  sendLink: 'Send confirmation link',
  sendingLink: 'Sending…',
  linkSent: (email: string) => `We sent a confirmation link to ${email}. Your address changes when you open it.`,
  sameEmail: 'That is already your e-mail address.',
  emailFailed: 'Failed to change your e-mail address.',
  passwordTitle: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  changePassword: 'Change password',
  changingPassword: 'Changing…',
  passwordChanged: 'Password changed',
  passwordChangedDetail: 'Any other devices you were signed in on have been signed out.',
  passwordFailed: 'Failed to change your password.',
  currentRequired: 'Enter your current password.',
  deleteTitle: 'Delete account',
  deleteLead: 'Deleting your account signs you out everywhere and cannot be undone. Download your data first if you want to keep it.',
  deleteOpen: 'Delete my account…',
} as const;

/** The first problem with an e-mail change, or null. */
export function validateEmailChange(newEmail: string, currentEmail: string, password: string): string | null {
  if (!newEmail.trim() || !password) return AUTH_MESSAGES.emailAndPasswordRequired;
  if (!isValidEmail(newEmail)) return AUTH_MESSAGES.invalidEmail;
  if (normaliseEmail(newEmail) === normaliseEmail(currentEmail)) return ACCOUNT_TEXTS.sameEmail;
  return null;
}

/** The first problem with a password change, or null (§5 rules for the new one). */
export function validatePasswordChange(current: string, next: string, confirm: string): string | null {
  if (!current) return ACCOUNT_TEXTS.currentRequired;
  return validateNewPassword(next, confirm);
}
