import { type Citation, type CitationQuality, type EventType, type FactEvent, type NameKind, type PersonName, type Place } from '../domain/facts/types.ts';
import type { Pedigree } from '../domain/types.ts';
import { dateForVersion } from './dates.ts';
import type { KeptEdit } from './kept.ts';
import { child, readName, writeName } from './people.ts';
import { noteOf, writeNote } from './sources.ts';
import { FACT_LIMITS } from '../domain/facts/limits.ts';
import type { GedcomNode } from './types.ts';

/**
 * Events, places, other names and pedigrees between GEDCOM and the facts model
 * (src/domain/facts/types.ts; DESIGN.md "GEDCOM import and export", "Facts").
 *
 * What the model holds of a structure leaves the kept lines; what it does not hold stays, in
 * place. Each modelled event or name leaves a marker where it stood: `_FACT_{tag} {id}` (the tag
 * as the file wrote it, the item's id, then the line's value when the model does not hold it: an
 * event's `Y`, a name written other than `Given /Surname/`). An item the model holds whole keeps
 * only its marker; one with structures the model does not hold (a citation, a note, a TIME under
 * its DATE, an ADDR) keeps every line under it, the modelled ones without their values ("slots"),
 * so an export puts the model's values back exactly where they were and the citations stay with
 * their event. Markers and slots are filled from the model by id: an item a member deleted goes
 * with everything kept under it; one they added is written anew.
 */

/** Marks a kept modelled item: `_FACT_BIRT ev0a1b2c3d4e`. */
export const FACT = '_FACT_';

const DROP: KeptEdit = { drop: true };
const NO_VALUE: KeptEdit = { noValue: true };

// ---------- tags ----------

/**
 * Person events by tag as files write them. GEDCOM has no military-service tag: 5.5.1 programs
 * write `_MILT` (Family Tree Maker, RootsMagic) or `_MILI`; `EVEN` with a TYPE starting "Milit"
 * is read as one too (see `eventType`).
 */
const PERSON_TAGS: Record<string, EventType> = {
  BIRT: 'BIRT', CHR: 'CHR', BAPM: 'BAPM', DEAT: 'DEAT', BURI: 'BURI', CREM: 'CREM', RESI: 'RESI', OCCU: 'OCCU',
  EDUC: 'EDUC', IMMI: 'IMMI', EMIG: 'EMIG', NATU: 'NATU', TITL: 'TITL', RELI: 'RELI', EVEN: 'EVEN',
  _MILT: 'MILI', _MILI: 'MILI', MILI: 'MILI',
};
/** Couple events; separation has no GEDCOM tag either (`_SEPR` is the common extension). */
const COUPLE_TAGS: Record<string, EventType> = { MARR: 'MARR', ENGA: 'ENGA', DIV: 'DIV', SEPA: 'SEPA', _SEPR: 'SEPA', _SEPA: 'SEPA', EVEN: 'EVEN' };
/** Types written as `EVEN` with this TYPE when no kept tag says otherwise. */
const EVEN_TYPES: Partial<Record<EventType, string>> = { MILI: 'Military', SEPA: 'Separation' };
/** Attributes: their value is what they say (an occupation, a title); an event's value is only `Y`. */
const VALUED = new Set<EventType>(['RESI', 'OCCU', 'EDUC', 'TITL', 'RELI', 'EVEN']);

/** The model's type of an event structure; undefined when it is not one the model holds. */
export function eventType(node: GedcomNode, couple: boolean): EventType | undefined {
  const type = (couple ? COUPLE_TAGS : PERSON_TAGS)[node.tag];
  if (type !== 'EVEN') return type;
  const said = (child(node, 'TYPE')?.value ?? '').trim().toLowerCase();
  if (!couple && said.startsWith('milit')) return 'MILI';
  if (couple && said.startsWith('separat')) return 'SEPA';
  return 'EVEN';
}

// ---------- places ----------

/** The parts of a place text, top last: "Kensington,Palace, London" → Kensington / Palace / London. */
export function placeParts(text: string): string[] {
  const parts: string[] = [];
  for (const raw of text.split(',')) {
    const part = raw.trim().replace(/\s+/g, ' ');
    if (part) parts.push(part);
  }
  return parts;
}

/** A place's full name, its levels joined by ', ' up the hierarchy. */
export function placeFullName(places: Readonly<Record<string, Place>> | undefined, id: string): string {
  const names: string[] = [];
  const seen = new Set<string>();
  for (let at = places?.[id]; at && !seen.has(at.id); at = at.parentId ? places?.[at.parentId] : undefined) {
    seen.add(at.id);
    names.push(at.name);
  }
  return names.join(', ');
}

