import { COUPLE_EVENT_TYPES, PERSON_EVENT_TYPES, type EventType } from './types.ts';

/** Limits of the facts model (issue 20), checked on the save path of both backends. */
export const FACT_LIMITS = {
  /** Events of one person or one couple. */
  events: 200,
  /** Other names of one person. */
  names: 50,
  date: 100,
  description: 1000,
  age: 20,
  customType: 100,
  /** Each part of a name. */
  namePart: 100,
  placeName: 200,
  placeKind: 100,
  altNames: 20,
  /** Ids of events, names, places and couples (a couple's holds two profile ids). */
  id: 300,
  /** Citations on one event, name, couple or person. */
  citations: 50,
  citationPage: 500,
  citationText: 5000,
  /** A note (safe HTML) on a person, an event, a couple or a source. */
  note: 20000,
  sourceTitle: 500,
  /** A source's author, publication and repository. */
  sourceField: 1000,
  url: 2000,
  /** Levels of a place hierarchy (building → … → country) a save walks to find a cycle. */
  placeDepth: 30,
} as const;

/** The event types a person may have, and a couple. */
export const PERSON_EVENT_TYPE_SET: ReadonlySet<EventType> = new Set(PERSON_EVENT_TYPES);
export const COUPLE_EVENT_TYPE_SET: ReadonlySet<EventType> = new Set(COUPLE_EVENT_TYPES);

/** Events carried by the §3 birth and death fields: at most one each, and their date stays ''. */
export const LIFE_EVENT_TYPES: readonly EventType[] = ['BIRT', 'DEAT'];
