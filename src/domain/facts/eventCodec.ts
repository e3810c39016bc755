import type { Citation, FactEvent } from './types.ts';

/**
 * The compact form of events (issue 20, "bytes on the wire and saving"): the one encoding of a
 * list of events wherever they are stored or sent in bulk (the open's compact form, the SQL
 * store's profile rows). An event is a tuple instead of an object, so the nine key names are not
 * repeated for each of a tree's hundreds of thousands of events, and trailing empty fields are
 * left off (most events have no description, age, custom type or note):
 *
 *   [id, type, date, placeId, description, age, customType, note | 0, citations | 0]
 *   citation: [id, sourceId, page, text, date, quality]
 *
 * Measured on the bench generator's 10,000 people (42,000 events, 1–3 citations each): their JSON
 * shrinks from 17 MB to 9.4 MB. Decoding gives back exactly what was encoded: an event or a
 * citation of another shape (a field of another type, an unknown key, an empty note or citation
 * list that the normal form would have left out) stays an object, and a list may mix both, so
 * events stored before this form read as they are.
 */

/** A citation as a tuple; trailing '' (and a null quality) left off. */
export type PackedCitation = (string | number | null)[];
/** An event as a tuple; trailing '' and 0 left off. */
export type PackedEvent = (string | 0 | PackedCitation[])[];
/** An event as stored or sent: packed, or whole when it does not fit the tuple. */
export type StoredEvent = PackedEvent | FactEvent;

const EVENT_STRINGS = ['id', 'type', 'date', 'placeId', 'description', 'age', 'customType'] as const;
const EVENT_KEYS = new Set<string>([...EVENT_STRINGS, 'note', 'citations']);
const CITATION_STRINGS = ['id', 'sourceId', 'page', 'text', 'date'] as const;
const CITATION_KEYS = new Set<string>([...CITATION_STRINGS, 'quality']);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function citationFits(c: unknown): c is Citation {
  if (!isObject(c)) return false;
  const keys = Object.keys(c);
  if (keys.length !== CITATION_KEYS.size || !keys.every((k) => CITATION_KEYS.has(k))) return false;
  return CITATION_STRINGS.every((k) => typeof c[k] === 'string') && (c.quality === null || typeof c.quality === 'number');
}

function eventFits(e: unknown): e is FactEvent {
  if (!isObject(e)) return false;
  let keys = 0;
  for (const k in e) {
    if (!EVENT_KEYS.has(k)) return false;
    keys++;
  }
  if (keys !== EVENT_STRINGS.length + (e.note !== undefined ? 1 : 0) + (e.citations !== undefined ? 1 : 0)) return false;
  if (!EVENT_STRINGS.every((k) => typeof e[k] === 'string')) return false;
  if (e.note !== undefined && (typeof e.note !== 'string' || e.note === '')) return false;
  return e.citations === undefined || (Array.isArray(e.citations) && e.citations.length > 0 && e.citations.every(citationFits));
}

function packCitation(c: Citation): PackedCitation {
  const t: PackedCitation = [c.id, c.sourceId, c.page, c.text, c.date, c.quality];
  let n = t.length;
  while (n > 0 && (t[n - 1] === '' || t[n - 1] === null)) n--;
  t.length = n;
  return t;
}

function packEvent(e: FactEvent): PackedEvent {
  const t: PackedEvent = [e.id, e.type, e.date, e.placeId, e.description, e.age, e.customType, e.note ?? 0, e.citations ? e.citations.map(packCitation) : 0];
  let n = t.length;
  while (n > 0 && (t[n - 1] === '' || t[n - 1] === 0)) n--;
  t.length = n;
  return t;
}

/** Events in the compact form: tuples where they fit, the rest whole. */
export function packEvents(events: readonly FactEvent[]): StoredEvent[] {
  return events.map((e) => (eventFits(e) ? packEvent(e) : e));
}

function unpackCitation(t: PackedCitation): Citation {
  return {
    id: (t[0] ?? '') as string,
    sourceId: (t[1] ?? '') as string,
    page: (t[2] ?? '') as string,
    date: (t[4] ?? '') as string,
    quality: (t[5] ?? null) as Citation['quality'],
    text: (t[3] ?? '') as string,
  };
}

function unpackEvent(t: PackedEvent): FactEvent {
  // Keys in the order the app builds events, so a decoded event prints as the original did.
  const e: FactEvent = {
    id: (t[0] ?? '') as string,
    type: (t[1] ?? '') as FactEvent['type'],
    customType: (t[6] ?? '') as string,
    date: (t[2] ?? '') as string,
    placeId: (t[3] ?? '') as string,
    description: (t[4] ?? '') as string,
    age: (t[5] ?? '') as string,
  };
  if (t[7]) e.note = t[7] as string;
  // Input from a client is unpacked before its shape is checked: what is not of this form is
  // handed on as it is, for the check to refuse.
  const citations = t[8] as unknown;
  if (citations) e.citations = (Array.isArray(citations) ? citations.map((c: unknown) => (Array.isArray(c) ? unpackCitation(c as PackedCitation) : c)) : citations) as Citation[];
  return e;
}

/** Events back from the compact form (an event stored whole comes back as it is). */
export function unpackEvents(stored: readonly StoredEvent[]): FactEvent[] {
  return stored.map((s) => (Array.isArray(s) ? unpackEvent(s) : s));
}

/** Something holding a list of events (a profile, a couple) as a store keeps it: the events packed. */
export type WithStoredEvents<T extends { events?: FactEvent[] }> = Omit<T, 'events'> & { events?: StoredEvent[] };

/** The item with its events packed (the same object when it has none); the rest as it is. */
export function withPackedEvents<T extends { events?: FactEvent[] }>(item: T): WithStoredEvents<T> {
  return Array.isArray(item.events) && item.events.length ? { ...item, events: packEvents(item.events) } : item;
}

/** The item with its events back as objects (the same object when none is packed). */
export function withUnpackedEvents<T extends { events?: FactEvent[] }>(item: WithStoredEvents<T>): T {
  const events = item.events;
  return Array.isArray(events) && events.some(Array.isArray) ? ({ ...item, events: unpackEvents(events) } as T) : (item as T);
}