/**
 * The places of one import: one per distinct place text, each level shared by every text that
 * ends the same way ("Chapel Royal, London, England" and "Kensington Palace, London, England"
 * share "London, England").
 */
export class PlaceBook {
  readonly places: Place[] = [];
  private readonly byText = new Map<string, string>();
  private readonly byLevel = new Map<string, Place>();

  /**
   * `known`: the tree's own places by full name ('Kensington Palace, London, England' → its id):
   * a level the tree already has is reused, so a second import makes no second London.
   */
  constructor(
    private readonly newId: () => string,
    private readonly known: Readonly<Record<string, string>> = {},
  ) {}

  /** The place a text names ('' when it names none). */
  idOf(text: string): string {
    const known = this.byText.get(text);
    if (known !== undefined) return known;
    const parts = placeParts(text);
    let parentId = '';
    for (let k = parts.length - 1; k >= 0; k--) {
      const key = parts.slice(k).join(', ');
      const existing = Object.hasOwn(this.known, key) ? this.known[key]! : undefined;
      if (existing !== undefined) {
        parentId = existing;
        continue;
      }
      let place = this.byLevel.get(key);
      if (!place) {
        place = { id: this.newId(), name: parts[k]!, parentId, kind: '', latitude: null, longitude: null, altNames: [] };
        this.byLevel.set(key, place);
        this.places.push(place);
      }
      parentId = place.id;
    }
    this.byText.set(text, parentId);
    return parentId;
  }

  /** Gives the place these coordinates unless it has others; whether it now has these. */
  locate(id: string, latitude: number, longitude: number): boolean {
    const place = this.places.find((p) => p.id === id);
    if (!place) return false;
    if (place.latitude === null) {
      place.latitude = latitude;
      place.longitude = longitude;
    }
    return place.latitude === latitude && place.longitude === longitude;
  }
}

/** 'N51.5' → 51.5, 'W0.19' → -0.19, '-33.9' → -33.9; null when not a coordinate. */
export function readCoordinate(text: string | undefined, axis: 'LATI' | 'LONG'): number | null {
  const m = /^\s*([NSEW])?\s*(-?\d+(?:\.\d+)?)\s*$/i.exec(text ?? '');
  if (!m) return null;
  const hemisphere = m[1]?.toUpperCase();
  if (hemisphere && (axis === 'LATI' ? 'NS' : 'EW').indexOf(hemisphere) < 0) return null;
  const value = Number(m[2]) * (hemisphere === 'S' || hemisphere === 'W' ? -1 : 1);
  return Math.abs(value) <= (axis === 'LATI' ? 90 : 180) ? value : null;
}

/** 51.5 → 'N51.5' (LATI), -0.19 → 'W0.19' (LONG): how GEDCOM writes them. */
export function writeCoordinate(value: number, axis: 'LATI' | 'LONG'): string {
  const [plus, minus] = axis === 'LATI' ? ['N', 'S'] : ['E', 'W'];
  return `${value < 0 ? minus : plus}${Math.abs(value)}`;
}

// ---------- names ----------

const NAME_TYPES: Record<string, NameKind> = { AKA: 'aka', BIRTH: 'birth', MAIDEN: 'birth', MARRIED: 'married', IMMIGRANT: 'immigrant', PROFESSIONAL: 'professional', NICKNAME: 'nickname' };
const NAME_PARTS = ['NPFX', 'NICK', 'SPFX', 'NSFX'] as const;
const PART_FIELD = { NPFX: 'prefix', NICK: 'nickname', SPFX: 'surnamePrefix', NSFX: 'suffix' } as const;

/** A NAME.TYPE as a kind: the GEDCOM words (any case), 'OTHER' with a PHRASE "Nickname"; no TYPE is "also known as". */
export function nameKind(type: GedcomNode | undefined): NameKind {
  if (!type) return 'aka';
  const v = (type.value ?? '').trim().toUpperCase();
  if (v === 'OTHER' && /^nick/i.test(child(type, 'PHRASE')?.value ?? '')) return 'nickname';
  return NAME_TYPES[v] ?? 'other';
}

