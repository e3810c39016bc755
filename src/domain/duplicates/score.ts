/**
 * Likely duplicates (issue 24, item 5), scored the way Gramps' "Find Possible Duplicate People"
 * does: candidates blocked by the surname's Soundex and the birth decade, then given names (the
 * same, a nickname, spelt alike by Jaro–Winkler, initials), birth and death date ranges, birth
 * place by the place hierarchy and relatives by overlap (parents', spouses' and children's names)
 * add to a score, and a conflict vetoes the
 * pair (a different known sex, given names with nothing in common, dates years apart, a parent,
 * child or spouse of the other). Pure; names folded as the people search folds them ("Müller"
 * and "Mueller" alike), dates read through `yearBounds`.
 */
import { birthGedcom, deathGedcom, parseDate, yearBounds, type YearBounds } from '../dates/index.ts';
import { fullPlaceName } from '../facts/placeOps.ts';
import type { FactEvent, PersonName, Place } from '../facts/types.ts';
import { foldWords } from '../search/fold.ts';
import { bloodLines } from '../kinship/find.ts';
import type { Profile } from '../types.ts';

/**
 * What the finder reads of a person: a whole profile is one, and so is the narrow copy
 * (`duplicateProfile`) a worker is sent, a fraction of a big tree's bytes.
 */
export type DuplicateProfile = Pick<
  Profile,
  'id' | 'firstName' | 'lastName' | 'gender' | 'birthYear' | 'birthMonth' | 'birthDay' | 'birthDateText' | 'death' | 'deathDateText' | 'parents' | 'children' | 'spouses'
> & { events?: readonly Pick<FactEvent, 'type' | 'placeId'>[]; names?: readonly Pick<PersonName, 'given' | 'nickname'>[] };

/** The narrow copy of a person the finder needs: the birth event's place, other names' given names. */
export function duplicateProfile(p: DuplicateProfile): DuplicateProfile {
  const birth = p.events?.find((e) => e.type === 'BIRT' && e.placeId);
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    birthYear: p.birthYear,
    birthMonth: p.birthMonth,
    birthDay: p.birthDay,
    birthDateText: p.birthDateText,
    death: p.death,
    deathDateText: p.deathDateText,
    parents: p.parents,
    children: p.children,
    spouses: p.spouses,
    ...(birth ? { events: [{ type: birth.type, placeId: birth.placeId }] } : {}),
    ...(p.names?.length ? { names: p.names.map((n) => ({ given: n.given, nickname: n.nickname })) } : {}),
  };
}

export type DuplicateReason =
  | 'same-given-names'
  | 'given-name-in-common'
  | 'given-initials'
  | 'given-names-alike'
  | 'nickname'
  | 'same-surname'
  | 'same-birth'
  | 'birth-close'
  | 'same-death'
  | 'death-close'
  | 'same-birth-place'
  | 'birth-place-alike'
  | 'birth-place-within'
  | 'birth-place-region'
  | 'children-alike'
  | 'spouses-alike'
  | 'parents-alike'
  | 'same-spouse';

/** What each reason says, for the list that shows why a pair scored. */
export const DUPLICATE_REASON_TEXTS: Record<DuplicateReason, string> = {
  'same-given-names': 'Same given names',
  'given-name-in-common': 'A given name in common',
  'given-initials': 'Same initials',
  'given-names-alike': 'Given names spelt alike',
  'nickname': 'A given name and its nickname',
  'same-surname': 'Same surname',
  'same-birth': 'Same birth date',
  'birth-close': 'Birth dates agree',
  'same-death': 'Same death date',
  'death-close': 'Death dates agree',
  'same-birth-place': 'Same birth place',
  'birth-place-alike': 'Birth places alike',
  'birth-place-within': 'One birth place within the other',
  'birth-place-region': 'Birth places in the same region',
  'children-alike': 'Children with the same names',
  'spouses-alike': 'Spouses with the same names',
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

/**
 * Jaro–Winkler similarity of two words (1 the same, 0 nothing alike): Gramps and record linkage
 * use it for given names, where a letter dropped or swapped ('Catharina', 'Catherina') is common.
 */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (!a || !b) return 0;
  const range = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aHit = new Array<boolean>(a.length).fill(false);
  const bHit = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - range); j < Math.min(b.length, i + range + 1); j++) {
      if (bHit[j] || a[i] !== b[j]) continue;
      aHit[i] = bHit[j] = true;
      matches++;
      break;
    }
  }
  if (!matches) return 0;
  let t = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    if (!aHit[i]) continue;
    while (!bHit[j]) j++;
    if (a[i] !== b[j]) t++;
    j++;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - t / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Given names at least this alike count as one spelt two ways. */
