import { foldWords } from '../search/fold.ts';
import { newFactId, type Place } from './types.ts';

/**
 * Places as members type them (issue "Facts a genealogist can trust", item 3): "Kensington
 * Palace, London, England" is a hierarchy of three places, the last part at the top. Typing a
 * place again reuses what the tree has; suggestions come from the tree's own places.
 */

/** The parts of typed place text, smallest first: commas separate the levels, blanks are dropped. */
export function placeParts(text: string): string[] {
  return text.split(',').map((s) => s.trim().replace(/\s+/g, ' ')).filter(Boolean);
}

/** The full name of a place up its hierarchy ('Kensington Palace, London, England'); '' for none. */
export function fullPlaceName(places: Readonly<Record<string, Place>>, id: string): string {
  const parts: string[] = [];
  const seen = new Set<string>();
  // A parent loop (a broken import) ends where it comes back.
  for (let p: Place | undefined = places[id]; p && !seen.has(p.id); p = p.parentId ? places[p.parentId] : undefined) {
    seen.add(p.id);
    parts.push(p.name);
  }
  return parts.join(', ');
}

/** Every place by its full name ('Kensington Palace, London, England' → id); the first of two with one name. */
export function placesByFullName(places: Readonly<Record<string, Place>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id in places) {
    const name = fullPlaceName(places, id);
    if (name && !Object.hasOwn(out, name)) out[name] = id;
  }
  return out;
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** The place with this name (case aside) under this parent ('' at the top), if the tree has one. */
export function findPlace(places: Readonly<Record<string, Place>>, name: string, parentId: string): Place | undefined {
  for (const id in places) {
    const p = places[id]!;
    if (p.parentId === parentId && sameName(p.name, name)) return p;
  }
  return undefined;
}

export function newPlace(id: string, name: string, parentId: string): Place {
  return { id, name, parentId, kind: '', latitude: null, longitude: null, altNames: [] };
}

/**
 * The place typed text names, from the top level down: each level is the tree's place of that
 * name under the level above (case aside), else a new one. `created` lists the new places, top
 * first; `placeId` is '' for text with no name in it. `places` is not changed.
 */
export function findOrCreatePlace(
  places: Readonly<Record<string, Place>>,
  text: string,
  random: () => number,
): { placeId: string; created: Place[] } {
  const parts = placeParts(text).reverse();
  const created: Place[] = [];
  let parentId = '';
  for (const name of parts) {
    const found = created.length ? undefined : findPlace(places, name, parentId);
    if (found) {
      parentId = found.id;
      continue;
    }
    let id = newFactId('pl', random);
    while (Object.hasOwn(places, id) || created.some((p) => p.id === id)) id = newFactId('pl', random);
    const place = newPlace(id, name, parentId);
    created.push(place);
    parentId = id;
  }
  return { placeId: parentId, created };
}

export interface PlaceSuggestion {
  id: string;
  /** The full name, as shown and as put in the field when chosen. */
  fullName: string;
}

/** How well typed words match a place (higher is better; 0 no match). */
const WHOLE_PREFIX = 4;
const OWN_NAME = 3;
const WORDS = 2;
const ALT_NAME = 1;

/**
 * The tree's places for typed text, best first: a full name that begins with the text, then one
 * whose own level's name has a word beginning with the first typed word, then one whose words
 * (full name, then other names) begin with every typed word; equals by the shorter full name,
 * then alphabetically. At most `limit`.
 */
export function suggestPlaces(places: Readonly<Record<string, Place>>, text: string, limit = 8): PlaceSuggestion[] {
  const typed = foldWords(text).map((w) => w[0]!);
  if (!typed.length) return [];
  const typedWhole = typed.join(' ');
  const ranked: { id: string; fullName: string; rank: number }[] = [];
  for (const id in places) {
    const fullName = fullPlaceName(places, id);
    const words = foldWords(fullName).map((w) => w[0]!);
    const everyWord = (of: readonly string[]) => typed.every((t) => of.some((w) => w.startsWith(t)));
    let rank = 0;
    if (words.join(' ').startsWith(typedWhole)) rank = WHOLE_PREFIX;
    else if (everyWord(words)) rank = foldWords(places[id]!.name).some((w) => w[0]!.startsWith(typed[0]!)) ? OWN_NAME : WORDS;
    else if (places[id]!.altNames.some((alt) => everyWord([...foldWords(alt).map((w) => w[0]!), ...words]))) rank = ALT_NAME;
    if (rank) ranked.push({ id, fullName, rank });
  }
  ranked.sort((a, b) => b.rank - a.rank || a.fullName.length - b.fullName.length || a.fullName.localeCompare(b.fullName));
  return ranked.slice(0, limit).map(({ id, fullName }) => ({ id, fullName }));
}
