import type { Profile } from '../types.ts';
import { UNNAMED } from '../labels.ts';
import { SearchIndex, type SearchEntry } from './searchIndex.ts';
import { otherNameTexts, placeTexts, type FactsOfGraph } from './facts.ts';

/**
 * What of a profile search knows: the names it matches (first, last, mother's maiden name, every
 * other name and nickname, and the full names of the places of their events, `facts` giving the
 * graph's places and couples), the e-mail (Link existing finds a relative by it), the birth year (for a date an import kept as
 * written, 'ABT 1850', its first year), and the name on the card, which orders results of equal
 * rank (as `cardName`, whose capitals the sort key folds away anyway).
 */
export function profileEntry(p: Profile, facts: FactsOfGraph = {}): SearchEntry {
  const names = [p.firstName, p.lastName, p.mothersMaidenName];
  const other = otherNameTexts(p);
  const places = placeTexts(p, facts);
  if (other.length || places.length) names.push(...other, ...places);
  return {
    id: p.id,
    names,
    email: p.email,
    birthYear: p.birthYear || yearAsWritten(p.birthDateText),
    shownName: (p.firstName + p.lastName).trim() ? [p.firstName, p.lastName] : [UNNAMED],
  };
}

/** The first year of a date as written ('BET 1750 AND 1752' → '1750'), four digits; '' without one. */
function yearAsWritten(text: string | undefined): string {
  const m = text ? /(?:^|[^\d/])(\d{3,4})(?!\d)/.exec(text) : null;
  return m ? m[1]!.padStart(4, '0') : '';
}

/** An index of some profiles (all of a graph's, say). */
export function indexProfiles(profiles: Iterable<Profile>, facts: FactsOfGraph = {}): SearchIndex {
  const index = new SearchIndex();
  for (const p of profiles) index.set(profileEntry(p, facts));
  return index;
}

/**
 * Brings an index up to date with the profiles an update touched: each is indexed again as the
 * graph has it now, or removed when the graph no longer has it.
 */
export function reindexProfiles(index: SearchIndex, profiles: Record<string, Profile>, touched: Iterable<string>, facts: FactsOfGraph = {}) {
  for (const id of touched) {
    const p = profiles[id];
    if (p) index.set(profileEntry(p, facts));
    else index.remove(id);
  }
}