/** The TYPE an export writes for a kind (5.5.1 in lower case, as its enumeration). */
export function nameTypeText(kind: NameKind, v7: boolean): string {
  const word = kind === 'nickname' ? (v7 ? 'OTHER' : 'nickname') : kind.toUpperCase();
  return v7 ? word : word.toLowerCase();
}

// ---------- pedigree ----------

const PEDIGREE_WORDS: Record<string, Pedigree | null> = {
  BIRTH: null, NATURAL: null, BIOLOGICAL: null, ADOPTED: 'adopted', FOSTER: 'foster', SEALING: 'sealing', SEALED: 'sealing',
  STEP: 'step', UNKNOWN: 'unknown', OTHER: 'other',
  // Family Tree Maker's "Private": the kind is not told.
  PRIVATE: 'unknown',
};

/** A pedigree word (PEDI, or Family Tree Maker's `_FREL`/`_MREL`): undefined for birth or none, 'other' for a word it does not know. */
function pedigreeWord(node: GedcomNode): Pedigree | undefined {
  const v = (node.value ?? '').trim().toUpperCase();
  if (!v) return undefined;
  if (v === 'OTHER') {
    const phrase = child(node, 'PHRASE')?.value ?? '';
    if (/^\s*step/i.test(phrase)) return 'step';
    if (/^\s*unknown/i.test(phrase)) return 'unknown';
  }
  const known = PEDIGREE_WORDS[v];
  return known === undefined ? 'other' : (known ?? undefined);
}

export interface LinkPedigrees {
  /** Of the line from the family's husband (its first partner), and from its wife. */
  father: Pedigree | undefined;
  mother: Pedigree | undefined;
}

/**
 * The pedigree of a child's link to a family: the FAMC's PEDI (5.5.1 and 7.0, with 7.0's PHRASE
 * "Step" or "Unknown" under OTHER) for both parents; else `_FREL` (father) and `_MREL` (mother) under
 * the FAMC, else under the family's CHIL line (where Family Tree Maker and Ancestry write them).
 */
export function readLinkPedigrees(famc: GedcomNode | undefined, chil?: GedcomNode): LinkPedigrees {
  const pedi = famc && child(famc, 'PEDI');
  if (pedi) {
    const both = pedigreeWord(pedi);
    return { father: both, mother: both };
  }
  for (const at of [famc, chil]) {
    if (!at) continue;
    const frel = child(at, '_FREL');
    const mrel = child(at, '_MREL');
    if (frel || mrel) return { father: frel && pedigreeWord(frel), mother: mrel && pedigreeWord(mrel) };
  }
  return { father: undefined, mother: undefined };
}

const PEDI_70: Record<Pedigree, string> = { adopted: 'ADOPTED', foster: 'FOSTER', step: 'OTHER', unknown: 'OTHER', sealing: 'SEALING', other: 'OTHER' };
const PEDI_551: Partial<Record<Pedigree, string>> = { adopted: 'adopted', foster: 'foster', sealing: 'sealing' };
const REL_WORDS: Record<Pedigree, string> = { adopted: 'Adopted', foster: 'Foster', step: 'Step', unknown: 'Unknown', sealing: 'Sealing', other: 'Other' };

/**
 * The lines under a FAMC that say a link's pedigree. One PEDI when both parents' lines say the
 * same and the version has a word for it (7.0: OTHER with PHRASE Step or Unknown; 5.5.1 has
 * adopted, foster, sealing): else `_FREL` and `_MREL`, which 5.5.1 programs read. `explicit`: a
 * birth link is said (PEDI BIRTH), where an earlier line said otherwise.
 */
export function pedigreeLines(want: LinkPedigrees, v7: boolean, explicit: boolean, make: (tag: string, value?: string, children?: GedcomNode[]) => GedcomNode): GedcomNode[] {
  if (want.father === want.mother) {
    const p = want.father;
    if (!p) return explicit ? [make('PEDI', v7 ? 'BIRTH' : 'birth')] : [];
    if (v7) return [make('PEDI', PEDI_70[p], p === 'step' || p === 'unknown' ? [make('PHRASE', REL_WORDS[p])] : [])];
    if (PEDI_551[p]) return [make('PEDI', PEDI_551[p])];
  }
  return [make('_FREL', want.father ? REL_WORDS[want.father] : 'Natural'), make('_MREL', want.mother ? REL_WORDS[want.mother] : 'Natural')];
}

export const PEDIGREE_TAGS = new Set(['PEDI', '_FREL', '_MREL']);

// ---------- import ----------

