import type { Graph, Profile } from '../types.ts';
import { RELATIONSHIP_MESSAGES } from '../relationships.ts';
import { FactsDraft, type FactsOutcome } from './factsResult.ts';
import { noteToPlainText, sanitiseNote } from '../notes/sanitise.ts';
import { cleanCitation } from './citations.ts';
import { EVENTS_NOT_LOADED, eventsLoaded } from './eventsLoading.ts';
import { findOrCreatePlace } from './placeOps.ts';
import { COUPLE_EVENT_TYPES, PERSON_EVENT_TYPES, coupleId, newFactId, type Couple, type EventType, type FactEvent, type Source } from './types.ts';

/**
 * Events on people and couples (issue "Facts a genealogist can trust", item 1). Pure and undoable
 * like every graph operation (`undoFacts`). A place may be given as typed text: the event then
 * names the tree's place of that name, made when the tree has none (`findOrCreatePlace`).
 */

export const EVENT_MESSAGES = {
  unknownEvent: 'That event is no longer there',
  notSpouses: 'Only spouses have events as a couple',
  wrongType: 'That kind of event does not belong here',
  customTypeRequired: 'Say what the event is',
  notLoaded: EVENTS_NOT_LOADED,
} as const;

/** An event's fields as a form gives them; `place` (typed text) is used when `placeId` is absent. */
export type EventFields = Omit<FactEvent, 'id' | 'placeId'> & {
  placeId?: string;
  place?: string;
  /** Sources made in the same form (a citation of a new source): written with the event. */
  newSources?: Source[];
};

export interface FactsContext {
  uid: string;
  now: string;
  random: () => number;
}

function clean(fields: EventFields): Omit<FactEvent, 'id' | 'placeId'> {
  return {
    type: fields.type,
    customType: fields.type === 'EVEN' ? fields.customType.trim() : '',
    // The birth and death dates are the profile's fields (facts/types.ts): never an event's.
    date: fields.type === 'BIRT' || fields.type === 'DEAT' ? '' : fields.date.trim().replace(/\s+/g, ' '),
    description: fields.description.trim(),
    age: fields.age.trim(),
    ...(fields.note && noteToPlainText(fields.note) ? { note: sanitiseNote(fields.note) } : {}),
    ...(fields.citations?.length ? { citations: fields.citations.map(cleanCitation) } : {}),
  };
}

function fieldProblem(fields: EventFields, allowed: readonly EventType[]): string | null {
  if (!allowed.includes(fields.type)) return EVENT_MESSAGES.wrongType;
  if (fields.type === 'EVEN' && !fields.customType.trim()) return EVENT_MESSAGES.customTypeRequired;
  return null;
}

/**
 * The event's place id: the one given, else the tree's place for the typed text (made if new).
 * The sources made in the form are written here too, as every add and edit finds its place.
 */
function placeFor(draft: FactsDraft, fields: EventFields, random: () => number): string {
  for (const s of fields.newSources ?? []) draft.setSource(s);
  if (fields.placeId !== undefined) return fields.placeId;
  const { placeId, created } = findOrCreatePlace(draft.allPlaces(), fields.place ?? '', random);
  for (const p of created) draft.setPlace(p);
  return placeId;
}

function personOf(draft: FactsDraft, profileId: string): Profile | undefined {
  return draft.draft.profile(profileId);
}

/**
 * Why a person's events may not be written now: gone, or not loaded yet (facts/eventsLoading.ts;
 * a list written over the marker would be read as everything they have, and never saved).
 */
function unwritable(p: Profile | undefined): string | null {
  if (!p) return RELATIONSHIP_MESSAGES.unknownProfile;
  return eventsLoaded(p) ? null : EVENT_MESSAGES.notLoaded;
}

function writePerson(draft: FactsDraft, p: Profile, events: FactEvent[], ctx: FactsContext) {
  draft.draft.setProfile({ ...p, events, updatedBy: ctx.uid, updatedAt: ctx.now });
}

/** Adds an event to a person; `eventId` names it. */
export function addPersonEvent(graph: Graph, input: { profileId: string; fields: EventFields } & FactsContext): FactsOutcome<{ eventId: string }> {
  const problem = fieldProblem(input.fields, PERSON_EVENT_TYPES);
  if (problem) return { ok: false, message: problem };
  const draft = new FactsDraft(graph);
  const p = personOf(draft, input.profileId);
  const refused = unwritable(p);
  if (refused || !p) return { ok: false, message: refused ?? RELATIONSHIP_MESSAGES.unknownProfile };
  const event: FactEvent = { id: newFactId('ev', input.random), ...clean(input.fields), placeId: placeFor(draft, input.fields, input.random) };
  writePerson(draft, p, [...(p.events ?? []), event], input);
  return { ok: true, ...draft.finish(), eventId: event.id };
}

