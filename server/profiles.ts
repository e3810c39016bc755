import type { Profile } from '../src/domain/types.ts';
import type { Queryable } from './db/database.ts';
import { readProfiles } from './graphs/store.ts';

/** One profile by id, or null; the SQL is the graph store's, written once. */
export async function findProfile(db: Queryable, id: string): Promise<Profile | null> {
  return (await readProfiles(db, [id])).get(id) ?? null;
}
