import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { backend } from '../../backend/index.ts';
import { AUTH_MESSAGES, validateResetRequest, validateSignIn } from '../../domain/validation/auth.ts';
import { errorMessage } from '../errorMessage.ts';
import { FormAlert, TextField } from '../Field.tsx';

interface SignInValues {
  email: string;
  password: string;
}

interface SignInFormProps {
  /** Runs once signed in; what it throws shows in the form like a sign-in failure. */
  onSignedIn?: () => void | Promise<void>;
  autoFocus?: boolean;
  /** An address the form is for (an invitation's), shown read-only with `emailHint`. */
  fixedEmail?: string;
  emailHint?: string;
  submitLabel?: string;
}

/** E-mail and password sign-in with the 'Forgot password?' link (§2, §5). */
export function SignInForm({ onSignedIn, autoFocus, fixedEmail, emailHint, submitLabel = 'Sign in' }: SignInFormProps) {
  const { register, handleSubmit, getValues, formState } = useForm<SignInValues>({
    defaultValues: { email: fixedEmail ?? '', password: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);

  const submit = handleSubmit(async (values) => {
    setInfo(null);
    const problem = validateSignIn(values);
    if (problem) return setError(problem);
    setError(null);
    try {
      await backend.auth.signIn(values.email.trim(), values.password);
      await onSignedIn?.();
    } catch (e) {
      setError(errorMessage(e, AUTH_MESSAGES.signInFailed));
    }
  });

  async function forgotPassword() {
    const email = getValues('email');
    const problem = validateResetRequest(email);
    setInfo(null);
    if (problem) return setError(problem);
    setError(null);
    setResetting(true);
    try {
      await backend.auth.sendPasswordResetEmail(email.trim());
      setInfo(AUTH_MESSAGES.resetSent);
    } catch (e) {
      setError(errorMessage(e, AUTH_MESSAGES.resetFailed));
    } finally {
      setResetting(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Sign in">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus={autoFocus && !fixedEmail}
        readOnly={!!fixedEmail}
        hint={fixedEmail ? emailHint : undefined}
        {...register('email')}
      />
      <TextField label="Password" type="password" autoComplete="current-password" autoFocus={autoFocus && !!fixedEmail} {...register('password')} />
      <FormAlert kind="error">{error}</FormAlert>
      <FormAlert kind="info">{info}</FormAlert>
      <button className="btn btn-primary btn-lg btn-block" type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in…' : submitLabel}
      </button>
      <div style={{ textAlign: 'center' }}>
        <button type="button" className="btn-link" onClick={forgotPassword} disabled={resetting}>
          Forgot password?
        </button>
      </div>
    </form>
  );
}