export interface FactReader {
  places: PlaceBook;
  newId(prefix: 'ev' | 'nm' | 'ci'): string;
  /** The source id of a SOUR record the file has (`sources.ts`); undefined for any other pointer. Absent: citations stay kept. */
  sourceOf?(pointer: string): string | undefined;
  /** The file is GEDCOM 7: what an export in its version writes for a name's TYPE. */
  v7: boolean;
}

type EditOne = (n: GedcomNode, e: KeptEdit) => void;

/**
 * Modelled lines of the item being read, for its kept lines: left out when the item keeps only
 * its marker, else kept without their values. One for all items (an import reads one at a time),
 * as a 100,000-person file has half a million of them.
 */
const items = {
  residue: false,
  slots: [] as GedcomNode[],
  drops: [] as GedcomNode[],

  start(): void {
    this.residue = false;
    this.slots.length = 0;
    this.drops.length = 0;
  },

  slot(n: GedcomNode): void {
    this.slots.push(n);
  },

  drop(n: GedcomNode): void {
    this.drops.push(n);
  },

  /** Writes the marker and, when lines stay under it, the slots. */
  apply(node: GedcomNode, marker: string, edit: EditOne): void {
    const tag = markerTag(node.tag);
    if (!this.residue) {
      edit(node, { tag, value: marker, leaf: true });
      return;
    }
    edit(node, { tag, value: marker });
    for (const s of this.slots) edit(s, NO_VALUE);
    for (const d of this.drops) edit(d, DROP);
  },
};
type ItemEdits = typeof items;

const MARKER_TAGS = new Map<string, string>();
function markerTag(tag: string): string {
  let marked = MARKER_TAGS.get(tag);
  if (marked === undefined) MARKER_TAGS.set(tag, (marked = FACT + tag));
  return marked;
}

/** A DATE as the model holds it: spaces as single spaces, in the GEDCOM 7 grammar (which only a calendar escape or a 5.5.1 'B.C.' changes). */
function modelDate(value: string): string {
  const spaced = value.indexOf('  ') < 0 && value.indexOf('\t') < 0 ? value : value.replace(/\s+/g, ' ');
  return spaced.indexOf('@') < 0 && !/B\.C\./i.test(spaced) ? spaced : dateForVersion(spaced, '7.0');
}

/**
 * An event structure as a FactEvent, its kept lines edited (a marker, slots). `dateSlot`: for
 * BIRT and DEAT, whose date the profile holds, their DATE when the kept lines hold it without its
 * value (toGraph.ts `keptPerson`); any other DATE under them stays as kept. Null: nothing to
 * model (a birth or death with only a date, an event said not to have happened), and the lines
 * are left as they are.
 */
export function readEvent(node: GedcomNode, type: EventType, r: FactReader, edit: EditOne, dateSlot?: GedcomNode): FactEvent | null {
  const raw = node.pointer === undefined ? (node.value ?? '') : '';
  const said = raw.trim();
  const valued = VALUED.has(type);
  // `1 DIV N` (royal92): a file saying the event did not happen; the model has no such event.
  if (!valued && (said === 'N' || said === 'n')) return null;
  const datesInProfile = type === 'BIRT' || type === 'DEAT';
  items.start();
  let date = '';
  let placeId = '';
  let age = '';
  let customType = '';
  let seen = 0;
  const DATE = 1, PLAC = 2, AGE = 4, TYPE = 8;
  const cited: [GedcomNode, Citation][] = [];
  let note = '';
  for (const c of node.children) {
    const citation = c.tag === 'SOUR' ? readCitation(c, r) : null;
    if (citation) {
      cited.push([c, citation]);
      items.residue = true;
      continue;
    }
    // The first inline note (with at most its MIME) is the event's: its line stays as a slot, in
    // place, so an export writes the note back where it stood.
    if (!note && c.tag === 'NOTE' && c.pointer === undefined && (c.value ?? '').trim() && c.children.every((x) => x.tag === 'MIME')) {
      const read = noteOf(c, () => undefined);
      items.residue = true;
      // One over the model's limit stays in the kept lines whole, not cut.
      if (read.length > FACT_LIMITS.note) continue;
      note = read;
      items.slot(c);
      continue;
    }
    const bit = c.tag === 'DATE' ? DATE : c.tag === 'PLAC' ? PLAC : c.tag === 'AGE' ? AGE : c.tag === 'TYPE' && type === 'EVEN' ? TYPE : 0;
    const value = c.pointer === undefined ? (c.value ?? '').trim() : '';
    if (!bit || seen & bit || !value) {
      if (!(datesInProfile && c === dateSlot && !c.children.length)) items.residue = true;
      continue;
    }
    seen |= bit;
    if (bit === DATE) {
      if (datesInProfile) {
        if (c !== dateSlot || c.children.length) items.residue = true;
        continue;
      }
      date = modelDate(value);
    } else if (bit === AGE) age = value;
    else if (bit === TYPE) customType = value;
    else {
      placeId = r.places.idOf(value);
      if (!placeId) {
        items.residue = true;
        seen &= ~PLAC;
        continue;
      }
      readMap(c, placeId, r, items);
    }
    if (c.children.length && bit !== PLAC) items.residue = true;
    items.slot(c);
  }
  let description = '';
  let rest = '';
  if (valued || (said && said !== 'Y' && said !== 'y')) description = said;
  else if (raw) rest = raw;
  if (datesInProfile && !placeId && !age && !description && !cited.length && !note) return null;
  const id = r.newId('ev');
  items.apply(node, rest ? `${id} ${rest}` : id, edit);
  for (const [c, citation] of cited) edit(c, { tag: CITATION_MARKER, value: citation.id, noPointer: true, leaf: true });
  const event: FactEvent = { id, type, customType, date, placeId, description, age };
  if (note) event.note = note;
  if (cited.length) event.citations = cited.map(([, citation]) => citation);
  return event;
}

