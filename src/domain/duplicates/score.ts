/**
 * Likely duplicates (issue 24, item 5), scored the way Gramps' "Find Possible Duplicate People"
 * does: candidates blocked by the surname's Soundex and the birth decade, then given names,
 * birth and death dates, birth place and relatives add to a score, and a conflict vetoes the
 * pair (a different known sex, given names with nothing in common, dates years apart, a parent,
 * child or spouse of the other). Pure; names folded as the people search folds them ("Müller"
 * and "Mueller" alike), dates read through `yearBounds`.
 */
import { birthGedcom, deathGedcom, parseDate, yearBounds, type YearBounds } from '../dates/index.ts';
import { fullPlaceName } from '../facts/placeOps.ts';
import type { Place } from '../facts/types.ts';
import { foldWords } from '../search/fold.ts';
import { bloodLines } from '../kinship/find.ts';
import type { Profile } from '../types.ts';

export type DuplicateReason =
  | 'same-given-names'
  | 'given-name-in-common'
  | 'given-initials'
  | 'same-surname'
  | 'same-birth'
  | 'birth-close'
  | 'same-death'
  | 'death-close'
  | 'same-birth-place'
  | 'birth-place-alike'
  | 'parents-alike'
  | 'same-spouse';

/** What each reason says, for the list that shows why a pair scored. */
export const DUPLICATE_REASON_TEXTS: Record<DuplicateReason, string> = {
  'same-given-names': 'Same given names',
  'given-name-in-common': 'A given name in common',
  'given-initials': 'Same initials',
  'same-surname': 'Same surname',
  'same-birth': 'Same birth date',
  'birth-close': 'Birth dates agree',
  'same-death': 'Same death date',
  'death-close': 'Death dates agree',
  'same-birth-place': 'Same birth place',
  'birth-place-alike': 'Birth places alike',
  'parents-alike': 'Parents with the same names',
  'same-spouse': 'A spouse in common',
};

export interface DuplicatePair {
  a: string;
  b: string;
  score: number;
  reasons: DuplicateReason[];
}

export interface DuplicateOptions {
  /** Pairs a member said are not duplicates (`duplicatePairKey`). */
  dismissed?: ReadonlySet<string>;
  /** The smallest score listed (Gramps' thresholds: 0.25 low, 1 medium, 2 high). */
  threshold?: number;
  /** Only pairs with at least one of these (an import's new people against the tree). */
  among?: ReadonlySet<string>;
}

export const DUPLICATE_THRESHOLD = 1;
/** Dates this many years apart still count as one (a copied or misread year). */
const YEAR_SLACK = 2;

/** One key for a pair whichever way round. */
export function duplicatePairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** American Soundex of a folded word ('Müller' folded: 'M460'; '' when it has no letter). */
export function soundex(word: string): string {
  const codes: Record<string, string> = { b: '1', f: '1', p: '1', v: '1', c: '2', g: '2', j: '2', k: '2', q: '2', s: '2', x: '2', z: '2', d: '3', t: '3', l: '4', m: '5', n: '5', r: '6' };
  const letters = word.replace(/[^a-z]/g, '');
  if (!letters) return '';
  let out = letters[0]!.toUpperCase();
  let last = codes[letters[0]!] ?? '';
  for (const ch of letters.slice(1)) {
    const code = codes[ch] ?? '';
    if (code && code !== last) out += code;
    // h and w do not separate two letters of the same code; vowels do.
    if (ch !== 'h' && ch !== 'w') last = code;
    if (out.length === 4) break;
  }
  return out.padEnd(4, '0');
}

interface Features {
  id: string;
  gender: string;
  given: string[];
  givenKey: string;
  initials: string;
  givenCode: string;
  surname: string;
  surnameCode: string;
  birth: YearBounds;
  birthText: string;
  death: YearBounds;
  deathText: string;
  birthPlace: string[];
  parents: string[];
  spouses: string[];
  relatives: Set<string>;
}

const folded = (text: string) => foldWords(text).map((w) => w[0]!);

function bounds(text: string): YearBounds {
  if (!text) return { earliest: null, latest: null };
  const parsed = parseDate(text);
  return parsed.ok ? yearBounds(parsed.value) : { earliest: null, latest: null };
}

function nameKey(p: Profile | undefined): string {
  return p ? [...folded(p.firstName), ...folded(p.lastName)].join(' ') : '';
}

