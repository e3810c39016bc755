import { eventsOrOutline } from '../facts/eventsLoading.ts';
import { eventAtPlace } from '../facts/eventLabels.ts';
import { NAME_KIND_LABELS, nameLine, nameWords } from '../facts/names.ts';
import { fullPlaceName } from '../facts/placeOps.ts';
import { coupleId, type EventType, type FactEvent, type Place } from '../facts/types.ts';
import type { Graph, Profile } from '../types.ts';
import { foldWords } from './fold.ts';

/**
 * What search knows of a person's facts (issue "Facts a genealogist can trust", item 7): every
 * other name they go by, and the full names of the places of their events and their couples'
 * events. "Kensington" finds the people with an event there; "born in Kensington" only those
 * born there; a result says why it matched when their own name does not ("Born in Kensington Palace").
 */

export type FactsOfGraph = Pick<Graph, 'places' | 'couples'>;

/** A person's events with a place (their outline when not loaded), their couples' included. */
export function eventsWithPlaces(p: Profile, graph: FactsOfGraph): Pick<FactEvent, 'type' | 'placeId' | 'customType'>[] {
  const out: Pick<FactEvent, 'type' | 'placeId' | 'customType'>[] = eventsOrOutline(p).flatMap((e) => (e.placeId ? [{ type: e.type, placeId: e.placeId, customType: e.customType ?? '' }] : []));
  if (graph.couples) for (const s of p.spouses) for (const e of graph.couples[coupleId(p.id, s)]?.events ?? []) if (e.placeId) out.push(e);
  return out;
}

/** Shared answer for the many people with nothing more to index (no allocation per person). */
const NONE: readonly string[] = [];

/** The full names of the places of a person's events, each once. */
export function placeTexts(p: Profile, graph: FactsOfGraph): readonly string[] {
  if (!p.events?.length && !p.eventsNotLoaded?.length && !(graph.couples && p.spouses.length)) return NONE;
  const places = graph.places ?? {};
  return [...new Set(eventsWithPlaces(p, graph).map((e) => fullPlaceName(places, e.placeId)).filter(Boolean))];
}

/** The words of a person's other names (parts and nicknames). */
export function otherNameTexts(p: Profile): readonly string[] {
  return p.names?.length ? p.names.flatMap(nameWords) : NONE;
}

/** Words that say which events a place query means, and the events they mean. */
const EVENT_WORDS: Readonly<Record<string, readonly EventType[]>> = {
  born: ['BIRT'],
  christened: ['CHR', 'BAPM'],
  baptised: ['BAPM', 'CHR'],
  baptized: ['BAPM', 'CHR'],
  died: ['DEAT'],
  buried: ['BURI'],
  cremated: ['CREM'],
  married: ['MARR'],
  lived: ['RESI'],
  worked: ['OCCU'],
};

export interface FactQuery {
  /** What the people index is asked for. */
  text: string;
  /** The events a place query names ("born in …"); null for any. */
  types: readonly EventType[] | null;
}

/** "born in Kensington" → Kensington, births only; anything else as typed. */
export function parseFactQuery(query: string): FactQuery {
  const m = /^\s*(\p{L}+)\s+(?:in|at)\s+(\S.*)$/iu.exec(query);
  const types = m ? EVENT_WORDS[m[1]!.toLowerCase()] : undefined;
  return types ? { text: m![2]!.trim(), types } : { text: query.trim(), types: null };
}

/** The folded words of a text, first spellings. */
function words(text: string): string[] {
  return foldWords(text, true).flatMap((w) => [...w]);
}

/** Whether each query word begins some word of `of` (the index's own rule, short of inside matches). */
function covers(query: readonly (readonly string[])[], of: readonly string[]): boolean {
  return query.every((q) => q.some((s) => of.some((w) => w.startsWith(s))));
}

/**
 * Why a person matched a query, when it is not their own name: "Also known as “Bertie”",
 * "Born in Kensington Palace, London, England"; '' when their name (or year) says it, or when
 * nothing does. With `types` (a "born in …" query), only a place of those events counts, and
 * `null` means the person does not match at all.
 */
export function factMatch(p: Profile, graph: FactsOfGraph, query: FactQuery): string | null {
  const typed = foldWords(query.text);
  if (!typed.length) return '';
  const places = graph.places ?? {};
  const placeReason = () => {
    for (const e of eventsWithPlaces(p, graph)) {
      if (query.types && !query.types.includes(e.type)) continue;
      const name = fullPlaceName(places, e.placeId);
      if (covers(typed, words(name))) return eventAtPlace(e, placeName(places, e.placeId, typed));
    }
    return null;
  };
  if (query.types) return placeReason();
  const own = words([p.firstName, p.lastName, p.mothersMaidenName, p.email, p.birthYear].join(' '));
  if (covers(typed, own)) return '';
  for (const n of p.names ?? []) {
    if (covers(typed, [...own, ...words(nameWords(n).join(' '))])) return `${NAME_KIND_LABELS[n.kind]} ${nameLine(n)}`;
  }
  return placeReason() ?? '';
}

/** A place named from the level the query found up ("Kensington Palace, London, England"). */
function placeName(places: Readonly<Record<string, Place>>, id: string, typed: readonly (readonly string[])[]): string {
  for (let p: Place | undefined = places[id], seen = 0; p && seen < 64; p = places[p.parentId], seen++) {
    if (typed.some((q) => q.some((s) => words(p!.name).some((w) => w.startsWith(s))))) return fullPlaceName(places, p.id);
  }
  return fullPlaceName(places, id);
}