/** A citation's marker in kept lines: `_FACT_SOUR ci0a1b2c3d4e` where `SOUR @S1@` stood. */
export const CITATION_MARKER = FACT + 'SOUR';
/** Where a person's formatted note stood (toGraph.ts `keptPerson`): `_FACT_NOTE`, its MIME under it. */
export const NOTE_MARKER = FACT + 'NOTE';

/**
 * The citations directly under a structure that is not an event (an INDI, its NAME, a FAM): those
 * the model holds all of, each left as its marker where it stood (`withCitations` puts it back);
 * any other SOUR stays kept as it is. Empty when there are none.
 */
export function readCitations(parent: GedcomNode, r: FactReader, edit: EditOne): Citation[] {
  const out: Citation[] = [];
  for (const c of parent.children) {
    if (c.tag !== 'SOUR') continue;
    const citation = readCitation(c, r);
    if (!citation) continue;
    edit(c, { tag: CITATION_MARKER, value: citation.id, noPointer: true, leaf: true });
    out.push(citation);
  }
  return out;
}
const QUALITIES = new Set(['0', '1', '2', '3']);

/** One line `tag value` with nothing under it, or undefined. */
function plainValue(n: GedcomNode | undefined): string | undefined {
  return n && n.pointer === undefined && !n.children.length && n.value !== undefined && n.value !== '' ? n.value : undefined;
}

/**
 * A citation (`SOUR @S1@` under an event) as the model holds it, when the model holds all of it:
 * a pointer to a SOUR record, then at most a PAGE, a DATA of a DATE and a TEXT, and a QUAY 0–3, in
 * that order (the order an export writes them, so the lines come back as they were). Anything
 * else under it (a NOTE, an OBJE, EVEN, another order): null, and the lines stay kept as they are.
 */
function readCitation(c: GedcomNode, r: FactReader): Citation | null {
  const sourceId = c.pointer !== undefined && c.value === undefined ? r.sourceOf?.(c.pointer) : undefined;
  if (!sourceId) return null;
  const citation: Citation = { id: '', sourceId, page: '', date: '', quality: null, text: '' };
  const order = ['PAGE', 'DATA', 'QUAY'];
  let at = 0;
  for (const part of c.children) {
    const k = order.indexOf(part.tag, at);
    if (k < 0) return null;
    at = k + 1;
    if (part.tag === 'DATA') {
      if (part.value !== undefined || part.pointer !== undefined || !part.children.length) return null;
      let dataAt = 0;
      for (const d of part.children) {
        const j = ['DATE', 'TEXT'].indexOf(d.tag, dataAt);
        const value = plainValue(d);
        if (j < 0 || value === undefined) return null;
        dataAt = j + 1;
        if (d.tag === 'DATE') citation.date = value;
        else citation.text = value;
      }
      continue;
    }
    const value = plainValue(part);
    if (value === undefined) return null;
    if (part.tag === 'PAGE') citation.page = value;
    else if (QUALITIES.has(value)) citation.quality = Number(value) as CitationQuality;
    else return null;
  }
  citation.id = r.newId('ci');
  return citation;
}