function featuresOf(p: Profile, profiles: Readonly<Record<string, Profile>>, places: Readonly<Record<string, Place>>): Features {
  const surname = folded(p.lastName).join(' ');
  const birthText = birthGedcom(p);
  const deathText = deathGedcom(p);
  const birthEvent = p.events?.find((e) => e.type === 'BIRT' && e.placeId);
  const given = folded(p.firstName);
  return {
    id: p.id,
    gender: p.gender,
    given,
    givenKey: given.join(' '),
    initials: given.map((w) => w[0]).join(''),
    givenCode: soundex(given[0] ?? ''),
    surname,
    surnameCode: soundex(folded(p.lastName)[0] ?? ''),
    birth: bounds(birthText),
    birthText,
    death: bounds(deathText),
    deathText,
    birthPlace: birthEvent ? folded(fullPlaceName(places, birthEvent.placeId)) : [],
    parents: p.parents.map((id) => nameKey(profiles[id])).filter(Boolean),
    spouses: p.spouses,
    relatives: new Set([...p.parents, ...p.children, ...p.spouses]),
  };
}

type Scored = { score: number; reason?: DuplicateReason };
type Part = Scored | 'veto';

function givenScore(a: Features, b: Features): Part {
  if (!a.given.length || !b.given.length) return { score: 0 };
  if (a.givenKey === b.givenKey) return { score: 1, reason: 'same-given-names' };
  if (a.given.some((w) => b.given.includes(w))) return { score: 0.5, reason: 'given-name-in-common' };
  // "J. G. Smith" and "Johann Georg Smith"; "Jon" and "John".
  if (a.given.some((w) => w.length === 1) || b.given.some((w) => w.length === 1)) return a.initials === b.initials ? { score: 0.25, reason: 'given-initials' } : 'veto';
  return a.givenCode === b.givenCode ? { score: 0.25, reason: 'given-initials' } : 'veto';
}

function dateScore(a: YearBounds, at: string, b: YearBounds, bt: string, same: DuplicateReason, close: DuplicateReason): Part {
  if (a.earliest === null && a.latest === null) return { score: 0 };
  if (b.earliest === null && b.latest === null) return { score: 0 };
  if (at === bt) return { score: 1, reason: same };
  const lo = (x: YearBounds) => x.earliest ?? -Infinity;
  const hi = (x: YearBounds) => x.latest ?? Infinity;
  const gap = Math.max(lo(a) - hi(b), lo(b) - hi(a), 0);
  if (gap === 0) return { score: a.earliest === a.latest && a.earliest === b.earliest && b.earliest === b.latest ? 0.75 : 0.5, reason: close };
  if (gap <= YEAR_SLACK) return { score: 0.25, reason: close };
  return 'veto';
}

function placeScore(a: string[], b: string[]): Scored {
  if (!a.length || !b.length) return { score: 0 };
  if (a.join(' ') === b.join(' ')) return { score: 1, reason: 'same-birth-place' };
  return a.some((w) => b.includes(w)) ? { score: 0.5, reason: 'birth-place-alike' } : { score: 0 };
}

/** The score of one pair and why, or null when something vetoes it (the cheapest vetoes first). */
function scorePair(a: Features, b: Features): { score: number; reasons: DuplicateReason[] } | null {
  if (a.gender && b.gender && a.gender !== b.gender) return null;
  const given = givenScore(a, b);
  if (given === 'veto') return null;
  const birth = dateScore(a.birth, a.birthText, b.birth, b.birthText, 'same-birth', 'birth-close');
  if (birth === 'veto') return null;
  const death = dateScore(a.death, a.deathText, b.death, b.deathText, 'same-death', 'death-close');
  if (death === 'veto') return null;
  if (a.relatives.has(b.id) || b.relatives.has(a.id)) return null;
  const parts = [given, a.surname && a.surname === b.surname ? { score: 0.25, reason: 'same-surname' as const } : { score: 0 }, birth, death, placeScore(a.birthPlace, b.birthPlace)];
  const parentsAlike = a.parents.filter((n) => b.parents.includes(n)).length;
  if (parentsAlike) parts.push({ score: Math.min(1, parentsAlike * 0.5), reason: 'parents-alike' });
  if (a.spouses.some((s) => b.spouses.includes(s))) parts.push({ score: 1, reason: 'same-spouse' });
  let score = 0;
  const reasons: DuplicateReason[] = [];
  for (const p of parts) {
    score += p.score;
    if (p.reason) reasons.push(p.reason);
  }
  return { score, reasons };
}

