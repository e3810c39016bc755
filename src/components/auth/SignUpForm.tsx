import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SIGN_UP_GENDERS, type SignUpGender } from '../../domain/types.ts';
import { AUTH_MESSAGES, validateSignUp, type SignUpFormInput } from '../../domain/validation/auth.ts';
import { errorMessage } from '../errorMessage.ts';
import { FormAlert, SelectField, TextField } from '../Field.tsx';

export interface SignUpSubmit {
  firstName: string;
  lastName: string;
  gender: SignUpGender;
  email: string;
  password: string;
}

interface SignUpFormProps {
  /** Fixed e-mail of the invitation, shown read-only; empty lets the new member type one. */
  invitedEmail?: string;
  onSubmit: (input: SignUpSubmit) => Promise<void>;
  submitLabel?: string;
  /** Names to start from (an invitation's card, as relatives entered them). */
  names?: { firstName: string; lastName: string };
}

const GENDER_OPTIONS = SIGN_UP_GENDERS.map((g) => ({ value: g, label: g }));

/** The sign-up fields of §2 with the §5 messages, used by the invitation page and the dialog. */
export function SignUpForm({ invitedEmail, onSubmit, submitLabel = 'Create account', names }: SignUpFormProps) {
  const { register, handleSubmit, formState } = useForm<SignUpFormInput>({
    defaultValues: {
      firstName: names?.firstName ?? '',
      lastName: names?.lastName ?? '',
      gender: '',
      email: invitedEmail ?? '',
      password: '',
      confirmPassword: '',
    },
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof SignUpFormInput, string>>>({});
  const [error, setError] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    const input = { ...values, email: invitedEmail || values.email };
    const result = validateSignUp(input);
    setFieldErrors(result.fields);
    setError(result.message);
    if (result.message) return;
    try {
      await onSubmit({
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        gender: input.gender as SignUpGender,
        email: input.email.trim(),
        password: input.password,
      });
    } catch (e) {
      setError(errorMessage(e, AUTH_MESSAGES.signUpFailed));
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Sign up">
      <div className="form-row">
        <TextField label="First name" autoComplete="given-name" error={fieldErrors.firstName} {...register('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={fieldErrors.lastName} {...register('lastName')} />
      </div>
      <SelectField label="Gender" options={GENDER_OPTIONS} placeholder="Select…" error={fieldErrors.gender} {...register('gender')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        readOnly={!!invitedEmail}
        hint={invitedEmail ? 'The address this invitation was sent to.' : undefined}
        error={fieldErrors.email}
        {...register('email')}
      />
      <TextField label="Password" type="password" autoComplete="new-password" error={fieldErrors.password} {...register('password')} />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={fieldErrors.confirmPassword}
        {...register('confirmPassword')}
      />
      <FormAlert kind="error">{error}</FormAlert>
      <button className="btn btn-primary btn-lg btn-block" type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Creating your account…' : submitLabel}
      </button>
    </form>
  );
}
