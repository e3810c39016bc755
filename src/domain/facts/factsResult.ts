import { chainResults, GraphDraft, undoOperation, type OpResult } from '../graphDraft.ts';
import type { Graph } from '../types.ts';
import type { Couple, NotDuplicate, Place, Source } from './types.ts';
import type { Media } from '../media/types.ts';

/**
 * What a facts operation changed beyond profiles, and how each place and couple was before, so
 * the operation can be undone exactly (`undoFacts`). `before: null`: it did not exist.
 */
export interface FactsUndo {
  places: { id: string; before: Place | null }[];
  couples: { id: string; before: Couple | null }[];
  /** Absent when none changed (operations before sources). */
  sources?: { id: string; before: Source | null }[];
  /** Absent when none changed. */
  notDuplicates?: { id: string; before: NotDuplicate | null }[];
  /** Absent when none changed (operations before photos and documents). */
  media?: { id: string; before: Media | null }[];
}

/** An operation's answer: the graph draft's result (profiles) and the places and couples it changed. */
export type FactsResult = OpResult & { facts: FactsUndo };

export type FactsOutcome<T = object> = ({ ok: true } & FactsResult & T) | { ok: false; message: string };

export function placesOf(graph: Pick<Graph, 'places'>): Record<string, Place> {
  return graph.places ?? {};
}

export function couplesOf(graph: Pick<Graph, 'couples'>): Record<string, Couple> {
  return graph.couples ?? {};
}

export function sourcesOf(graph: Pick<Graph, 'sources'>): Record<string, Source> {
  return graph.sources ?? {};
}

export function notDuplicatesOf(graph: Pick<Graph, 'notDuplicates'>): Record<string, NotDuplicate> {
  return graph.notDuplicates ?? {};
}

export function mediaRecordsOf(graph: Pick<Graph, 'media'>): Record<string, Media> {
  return graph.media ?? {};
}

/**
 * A graph draft that also writes places, couples and sources. Their records are copied on the first write
 * (never changed in place: older graphs keep theirs) and set on the graph `finish` makes.
 */
export class FactsDraft {
  readonly draft: GraphDraft;
  private places: Record<string, Place> | null = null;
  private couples: Record<string, Couple> | null = null;
  private readonly placeBefore = new Map<string, Place | null>();
  private readonly coupleBefore = new Map<string, Couple | null>();
  private sources: Record<string, Source> | null = null;
  private readonly sourceBefore = new Map<string, Source | null>();
  private notDuplicates: Record<string, NotDuplicate> | null = null;
  private readonly notDuplicateBefore = new Map<string, NotDuplicate | null>();
  private media: Record<string, Media> | null = null;
  private readonly mediaBefore = new Map<string, Media | null>();

  constructor(readonly base: Graph) {
    this.draft = new GraphDraft(base);
  }

  place(id: string): Place | undefined {
    const all = this.places ?? placesOf(this.base);
    return Object.hasOwn(all, id) ? all[id] : undefined;
  }

  allPlaces(): Record<string, Place> {
    return this.places ?? placesOf(this.base);
  }

  setPlace(place: Place) {
    this.places ??= { ...placesOf(this.base) };
    if (!this.placeBefore.has(place.id)) this.placeBefore.set(place.id, this.place(place.id) ?? null);
    this.places[place.id] = place;
  }

  removePlace(id: string) {
    if (!this.place(id)) return;
    this.places ??= { ...placesOf(this.base) };
    if (!this.placeBefore.has(id)) this.placeBefore.set(id, this.places[id]!);
    delete this.places[id];
  }

  couple(id: string): Couple | undefined {
    const all = this.couples ?? couplesOf(this.base);
    return Object.hasOwn(all, id) ? all[id] : undefined;
  }

  setCouple(couple: Couple) {
    this.couples ??= { ...couplesOf(this.base) };
    if (!this.coupleBefore.has(couple.id)) this.coupleBefore.set(couple.id, this.couple(couple.id) ?? null);
    this.couples[couple.id] = couple;
  }

  removeCouple(id: string) {
    if (!this.couple(id)) return;
    this.couples ??= { ...couplesOf(this.base) };
    if (!this.coupleBefore.has(id)) this.coupleBefore.set(id, this.couples[id]!);
    delete this.couples[id];
  }

