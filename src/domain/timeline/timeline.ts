import { birthGedcom, dateValue, deathGedcom, formatDate, type DateValue } from '../dates/index.ts';
import { eventTypeLabel, EVENT_TYPE_LABELS, eventSortYear, inDateOrder } from '../facts/eventLabels.ts';
import { fullPlaceName } from '../facts/placeOps.ts';
import { coupleId, type Citation, type EventType, type FactEvent, type Place } from '../facts/types.ts';
import { cardName } from '../labels.ts';
import type { Graph, Profile } from '../types.ts';
import { ageBetween } from './age.ts';

/**
 * A person's life in order (issue "Evidence and memories", item 4): their own events and their
 * close family's (births of their children, their unions' events, deaths of their parents and
 * spouses), each with the person's age at it, its place and what supports it. Pure: the details
 * panel and the profile's Timeline tab draw what this returns.
 *
 * A relative's event shows only when it has a date (an undated one cannot be placed in a life)
 * and does not fall after the person's own death (their life's story ends there). A private
 * relative, redacted for a viewer, has no dates, so shows nothing.
 */

export type Relation = 'self' | 'child' | 'parent' | 'spouse';

export interface TimelineEntry {
  /** Unique within one timeline (React's key). */
  key: string;
  type: EventType;
  /** "Born", "Occupation", "Birth of son", "Death of mother", "Married". */
  label: string;
  relation: Relation;
  /** The relative the event is about (the partner of a union); null for the person's own. */
  relative: { profileId: string; name: string } | null;
  /** The date as written (GEDCOM grammar) and in words. */
  date: string;
  dateLabel: string;
  /** The person's age at it in words ("34", "about 34", "under 1"); '' when not known or at birth. */
  age: string;
  place: string;
  description: string;
  citations: readonly Citation[];
  /** The stored event, when there is one (Born and Died without details have none). */
  event: FactEvent | null;
  /** Where it falls in time, in years (`eventSortYear`); null when undated. */
  when: number | null;
}

type Gendered = Pick<Profile, 'gender'>;
const childWord = (p: Gendered) => (p.gender === 'M' ? 'son' : p.gender === 'F' ? 'daughter' : 'child');
const parentWord = (p: Gendered) => (p.gender === 'M' ? 'father' : p.gender === 'F' ? 'mother' : 'parent');
const spouseWord = (p: Gendered) => (p.gender === 'M' ? 'husband' : p.gender === 'F' ? 'wife' : 'spouse');

export const TIMELINE_LABELS = {
  childBirth: (child: Gendered) => `Birth of ${childWord(child)}`,
  parentDeath: (parent: Gendered) => `Death of ${parentWord(parent)}`,
  spouseDeath: (spouse: Gendered) => `Death of ${spouseWord(spouse)}`,
} as const;

function profileAt(graph: Pick<Graph, 'profiles'>, id: string): Profile | null {
  return Object.hasOwn(graph.profiles, id) ? graph.profiles[id]! : null;
}

/**
 * The people whose events a timeline reads: the person and their children, parents and spouses
 * (whose births and deaths it shows), to load first when the open left events out.
 */
export function timelinePeople(graph: Pick<Graph, 'profiles'>, profileId: string): string[] {
  const person = profileAt(graph, profileId);
  return person ? [profileId, ...person.children, ...person.parents, ...person.spouses] : [];
}

/** The timeline of `profileId` in `graph`; [] when the person is not in it. */
export function lifeTimeline(graph: Pick<Graph, 'profiles' | 'places' | 'couples'>, profileId: string): TimelineEntry[] {
  const person = profileAt(graph, profileId);
  if (!person) return [];
  const places: Readonly<Record<string, Place>> = graph.places ?? {};
  const birth = birthGedcom(person);
  const born = dateValue(birth);
  const entries: TimelineEntry[] = [];
  // Each date is read once (a 200-event life reads 200 dates, not 600).
  const entry = (key: string, type: EventType, label: string, relation: Relation, relative: Profile | null, date: string, e: FactEvent | null, value: DateValue | null = dateValue(date)): TimelineEntry => ({
    key,
    type,
    label,
    relation,
    relative: relative ? { profileId: relative.id, name: cardName(relative) } : null,
    date,
    dateLabel: value ? formatDate(value) : date.trim(),
    // No age at one's own birth; a stated age (GEDCOM AGE) when the dates cannot give one.
    age: relation === 'self' && type === 'BIRT' ? '' : ageBetween(born, value) || (relation === 'self' ? (e?.age ?? '') : ''),
    place: e?.placeId ? fullPlaceName(places, e.placeId) : '',
    description: e?.description ?? '',
    citations: e?.citations ?? [],
    event: e,
    when: eventSortYear(date, value),
  });

  // The person's own: birth and death from the profile's dates (with their events' details).
  const own = person.events ?? [];
  const birthEvent = own.find((e) => e.type === 'BIRT') ?? null;
  const deathEvent = own.find((e) => e.type === 'DEAT') ?? null;
  const death = deathGedcom(person);
  if (birth || birthEvent) entries.push(entry('self-birth', 'BIRT', EVENT_TYPE_LABELS.BIRT, 'self', null, birth, birthEvent));
  if (death || deathEvent || person.death.trim()) entries.push(entry('self-death', 'DEAT', EVENT_TYPE_LABELS.DEAT, 'self', null, death, deathEvent));
  for (const e of own) if (e !== birthEvent && e !== deathEvent) entries.push(entry(e.id, e.type, eventTypeLabel(e), 'self', null, e.date, e));

  // Unions: every event of each couple the person is in, with the partner named.
  const couples = graph.couples ?? {};
  for (const spouseId of person.spouses) {
    const spouse = profileAt(graph, spouseId);
    const couple = couples[coupleId(profileId, spouseId)];
    if (spouse && couple) for (const e of couple.events) entries.push(entry(`${couple.id}-${e.id}`, e.type, eventTypeLabel(e), 'spouse', spouse, e.date, e));
  }

  // The family's, dated and within the person's life.
  const lifeEnd = death ? eventSortYear(death) : null;
  const family = (key: string, type: EventType, label: string, relation: Relation, relative: Profile, date: string, e: FactEvent | null) => {
    if (!date) return;
    const value = dateValue(date);
    const when = eventSortYear(date, value);
    if (when === null || (lifeEnd !== null && when > lifeEnd + 1)) return;
    entries.push(entry(key, type, label, relation, relative, date, e, value));
  };
  const eventOf = (p: Profile, type: EventType) => p.events?.find((e) => e.type === type) ?? null;
  for (const id of person.children) {
    const child = profileAt(graph, id);
    if (child) family(`child-${id}`, 'BIRT', TIMELINE_LABELS.childBirth(child), 'child', child, birthGedcom(child), eventOf(child, 'BIRT'));
  }
  for (const id of person.parents) {
    const parent = profileAt(graph, id);
    if (parent) family(`parent-${id}`, 'DEAT', TIMELINE_LABELS.parentDeath(parent), 'parent', parent, deathGedcom(parent), eventOf(parent, 'DEAT'));
  }
  for (const id of person.spouses) {
    const spouse = profileAt(graph, id);
    if (spouse) family(`spouse-${id}`, 'DEAT', TIMELINE_LABELS.spouseDeath(spouse), 'spouse', spouse, deathGedcom(spouse), eventOf(spouse, 'DEAT'));
  }
  // Date order (`inDateOrder`: ranges by their start, undated births first and deaths last); on
  // one date births before other events before deaths, then the person's own first (as pushed).
  return inDateOrder(entries, (e) => e.when);
}
