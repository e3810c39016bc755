import type { ChangeSet, ProfilePatch } from './changeSet.ts';
import { COUPLE_EVENT_TYPE_SET, PERSON_EVENT_TYPE_SET } from './facts/limits.ts';
import type { Citation, Couple, FactEvent, NotDuplicate, PersonName, Place, Source } from './facts/types.ts';
import { isNodeId, isProfileId } from './ids.ts';
import { isMediaId, mediaEqual, mediaShapeProblem, normaliseMedia, viewerSeesMedia } from './media/model.ts';
import type { Media } from './media/types.ts';
import {
  couplesEqual,
  edgesEqual,
  citationsEqual,
  eventsEqual,
  namesEqual,
  nodesEqual,
  normaliseCitation,
  normaliseCouple,
  normaliseEdge,
  normaliseEvent,
  normaliseName,
  normaliseNode,
  normaliseNotDuplicate,
  notDuplicatesEqual,
  normalisePlace,
  normaliseSource,
  placesEqual,
  sourcesEqual,
} from './snapshot.ts';
import type { Graph, GraphEdge, GraphNode } from './types.ts';
import {
  coupleShapeProblem,
  edgeShapeProblem,
  isItemId,
  nodeShapeProblem,
  notDuplicateShapeProblem,
  patchShapeProblem,
  placeShapeProblem,
  sourceShapeProblem,
} from './validation/entityShapes.ts';

/**
 * The registry of entity kinds a change set carries (DESIGN.md "Data"): one place that says, for
 * each kind, how it travels (whole or as patches; required or optional on the wire), how the graph
 * holds it (an ordered list or a record by id), how it is compared, normalised and shape-checked,
 * and what a viewer receives of it. `changeSet.ts` (diff, apply, count), `changeSetChunks.ts`,
 * `applyChangeSets.ts`, `save/validate.ts`, `privacy.ts` and the stores walk this list instead of
 * naming kinds one by one; a new kind is declared here once and the rest follow. Rules that are
 * the kind's own (rights, invariants) stay where those rules live.
 */

export interface Group<T> {
  upsert: T[];
  remove: string[];
}

interface KindBase {
  /** What a message calls one item ('card', 'line', …). */
  what: string;
  /**
   * Absent on the wire means empty: kinds added after change sets were first logged, so an older
   * client's change set and the change log's old entries stay valid.
   */
  optional: boolean;
  /** The shape of one upserted item as received; null when well formed. */
  shapeProblem(v: unknown): string | null;
  /** Whether a removed id has the kind's form. */
  isId(v: unknown): boolean;
}

/** Sent whole: an upsert replaces what is stored (last writer wins per item). */
export interface WholeKind<T extends { id: string }> extends KindBase {
  form: 'whole';
  /** `Graph[key]` is an ordered list (drawing order matters) or a record by id. */
  storage: 'list' | 'record';
  normalise(item: T): T;
  equal(a: T, b: T): boolean;
  /** What a viewer receives of an item, given whether they see a person whole; absent: all of it. */
  redact?(item: T, seesWhole: (profileId: string) => boolean): T;
}

/** Sent as patches (profiles: per field, relationship lists as sets, events and names per item). */
export interface PatchKind extends KindBase {
  form: 'patch';
}

export const ENTITY_KINDS = {
  nodes: {
    form: 'whole', what: 'card', optional: false, storage: 'list',
    normalise: normaliseNode, equal: nodesEqual, shapeProblem: nodeShapeProblem, isId: isNodeId,
  } satisfies WholeKind<GraphNode>,
  edges: {
    form: 'whole', what: 'line', optional: false, storage: 'list',
    normalise: normaliseEdge, equal: edgesEqual, shapeProblem: edgeShapeProblem, isId: isItemId,
  } satisfies WholeKind<GraphEdge>,
  profiles: {
    form: 'patch', what: 'profile', optional: false,
    shapeProblem: (v: unknown) => patchShapeProblem(v, PERSON_EVENT_TYPE_SET), isId: isProfileId,
  } satisfies PatchKind,
  places: {
    form: 'whole', what: 'place', optional: true, storage: 'record',
    normalise: normalisePlace, equal: placesEqual, shapeProblem: placeShapeProblem, isId: isItemId,
  } satisfies WholeKind<Place>,
  couples: {
    form: 'whole', what: 'couple', optional: true, storage: 'record',
    normalise: normaliseCouple, equal: couplesEqual, shapeProblem: (v: unknown) => coupleShapeProblem(v, COUPLE_EVENT_TYPE_SET), isId: isItemId,
    // A couple's events tell of both partners: a viewer gets them only when both are seen whole.
    // So do its note and citations.
    redact: (c: Couple, seesWhole: (id: string) => boolean) => (hasCoupleFacts(c) && !c.partners.every(seesWhole) ? { id: c.id, partners: c.partners, events: [] } : c),
  } satisfies WholeKind<Couple>,
  sources: {
    form: 'whole', what: 'source', optional: true, storage: 'record',
    // A source tells of no one by itself (what it supports travels as citations with the facts).
    normalise: normaliseSource, equal: sourcesEqual, shapeProblem: sourceShapeProblem, isId: isItemId,
  } satisfies WholeKind<Source>,
  // "Not a duplicate" pairs (issue 24): per tree, riding the save path so both backends, undo and
  // live updates carry them; two ids tell a viewer nothing the cards do not.
  notDuplicates: {
    form: 'whole', what: 'pair', optional: true, storage: 'record',
    normalise: normaliseNotDuplicate, equal: notDuplicatesEqual, shapeProblem: notDuplicateShapeProblem, isId: isItemId,
  } satisfies WholeKind<NotDuplicate>,
  media: {
    form: 'whole', what: 'photo or document', optional: true, storage: 'record',
    normalise: normaliseMedia, equal: mediaEqual, shapeProblem: mediaShapeProblem, isId: isMediaId,
    // A photo tells of everyone in it: a viewer gets it only when every one of them is seen whole.
    // `privacy.ts` drops what this empties (no title, no files) from what a viewer receives.
    redact: (m: Media, seesWhole: (id: string) => boolean) => (viewerSeesMedia(m, seesWhole) ? m : HIDDEN_MEDIA(m)),
  } satisfies WholeKind<Media>,
} as const;

