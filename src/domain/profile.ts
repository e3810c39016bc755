import type { Profile } from './types.ts';

/** Reading a profile, in the same words on both backends. */
export const PROFILE_NOT_FOUND = 'Profile not found.';
export const PROFILE_NO_ACCESS = 'You do not have access to this profile.';
export const PHOTO_REFUSED = "You cannot change this person's photo.";

/** Field groups of a Profile, used by validation, change sets and permissions. */

export const RELATION_FIELDS = ['spouses', 'parents', 'children'] as const;
export type RelationField = (typeof RELATION_FIELDS)[number];

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
  'createdBy',
  'createdAt',
  'updatedBy',
  'updatedAt',
  'ownerUid',
] as const;
export type ScalarField = (typeof SCALAR_FIELDS)[number];
export type ProfileScalars = Pick<Profile, ScalarField>;

/** §3: owner identifiers and createdBy never change once a profile exists. */
export const READ_ONLY_FIELDS = ['ownerUid', 'createdBy', 'createdAt'] as const satisfies readonly ScalarField[];

/** Written by saving, not by the person editing; changing only these is not "editing" someone. */
export const STAMP_FIELDS = ['updatedBy', 'updatedAt'] as const satisfies readonly ScalarField[];

/** The fields a person edits: what §6 edit rights are about. */
export const PERSONAL_FIELDS: readonly ScalarField[] = SCALAR_FIELDS.filter(
  (f) => !(READ_ONLY_FIELDS as readonly string[]).includes(f) && !(STAMP_FIELDS as readonly string[]).includes(f),
);

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