function isLineal(profiles: Readonly<Record<string, Profile>>, a: string, b: string): boolean {
  // A descendant has parents: two people without any cannot be each other's ancestor.
  if (!profiles[a]!.parents.length && !profiles[b]!.parents.length) return false;
  const { lines } = bloodLines(profiles, a, b);
  return lines.some((l) => l.up === 0 || l.down === 0);
}

/** The decade a person's birth is blocked by (null when the birth year is unknown or open). */
function decadeOf(f: Features): number | null {
  const y = f.birth.earliest ?? f.birth.latest;
  return y === null ? null : Math.floor(y / 10);
}

/**
 * Likely duplicate pairs of a tree, the highest score first. Each person is compared only with
 * people whose surname sounds the same (Soundex) and born in the same or the next decade (or of
 * unknown birth), so the work grows with the size of those blocks, not the square of the tree.
 */
export function findDuplicates(profiles: Readonly<Record<string, Profile>>, places: Readonly<Record<string, Place>> = {}, o: DuplicateOptions = {}): DuplicatePair[] {
  const threshold = o.threshold ?? DUPLICATE_THRESHOLD;
  const blocks = new Map<string, { dated: Map<number, Features[]>; undated: Features[]; byId: Map<string, Features> }>();
  for (const p of Object.values(profiles)) {
    const f = featuresOf(p, profiles, places);
    if (!f.surnameCode || !f.given.length) continue;
    let block = blocks.get(f.surnameCode);
    if (!block) blocks.set(f.surnameCode, (block = { dated: new Map(), undated: [], byId: new Map() }));
    if (o.among?.has(f.id)) block.byId.set(f.id, f);
    const decade = decadeOf(f);
    if (decade === null) block.undated.push(f);
    else {
      const row = block.dated.get(decade);
      if (row) row.push(f);
      else block.dated.set(decade, [f]);
    }
  }
  const out: DuplicatePair[] = [];
  const consider = (a: Features, b: Features) => {
    if (o.dismissed?.has(duplicatePairKey(a.id, b.id))) return;
    const s = scorePair(a, b);
    // One being the other's ancestor vetoes too; asked only of the few pairs that score.
    if (s && s.score >= threshold && !isLineal(profiles, a.id, b.id)) out.push(a.id < b.id ? { a: a.id, b: b.id, ...s } : { a: b.id, b: a.id, ...s });
  };
  if (o.among) {
    // An import against the tree: only the imported people's own candidates are compared.
    const among = o.among;
    for (const { dated, undated, byId } of blocks.values()) {
      for (const id of among) {
        const f = byId.get(id);
        if (!f) continue;
        const decade = decadeOf(f);
        const candidates = decade === null ? [...[...dated.values()].flat(), ...undated] : [...(dated.get(decade - 1) ?? []), ...(dated.get(decade) ?? []), ...(dated.get(decade + 1) ?? []), ...undated];
        for (const other of candidates) if (other !== f && (!among.has(other.id) || f.id < other.id)) consider(f, other);
      }
    }
  } else {
    for (const { dated, undated } of blocks.values()) {
      for (const [decade, row] of dated) {
        const next = dated.get(decade + 1) ?? [];
        for (let i = 0; i < row.length; i++) {
          for (let j = i + 1; j < row.length; j++) consider(row[i]!, row[j]!);
          for (const other of next) consider(row[i]!, other);
          for (const other of undated) consider(row[i]!, other);
        }
      }
      for (let i = 0; i < undated.length; i++) for (let j = i + 1; j < undated.length; j++) consider(undated[i]!, undated[j]!);
    }
  }
  return out.sort((x, y) => y.score - x.score || x.a.localeCompare(y.a) || x.b.localeCompare(y.b));
}

/** The pairs a tree's members said are not duplicates, as `dismissed` takes them. */
export function dismissedPairs(notDuplicates: Readonly<Record<string, { people: readonly [string, string] }>> | undefined): Set<string> {
  return new Set(Object.values(notDuplicates ?? {}).map((d) => duplicatePairKey(d.people[0], d.people[1])));
}
