import { EVENTS_NOT_LOADED, idsWithoutEvents } from './eventsLoading.ts';
import type { Graph, Profile } from '../types.ts';
import { FACT_LIMITS } from './limits.ts';
import { couplesOf, FactsDraft, placesOf, type FactsOutcome } from './factsResult.ts';
import { findPlace, fullPlaceName } from './placeOps.ts';
import type { FactEvent, Place } from './types.ts';

/**
 * Editing the tree's places (issue 20, item 3): rename, kind, coordinates, other names and the
 * enclosing place; merging two places into one (every event re-pointed); removing a place no
 * event names. Pure and undoable like every facts operation (`undoFacts`).
 *
 * The people whose events (or whose couples' events) name a changed place are re-set with it: what
 * search finds them by and what their details show changes with the place's name. A re-set
 * profile that is the same sends nothing (the session sends what differs).
 */

export const PLACE_MESSAGES = {
  unknownPlace: 'That place is no longer there',
  nameRequired: 'Give the place a name',
  nameTooLong: `A place name is at most ${FACT_LIMITS.placeName} characters`,
  kindTooLong: `A kind of place is at most ${FACT_LIMITS.placeKind} characters`,
  latitude: 'Latitude is a number between -90 and 90',
  longitude: 'Longitude is a number between -180 and 180',
  bothCoordinates: 'Give both latitude and longitude, or neither',
  tooManyAltNames: `A place has at most ${FACT_LIMITS.altNames} other names`,
  insideItself: 'A place cannot be inside itself or a place within it',
  tooDeep: `A place hierarchy has at most ${FACT_LIMITS.placeDepth} levels`,
  sameName: (full: string) => `${full} is already a place: merge the two instead`,
  mergeSelf: 'Choose another place to merge with',
  /** Why a place in use stays (said in the dialog, and toasted should it be asked anyway). */
  inUse: (events: number) => `${events === 1 ? '1 event names' : `${events} events name`} this place: merge it into another place instead of removing it`,
  hasPlaces: 'Places inside this place name it: move or merge them first',
} as const;

/** What the place dialog edits: everything of a place but its id. */
export type PlaceFields = Omit<Place, 'id'>;

/** Every event of the tree that names a place, with whose it is (a profile or a couple). */
function* eventsOf(graph: Graph): Generator<{ event: FactEvent; profileId?: string; coupleId?: string }> {
  for (const id in graph.profiles) for (const event of graph.profiles[id]!.events ?? []) if (event.placeId) yield { event, profileId: id };
  const couples = couplesOf(graph);
  for (const id in couples) for (const event of couples[id]!.events) if (event.placeId) yield { event, coupleId: id };
}

/** How many events name each place (places no event names are absent). One pass over the tree. */
export function placeUsage(graph: Graph): Map<string, number> {
  const out = new Map<string, number>();
  for (const { event } of eventsOf(graph)) out.set(event.placeId, (out.get(event.placeId) ?? 0) + 1);
  return out;
}

/** The places directly inside a place. */
export function placesInside(places: Readonly<Record<string, Place>>, id: string): Place[] {
  return Object.values(places).filter((p) => p.parentId === id);
}

/** The places a place may be moved into: any but itself and the places within it. */
export function possibleParents(places: Readonly<Record<string, Place>>, id: string): Place[] {
  return Object.values(places).filter((p) => !isWithin(places, p.id, id));
}

/** Whether `id` is `ancestor` or lies within it. */
function isWithin(places: Readonly<Record<string, Place>>, id: string, ancestor: string): boolean {
  const seen = new Set<string>();
  for (let at: string = id; at && !seen.has(at); at = places[at]?.parentId ?? '') {
    if (at === ancestor) return true;
    seen.add(at);
  }
  return false;
}

function depthOf(places: Readonly<Record<string, Place>>, id: string): number {
  let depth = 0;
  const seen = new Set<string>();
  for (let at: string = id; at && !seen.has(at); at = places[at]?.parentId ?? '') seen.add(at), depth++;
  return depth;
}

