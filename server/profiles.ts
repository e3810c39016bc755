import { newProfile } from '../src/domain/profile.ts';
import type { Profile } from '../src/domain/types.ts';
import type { Queryable } from './db/database.ts';
import { readProfiles } from './graphs/store.ts';

/** A member's own profile, made at sign-up: its id is their uid and they own it. */
export function newOwnProfile(input: {
  uid: string;
  firstName: string;
  lastName: string;
  email: string;
  gender: Profile['gender'];
  now: string;
}): Profile {
  const { uid, now, firstName, lastName, email, gender } = input;
  return { ...newProfile(uid, { firstName, lastName, email, gender }, { uid, now }), ownerUid: uid };
}

/** One profile by id, or null; the SQL is the graph store's, written once. */
export async function findProfile(db: Queryable, id: string): Promise<Profile | null> {
  return (await readProfiles(db, [id])).get(id) ?? null;
}
