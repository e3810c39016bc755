/** The profile page's texts of §4 and §8, verbatim. */
export const PROFILE_PAGE_MESSAGES = {
  noChanges: 'No changes to save',
  updated: 'Profile updated',
  saveFailedToast: 'Failed to save profile',
  saveFailed: 'Failed to save profile. Please try again.',
  timedOut: 'Save timed out, please try again.',
  authUpdateFailed: 'Failed to update auth profile',
  noBio: 'No bio yet.',
  imageUnreadable: 'This image could not be opened. Try a JPEG, PNG or WebP file.',
  photoFailed: 'The photo could not be prepared. Please try another image.',
} as const;