/** A PLAC's MAP as the place's coordinates: the first MAP of exactly a LATI and a LONG, written as an export writes them, that agree with the place's. */
function readMap(plac: GedcomNode, placeId: string, r: FactReader, items: ItemEdits): void {
  let mapped = false;
  for (const c of plac.children) {
    if (c.tag === 'MAP' && !mapped) {
      mapped = true;
      const lati = c.children.length === 2 ? child(c, 'LATI') : undefined;
      const long = lati && child(c, 'LONG');
      const lat = readCoordinate(lati?.value, 'LATI');
      const lon = readCoordinate(long?.value, 'LONG');
      if (lat !== null && lon !== null && r.places.locate(placeId, lat, lon)) {
        if (!lati!.children.length && !long!.children.length && writeCoordinate(lat, 'LATI') === lati!.value && writeCoordinate(lon, 'LONG') === long!.value && c.value === undefined) {
          items.drop(c);
          continue;
        }
      }
    }
    items.residue = true;
  }
}

/** A NAME after a person's first as a PersonName, its kept lines edited (a marker, slots). */
export function readOtherName(node: GedcomNode, r: FactReader, edit: EditOne): PersonName {
  items.start();
  const { first, last } = readName(node);
  const name: PersonName = { id: r.newId('nm'), kind: 'aka', prefix: '', given: first, surnamePrefix: '', surname: last, suffix: '', nickname: '' };
  const seen = new Set<string>();
  const cited: Citation[] = [];
  for (const c of node.children) {
    const tag = c.tag;
    const citation = tag === 'SOUR' ? readCitation(c, r) : null;
    if (citation) {
      // Left as its marker, under the name's own (which then keeps what is under it).
      edit(c, { tag: CITATION_MARKER, value: citation.id, noPointer: true, leaf: true });
      cited.push(citation);
      items.residue = true;
      continue;
    }
    const value = c.pointer === undefined ? c.value : undefined;
    if (seen.has(tag) || value === undefined || value.trim() === '') {
      items.residue = true;
      continue;
    }
    if (tag === 'GIVN' || tag === 'SURN') {
      // Slots as the first name's (toGraph.ts keptPerson): filled from the name on export.
      seen.add(tag);
      if (value === (tag === 'GIVN' ? first : last)) items.slot(c);
      items.residue = true;
      continue;
    }
    if (tag === 'TYPE') {
      // Kept (a slot at least) so an export knows the file said it: a name without one reads as "aka".
      name.kind = nameKind(c);
      items.residue = true;
      if (value !== nameTypeText(name.kind, r.v7)) continue;
    } else if (tag === 'NPFX' || tag === 'NICK' || tag === 'SPFX' || tag === 'NSFX') name[PART_FIELD[tag]] = value.trim();
    else {
      items.residue = true;
      continue;
    }
    seen.add(tag);
    if (c.children.length) items.residue = true;
    items.slot(c);
  }
  const value = node.value ?? '';
  items.apply(node, value === writeName(first, last) ? name.id : `${name.id} ${value}`, edit);
  if (cited.length) name.citations = cited;
  return name;
}

// ---------- export ----------

export interface FactWriter {
  v7: boolean;
  places: Readonly<Record<string, Place>> | undefined;
  /** A structure the export makes (fromGraph.ts `node`). */
  make(tag: string, value?: string, children?: GedcomNode[]): GedcomNode;
  /** A citation as a SOUR structure pointing to its source's record (`sources.ts`); null when the source is gone. */
  citation?(c: Citation): GedcomNode | null;
}

/** A marker's id and the value kept after it. */
function marker(node: GedcomNode): { id: string; rest: string | undefined } {
  const v = node.value ?? '';
  const space = v.indexOf(' ');
  return space < 0 ? { id: v, rest: undefined } : { id: v.slice(0, space), rest: v.slice(space + 1) };
}

const PLACE_NAMES = new WeakMap<object, Map<string, string>>();

function fullName(w: FactWriter, id: string): string {
  if (!w.places) return '';
  let cache = PLACE_NAMES.get(w.places);
  if (!cache) PLACE_NAMES.set(w.places, (cache = new Map()));
  let name = cache.get(id);
  if (name === undefined) cache.set(id, (name = placeFullName(w.places, id)));
  return name;
}

