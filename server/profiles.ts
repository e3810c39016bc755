import { newProfile } from '../src/domain/profile.ts';
import type { Profile } from '../src/domain/types.ts';
import type { Queryable } from './db/database.ts';

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

export async function insertProfile(db: Queryable, profile: Profile): Promise<void> {
  await db.query(
    `INSERT INTO profiles (id, owner_uid, data, created_by, created_at, updated_by, updated_at)
     VALUES ($1, $2, $3::jsonb, $4, $5::timestamptz, $6, $7::timestamptz)`,
    [
      profile.id,
      profile.ownerUid || null,
      JSON.stringify(profile),
      profile.createdBy,
      profile.createdAt,
      profile.updatedBy,
      profile.updatedAt,
    ],
  );
}

export async function findProfile(db: Queryable, id: string): Promise<Profile | null> {
  const rows = await db.query<{ id: string; data: Profile }>('SELECT id, data FROM profiles WHERE id = $1', [id]);
  const row = rows[0];
  return row ? { ...row.data, id: row.id } : null;
}