const JARO_WINKLER_ALIKE = 0.9;

/**
 * Common English and German given names and their nicknames and short forms, each group one
 * person's names (folded as the search folds them).
 */
const NICKNAME_GROUPS = [
  'william bill will willy billy', 'robert bob rob bobby robin', 'richard dick rick richie', 'edward ed ted ned eddie',
  'elizabeth eliza liz lizzie beth betty betsy bess elisabeth elise lisbeth else ilse', 'margaret maggie meg peggy marge margarethe grete gretchen',
  'john jack johnny johann johannes hans jan', 'james jim jimmy jamie', 'henry harry hal hank heinrich heinz', 'mary polly molly mae maria marie mia',
  'catherine kate katie kitty cathy katharina catharina kathe kaethe', 'charles charlie chuck carl karl', 'thomas tom tommy', 'joseph joe joey josef sepp',
  'anna anne annie nancy hannah', 'sarah sally sadie', 'frederick fred freddie friedrich fritz', 'wilhelm willi wim', 'alexander alex sandy sascha',
  'benjamin ben benny', 'daniel dan danny', 'samuel sam sammy', 'susan sue susie susanna susanne', 'dorothy dolly dot dorothea', 'helen nell nellie ellen helene lena',
  'patrick pat paddy', 'michael mike mickey', 'christopher chris kit', 'theodore theo ted teddy', 'george georg jorg', 'frances fanny franziska',
  'francis frank franz', 'matthew matt mathias matthias', 'nicholas nick nicolaus klaus claus', 'jacob jakob jake', 'albert bert bertie albrecht',
];
const NICKNAMES = new Map<string, Set<number>>();
NICKNAME_GROUPS.forEach((g, i) => {
  for (const w of g.split(' ')) {
    const set = NICKNAMES.get(w) ?? new Set<number>();
    set.add(i);
    NICKNAMES.set(w, set);
  }
});

/** Whether two given names are one name and its nickname or short form ('William', 'Bill'). */
export function isNickname(a: string, b: string): boolean {
  const x = NICKNAMES.get(a);
  const y = NICKNAMES.get(b);
  return !!x && !!y && [...x].some((g) => y.has(g));
}

interface Features {
  id: string;
  gender: string;
  given: string[];
  otherGiven: string[];
  /** The nickname groups of all given names ([] for names in none), to compare without lookups. */
  nickGroups: number[];
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
  /** The birth place's id and the ids of the places it lies in, innermost first ([] when none). */
  birthPlaces: string[];
  /** The birth place's own name (its level only), folded. */
  birthPlaceName: string[];
  parents: string[];
  children: string[];
  spouseNames: string[];
  spouses: string[];
  relatives: Set<string>;
}

const folded = (text: string) => foldWords(text).map((w) => w[0]!);

function bounds(text: string): YearBounds {
  if (!text) return { earliest: null, latest: null };
  const parsed = parseDate(text);
  return parsed.ok ? yearBounds(parsed.value) : { earliest: null, latest: null };
}

function nameKey(p: DuplicateProfile | undefined): string {
  return p ? [...folded(p.firstName), ...folded(p.lastName)].join(' ') : '';
}