/**
 * A kept record's structures with each marker replaced by its item from the model (`items` by
 * id; `write` makes the structure from the item and its kept lines). Markers of items no longer
 * there go; `used` collects the ids written.
 */
export function expandMarkers<T extends { id: string }>(children: readonly GedcomNode[], tags: (tag: string) => boolean, items: readonly T[], used: Set<string>, write: (item: T, kept: GedcomNode) => GedcomNode): GedcomNode[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const out: GedcomNode[] = [];
  for (const c of children) {
    if (!c.tag.startsWith(FACT) || !tags(c.tag.slice(FACT.length))) {
      out.push(c);
      continue;
    }
    const item = byId.get(marker(c).id);
    if (!item || used.has(item.id)) continue;
    used.add(item.id);
    out.push(write(item, c));
  }
  return out;
}

export const isCoupleEventTag = (tag: string) => COUPLE_TAGS[tag] !== undefined;

/** An event as a structure: from its kept lines (`kept`, a marker) when it has them, else anew. */
export function writeEvent(ev: FactEvent, kept: GedcomNode | undefined, w: FactWriter): GedcomNode {
  const evenType = EVEN_TYPES[ev.type];
  const tag = kept ? kept.tag.slice(FACT.length) : evenType ? 'EVEN' : ev.type;
  const datesInProfile = ev.type === 'BIRT' || ev.type === 'DEAT';
  const want: Record<string, string> = {
    DATE: datesInProfile ? '' : ev.date,
    PLAC: ev.placeId ? fullName(w, ev.placeId) : '',
    AGE: ev.age,
    TYPE: ev.type === 'EVEN' ? ev.customType : '',
  };
  const children: GedcomNode[] = [];
  const filled = new Set<string>();
  const citations = new Map((ev.citations ?? []).map((c) => [c.id, c]));
  let noted = false;
  for (const c of kept?.children ?? []) {
    if (c.tag === 'NOTE' && c.value === undefined && c.pointer === undefined && !noted) {
      // The event's note, where the file had it: as HTML when the slot kept its MIME text/html.
      noted = true;
      const html = c.children.some((x) => x.tag === 'MIME' && /html/i.test(x.value ?? ''));
      const written = html && w.v7 ? writeNote(ev.note, true, w.make) : writeNote(ev.note, w.v7, w.make);
      if (written) children.push(html && w.v7 ? { ...c, value: written.value, children: c.children } : { ...c, value: written.value, children: written.children });
      continue;
    }
    if (c.tag === CITATION_MARKER) {
      // Where the file had it, as the model has it now; gone when a member removed it.
      const citation = citations.get(c.value ?? '');
      const cited = citation && w.citation?.(citation);
      if (cited) children.push(cited);
      citations.delete(c.value ?? '');
      continue;
    }
    const slot = c.value === undefined && c.pointer === undefined && c.tag in want && !filled.has(c.tag) && !(datesInProfile && c.tag === 'DATE');
    if (!slot) {
      children.push(c);
      continue;
    }
    filled.add(c.tag);
    const value = want[c.tag]!;
    if (!value) {
      if (c.children.length) children.push(c);
      continue;
    }
    children.push({ ...c, value, children: c.tag === 'PLAC' ? withMap(c.children, ev.placeId, w) : c.children });
  }
  const fresh: GedcomNode[] = [];
  if (!kept && evenType && tag === 'EVEN') fresh.push(w.make('TYPE', evenType));
  for (const t of ['TYPE', 'DATE', 'PLAC', 'AGE']) {
    const value = want[t]!;
    if (!value || filled.has(t)) continue;
    fresh.push(w.make(t, value, t === 'PLAC' ? withMap([], ev.placeId, w) : []));
  }
  insertParts(children, fresh, want);
  // A note made in the app (the kept lines had none) after the parts, before the citations.
  if (!noted) {
    const written = writeNote(ev.note, w.v7, w.make);
    if (written) children.push(written);
  }
  // Citations the kept lines had no place for (made in the app) after the rest.
  for (const c of citations.values()) {
    const cited = w.citation?.(c);
    if (cited) children.push(cited);
  }
  const rest = kept ? marker(kept).rest : undefined;
  const value = ev.description || rest || (!kept && !children.length && !VALUED.has(ev.type) ? 'Y' : undefined);
  return { tag, value, children, line: 0 };
}

/** Parts the kept lines had no slot for: after the last modelled part there (a PLAC after its DATE), else first. */
function insertParts(children: GedcomNode[], fresh: GedcomNode[], modelled: Record<string, string>): void {
  let at = 0;
  children.forEach((c, k) => {
    if (c.tag in modelled) at = k + 1;
  });
  children.splice(at, 0, ...fresh);
}

