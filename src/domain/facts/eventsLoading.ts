import type { Graph, Profile } from '../types.ts';
import type { FactEvent, PersonEventType } from './types.ts';
import type { ItemPatch } from '../changeSet.ts';

/**
 * Events loaded per person (issue 20, "bytes on the wire for the open grow by at most half"). The
 * open of a tree leaves people's events on the server: what an event costs on the wire is its
 * random parts (ids, citation pages), which no packing removes. A profile whose events were left
 * out carries `eventsNotLoaded`, the explicit marker, holding the outline the open's screens read
 * without the events: search's places ("born in Kensington") and privacy's "a death, burial or
 * cremation is recorded". The details panel, Timeline and the event editor load a person's
 * events when they show them; tree-wide readers (GEDCOM export, the places, sources and
 * duplicates dialogs, Timeline's relatives) load everyone's first.
 *
 * The rule every reader and writer keeps: "not loaded" is never "no events". Diff sends no
 * removal for a profile whose events are not loaded, apply keeps the marker (a patch's events
 * join the outline, not the list), and loading replaces the marker with the list as the server
 * has it.
 */

/** What an operation that needs events answers while they are loading (its dialog loads them first). */
export const EVENTS_NOT_LOADED = 'The events are still loading: try again in a moment';

/** What the open says of one left-out event: its type and place (no id, date or citations). */
export interface EventOutline {
  type: PersonEventType;
  placeId: string;
  /** A custom event's type, for search's "why it matched"; absent otherwise. */
  customType?: string;
}

/** Events that decide §6's living rule by themselves (webtrees' `isDead`). */
const DEATH_TYPES: readonly string[] = ['DEAT', 'BURI', 'CREM'];

/** Whether a profile's events are at hand (a profile without the marker has all of them, or none). */
export function eventsLoaded(p: Pick<Profile, 'eventsNotLoaded'>): boolean {
  return p.eventsNotLoaded === undefined;
}

/** The outline of events: the ones with a place or a death's type, each (type, place) once. */
export function outlineOf(events: readonly Pick<FactEvent, 'type' | 'placeId' | 'customType'>[]): EventOutline[] {
  const out: EventOutline[] = [];
  const seen = new Set<string>();
  for (const e of events) {
    if (!e.placeId && !DEATH_TYPES.includes(e.type)) continue;
    const custom = e.type === 'EVEN' && e.customType ? e.customType : '';
    const key = `${e.type}\u0000${e.placeId}\u0000${custom}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(custom ? { type: e.type as PersonEventType, placeId: e.placeId, customType: custom } : { type: e.type as PersonEventType, placeId: e.placeId });
  }
  return out;
}

/** The profile as the open sends it: events replaced by the marker and their outline; one without events as it is. */
export function leaveEventsOut(p: Profile): Profile {
  if (!p.events?.length) return p;
  const { events, ...rest } = p;
  return { ...rest, eventsNotLoaded: outlineOf(events) };
}

/** The graph as an open sends it: every person's events left out (`leaveEventsOut`); couples' stay. */
export function graphWithoutEvents<G extends Graph>(graph: G): G {
  const profiles: Record<string, Profile> = {};
  for (const id in graph.profiles) profiles[id] = leaveEventsOut(graph.profiles[id]!);
  return { ...graph, profiles };
}

/** The graph with these people's events loaded (a reader outside the tree screen: the profile's Timeline). */
export function graphWithLoadedEvents<G extends Graph>(graph: G, events: Readonly<Record<string, readonly FactEvent[]>>): G {
  const profiles = { ...graph.profiles };
  for (const id in events) if (Object.hasOwn(profiles, id)) profiles[id] = withLoadedEvents(profiles[id]!, events[id]!);
  return { ...graph, profiles };
}

/** The profile with its events as the server has them: the marker gone. One already loaded stays as it is. */
export function withLoadedEvents(p: Profile, events: readonly FactEvent[]): Profile {
  if (eventsLoaded(p)) return p;
  const { eventsNotLoaded: _, ...rest } = p;
  return events.length ? { ...rest, events: [...events] } : rest;
}

/**
 * The events a reader that only needs types and places sees: the list when loaded, else the
 * outline (search, privacy's living rule). Never a reason to write events back.
 */
export function eventsOrOutline(p: Pick<Profile, 'events' | 'eventsNotLoaded'>): readonly (EventOutline | FactEvent)[] {
  return p.eventsNotLoaded ?? p.events ?? [];
}

/**
 * A patch's events applied to a profile whose events are not loaded: the list stays unknown
 * (the marker stays), what the patch upserts joins the outline so search and privacy see it
 * at once. A removal cannot be told apart in the outline; it shows once the events are loaded.
 */
export function outlineWithPatch(outline: readonly EventOutline[], patch: ItemPatch<FactEvent>): EventOutline[] {
  return patch.upsert.length ? outlineOf([...outline.map((o) => ({ ...o, customType: o.customType ?? '' })), ...patch.upsert]) : [...outline];
}

/** The ids of people among `ids` (all the graph's when absent) whose events are not loaded. */
export function idsWithoutEvents(profiles: Readonly<Record<string, Profile>>, ids?: readonly string[]): string[] {
  const out: string[] = [];
  for (const id of ids ?? Object.keys(profiles)) {
    const p = Object.hasOwn(profiles, id) ? profiles[id] : undefined;
    if (p && !eventsLoaded(p)) out.push(id);
  }
  return out;
}
