import type { Graph, GraphEdge, GraphNode, Profile } from './types.ts';
import type { Citation, Couple, FactEvent, NotDuplicate, PersonName, Place, Source } from './facts/types.ts';
import { normaliseMedia } from './media/model.ts';
import type { Media } from './media/types.ts';
import { RELATION_FIELDS, SCALAR_FIELDS } from './profile.ts';

/**
 * Normalised copies of graph entities: only the persistent fields, in a fixed key order, so that
 * canvas state (selected, dragging, width, measured sizes, …) never counts as an unsaved change
 * and two equal graphs serialise to the same text.
 */

export function normaliseNode(n: GraphNode): GraphNode {
  return {
    id: n.id,
    type: n.type,
    position: { x: n.position.x, y: n.position.y },
    modifiedAt: n.modifiedAt,
    hidden: !!n.hidden,
    data: { profileId: n.data.profileId, parentRole: n.data.parentRole, isPrimary: !!n.data.isPrimary },
  };
}

export function normaliseEdge(e: GraphEdge): GraphEdge {
  return {
    id: e.id,
    source: e.source,
    target: e.target,
    sourceHandle: e.sourceHandle,
    targetHandle: e.targetHandle,
    type: e.type,
    hidden: !!e.hidden,
    // Absent unless set: lines stored before pedigrees existed keep their shape.
    data: e.data.pedigree ? { kind: e.data.kind, pedigree: e.data.pedigree } : { kind: e.data.kind },
  };
}

export function normaliseProfile(p: Profile): Profile {
  const out = { id: p.id } as Record<string, unknown>;
  for (const f of SCALAR_FIELDS) out[f] = p[f] ?? '';
  for (const f of RELATION_FIELDS) out[f] = [...(p[f] ?? [])];
  // Absent unless there are some: profiles stored before the facts model keep their shape.
  if (p.events?.length) out.events = p.events.map(normaliseEvent);
  if (p.names?.length) out.names = p.names.map(normaliseName);
  if (p.citations?.length) out.citations = p.citations.map(normaliseCitation);
  return out as unknown as Profile;
}

export function normaliseEvent(e: FactEvent): FactEvent {
  const out: FactEvent = { id: e.id, type: e.type, customType: e.customType ?? '', date: e.date ?? '', placeId: e.placeId ?? '', description: e.description ?? '', age: e.age ?? '' };
  return withEvidence(out, e);
}

/**
 * Adds a note and citations when there are some: events, names and couples stored before sources
 * existed keep their shape (and their snapshots their text).
 */
function withEvidence<T extends { note?: string; citations?: Citation[] }>(out: T, from: { note?: string; citations?: Citation[] }): T {
  if (from.note) out.note = from.note;
  if (from.citations?.length) out.citations = from.citations.map(normaliseCitation);
  return out;
}

export function normaliseCitation(c: Citation): Citation {
  return { id: c.id, sourceId: c.sourceId, page: c.page ?? '', date: c.date ?? '', quality: c.quality ?? null, text: c.text ?? '' };
}

export function normaliseSource(s: Source): Source {
  return { id: s.id, title: s.title, author: s.author ?? '', publication: s.publication ?? '', repository: s.repository ?? '', url: s.url ?? '', note: s.note ?? '' };
}

export function normaliseNotDuplicate(d: NotDuplicate): NotDuplicate {
  return { id: d.id, people: [d.people[0], d.people[1]] };
}

export function normaliseName(n: PersonName): PersonName {
  const out: PersonName = {
    id: n.id,
    kind: n.kind,
    prefix: n.prefix ?? '',
    given: n.given ?? '',
    surnamePrefix: n.surnamePrefix ?? '',
    surname: n.surname ?? '',
    suffix: n.suffix ?? '',
    nickname: n.nickname ?? '',
  };
  if (n.citations?.length) out.citations = n.citations.map(normaliseCitation);
  return out;
}

export function normalisePlace(p: Place): Place {
  return { id: p.id, name: p.name, parentId: p.parentId ?? '', kind: p.kind ?? '', latitude: p.latitude ?? null, longitude: p.longitude ?? null, altNames: [...(p.altNames ?? [])] };
}

export function normaliseCouple(c: Couple): Couple {
  return withEvidence({ id: c.id, partners: [c.partners[0], c.partners[1]], events: (c.events ?? []).map(normaliseEvent) } as Couple, c);
}

function sameStrings(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x === y || (x.length === y.length && x.every((v, i) => v === y[i]));
}