/** A PLAC's structures with the place's MAP when it has coordinates and they have no MAP. */
function withMap(children: GedcomNode[], placeId: string, w: FactWriter): GedcomNode[] {
  const place = w.places?.[placeId];
  if (!place || place.latitude === null || place.longitude === null || children.some((c) => c.tag === 'MAP')) return children;
  return [...children, w.make('MAP', undefined, [w.make('LATI', writeCoordinate(place.latitude, 'LATI')), w.make('LONG', writeCoordinate(place.longitude, 'LONG'))])];
}

/** Another name as a NAME structure: from its kept lines (`kept`, a marker) when it has them, else anew. */
/** Citations by id, taken out as they are written (`expandCitationMarkers`). */
export function citationPool(citations: readonly Citation[] | undefined): Map<string, Citation> {
  return new Map((citations ?? []).map((c) => [c.id, c]));
}

/**
 * `children` with each citation marker (`readCitations`) replaced by its citation as the model has
 * it now, taken from `left`; a marker whose citation a member removed (or that is not this
 * owner's) goes.
 */
export function expandCitationMarkers(children: readonly GedcomNode[], left: Map<string, Citation>, w: FactWriter): GedcomNode[] {
  if (!children.some((c) => c.tag === CITATION_MARKER)) return [...children];
  const out: GedcomNode[] = [];
  for (const c of children) {
    if (c.tag !== CITATION_MARKER) {
      out.push(c);
      continue;
    }
    const citation = left.get(c.value ?? '');
    left.delete(c.value ?? '');
    const cited = citation && w.citation?.(citation);
    if (cited) out.push(cited);
  }
  return out;
}

/** The citations no marker stood for (made in the app), as SOUR structures. */
export function writeCitations(left: ReadonlyMap<string, Citation>, w: FactWriter): GedcomNode[] {
  const out: GedcomNode[] = [];
  for (const c of left.values()) {
    const cited = w.citation?.(c);
    if (cited) out.push(cited);
  }
  return out;
}

export function writeOtherName(n: PersonName, kept: GedcomNode | undefined, w: FactWriter): GedcomNode {
  const rest = kept ? marker(kept).rest : undefined;
  const read = rest !== undefined ? readName({ tag: 'NAME', value: rest, children: [], line: 0 }) : null;
  const renamed = !read || read.first !== n.given || read.last !== n.surname;
  const value = renamed ? writeName(n.given, n.surname) : rest;
  const want: Record<string, string> = { TYPE: nameTypeText(n.kind, w.v7), NPFX: n.prefix, GIVN: n.given, NICK: n.nickname, SPFX: n.surnamePrefix, SURN: n.surname, NSFX: n.suffix };
  const children: GedcomNode[] = [];
  const filled = new Set<string>();
  for (const c of kept?.children ?? []) {
    if (!(c.tag in want) || filled.has(c.tag) || c.pointer !== undefined) {
      children.push(c);
      continue;
    }
    filled.add(c.tag);
    const v = want[c.tag]!;
    // A TYPE kept with its own words (MAIDEN) stays while it still reads as the kind.
    const keep = c.value !== undefined && (c.tag === 'TYPE' ? nameKind(c) === n.kind : (c.tag === 'GIVN' || c.tag === 'SURN') && !renamed);
    if (keep) children.push(c);
    else if (v) children.push({ ...c, value: v, children: c.tag === 'TYPE' ? c.children.filter((x) => x.tag !== 'PHRASE' || nameKind({ ...c, value: v }) === n.kind) : c.children });
    else if (c.children.length && c.tag !== 'TYPE') children.push(c);
  }
  const fresh: GedcomNode[] = [];
  if (!filled.has('TYPE') && !(kept && n.kind === 'aka')) fresh.push(w.make('TYPE', want.TYPE, n.kind === 'nickname' && w.v7 ? [w.make('PHRASE', 'Nickname')] : []));
  for (const tag of NAME_PARTS) if (want[tag] && !filled.has(tag)) fresh.push(w.make(tag, want[tag]));
  insertParts(children, fresh, want);
  const left = citationPool(n.citations);
  const placed = expandCitationMarkers(children, left, w);
  return { tag: 'NAME', value: value || undefined, children: [...placed, ...writeCitations(left, w)], line: 0 };
}