  source(id: string): Source | undefined {
    const all = this.sources ?? sourcesOf(this.base);
    return Object.hasOwn(all, id) ? all[id] : undefined;
  }

  setSource(source: Source) {
    this.sources ??= { ...sourcesOf(this.base) };
    if (!this.sourceBefore.has(source.id)) this.sourceBefore.set(source.id, this.source(source.id) ?? null);
    this.sources[source.id] = source;
  }

  notDuplicate(id: string): NotDuplicate | undefined {
    const all = this.notDuplicates ?? notDuplicatesOf(this.base);
    return Object.hasOwn(all, id) ? all[id] : undefined;
  }

  allNotDuplicates(): Record<string, NotDuplicate> {
    return this.notDuplicates ?? notDuplicatesOf(this.base);
  }

  setNotDuplicate(pair: NotDuplicate) {
    this.notDuplicates ??= { ...notDuplicatesOf(this.base) };
    if (!this.notDuplicateBefore.has(pair.id)) this.notDuplicateBefore.set(pair.id, this.notDuplicate(pair.id) ?? null);
    this.notDuplicates[pair.id] = pair;
  }

  removeNotDuplicate(id: string) {
    if (!this.notDuplicate(id)) return;
    this.notDuplicates ??= { ...notDuplicatesOf(this.base) };
    if (!this.notDuplicateBefore.has(id)) this.notDuplicateBefore.set(id, this.notDuplicates[id]!);
    delete this.notDuplicates[id];
  }

  removeSource(id: string) {
    if (!this.source(id)) return;
    this.sources ??= { ...sourcesOf(this.base) };
    if (!this.sourceBefore.has(id)) this.sourceBefore.set(id, this.sources[id]!);
    delete this.sources[id];
  }

  mediaItem(id: string): Media | undefined {
    const all = this.media ?? mediaRecordsOf(this.base);
    return Object.hasOwn(all, id) ? all[id] : undefined;
  }

  setMedia(item: Media) {
    this.media ??= { ...mediaRecordsOf(this.base) };
    if (!this.mediaBefore.has(item.id)) this.mediaBefore.set(item.id, this.mediaItem(item.id) ?? null);
    this.media[item.id] = item;
  }

  removeMedia(id: string) {
    if (!this.mediaItem(id)) return;
    this.media ??= { ...mediaRecordsOf(this.base) };
    if (!this.mediaBefore.has(id)) this.mediaBefore.set(id, this.media[id]!);
    delete this.media[id];
  }

  /**
   * The new graph. Whoever writes places or couples also writes a profile (the person, or a
   * partner re-set as is): the graph draft makes a new graph and hands its lookups on only when
   * a profile, node or edge was written, and the session takes an answer that touched one.
   */
  finish(): FactsResult {
    let result = this.draft.finish();
    if (result.graph === this.base && (this.placeBefore.size || this.coupleBefore.size || this.sourceBefore.size || this.notDuplicateBefore.size)) result = touchOne(this.base) ?? result;
    if (result.graph === this.base && (this.placeBefore.size || this.coupleBefore.size || this.mediaBefore.size)) result = touchOne(this.base) ?? result;
    if (result.graph !== this.base) {
      // A graph `finish` has just made: ours to complete before anyone reads it.
      if (this.places) result.graph.places = this.places;
      if (this.couples) result.graph.couples = this.couples;
      if (this.sources) result.graph.sources = this.sources;
      if (this.notDuplicates) result.graph.notDuplicates = this.notDuplicates;
      if (this.media) result.graph.media = this.media;
    }
    return {
      ...result,
      facts: {
        places: [...this.placeBefore].map(([id, before]) => ({ id, before })),
        couples: [...this.coupleBefore].map(([id, before]) => ({ id, before })),
        ...(this.sourceBefore.size ? { sources: [...this.sourceBefore].map(([id, before]) => ({ id, before })) } : {}),
        ...(this.notDuplicateBefore.size ? { notDuplicates: [...this.notDuplicateBefore].map(([id, before]) => ({ id, before })) } : {}),
        ...(this.mediaBefore.size ? { media: [...this.mediaBefore].map(([id, before]) => ({ id, before })) } : {}),
      },
    };
  }
}