function placeChain(places: Readonly<Record<string, Place>>, id: string): string[] {
  const out: string[] = [];
  for (let at = id; at && places[at] && !out.includes(at); at = places[at]!.parentId) out.push(at);
  return out;
}

function featuresOf(p: DuplicateProfile, keyOf: (id: string) => string, places: Readonly<Record<string, Place>>): Features {
  const surname = folded(p.lastName).join(' ');
  const birthText = birthGedcom(p);
  const deathText = deathGedcom(p);
  const birthEvent = p.events?.find((e) => e.type === 'BIRT' && e.placeId);
  // Other names' given names and nicknames ('Bertie') count as given names too.
  const given = folded(p.firstName);
  const otherGiven = (p.names ?? []).flatMap((n) => [...folded(n.given), ...folded(n.nickname)]).filter((w) => !given.includes(w));
  return {
    id: p.id,
    gender: p.gender,
    given,
    otherGiven,
    nickGroups: [...new Set([...given, ...otherGiven].flatMap((w) => [...(NICKNAMES.get(w) ?? [])]))],
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
    birthPlaces: birthEvent ? placeChain(places, birthEvent.placeId) : [],
    birthPlaceName: birthEvent ? folded(places[birthEvent.placeId]?.name ?? '') : [],
    parents: p.parents.map(keyOf).filter(Boolean),
    children: p.children.map(keyOf).filter(Boolean),
    spouseNames: p.spouses.map(keyOf).filter(Boolean),
    spouses: p.spouses,
    relatives: new Set([...p.parents, ...p.children, ...p.spouses]),
  };
}

/** Jaro–Winkler of two first given names, remembered: a tree has few distinct given names. */
const alikeCache = new Map<string, boolean>();
function alike(a: string, b: string): boolean {
  if (a.length <= 2 || b.length <= 2) return false;
  const key = a < b ? `${a}|${b}` : `${b}|${a}`;
  let v = alikeCache.get(key);
  if (v === undefined) {
    if (alikeCache.size > 200_000) alikeCache.clear();
    alikeCache.set(key, (v = jaroWinkler(a, b) >= JARO_WINKLER_ALIKE));
  }
  return v;
}

type Scored = { score: number; reason?: DuplicateReason };
type Part = Scored | 'veto';