/** The deepest level below a place, counting itself (1 for a place with nothing inside). */
function heightOf(places: Readonly<Record<string, Place>>, id: string): number {
  const inside = placesInside(places, id);
  return 1 + Math.max(0, ...inside.map((p) => heightOf(places, p.id)));
}

const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

function cleanFields(fields: PlaceFields): PlaceFields {
  const name = tidy(fields.name);
  const altNames: string[] = [];
  for (const raw of fields.altNames) {
    const alt = tidy(raw);
    if (alt && alt !== name && !altNames.includes(alt)) altNames.push(alt);
  }
  return {
    name,
    parentId: fields.parentId,
    kind: fields.kind.trim(),
    latitude: fields.latitude,
    longitude: fields.longitude,
    altNames,
  };
}

function fieldsProblem(places: Readonly<Record<string, Place>>, id: string, f: PlaceFields): string | null {
  if (!f.name) return PLACE_MESSAGES.nameRequired;
  if (f.name.length > FACT_LIMITS.placeName || f.altNames.some((n) => n.length > FACT_LIMITS.placeName)) return PLACE_MESSAGES.nameTooLong;
  if (f.kind.length > FACT_LIMITS.placeKind) return PLACE_MESSAGES.kindTooLong;
  if ((f.latitude === null) !== (f.longitude === null)) return PLACE_MESSAGES.bothCoordinates;
  if (f.latitude !== null && !(Number.isFinite(f.latitude) && Math.abs(f.latitude) <= 90)) return PLACE_MESSAGES.latitude;
  if (f.longitude !== null && !(Number.isFinite(f.longitude) && Math.abs(f.longitude) <= 180)) return PLACE_MESSAGES.longitude;
  if (f.altNames.length > FACT_LIMITS.altNames) return PLACE_MESSAGES.tooManyAltNames;
  if (f.parentId && (!places[f.parentId] || isWithin(places, f.parentId, id))) return f.parentId && !places[f.parentId] ? PLACE_MESSAGES.unknownPlace : PLACE_MESSAGES.insideItself;
  if ((f.parentId ? depthOf(places, f.parentId) : 0) + heightOf(places, id) > FACT_LIMITS.placeDepth) return PLACE_MESSAGES.tooDeep;
  const twin = findPlace(places, f.name, f.parentId);
  if (twin && twin.id !== id) return PLACE_MESSAGES.sameName(fullPlaceName(places, twin.id));
  return null;
}

/** Re-sets the people whose events (their own or their couples') name one of `placeIds`, changing those events with `change`. */
function touchUsers(draft: FactsDraft, placeIds: ReadonlySet<string>, change: (e: FactEvent) => FactEvent) {
  const graph = draft.base;
  const users = new Set<string>();
  for (const { event, profileId, coupleId } of eventsOf(graph)) {
    if (!placeIds.has(event.placeId)) continue;
    if (profileId) users.add(profileId);
    if (coupleId) {
      const couple = draft.couple(coupleId)!;
      for (const p of couple.partners) users.add(p);
      const events = couple.events.map((e) => (placeIds.has(e.placeId) ? change(e) : e));
      if (events.some((e, i) => e !== couple.events[i])) draft.setCouple({ ...couple, events });
    }
  }
  for (const id of users) {
    const p: Profile | undefined = draft.draft.profile(id);
    if (!p) continue;
    const events = p.events?.map((e) => (placeIds.has(e.placeId) ? change(e) : e));
    draft.draft.setProfile(events && events.some((e, i) => e !== p.events![i]) ? { ...p, events } : p);
  }
}

