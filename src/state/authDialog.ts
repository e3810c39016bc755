import { proxy } from 'valtio';

export type AuthMode = 'signin' | 'signup';

/** The sign-in / sign-up dialog is opened from the header and the landing page. */
export const authDialogState = proxy<{ open: boolean; mode: AuthMode; requestedSignUp: boolean }>({
  open: false,
  mode: 'signin',
  requestedSignUp: false,
});

export function openAuthDialog(mode: AuthMode) {
  authDialogState.open = true;
  authDialogState.mode = mode;
  authDialogState.requestedSignUp = mode === 'signup';
}

export function closeAuthDialog() {
  authDialogState.open = false;
}