/** Flat records compared on the fields their normal form has (absent reads as its normal value). */
function sameFields<T extends object>(a: T, b: T, normalise: (x: T) => T): boolean {
  if (a === b) return true;
  const x = normalise(a) as Record<string, unknown>;
  const y = normalise(b) as Record<string, unknown>;
  if (Object.keys(x).length !== Object.keys(y).length) return false;
  return Object.keys(x).every((k) =>
    k === 'citations' ? JSON.stringify(x[k]) === JSON.stringify(y[k]) : Array.isArray(x[k]) ? sameStrings(x[k] as string[], y[k] as string[]) : x[k] === y[k],
  );
}

export const eventsEqual = (a: FactEvent, b: FactEvent) => sameFields(a, b, normaliseEvent);
export const namesEqual = (a: PersonName, b: PersonName) => sameFields(a, b, normaliseName);
export const citationsEqual = (a: Citation, b: Citation) => sameFields(a, b, normaliseCitation);
export const placesEqual = (a: Place, b: Place) => sameFields(a, b, normalisePlace);
export const sourcesEqual = (a: Source, b: Source) => sameFields(a, b, normaliseSource);
export const notDuplicatesEqual = (a: NotDuplicate, b: NotDuplicate) => sameFields(a, b, normaliseNotDuplicate);

export function sameEventLists(a: readonly FactEvent[] | undefined, b: readonly FactEvent[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x === y || (x.length === y.length && x.every((e, i) => eventsEqual(e, y[i]!)));
}

export function couplesEqual(a: Couple, b: Couple): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      sameStrings(a.partners, b.partners) &&
      sameEventLists(a.events, b.events) &&
      (a.note ?? '') === (b.note ?? '') &&
      JSON.stringify((a.citations ?? []).map(normaliseCitation)) === JSON.stringify((b.citations ?? []).map(normaliseCitation)))
  );
}

export function nodesEqual(a: GraphNode, b: GraphNode): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.type === b.type &&
      a.position.x === b.position.x &&
      a.position.y === b.position.y &&
      a.modifiedAt === b.modifiedAt &&
      !!a.hidden === !!b.hidden &&
      a.data.profileId === b.data.profileId &&
      a.data.parentRole === b.data.parentRole &&
      !!a.data.isPrimary === !!b.data.isPrimary)
  );
}

export function edgesEqual(a: GraphEdge, b: GraphEdge): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.source === b.source &&
      a.target === b.target &&
      a.sourceHandle === b.sourceHandle &&
      a.targetHandle === b.targetHandle &&
      a.type === b.type &&
      !!a.hidden === !!b.hidden &&
      a.data.kind === b.data.kind &&
      (a.data.pedigree ?? '') === (b.data.pedigree ?? ''))
  );
}

export interface GraphSnapshot {
  nodes: GraphNode[];
  edges: GraphEdge[];
  profiles: Record<string, Profile>;
  /** Absent when the tree has none (as for graphs stored before places and couples). */
  places?: Record<string, Place>;
  couples?: Record<string, Couple>;
  sources?: Record<string, Source>;
  notDuplicates?: Record<string, NotDuplicate>;
  media?: Record<string, Media>;
  version: 1;
}

function sortedRecord<T>(items: Readonly<Record<string, T>> | undefined, normalise: (x: T) => T): Record<string, T> | undefined {
  const ids = Object.keys(items ?? {}).sort();
  if (!ids.length) return undefined;
  const out: Record<string, T> = {};
  for (const id of ids) out[id] = normalise(items![id]!);
  return out;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The normalised snapshot of §4: entities sorted by id, profiles by key, updatedAt left out (it
 * changes on every save without changing the tree). Costs a sort; for the "unsaved?" question on
 * large graphs prefer `hasUnsavedChanges` (changeSet.ts), which stops at reference-equal entities.
 */
export function snapshotGraph(graph: Graph): GraphSnapshot {
  const profiles: Record<string, Profile> = {};
  for (const id of Object.keys(graph.profiles).sort()) profiles[id] = normaliseProfile(graph.profiles[id]!);
  const places = sortedRecord(graph.places, normalisePlace);
  const couples = sortedRecord(graph.couples, normaliseCouple);
  const sources = sortedRecord(graph.sources, normaliseSource);
  const notDuplicates = sortedRecord(graph.notDuplicates, normaliseNotDuplicate);
  const media = sortedRecord(graph.media, normaliseMedia);
  return {
    nodes: graph.nodes.map(normaliseNode).sort(byId),
    edges: graph.edges.map(normaliseEdge).sort(byId),
    profiles,
    ...(places ? { places } : {}),
    ...(couples ? { couples } : {}),
    ...(sources ? { sources } : {}),
    ...(notDuplicates ? { notDuplicates } : {}),
    ...(media ? { media } : {}),
    version: 1,
  };
}

/** The snapshot as text: equal strings ⇔ equal trees (used to ignore echoes of our own save). */
export function snapshotKey(graph: Graph): string {
  return JSON.stringify(snapshotGraph(graph));
}
