import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Avatar } from '../../../components/avatar/Avatar.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/Field.tsx';
import { birthFields, birthGedcom, deathFields, deathGedcom } from '../../../domain/dates/index.ts';
import type { PersonFields } from '../../../domain/editPerson.ts';
import { DECEASED_LABEL, GENDER_OPTIONS } from '../../../domain/labels.ts';
import type { Profile } from '../../../domain/types.ts';
import { memberNameErrors, PROFILE_LIMITS, validateGender, validatePhotoUrl, validateTreeDate, type ProfileFieldErrors } from '../../../domain/validation/profile.ts';

export interface PersonFormValues {
  firstName: string;
  lastName: string;
  gender: string;
  /** The birth date as GEDCOM text ('' for none): the profile's birth fields joined (`birthGedcom`). */
  birth: string;
  /** The death date as GEDCOM text ('' for none, or deceased without a date). */
  death: string;
  mothersMaidenName: string;
  bio: string;
  photoURL: string;
  /** "Deceased": ticked with no date typed, the person died at a date unknown. */
  deceased: boolean;
}

/** The form's plain text fields, saved under the same names. */
export const PERSON_FORM_FIELDS = ['firstName', 'lastName', 'gender', 'mothersMaidenName', 'bio', 'photoURL'] as const satisfies readonly (keyof PersonFormValues & keyof Profile)[];

export const GENDER_NONE_LABEL = 'Not specified';

/** The form's values for a profile: one date each for birth and death; "Deceased" without a date is the box ticked and no date. */
export function formValuesOf(p: Partial<Profile> | undefined): PersonFormValues {
  const v = (k: (typeof PERSON_FORM_FIELDS)[number]) => (p?.[k] as string | undefined) ?? '';
  const values = Object.fromEntries(PERSON_FORM_FIELDS.map((k) => [k, v(k)])) as Omit<PersonFormValues, 'birth' | 'death' | 'deceased'>;
  const birth = birthGedcom({ birthYear: p?.birthYear ?? '', birthMonth: p?.birthMonth ?? '', birthDay: p?.birthDay ?? '', birthDateText: p?.birthDateText });
  const death = deathGedcom({ death: p?.death ?? '', deathDateText: p?.deathDateText });
  return { ...values, birth, death, deceased: !!(p?.death ?? '').trim() || !!death };
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
  /** A member's own card (claimed: it has an owner) keeps its first and last name (§5). */
  namesRequired?: boolean;
}

/**
 * Create Person / Edit Person (§2 "Modals", §5): first and last name, gender (M, F or none), the
 * birth and death dates (one `DateInput` each: '10 Feb 1840', 'abt 1850', 'bet 1840 and 1845'),
 * "Deceased", mother's maiden name, bio and a photo URL. A date the profile's parts can hold goes
 * into them, any other into birthDateText/deathDateText as GEDCOM (`birthFields`, `deathFields`).
 * Messages appear under their field after the first submit and follow every change after that.
 */
export function PersonForm({ initial, currentYear, lockedFields = [], readOnly, submitLabel, onSubmit, onCancel, intro, seed, namesRequired }: PersonFormProps) {
  const { register, handleSubmit, watch, setValue } = useForm<PersonFormValues>({ defaultValues: initial });
  const [submitted, setSubmitted] = useState(false);
  const values = watch();
  // A date left as it was stored is kept as it is, read or not (an import's own words).
  const dateError = (text: string, was: string) => (text === was ? null : validateTreeDate(text, currentYear));
  const check = (v: PersonFormValues): ProfileFieldErrors => {
    const errors: ProfileFieldErrors = namesRequired ? memberNameErrors(v) : {};
    const gender = validateGender(v.gender);
    if (gender) errors.gender = gender;
    const birth = dateError(v.birth, initial.birth);
    if (birth) errors.birthDate = birth;
    const death = dateError(v.death, initial.death);
    if (death) errors.death = death;
    const photo = validatePhotoUrl(v.photoURL);
    if (photo) errors.photoURL = photo;
    return errors;
  };
  const errors: ProfileFieldErrors = submitted ? check(values) : {};
  const locked = (k: keyof PersonFormValues) => lockedFields.includes(k);

  const submit = handleSubmit((v) => {
    setSubmitted(true);
    if (readOnly) return;
    if (Object.keys(check(v)).length) return;
    const fields: PersonFields = {};
    for (const k of PERSON_FORM_FIELDS) if (!locked(k)) fields[k] = v[k] as never;
    // Only a date changed is written: a stored one the parts could not hold in that form stays as it is.
    if (v.birth !== initial.birth) Object.assign(fields, birthFields(v.birth, currentYear));
    const deceased = v.deceased || !!v.death.trim();
    if (v.death !== initial.death || deceased !== initial.deceased) Object.assign(fields, deathFields(v.death, deceased, currentYear));
    onSubmit(fields);
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
        <DateInput
          label="Birth date"
          value={values.birth}
          onChange={(text) => setValue('birth', text)}
          error={errors.birthDate}
          showErrors={submitted}
          disabled={readOnly}
        />
        <div className="person-form-death">
          <DateInput label="Death date" value={values.death} onChange={(text) => setValue('death', text)} error={errors.death} showErrors={submitted} disabled={readOnly} />
          <label className="person-form-deceased">
            {/* A death date means deceased: the box shows ticked (and fixed) while there is one. */}
            <input type="checkbox" checked={values.deceased || !!values.death.trim()} disabled={readOnly || !!values.death.trim()} onChange={(e) => setValue('deceased', e.target.checked)} />
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
