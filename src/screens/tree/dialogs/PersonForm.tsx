import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Avatar } from '../../../components/avatar/Avatar.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/Field.tsx';
import type { PersonFields } from '../../../domain/editPerson.ts';
import { DECEASED_LABEL, deathFieldOf, deathFormOf, GENDER_OPTIONS } from '../../../domain/labels.ts';
import type { Profile } from '../../../domain/types.ts';
import { DEATH_PLACEHOLDER, memberNameErrors, PROFILE_LIMITS, validateProfileForm, type ProfileFieldErrors } from '../../../domain/validation/profile.ts';

export interface PersonFormValues {
  firstName: string;
  lastName: string;
  gender: string;
  birthYear: string;
  birthMonth: string;
  birthDay: string;
  death: string;
  mothersMaidenName: string;
  bio: string;
  photoURL: string;
  /** "Deceased": ticked with no date typed, the person died at a date unknown. */
  deceased: boolean;
}

export const PERSON_FORM_FIELDS = [
  'firstName',
  'lastName',
  'gender',
  'birthYear',
  'birthMonth',
  'birthDay',
  'death',
  'mothersMaidenName',
  'bio',
  'photoURL',
] as const satisfies readonly (keyof PersonFormValues)[];

export const GENDER_NONE_LABEL = 'Not specified';

/** The form's values for a profile: "Deceased" without a date is the box ticked and no date typed. */
export function formValuesOf(p: Partial<Profile> | undefined): PersonFormValues {
  const v = (k: (typeof PERSON_FORM_FIELDS)[number]) => (p?.[k] as string | undefined) ?? '';
  const values = Object.fromEntries(PERSON_FORM_FIELDS.map((k) => [k, v(k)])) as unknown as PersonFormValues;
  const death = deathFormOf(values.death);
  return { ...values, death: death.date, deceased: death.deceased || !!p?.deathDateText };
}

interface PersonFormProps {
  initial: PersonFormValues;
  currentYear: number;
  /** Fields shown disabled, everything else editable (a new parent's gender comes with the role). */
  lockedFields?: readonly (keyof PersonFormValues)[];
  /** §6: a profile the member may not edit opens with every field disabled and no submit. */
  readOnly?: boolean;
  submitLabel: string;
  onSubmit(fields: PersonFields): void;
  onCancel(): void;
  /** Shown above the fields (read-only note, what is being created). */
  intro?: ReactNode;
  seed: string;
  /** Dates an import kept as written (they show until a date is typed into the fields). */
  datesAsWritten?: { birth?: string; death?: string };
  /** A member's own card (claimed: it has an owner) keeps its first and last name (§5). */
  namesRequired?: boolean;
}

/** What the form says of a date an import kept as written. */
export const DATE_AS_WRITTEN = (date: string) => `Imported as "${date}": shown as written until you enter a date here.`;

/**
 * Create Person / Edit Person (§2 "Modals", §5): first and last name, gender (M, F or none),
 * birth year/month/day, death, mother's maiden name, bio and a photo URL. The §5 rules come from
 * `validateProfileForm`; messages appear under their field after the first submit and follow
 * every change after that.
 */
export function PersonForm({ initial, currentYear, lockedFields = [], readOnly, submitLabel, onSubmit, onCancel, intro, seed, datesAsWritten, namesRequired }: PersonFormProps) {
  const { register, handleSubmit, watch, setValue } = useForm<PersonFormValues>({ defaultValues: initial });
  const [submitted, setSubmitted] = useState(false);
  const values = watch();
  const check = (v: PersonFormValues): ProfileFieldErrors => ({ ...(namesRequired ? memberNameErrors(v) : {}), ...validateProfileForm(v, { currentYear }) });
  const errors: ProfileFieldErrors = submitted ? check(values) : {};
  const locked = (k: keyof PersonFormValues) => lockedFields.includes(k);
  const birthRowId = useId();

  const submit = handleSubmit((v) => {
    setSubmitted(true);
    if (readOnly) return;
    if (Object.keys(check(v)).length) return;
    const fields: Record<string, string> = {};
    for (const k of PERSON_FORM_FIELDS) if (!locked(k)) fields[k] = v[k];
    fields.death = deathFieldOf(v.death, v.deceased, datesAsWritten?.death);
    onSubmit(fields as PersonFields);
  });

  return (
    <form className="form person-form" onSubmit={submit} noValidate aria-label={submitLabel === 'Create' ? 'Create Person' : 'Edit Person'}>
      {intro}
      <fieldset className="person-form-fields" disabled={readOnly}>
        <div className="person-form-head">
          <Avatar src={values.photoURL} gender={values.gender} seed={seed} size={64} />
          <div className="form-row person-form-names">
            <TextField label="First name" autoComplete="off" maxLength={PROFILE_LIMITS.firstName} autoFocus={!readOnly} error={errors.firstName} {...register('firstName')} />
            <TextField label="Last name" autoComplete="off" maxLength={PROFILE_LIMITS.lastName} error={errors.lastName} {...register('lastName')} />
          </div>
        </div>
        <SelectField label="Gender" options={GENDER_OPTIONS} placeholder={GENDER_NONE_LABEL} error={errors.gender} disabled={readOnly || locked('gender')} {...register('gender')} />
        <div className="field" role="group" aria-labelledby={birthRowId}>
          <span className="field-label" id={birthRowId}>
            Birth date
          </span>
          <div className="person-form-birth">
            <TextField label="Year" placeholder="YYYY" inputMode="numeric" maxLength={4} error={errors.birthYear} {...register('birthYear')} />
            <TextField label="Month" placeholder="MM" inputMode="numeric" maxLength={2} error={errors.birthMonth} {...register('birthMonth')} />
            <TextField label="Day" placeholder="DD" inputMode="numeric" maxLength={2} error={errors.birthDay} {...register('birthDay')} />
          </div>
          {errors.birthDate && (
            <span className="field-error" role="alert">
              {errors.birthDate}
            </span>
          )}
          {datesAsWritten?.birth && <span className="field-hint">{DATE_AS_WRITTEN(datesAsWritten.birth)}</span>}
        </div>
        <div className="person-form-death">
          <TextField
            label="Death"
            placeholder={DEATH_PLACEHOLDER}
            error={errors.death}
            hint={datesAsWritten?.death ? DATE_AS_WRITTEN(datesAsWritten.death) : undefined}
            {...register('death')}
          />
          <label className="person-form-deceased">
            {/* A typed death date means deceased: the box shows ticked (and fixed) while there is one. */}
            <input type="checkbox" checked={values.deceased || !!values.death.trim()} disabled={!!values.death.trim()} onChange={(e) => setValue('deceased', e.target.checked)} />
            <span>{DECEASED_LABEL}</span>
          </label>
        </div>
        <TextField label="Mother's maiden name" autoComplete="off" maxLength={PROFILE_LIMITS.mothersMaidenName} {...register('mothersMaidenName')} />
        <TextAreaField label="Bio" rows={3} maxLength={PROFILE_LIMITS.bio} {...register('bio')} />
        <TextField label="Photo URL" type="url" placeholder="https://…" error={errors.photoURL} maxLength={PROFILE_LIMITS.photoURL} {...register('photoURL')} />
      </fieldset>
      <div className="tree-dialog-footer">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {readOnly ? 'Close' : 'Cancel'}
        </button>
        {!readOnly && (
          <button type="submit" className="btn btn-primary">
            {submitLabel}
          </button>
        )}
      </div>
    </form>
  );
}