/** Changes a person's event (its id stays). */
export function editPersonEvent(graph: Graph, input: { profileId: string; eventId: string; fields: EventFields } & FactsContext): FactsOutcome {
  const problem = fieldProblem(input.fields, PERSON_EVENT_TYPES);
  if (problem) return { ok: false, message: problem };
  const draft = new FactsDraft(graph);
  const p = personOf(draft, input.profileId);
  const refused = unwritable(p);
  if (refused || !p) return { ok: false, message: refused ?? RELATIONSHIP_MESSAGES.unknownProfile };
  const events = p.events ?? [];
  const at = events.findIndex((e) => e.id === input.eventId);
  if (at < 0) return { ok: false, message: EVENT_MESSAGES.unknownEvent };
  const next = events.slice();
  next[at] = { id: input.eventId, ...clean(input.fields), placeId: placeFor(draft, input.fields, input.random) };
  writePerson(draft, p, next, input);
  return { ok: true, ...draft.finish() };
}

/** Removes a person's event. Its place stays: other events may name it, and it is offered again. */
export function removePersonEvent(graph: Graph, input: { profileId: string; eventId: string } & Omit<FactsContext, 'random'>): FactsOutcome {
  const draft = new FactsDraft(graph);
  const p = personOf(draft, input.profileId);
  const refused = unwritable(p);
  if (refused || !p) return { ok: false, message: refused ?? RELATIONSHIP_MESSAGES.unknownProfile };
  const events = p.events ?? [];
  if (!events.some((e) => e.id === input.eventId)) return { ok: false, message: EVENT_MESSAGES.unknownEvent };
  draft.draft.setProfile({ ...p, events: events.filter((e) => e.id !== input.eventId), updatedBy: input.uid, updatedAt: input.now });
  return { ok: true, ...draft.finish() };
}

/** Whether two profiles are spouses (each lists the other), which a couple entity requires. */
export function areSpouses(graph: Graph, a: string, b: string): boolean {
  const pa = graph.profiles[a];
  const pb = graph.profiles[b];
  return a !== b && !!pa && !!pb && pa.spouses.includes(b) && pb.spouses.includes(a);
}

/** The couple of two spouses, with its events; an empty one when none was made yet. */
export function coupleOf(graph: Graph, a: string, b: string): Couple {
  const id = coupleId(a, b);
  return graph.couples?.[id] ?? { id, partners: a < b ? [a, b] : [b, a], events: [] };
}

/**
 * Writes a couple's events. Both partners are re-set as they are: the couple's events are part of
 * what each partner's details show and search finds them by (their places), so an update names
 * them; and a graph operation hands on a new graph only when it wrote a profile (`FactsDraft.finish`).
 */
function writeCouple(draft: FactsDraft, couple: Couple, events: FactEvent[]) {
  draft.setCouple({ ...couple, events });
  for (const id of couple.partners) draft.draft.setProfile(draft.draft.profile(id)!);
}

function spousesProblem(graph: Graph, a: string, b: string): string | null {
  return areSpouses(graph, a, b) ? null : EVENT_MESSAGES.notSpouses;
}

/** Adds an event to a couple (two spouses), making the couple entity when it is their first. */
export function addCoupleEvent(graph: Graph, input: { partners: [string, string]; fields: EventFields } & FactsContext): FactsOutcome<{ eventId: string }> {
  const [a, b] = input.partners;
  const problem = spousesProblem(graph, a, b) ?? fieldProblem(input.fields, COUPLE_EVENT_TYPES);
  if (problem) return { ok: false, message: problem };
  const draft = new FactsDraft(graph);
  const couple = coupleOf(graph, a, b);
  const event: FactEvent = { id: newFactId('ev', input.random), ...clean(input.fields), placeId: placeFor(draft, input.fields, input.random) };
  writeCouple(draft, couple, [...couple.events, event]);
  return { ok: true, ...draft.finish(), eventId: event.id };
}

export function editCoupleEvent(graph: Graph, input: { partners: [string, string]; eventId: string; fields: EventFields } & FactsContext): FactsOutcome {
  const [a, b] = input.partners;
  const problem = spousesProblem(graph, a, b) ?? fieldProblem(input.fields, COUPLE_EVENT_TYPES);
  if (problem) return { ok: false, message: problem };
  const draft = new FactsDraft(graph);
  const couple = coupleOf(graph, a, b);
  const at = couple.events.findIndex((e) => e.id === input.eventId);
  if (at < 0) return { ok: false, message: EVENT_MESSAGES.unknownEvent };
  const events = couple.events.slice();
  events[at] = { id: input.eventId, ...clean(input.fields), placeId: placeFor(draft, input.fields, input.random) };
  writeCouple(draft, couple, events);
  return { ok: true, ...draft.finish() };
}

/** Removes a couple's event; the couple entity stays (empty), as the partners are still spouses. */
export function removeCoupleEvent(graph: Graph, input: { partners: [string, string]; eventId: string }): FactsOutcome {
  const [a, b] = input.partners;
  const couple = coupleOf(graph, a, b);
  if (!couple.events.some((e) => e.id === input.eventId)) return { ok: false, message: EVENT_MESSAGES.unknownEvent };
  const draft = new FactsDraft(graph);
  writeCouple(draft, couple, couple.events.filter((e) => e.id !== input.eventId));
  return { ok: true, ...draft.finish() };
}
