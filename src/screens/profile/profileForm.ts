import { withReplacedDateTexts, type ProfileScalars } from '../../domain/profile.ts';
import { MIN_BIRTH_YEAR } from '../../domain/timing.ts';
import type { Gender, Profile } from '../../domain/types.ts';
import { memberNameErrors, padDatePart, validateProfileForm, type ProfileFieldErrors } from '../../domain/validation/profile.ts';

/** The editor's fields (§2 edit panel), as typed: strings, month and day possibly one digit. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  gender: Gender;
  birthDay: string;
  birthMonth: string;
  birthYear: string;
  death: string;
  mothersMaidenName: string;
  bio: string;
}

export const FORM_FIELDS = [
  'firstName',
  'lastName',
  'gender',
  'birthDay',
  'birthMonth',
  'birthYear',
  'death',
  'mothersMaidenName',
  'bio',
] as const satisfies readonly (keyof ProfileFormValues & keyof ProfileScalars)[];

export function formValuesFrom(profile: Profile): ProfileFormValues {
  return Object.fromEntries(FORM_FIELDS.map((f) => [f, profile[f] ?? ''])) as unknown as ProfileFormValues;
}

/** What would be stored: surrounding spaces trimmed (the bio keeps its inner lines), month and day two digits. */
export function normalise(values: ProfileFormValues): ProfileFormValues {
  const trimmed = Object.fromEntries(FORM_FIELDS.map((f) => [f, (values[f] ?? '').trim()])) as unknown as ProfileFormValues;
  return { ...trimmed, birthMonth: padDatePart(trimmed.birthMonth), birthDay: padDatePart(trimmed.birthDay) };
}

/** Only the fields that differ from the stored profile: what a save sends. */
export function changedFields(profile: Profile, values: ProfileFormValues): Partial<ProfileScalars> {
  const next = normalise(values);
  const set: Partial<Record<(typeof FORM_FIELDS)[number], string>> = {};
  for (const f of FORM_FIELDS) if (next[f] !== (profile[f] ?? '')) set[f] = next[f];
  return withReplacedDateTexts(profile, set as Partial<ProfileScalars>);
}

/**
 * Every §5 rule of the editor with its message, by field; empty when the form may be saved. The
 * member's own profile page keeps §5's 1900 floor (people on the tree may be older) and the names
 * sign-up asked for.
 */
export function validateProfileValues(values: ProfileFormValues, currentYear: number): ProfileFieldErrors {
  return { ...memberNameErrors(values), ...validateProfileForm(values, { currentYear, minYear: MIN_BIRTH_YEAR }) };
}