/**
 * A new graph for an operation that changed only places (an unused place renamed or removed): one
 * profile re-set as it is, so the graph draft makes the graph and hands its lookups on; the
 * session sends nothing for a profile that did not change. Null for a tree without profiles.
 */
function touchOne(base: Graph): OpResult | null {
  for (const id in base.profiles) {
    const draft = new GraphDraft(base);
    draft.setProfile(base.profiles[id]!);
    return draft.finish();
  }
  return null;
}

/** Puts back exactly what a facts operation changed: its profiles, places and couples. */
export function undoFacts(graph: Graph, result: Pick<FactsResult, 'undo' | 'facts'>): FactsResult {
  const undone = undoOperation(graph, result.undo);
  // Never the graph passed in, which older holders still read.
  if (undone.graph === graph) undone.graph = { ...graph };
  const facts: FactsUndo = { places: [], couples: [] };
  if (result.facts.places.length) {
    const places = { ...placesOf(undone.graph) };
    for (const { id, before } of result.facts.places) {
      facts.places.push({ id, before: places[id] ?? null });
      if (before) places[id] = before;
      else delete places[id];
    }
    undone.graph.places = places;
  }
  if (result.facts.couples.length) {
    const couples = { ...couplesOf(undone.graph) };
    for (const { id, before } of result.facts.couples) {
      facts.couples.push({ id, before: couples[id] ?? null });
      if (before) couples[id] = before;
      else delete couples[id];
    }
    undone.graph.couples = couples;
  }
  if (result.facts.sources?.length) {
    const sources = { ...sourcesOf(undone.graph) };
    facts.sources = [];
    for (const { id, before } of result.facts.sources) {
      facts.sources.push({ id, before: sources[id] ?? null });
      if (before) sources[id] = before;
      else delete sources[id];
    }
    undone.graph.sources = sources;
  }
  if (result.facts.notDuplicates?.length) {
    const pairs = { ...notDuplicatesOf(undone.graph) };
    facts.notDuplicates = [];
    for (const { id, before } of result.facts.notDuplicates) {
      facts.notDuplicates.push({ id, before: pairs[id] ?? null });
      if (before) pairs[id] = before;
      else delete pairs[id];
    }
    undone.graph.notDuplicates = pairs;
  }

  if (result.facts.media?.length) {
    const media = { ...mediaRecordsOf(undone.graph) };
    facts.media = [];
    for (const { id, before } of result.facts.media) {
      facts.media.push({ id, before: media[id] ?? null });
      if (before) media[id] = before;
      else delete media[id];
    }
    undone.graph.media = media;
  }
  return { ...undone, facts };
}

/**
 * Operations run one after another on each other's graphs (deleting a selection), as one: the
 * graph draft's chain (`chainResults`), and each place and couple as it was before the first step
 * that changed it.
 */
export function chainFacts(base: Graph, results: readonly FactsResult[]): FactsResult {
  const first = <T>(lists: (readonly { id: string; before: T | null }[])[]) => {
    const seen = new Map<string, { id: string; before: T | null }>();
    for (const list of lists) for (const e of list) if (!seen.has(e.id)) seen.set(e.id, e);
    return [...seen.values()];
  };
  const sources = first(results.map((r) => r.facts.sources ?? []));
  const notDuplicates = first(results.map((r) => r.facts.notDuplicates ?? []));
  return {
    ...chainResults(base, results),
    facts: {
      places: first(results.map((r) => r.facts.places)),
      couples: first(results.map((r) => r.facts.couples)),
      // Sources were left out here before: undoing a chain that added one kept it.
      ...(sources.length ? { sources } : {}),
      ...(notDuplicates.length ? { notDuplicates } : {}),
      ...(results.some((r) => r.facts.media?.length) ? { media: first(results.map((r) => r.facts.media ?? [])) } : {}),
    },
  };
}

/** Undoes any operation's answer: with its places and couples when it is a facts operation. */
export function undoAny(graph: Graph, result: OpResult | FactsResult): OpResult {
  return 'facts' in result ? undoFacts(graph, result) : undoOperation(graph, result.undo);
}
