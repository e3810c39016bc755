import type { Profile } from '../types.ts';
import { UNNAMED } from '../labels.ts';
import { SearchIndex, type SearchEntry } from './searchIndex.ts';

/**
 * What of a profile search knows: the names it matches (first, last, mother's maiden name), the
 * e-mail (Link existing finds a relative by it), the birth year, and the name on the card, which
 * orders results of equal rank (as `cardName`, whose capitals the sort key folds away anyway).
 */
export function profileEntry(p: Profile): SearchEntry {
  return {
    id: p.id,
    names: [p.firstName, p.lastName, p.mothersMaidenName],
    email: p.email,
    birthYear: p.birthYear,
    shownName: (p.firstName + p.lastName).trim() ? [p.firstName, p.lastName] : [UNNAMED],
  };
}

/** An index of some profiles (all of a graph's, say). */
export function indexProfiles(profiles: Iterable<Profile>): SearchIndex {
  const index = new SearchIndex();
  for (const p of profiles) index.set(profileEntry(p));
  return index;
}

/**
 * Brings an index up to date with the profiles an update touched: each is indexed again as the
 * graph has it now, or removed when the graph no longer has it.
 */
export function reindexProfiles(index: SearchIndex, profiles: Record<string, Profile>, touched: Iterable<string>) {
  for (const id of touched) {
    const p = profiles[id];
    if (p) index.set(profileEntry(p));
    else index.remove(id);
  }
}
