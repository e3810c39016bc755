import type { Profile } from './types.ts';

/** Reading a profile, in the same words on both backends. */
export const PROFILE_NOT_FOUND = 'Profile not found.';
export const PROFILE_NO_ACCESS = 'You do not have access to this profile.';
export const PHOTO_REFUSED = "You cannot change this person's photo.";

/**
 * The longest value one field of a profile patch may carry, on either backend: the longest plain
 * field (the bio) is far below it, and the domain's own limits give the exact refusal after it.
 */
export const PROFILE_FIELD_MAX_CHARS = 10_000;
export const PROFILE_FIELD_TOO_LONG = 'A profile field is too long.';
/** The longest field name a profile patch may carry. */
export const PROFILE_FIELD_NAME_MAX_CHARS = 40;
export const PROFILE_FIELD_INVALID = 'A profile field is not valid.';

/**
 * The profile page's patch (`set`: field name → text) as both backends check it before the save
 * path: null when it may go on, else the refusal, in the same words on either.
 */
export function profileSetProblem(set: unknown): string | null {
  if (!set || typeof set !== 'object' || Array.isArray(set)) return PROFILE_FIELD_INVALID;
  for (const [name, value] of Object.entries(set)) {
    if (name.length > PROFILE_FIELD_NAME_MAX_CHARS || typeof value !== 'string') return PROFILE_FIELD_INVALID;
    if (value.length > PROFILE_FIELD_MAX_CHARS) return PROFILE_FIELD_TOO_LONG;
  }
  return null;
}

/** Field groups of a Profile, used by validation, change sets and permissions. */

export const RELATION_FIELDS = ['spouses', 'parents', 'children'] as const;
export type RelationField = (typeof RELATION_FIELDS)[number];

/** Lists of facts patched per item by id (`entityKinds.ts` PROFILE_PARTS); absent on older profiles. */
export const FACT_FIELDS = ['events', 'names', 'citations'] as const;

/** Every field that is a plain string (everything but the id and the relationship lists). */
export const SCALAR_FIELDS = [
  'firstName',
  'lastName',
  'photoURL',
  'photoURLSmall',
  'email',
  'gender',
  'birthYear',
  'birthMonth',
  'birthDay',
  'bio',
  'death',
  'mothersMaidenName',
  'birthDateText',
  'deathDateText',
  'gedcom',
  'note',
  'createdBy',
  'createdAt',
  'updatedBy',
  'updatedAt',
  'ownerUid',
] as const;
export type ScalarField = (typeof SCALAR_FIELDS)[number];
export type ProfileScalars = Pick<Profile, ScalarField>;

/**
 * Fields added after profiles were first stored: a stored profile may lack them, which reads as
 * empty (the record check, the compact form and the change sets all treat absent as '').
 */
export const OPTIONAL_SCALAR_FIELDS = ['birthDateText', 'deathDateText', 'gedcom', 'note'] as const satisfies readonly ScalarField[];

/** §3: owner identifiers and createdBy never change once a profile exists. */
export const READ_ONLY_FIELDS = ['ownerUid', 'createdBy', 'createdAt'] as const satisfies readonly ScalarField[];

/** Written by saving, not by the person editing; changing only these is not "editing" someone. */
export const STAMP_FIELDS = ['updatedBy', 'updatedAt'] as const satisfies readonly ScalarField[];

/** The fields a person edits: what §6 edit rights are about. */
export const PERSONAL_FIELDS: readonly ScalarField[] = SCALAR_FIELDS.filter(
  (f) => !(READ_ONLY_FIELDS as readonly string[]).includes(f) && !(STAMP_FIELDS as readonly string[]).includes(f),
);

const BIRTH_FIELDS = ['birthYear', 'birthMonth', 'birthDay'] as const;

/**
 * A date typed into the fields replaces the date an import kept as written: `set` (the fields an
 * edit changes) also empties birthDateText when a birth part changes, deathDateText when death does.
 */
export function withReplacedDateTexts(before: Profile, set: Partial<ProfileScalars>): Partial<ProfileScalars> {
  const out = { ...set };
  const changed = (f: ScalarField) => Object.hasOwn(set, f) && (set[f] ?? '') !== (before[f] ?? '');
  // A form that sends the date's text itself (the tree's one date input) has said which it is.
  if (before.birthDateText && !Object.hasOwn(set, 'birthDateText') && BIRTH_FIELDS.some(changed)) out.birthDateText = '';
  if (before.deathDateText && !Object.hasOwn(set, 'deathDateText') && changed('death')) out.deathDateText = '';
  return out;
}

export function emptyProfile(id: string): Profile {
  return {
    id,
    firstName: '',
    lastName: '',
    photoURL: '',
    photoURLSmall: '',
    email: '',
    gender: '',
    birthYear: '',
    birthMonth: '',
    birthDay: '',
    bio: '',
    death: '',
    mothersMaidenName: '',
    birthDateText: '',
    deathDateText: '',
    gedcom: '',
    note: '',
    spouses: [],
    parents: [],
    children: [],
    createdBy: '',
    createdAt: '',
    updatedBy: '',
    updatedAt: '',
    ownerUid: '',
  };
}

/** A new person's profile, stamped with who created it and when (§7). */
export function newProfile(
  id: string,
  fields: Partial<Omit<ProfileScalars, 'createdBy' | 'createdAt' | 'updatedBy' | 'updatedAt'>>,
  by: { uid: string; now: string },
): Profile {
  return {
    ...emptyProfile(id),
    ...fields,
    createdBy: by.uid,
    createdAt: by.now,
    updatedBy: by.uid,
    updatedAt: by.now,
  };
}
