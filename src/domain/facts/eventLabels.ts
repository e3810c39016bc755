import { dateSortKey, dateValue, formatDate, type DateValue } from '../dates/index.ts';
import { birthLabel, deathLabel } from '../labels.ts';
import type { Profile } from '../types.ts';
import { fullPlaceName } from './placeOps.ts';
import type { EventType, FactEvent, Place } from './types.ts';

/** How events read in the details panel, in words (issue "Facts a genealogist can trust", item 1). */

export const EVENT_TYPE_LABELS: Readonly<Record<EventType, string>> = {
  BIRT: 'Born',
  CHR: 'Christened',
  BAPM: 'Baptised',
  DEAT: 'Died',
  BURI: 'Buried',
  CREM: 'Cremated',
  RESI: 'Residence',
  OCCU: 'Occupation',
  EDUC: 'Education',
  MILI: 'Military service',
  IMMI: 'Immigrated',
  EMIG: 'Emigrated',
  NATU: 'Naturalised',
  TITL: 'Title',
  RELI: 'Religion',
  MARR: 'Married',
  ENGA: 'Engaged',
  DIV: 'Divorced',
  SEPA: 'Separated',
  EVEN: 'Custom…',
};

/** What a search result says of an event at a place it matched: "Born in Kensington Palace". */
const PLACE_PHRASES: Partial<Record<EventType, string>> = {
  RESI: 'Lived in',
  OCCU: 'Worked in',
  EDUC: 'Studied in',
  MILI: 'Served in',
  IMMI: 'Immigrated to',
  EMIG: 'Emigrated from',
};

/** The event's type in words: the custom type as the member gave it. */
export function eventTypeLabel(e: Pick<FactEvent, 'type' | 'customType'>): string {
  return e.type === 'EVEN' ? e.customType || 'Event' : EVENT_TYPE_LABELS[e.type];
}

export function eventAtPlace(e: Pick<FactEvent, 'type' | 'customType'>, placeName: string): string {
  return `${PLACE_PHRASES[e.type] ?? `${eventTypeLabel(e)} in`} ${placeName}`;
}

/** An event's date as shown: in words, the app's one way (src/domain/dates). */
export function eventDateLabel(date: string): string {
  return formatDate(date);
}

/**
 * Where an event falls in time, in years (the dates module's sort key: ranges by their start,
 * 'before X' just before X); a text it cannot read by its first 3–4 digit number ('1901-01-22'
 * from an old file); null without either.
 */
export function eventSortYear(date: string, value: DateValue | null = dateValue(date)): number | null {
  const key = dateSortKey(value);
  if (Number.isFinite(key)) return key;
  const m = /(?:^|[^\d/])(\d{3,4})(?!\d)/.exec(date);
  return m ? Number(m[1]) : null;
}

/** Where an undated event goes among the dated: births first, deaths and burials last. */
function typeRank(type: EventType): number {
  if (type === 'BIRT') return 0;
  if (type === 'CHR' || type === 'BAPM') return 1;
  if (type === 'DEAT') return 3;
  if (type === 'BURI' || type === 'CREM') return 4;
  return 2;
}

/**
 * Events in date order; undated ones by their kind (birth first, burial last); ties as entered.
 * `yearOf`: where each falls (`eventSortYear` of its date unless the caller has it already).
 */
export function inDateOrder<T extends { type: EventType; date: string }>(events: readonly T[], yearOf: (e: T) => number | null = (e) => eventSortYear(e.date)): T[] {
  const keyed = events.map((e, i) => {
    const rank = typeRank(e.type);
    const year = yearOf(e);
    // An undated birth comes first, an undated death or burial last, any other undated after the dated.
    const key = year ?? (rank === 0 ? -Infinity : rank >= 3 ? Infinity : Number.MAX_SAFE_INTEGER);
    return { e, i, key, rank };
  });
  keyed.sort((a, b) => (a.key !== b.key ? (a.key < b.key ? -1 : 1) : a.rank - b.rank || a.i - b.i));
  return keyed.map((k) => k.e);
}

/** One line of a person's life as the panel lists it. */
export interface TimelineRow {
  type: EventType;
  /** "Born", "Occupation", the custom type. */
  label: string;
  /** The date as written (the profile's birth or death date for those two). */
  date: string;
  place: string;
  description: string;
  age: string;
  /** The stored event, when there is one to edit or delete. */
  event: FactEvent | null;
}

/**
 * A person's events in date order: Born and Died from the profile's dates with the place and
 * details of their BIRT and DEAT events, then every other event.
 */
export function personTimeline(p: Profile, places: Readonly<Record<string, Place>>): TimelineRow[] {
  const events = p.events ?? [];
  const rows: TimelineRow[] = [];
  const row = (e: FactEvent | null, type: EventType, date: string): TimelineRow => ({
    type,
    label: e ? eventTypeLabel(e) : EVENT_TYPE_LABELS[type],
    date,
    place: e?.placeId ? fullPlaceName(places, e.placeId) : '',
    description: e?.description ?? '',
    age: e?.age ?? '',
    event: e,
  });
  const birth = events.find((e) => e.type === 'BIRT') ?? null;
  const death = events.find((e) => e.type === 'DEAT') ?? null;
  if (birthLabel(p) || birth) rows.push(row(birth, 'BIRT', birthLabel(p)));
  if (deathLabel(p) || death) rows.push(row(death, 'DEAT', deathLabel(p)));
  for (const e of events) if (e !== birth && e !== death) rows.push(row(e, e.type, eventDateLabel(e.date)));
  return inDateOrder(rows);
}

/** A couple's events in date order, as rows. */
export function coupleTimeline(events: readonly FactEvent[], places: Readonly<Record<string, Place>>): TimelineRow[] {
  return inDateOrder(
    events.map((e) => ({
      type: e.type,
      label: eventTypeLabel(e),
      date: eventDateLabel(e.date),
      place: e.placeId ? fullPlaceName(places, e.placeId) : '',
      description: e.description,
      age: e.age,
      event: e,
    })),
  );
}

/** "Married 10 Feb 1840, Chapel Royal, St James's Palace": type, date and place in one line. */
export function eventLine(row: Pick<TimelineRow, 'label' | 'date' | 'place'>): string {
  const when = [row.label, row.date].filter(Boolean).join(' ');
  return [when, row.place].filter(Boolean).join(', ');
}

