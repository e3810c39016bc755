import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { backend } from '../../backend/index.ts';
import { errorMessage } from '../../components/errorMessage.ts';
import { FormAlert, TextField } from '../../components/Field.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useAsync } from '../../components/useAsync.ts';
import { validateNewPassword } from '../../domain/validation/auth.ts';
import { openAuthDialog } from '../../state/authDialog.ts';
import { CenteredPanel } from '../CenteredPanel.tsx';

/** The page a reset e-mail links to: a new password, once, within the hour. */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  // `token` from the self-hosted server's mail; `oobCode` from Firebase's, whose action URL is
  // set to this page (README "Deploy to Firebase").
  const token = params.get('token') ?? params.get('oobCode') ?? '';
  const check = useAsync(() => backend.auth.checkPasswordResetToken(token), token);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({ defaultValues: { password: '', confirmPassword: '' } });

  if (check.status === 'loading') return <LoadingState text="Checking your reset link…" />;
  if (check.status === 'error')
    return (
      <CenteredPanel title="This reset link can no longer be used">
        <p className="muted">Reset links work once and expire after an hour. Ask for a new one with 'Forgot password?' on the sign-in form.</p>
        <button className="btn btn-primary" onClick={() => openAuthDialog('signin')}>
          Sign in
        </button>
      </CenteredPanel>
    );
  if (done)
    return (
      <CenteredPanel title="Your password has been changed">
        <p className="muted">Sign in with your new password. Any other devices you were signed in on have been signed out.</p>
        <button className="btn btn-primary" onClick={() => openAuthDialog('signin')}>
          Sign in
        </button>
      </CenteredPanel>
    );

  const submit = handleSubmit(async ({ password, confirmPassword }) => {
    const problem = validateNewPassword(password, confirmPassword);
    setError(problem);
    if (problem) return;
    try {
      await backend.auth.confirmPasswordReset(token, password);
      setDone(true);
    } catch (e) {
      setError(errorMessage(e, 'Failed to reset your password.'));
    }
  });

  return (
    <CenteredPanel title="Choose a new password" lead="Pick a password you don't use on other sites.">
      <form className="form" onSubmit={submit} noValidate aria-label="Choose a new password">
        <TextField label="New password" type="password" autoComplete="new-password" autoFocus {...register('password')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" {...register('confirmPassword')} />
        <FormAlert kind="error">{error}</FormAlert>
        <button className="btn btn-primary btn-lg btn-block" type="submit" disabled={formState.isSubmitting}>
          Set new password
        </button>
      </form>
    </CenteredPanel>
  );
}