/** Changes a place's name, kind, coordinates, other names or enclosing place. */
export function editPlace(graph: Graph, input: { placeId: string; fields: PlaceFields }): FactsOutcome {
  const places = placesOf(graph);
  const place = places[input.placeId];
  if (!place) return { ok: false, message: PLACE_MESSAGES.unknownPlace };
  const fields = cleanFields(input.fields);
  const problem = fieldsProblem(places, place.id, fields);
  if (problem) return { ok: false, message: problem };
  const draft = new FactsDraft(graph);
  draft.setPlace({ id: place.id, ...fields });
  touchUsers(draft, withInside(places, place.id), (e) => e);
  return { ok: true, ...draft.finish() };
}

/** A place and every place within it. */
function withInside(places: Readonly<Record<string, Place>>, id: string): Set<string> {
  const out = new Set<string>();
  for (const pid in places) if (isWithin(places, pid, id)) out.add(pid);
  return out;
}

/**
 * Merges `mergeId` into `keepId`: the events naming it name the kept place, the places inside it
 * move into the kept place (one of the same name already there is merged with it in turn), and
 * its names become the kept place's other names. The kept place keeps its own fields (its
 * coordinates and kind taken from the merged one when it has none). Refused when the kept place
 * lies within the merged one.
 */
export function mergePlaces(graph: Graph, input: { keepId: string; mergeId: string }): FactsOutcome {
  const places = placesOf(graph);
  if (!places[input.keepId] || !places[input.mergeId]) return { ok: false, message: PLACE_MESSAGES.unknownPlace };
  if (input.keepId === input.mergeId) return { ok: false, message: PLACE_MESSAGES.mergeSelf };
  if (isWithin(places, input.keepId, input.mergeId)) return { ok: false, message: PLACE_MESSAGES.insideItself };
  // Every event naming the place moves: none may be left on the server (facts/eventsLoading.ts).
  if (idsWithoutEvents(graph.profiles).length) return { ok: false, message: EVENTS_NOT_LOADED };
  const draft = new FactsDraft(graph);
  const into = new Map<string, string>();
  mergeInto(draft, input.keepId, input.mergeId, into);
  touchUsers(draft, new Set(into.keys()), (e) => ({ ...e, placeId: into.get(e.placeId)! }));
  return { ok: true, ...draft.finish() };
}

function mergeInto(draft: FactsDraft, keepId: string, goneId: string, into: Map<string, string>) {
  const keep = draft.place(keepId)!;
  const gone = draft.place(goneId)!;
  const names = [...keep.altNames];
  for (const n of [gone.name, ...gone.altNames]) if (n !== keep.name && !names.includes(n)) names.push(n);
  const coordinates = keep.latitude === null && gone.latitude !== null ? { latitude: gone.latitude, longitude: gone.longitude } : {};
  draft.setPlace({ ...keep, ...coordinates, kind: keep.kind || gone.kind, altNames: names.slice(0, FACT_LIMITS.altNames) });
  into.set(goneId, keepId);
  for (const inside of placesInside(draft.allPlaces(), goneId)) {
    const twin = findPlace(draft.allPlaces(), inside.name, keepId);
    if (twin) mergeInto(draft, twin.id, inside.id, into);
    else draft.setPlace({ ...inside, parentId: keepId });
  }
  draft.removePlace(goneId);
}

/** Removes a place no event names and no place lies in; refused with why otherwise. */
export function removePlace(graph: Graph, input: { placeId: string }): FactsOutcome {
  const places = placesOf(graph);
  if (!places[input.placeId]) return { ok: false, message: PLACE_MESSAGES.unknownPlace };
  if (idsWithoutEvents(graph.profiles).length) return { ok: false, message: EVENTS_NOT_LOADED };
  const used = placeUsage(graph).get(input.placeId) ?? 0;
  if (used) return { ok: false, message: PLACE_MESSAGES.inUse(used) };
  if (placesInside(places, input.placeId).length) return { ok: false, message: PLACE_MESSAGES.hasPlaces };
  const draft = new FactsDraft(graph);
  draft.removePlace(input.placeId);
  return { ok: true, ...draft.finish() };
}
