/**
 * The facts of a genealogy beyond the §3 profile (issue "Facts a genealogist can trust"):
 * events on people and couples, places, and the other names a person has. Plain data shared by
 * the tree, the save path, both backends and GEDCOM.
 *
 * Where they live:
 * - A person's events and names are parts of their profile (`Profile.events`, `Profile.names`),
 *   patched per item by id, so two members editing different events of one person both keep
 *   their edits.
 * - A couple's events live on a couple entity (`Graph.couples`, id `coupleId(a, b)`), sent whole.
 * - Places are entities of the tree (`Graph.places`), sent whole; events name them by id.
 *
 * Birth and death stay the §3 profile fields (birthYear/Month/Day, birthDateText, death,
 * deathDateText): they ARE the birth and death events' dates. A person's `events` may hold one
 * 'BIRT' and one 'DEAT' item to carry the place, description and age of those events; their
 * `date` is always '' there (the profile fields are the one source of the date).
 */

/** Events of a person, by their GEDCOM 7 tag ('EVEN' is a custom event with `customType`). */
export const PERSON_EVENT_TYPES = [
  'BIRT', 'CHR', 'BAPM', 'DEAT', 'BURI', 'CREM', 'RESI', 'OCCU', 'EDUC', 'MILI',
  'IMMI', 'EMIG', 'NATU', 'TITL', 'RELI', 'EVEN',
] as const;
export type PersonEventType = (typeof PERSON_EVENT_TYPES)[number];

/** Events of a couple ('DIV' divorce, 'SEPA' separation, 'EVEN' custom). */
export const COUPLE_EVENT_TYPES = ['MARR', 'ENGA', 'DIV', 'SEPA', 'EVEN'] as const;
export type CoupleEventType = (typeof COUPLE_EVENT_TYPES)[number];

export type EventType = PersonEventType | CoupleEventType;

export interface FactEvent {
  /** Unique within the tree ('ev' + 10 base-36 characters from `newFactId`). */
  id: string;
  type: EventType;
  /** The type a member gave a custom event ('Graduation'); '' otherwise. */
  customType: string;
  /** A date in the GEDCOM date grammar, as written ('ABT 1850', '10 FEB 1840'); '' when unknown. */
  date: string;
  /** The place's id in `Graph.places`; '' when none. */
  placeId: string;
  /** The event's value or description: an occupation, a title, a residence's address, a note. */
  description: string;
  /** The person's age at the event as GEDCOM writes it ('32y 4m'); '' when not said. */
  age: string;
  /** A note in the safe HTML subset (`notes/sanitise.ts`); absent when none. */
  note?: string;
  /** What supports the event; absent when nothing. */
  citations?: Citation[];
}

/**
 * A source of the tree (a register, a census, a book): a record sent whole, like places (GEDCOM
 * `SOUR` record). Its repository (GEDCOM `REPO`) is kept as a name: no one edits repositories
 * apart from the sources in them.
 */
export interface Source {
  id: string;
  title: string;
  author: string;
  publication: string;
  /** Where the source is kept ('The National Archives'); '' when not said. */
  repository: string;
  url: string;
  /** A note in the safe HTML subset; '' when none. */
  note: string;
}

/** GEDCOM QUAY: 0 unreliable, 1 questionable, 2 secondary, 3 direct and primary evidence. */
export type CitationQuality = 0 | 1 | 2 | 3;

/**
 * A citation: where in a source a fact is supported. Embedded in what it supports (an event, a
 * name, a couple), so it travels with it and a private person's citations go where their facts go.
 */
export interface Citation {
  id: string;
  /** The source's id in `Graph.sources`. */
  sourceId: string;
  /** Where within the source (GEDCOM PAGE: 'folio 12, entry 34'). */
  page: string;
  /** When the record was made or seen, in the GEDCOM date grammar (DATA DATE); '' when not said. */
  date: string;
  quality: CitationQuality | null;
  /** The source's words, transcribed (DATA TEXT). */
  text: string;
}

/** A place of the tree. `parentId` makes the hierarchy (village → county → country). */
export interface Place {
  id: string;
  /** This level's name only ('Kensington Palace'); the full name is built up the hierarchy. */
  name: string;
  /** The enclosing place's id; '' at the top. */
  parentId: string;
  /** What the place is ('city', 'county', 'country', 'building', …), free text; '' when not said. */
  kind: string;
  /** Decimal degrees; null when unknown. */
  latitude: number | null;
  longitude: number | null;
  /** Other names for this level ('Kensington Pal.', a name in another language). */
  altNames: string[];
}

/** Kinds of other names (GEDCOM NAME.TYPE); 'birth' is the name at birth when it differs. */
export const NAME_KINDS = ['aka', 'birth', 'married', 'immigrant', 'professional', 'nickname', 'other'] as const;
export type NameKind = (typeof NAME_KINDS)[number];

/** A name a person has besides firstName/lastName (which stay the §3 primary name). */
export interface PersonName {
  id: string;
  kind: NameKind;
  /** Title or prefix ('Sir', 'Dr'), given names, surname prefix ('van', 'de'), surname, suffix ('II', 'Jr'). */
  prefix: string;
  given: string;
  surnamePrefix: string;
  surname: string;
  suffix: string;
  /** A nickname ('Bertie'). */
  nickname: string;
  citations?: Citation[];
}

/**
 * A couple: two profiles married or partnered, with the events of their union. Id from
 * `coupleId(a, b)`; a couple exists only while each lists the other in `spouses`.
 */
export interface Couple {
  id: string;
  /** The two profile ids, smaller first (plain string order). */
  partners: [string, string];
  events: FactEvent[];
  /** A note on the couple (safe HTML subset); absent when none. */
  note?: string;
  /** What supports the union itself (GEDCOM FAM.SOUR); absent when nothing. */
  citations?: Citation[];
}

/**
 * Two people a member said are not the same person ("Not a duplicate", issue 24): the duplicate
 * finder leaves the pair out. Per tree, sent whole like places; id `notDuplicateId(a, b)`.
 */
export interface NotDuplicate {
  id: string;
  /** The two profile ids, smaller first (plain string order). */
  people: [string, string];
}

/** The id of a pair of profiles, the same whichever way round. */
export function notDuplicateId(a: string, b: string): string {
  return a < b ? `nd-${a}-${b}` : `nd-${b}-${a}`;
}

/** The couple id of two profiles, the same whichever partner asks. */
export function coupleId(a: string, b: string): string {
  return a < b ? `cp-${a}-${b}` : `cp-${b}-${a}`;
}

/** A fresh id for an event, a name, a place, a source or a citation: prefix + 10 base-36 characters from `random`. */
export function newFactId(prefix: 'ev' | 'nm' | 'pl' | 'sr' | 'ci', random: () => number): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += Math.floor(random() * 36).toString(36);
  return prefix + s;
}
