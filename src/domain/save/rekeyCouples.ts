import type { Group } from '../entityKinds.ts';
import { coupleId, type Couple } from '../facts/types.ts';
import type { Profile } from '../types.ts';
import type { GraphLookup } from './neighbourhood.ts';

/**
 * A profile re-keyed to another id (a card claimed by a new member, a member's own profile
 * released on account deletion) takes its couples along: a couple's id is made of its partners'
 * ids (`coupleId`), so each goes under its old id and comes back under the new one, its events
 * unchanged. Reads the couples of `profile` in one graph, by its spouse list.
 */
export async function rekeyedCouples(lookup: GraphLookup, profile: Profile, newId: string): Promise<Group<Couple>> {
  const ids = profile.spouses.map((s) => coupleId(profile.id, s));
  const found = ids.length ? await lookup.couples(ids) : [];
  const upsert = found.map((c): Couple => {
    const other = c.partners[0] === profile.id ? c.partners[1] : c.partners[0];
    return { id: coupleId(newId, other), partners: newId < other ? [newId, other] : [other, newId], events: c.events };
  });
  return { upsert, remove: found.map((c) => c.id) };
}