export type KindKey = keyof typeof ENTITY_KINDS;
/** Every kind, in the order a change set's JSON (and a chunk body) holds them. */
export const KIND_KEYS = Object.keys(ENTITY_KINDS) as KindKey[];
/** The kinds sent whole, each with the item type the graph holds. */
export type WholeKey = 'nodes' | 'edges' | 'places' | 'couples' | 'sources' | 'notDuplicates' | 'media';
export const WHOLE_KEYS: readonly WholeKey[] = ['nodes', 'edges', 'places', 'couples', 'sources', 'notDuplicates', 'media'];
/** The kinds sent whole that the graph holds as records by id. */
export type RecordKey = 'places' | 'couples' | 'sources' | 'notDuplicates' | 'media';

/** A media record as a viewer who may not see it would get it: only who it is of, no files. */
function HIDDEN_MEDIA(m: Media): Media {
  return { id: m.id, kind: m.kind, title: '', date: '', description: '', people: m.people, couples: m.couples, url: '', thumb: '', thumbSmall: '', contentType: '', bytes: 0 };
}

function hasCoupleFacts(c: Couple): boolean {
  return c.events.length > 0 || !!c.note || !!c.citations?.length;
}

export interface ItemOf {
  nodes: GraphNode;
  edges: GraphEdge;
  profiles: ProfilePatch;
  places: Place;
  couples: Couple;
  sources: Source;
  notDuplicates: NotDuplicate;
  media: Media;
}

export function wholeKind<K extends WholeKey>(key: K): WholeKind<ItemOf[K]> {
  return ENTITY_KINDS[key] as unknown as WholeKind<ItemOf[K]>;
}

/** Shared by every absent group: never written to. */
const EMPTY_GROUP: Group<never> = Object.freeze({ upsert: Object.freeze([]) as unknown as never[], remove: Object.freeze([]) as unknown as string[] });

/** A change set's group of a kind; an optional kind absent from it reads as empty. */
export function groupOf<K extends KindKey>(cs: ChangeSet, key: K): Group<ItemOf[K]> {
  return (cs[key] as Group<ItemOf[K]> | undefined) ?? EMPTY_GROUP;
}

export function groupSize(g: Group<unknown>): number {
  return g.upsert.length + g.remove.length;
}

/** The graph's items of a kind sent whole, by id (a list kind is indexed by the caller). */
export function recordOf<K extends RecordKey>(graph: Graph, key: K): Readonly<Record<string, ItemOf[K]>> {
  return (graph[key] as Record<string, ItemOf[K]> | undefined) ?? EMPTY_RECORD;
}

const EMPTY_RECORD: Readonly<Record<string, never>> = Object.freeze({});

/**
 * The lists of a profile patched per item by id (`ProfilePatch.events`, `.names`): two members
 * editing different events of one person both keep their edits; the same event edited twice ends
 * as the later save sent it.
 */
export interface ProfilePart<T extends { id: string }> {
  key: 'events' | 'names' | 'citations';
  normalise(item: T): T;
  equal(a: T, b: T): boolean;
}

export const PROFILE_PARTS = [
  { key: 'events', normalise: normaliseEvent, equal: eventsEqual } satisfies ProfilePart<FactEvent>,
  { key: 'names', normalise: normaliseName, equal: namesEqual } satisfies ProfilePart<PersonName>,
  { key: 'citations', normalise: normaliseCitation, equal: citationsEqual } satisfies ProfilePart<Citation>,
] as const;
