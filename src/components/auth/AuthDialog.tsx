import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import * as Tooltip from '@radix-ui/react-tooltip';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { SIGN_UP_ENABLED } from '../../app/config.ts';
import { backend } from '../../backend/index.ts';
import { AUTH_MESSAGES } from '../../domain/validation/auth.ts';
import { authDialogState, closeAuthDialog, type AuthMode } from '../../state/authDialog.ts';
import { FormAlert } from '../Field.tsx';
import { CloseIcon } from '../icons.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';

const SIGN_UP_TOOLTIP = 'Sign up is by invitation only';

/**
 * The modal of §2: tabs Sign in and Sign up. Sign-up is off (§1), so its tab is disabled with a
 * tooltip; asking for it (header 'Sign up', 'Create new account') shows the §5 message instead.
 * Radix gives the focus trap, Escape and backdrop close.
 */
export function AuthDialog() {
  const state = useSnapshot(authDialogState);
  const navigate = useNavigate();
  const mode: AuthMode = SIGN_UP_ENABLED ? state.mode : 'signin';

  return (
    <Dialog.Root open={state.open} onOpenChange={(open) => (open ? undefined : closeAuthDialog())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" data-testid="dialog-backdrop" />
        <Dialog.Content className="dialog-content" aria-describedby="auth-dialog-description">
          <Dialog.Close className="icon-btn dialog-close" aria-label="Close">
            <CloseIcon />
          </Dialog.Close>
          <Dialog.Title className="dialog-title">{mode === 'signin' ? 'Welcome back' : 'Join your family'}</Dialog.Title>
          <Dialog.Description id="auth-dialog-description" className="dialog-description">
            {mode === 'signin' ? 'Sign in to keep building your family tree.' : 'Create your account.'}
          </Dialog.Description>
          <Tabs.Root value={mode} onValueChange={(v) => (authDialogState.mode = v as AuthMode)}>
            <Tabs.List className="tabs-list" aria-label="Sign in or sign up">
              <Tabs.Trigger className="tabs-trigger" value="signin">
                Sign in
              </Tabs.Trigger>
              {SIGN_UP_ENABLED ? (
                <Tabs.Trigger className="tabs-trigger" value="signup">
                  Sign up
                </Tabs.Trigger>
              ) : (
                <Tooltip.Root delayDuration={150}>
                  <Tooltip.Trigger asChild>
                    {/* A disabled button gets no pointer events, so the tooltip hangs on a wrapper. */}
                    <span className="tab-tooltip-anchor" tabIndex={0} aria-label={`Sign up: ${SIGN_UP_TOOLTIP}`}>
                      <Tabs.Trigger className="tabs-trigger" value="signup" disabled>
                        Sign up
                      </Tabs.Trigger>
                    </span>
                  </Tooltip.Trigger>
                  <Tooltip.Portal>
                    <Tooltip.Content className="tooltip" sideOffset={6}>
                      {SIGN_UP_TOOLTIP}
                      <Tooltip.Arrow className="tooltip-arrow" />
                    </Tooltip.Content>
                  </Tooltip.Portal>
                </Tooltip.Root>
              )}
            </Tabs.List>
            <Tabs.Content value="signin">
              {state.requestedSignUp && !SIGN_UP_ENABLED && (
                <div style={{ marginBottom: 'var(--space-4)' }}>
                  <FormAlert kind="info">{AUTH_MESSAGES.signUpDisabled} Ask a relative who uses Kinfolk to invite you.</FormAlert>
                </div>
              )}
              <SignInForm
                autoFocus
                onSignedIn={() => {
                  closeAuthDialog();
                  navigate('/app/home');
                }}
              />
            </Tabs.Content>
            {SIGN_UP_ENABLED && (
              <Tabs.Content value="signup">
                <SignUpForm onSubmit={(input) => backend.auth.signUp(input).then(() => closeAuthDialog())} />
              </Tabs.Content>
            )}
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