function givenScore(a: Features, b: Features): Part {
  if (!a.given.length || !b.given.length) return { score: 0 };
  if (a.givenKey === b.givenKey) return { score: 1, reason: 'same-given-names' };
  if (a.given.some((w) => b.given.includes(w))) return { score: 0.5, reason: 'given-name-in-common' };
  if (a.nickGroups.some((g) => b.nickGroups.includes(g)) || a.otherGiven.some((w) => b.given.includes(w) || b.otherGiven.includes(w)) || b.otherGiven.some((w) => a.given.includes(w))) {
    return { score: 0.5, reason: 'nickname' };
  }
  if (alike(a.given[0]!, b.given[0]!)) return { score: 0.5, reason: 'given-names-alike' };
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

/**
 * Birth places by the hierarchy: the same place (or one of the same full name), one within the
 * other ('Hamburg' and 'Germany'), two places of one region below the top level (two villages of
 * one county), else names with a word in common.
 */
function placeScore(a: Features, b: Features): Scored {
  if (!a.birthPlace.length || !b.birthPlace.length) return { score: 0 };
  if (a.birthPlaces[0] === b.birthPlaces[0] || a.birthPlace.join(' ') === b.birthPlace.join(' ')) return { score: 1, reason: 'same-birth-place' };
  if (a.birthPlaces.includes(b.birthPlaces[0]!) || b.birthPlaces.includes(a.birthPlaces[0]!)) return { score: 0.5, reason: 'birth-place-within' };
  // A shared level that is not the top (both in one country says little).
  if (a.birthPlaces.slice(1, -1).some((id) => b.birthPlaces.slice(1, -1).includes(id))) return { score: 0.25, reason: 'birth-place-region' };
  // Names alike at the innermost level ('St. Mary, Hamburg' and 'St. Mary's, Altona'), never
  // through the levels above: two cities of one country share the country's word.
  return a.birthPlaceName.some((w) => b.birthPlaceName.includes(w)) ? { score: 0.25, reason: 'birth-place-alike' } : { score: 0 };
}

/** How many of the smaller list's names the other has (relatives by overlap). */
function overlap(a: readonly string[], b: readonly string[]): number {
  if (!a.length || !b.length) return 0;
  return a.filter((n) => b.includes(n)).length;
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
  const parts = [given, a.surname && a.surname === b.surname ? { score: 0.25, reason: 'same-surname' as const } : { score: 0 }, birth, death, placeScore(a, b)];
  const parentsAlike = overlap(a.parents, b.parents);
  if (parentsAlike) parts.push({ score: Math.min(1, parentsAlike * 0.5), reason: 'parents-alike' });
  if (a.spouses.some((s) => b.spouses.includes(s))) parts.push({ score: 1, reason: 'same-spouse' });
  else if (overlap(a.spouseNames, b.spouseNames)) parts.push({ score: 0.5, reason: 'spouses-alike' });
  const childrenAlike = overlap(a.children, b.children);
  if (childrenAlike) parts.push({ score: Math.min(1, childrenAlike * 0.25), reason: 'children-alike' });
  let score = 0;
  const reasons: DuplicateReason[] = [];
  for (const p of parts) {
    score += p.score;
    if (p.reason) reasons.push(p.reason);
  }
  return { score, reasons };
}

function isLineal(profiles: Readonly<Record<string, DuplicateProfile>>, a: string, b: string): boolean {
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
export function findDuplicates(profiles: Readonly<Record<string, DuplicateProfile>>, places: Readonly<Record<string, Place>> = {}, o: DuplicateOptions = {}): DuplicatePair[] {
  const threshold = o.threshold ?? DUPLICATE_THRESHOLD;
  type Block = { dated: Map<number, Features[]>; undated: Features[] };
  const blocks = new Map<string, Block>();
  /** The imported people's features and blocks (`among`). */
  const amongFeatures: { f: Features; block: Block }[] = [];
  // Each relative's name folded once, however many people name them.
  const keys = new Map<string, string>();
  const keyOf = (id: string) => {
    let k = keys.get(id);
    if (k === undefined) keys.set(id, (k = nameKey(profiles[id])));
    return k;
  };
  // An import against the tree needs only the blocks its people are in: the others' surnames are
  // coded, their features never built.
  const surnameCode = (p: DuplicateProfile) => soundex(folded(p.lastName)[0] ?? '');
  const wanted = o.among ? new Set([...o.among].flatMap((id) => (profiles[id] ? [surnameCode(profiles[id]!)] : []))) : null;
  for (const p of Object.values(profiles)) {
    if (wanted && !wanted.has(surnameCode(p))) continue;
    const f = featuresOf(p, keyOf, places);
    if (!f.surnameCode || !f.given.length) continue;
    let block = blocks.get(f.surnameCode);
    if (!block) blocks.set(f.surnameCode, (block = { dated: new Map(), undated: [] }));
    if (o.among?.has(f.id)) amongFeatures.push({ f, block });
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
    const compare = (f: Features, row: readonly Features[] | undefined) => {
      for (const other of row ?? []) if (other !== f && (!among.has(other.id) || f.id < other.id)) consider(f, other);
    };
    for (const { f, block } of amongFeatures) {
      const decade = decadeOf(f);
      if (decade === null) for (const row of block.dated.values()) compare(f, row);
      else for (const d of [decade - 1, decade, decade + 1]) compare(f, block.dated.get(d));
      compare(f, block.undated);
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
