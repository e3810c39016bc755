import { applyProfilePatch, type ChangeSet } from '../changeSet.ts';
import { graphView, type GraphView } from '../checkGraph.ts';
import { RELATION_FIELDS } from '../profile.ts';
import type { Graph, GraphEdge, GraphNode, Profile } from '../types.ts';
import type { Couple, Place } from '../facts/types.ts';
import type { Media } from '../media/types.ts';
import { applyToRecord } from '../changeSet.ts';
import { groupOf, type ItemOf, type WholeKey } from '../entityKinds.ts';

/**
 * One batched read by id for every kind the graph holds whole (`WHOLE_KEYS`): the history's
 * before-values and a revert read each kind this way, so a kind added to the registry cannot be
 * forgotten by a store (a revert of "Not a duplicate" answered 500 when one was).
 */
export type WholeReads = { [K in WholeKey]: (ids: readonly string[]) => Promise<ItemOf[K][]> };

/**
 * Reads of one stored graph, batched: each call reads everything it is given in one go (one
 * query per call on SQL, one batch of document reads on Firestore). Profiles are those the graph
 * shows. A store answers only what exists; ids it does not know are simply left out.
 */
export interface GraphLookup extends WholeReads {
  /** Every edge with one of these nodes at either end. */
  edgesOfNodes(nodeIds: readonly string[]): Promise<GraphEdge[]>;
  /** The nodes showing one of these profiles. */
  nodesShowing(profileIds: readonly string[]): Promise<GraphNode[]>;
  profiles(ids: readonly string[]): Promise<Profile[]>;
  /** The profiles listing one of these ids in a relationship list. */
  profilesListing(profileIds: readonly string[]): Promise<Profile[]>;
  primaryNodes(): Promise<GraphNode[]>;
  /** The graph's photos and documents showing one of these people (the per-person limit). */
  mediaOfPeople(profileIds: readonly string[]): Promise<Media[]>;
}

/** The graph's places and couples as the facts checks read them (before or after a change). */
export interface FactsView {
  place(id: string): Place | undefined;
  couple(id: string): Couple | undefined;
}

/** A lookup over a graph held in memory (tests, and any caller that has the whole graph). */
export function graphLookup(graph: Graph): GraphLookup {
  const view = graphView(graph);
  const some = <T,>(ids: readonly string[], get: (id: string) => T | undefined) => ids.map(get).filter((x): x is T => x !== undefined);
  const many = <T extends { id: string },>(ids: readonly string[], get: (id: string) => readonly T[]) => [...new Map(ids.flatMap(get).map((x) => [x.id, x])).values()];
  return {
    nodes: async (ids) => some(ids, view.node),
    edges: async (ids) => some(ids, view.edge),
    edgesOfNodes: async (ids) => many(ids, view.edgesOf),
    nodesShowing: async (ids) => many(ids, view.nodesShowing),
    profiles: async (ids) => some(ids, view.profile),
    profilesListing: async (ids) => many(ids, view.profilesListing),
    primaryNodes: async () => [...view.primaryNodes()],
    places: async (ids) => some(ids, (id) => (graph.places && Object.hasOwn(graph.places, id) ? graph.places[id] : undefined)),
    couples: async (ids) => some(ids, (id) => (graph.couples && Object.hasOwn(graph.couples, id) ? graph.couples[id] : undefined)),
    sources: async (ids) => some(ids, (id) => (graph.sources && Object.hasOwn(graph.sources, id) ? graph.sources[id] : undefined)),
    mediaOfPeople: async (ids) => Object.values(graph.media ?? {}).filter((m) => m.people.some((p) => ids.includes(p))),
    media: async (ids) => some(ids, (id) => (graph.media && Object.hasOwn(graph.media, id) ? graph.media[id] : undefined)),
    notDuplicates: async (ids) => some(ids, (id) => (graph.notDuplicates && Object.hasOwn(graph.notDuplicates, id) ? graph.notDuplicates[id] : undefined)),
  };
}

type Index<T> = Map<string, Map<string, T>>;

/** What the views answer for nothing: one shared array, since a big import asks about thousands of new ids. */
const NONE: readonly never[] = Object.freeze([]);

/** Stored items still there, then the added ones; no copies when one side is empty (new people). */
function joined<T>(stored: readonly T[], kept: (x: T) => boolean, added: readonly T[] = NONE): readonly T[] {
  if (!stored.length) return added;
  const still = stored.filter(kept);
  return added.length ? [...still, ...added] : still;
}

function addTo<T>(index: Index<T>, key: string, id: string, item: T): void {
  let items = index.get(key);
  if (!items) index.set(key, (items = new Map()));
  items.set(id, item);
}

function listed(p: Profile): Set<string> {
  return new Set(RELATION_FIELDS.flatMap((f) => p[f]));
}

/**
 * The part of a stored graph that validating a change set needs, read on demand. The checks run
 * against `before()` and `after(changes)`; whatever they ask for that has not been read yet is
 * answered as absent and noted, `read()` then fetches everything noted (one lookup call per kind)
 * and the checks run again, until a run asks for nothing new. Only a run that missed nothing is
 * trusted, or one whose misses the store turned out not to have either (`read` answers false):
 * it was answered as the stored state would answer. The checks only ask about what a change set touches and its neighbours, so the reads
 * stay proportional to the change, however large the graph.
 */
export class Neighbourhood {
  private readonly nodes = new Map<string, GraphNode | null>();
  private readonly edges = new Map<string, GraphEdge | null>();
  private readonly profiles = new Map<string, Profile | null>();
  private readonly places = new Map<string, Place | null>();
  private readonly couples = new Map<string, Couple | null>();
  private readonly edgesByNode: Index<GraphEdge> = new Map();
  private readonly nodesByProfile: Index<GraphNode> = new Map();
  private readonly listingIndex: Index<Profile> = new Map();
  private readonly edgesRead = new Set<string>();
  private readonly showingRead = new Set<string>();
  private readonly listingRead = new Set<string>();
  private primaries: GraphNode[] | null = null;

  private wanted = Neighbourhood.nothingWanted();
  /** How many rounds of reads were made (for tests and benches: it stays small). */
  rounds = 0;

  constructor(private readonly lookup: GraphLookup) {}

  private static nothingWanted() {
    return { nodes: new Set<string>(), edges: new Set<string>(), profiles: new Set<string>(), edgesOf: new Set<string>(), showing: new Set<string>(), listing: new Set<string>(), places: new Set<string>(), couples: new Set<string>(), primaries: false };
  }

  /** Was this card, line or profile read from the store and found absent? */
  absent(kind: 'nodes' | 'edges' | 'profiles' | 'places' | 'couples', id: string): boolean {
    return this[kind].get(id) === null;
  }

  /** Did a check ask for something not read yet? */
  get missing(): boolean {
    const w = this.wanted;
    return w.primaries || w.nodes.size + w.edges.size + w.profiles.size + w.edgesOf.size + w.showing.size + w.listing.size + w.places.size + w.couples.size > 0;
  }

  /**
   * Reads everything the checks asked for and did not have. Answers whether the store had any of
   * it: when it had none, every answer the last run got (absent, or an index without it) was
   * already the stored state's.
   */
  async read(): Promise<boolean> {
    const w = this.wanted;
    this.wanted = Neighbourhood.nothingWanted();
    this.rounds++;
    // One after the other: a transaction is one connection, which runs one query at a time.
    const ask = async <T,>(want: Set<string>, read: (ids: string[]) => Promise<T[]>) => (want.size ? read([...want]) : []);
    const nodes = await ask(w.nodes, (ids) => this.lookup.nodes(ids));
    const edges = await ask(w.edges, (ids) => this.lookup.edges(ids));
    const profiles = await ask(w.profiles, (ids) => this.lookup.profiles(ids));
    const edgesOf = await ask(w.edgesOf, (ids) => this.lookup.edgesOfNodes(ids));
    const showing = await ask(w.showing, (ids) => this.lookup.nodesShowing(ids));
    const listing = await ask(w.listing, (ids) => this.lookup.profilesListing(ids));
    const primaries = w.primaries ? await this.lookup.primaryNodes() : null;
    const places = await ask(w.places, (ids) => this.lookup.places(ids));
    const couples = await ask(w.couples, (ids) => this.lookup.couples(ids));
    for (const id of w.places) this.places.set(id, null);
    for (const id of w.couples) this.couples.set(id, null);
    for (const p of places) this.places.set(p.id, p);
    for (const c of couples) this.couples.set(c.id, c);
    for (const id of w.nodes) this.nodes.set(id, null);
    for (const id of w.edges) this.edges.set(id, null);
    for (const id of w.profiles) this.profiles.set(id, null);
    for (const n of [...nodes, ...showing, ...(primaries ?? [])]) this.keepNode(n);
    for (const e of [...edges, ...edgesOf]) this.keepEdge(e);
    for (const p of [...profiles, ...listing]) this.keepProfile(p);
    for (const id of w.edgesOf) this.edgesRead.add(id);
    for (const id of w.showing) this.showingRead.add(id);
    for (const id of w.listing) this.listingRead.add(id);
    if (primaries) this.primaries = primaries;
    return nodes.length + edges.length + profiles.length + edgesOf.length + showing.length + listing.length + places.length + couples.length + (primaries?.length ?? 0) > 0;
  }

  private keepNode(n: GraphNode): void {
    this.nodes.set(n.id, n);
    if (n.data.profileId) addTo(this.nodesByProfile, n.data.profileId, n.id, n);
  }

  private keepEdge(e: GraphEdge): void {
    this.edges.set(e.id, e);
    addTo(this.edgesByNode, e.source, e.id, e);
    addTo(this.edgesByNode, e.target, e.id, e);
  }

  private keepProfile(p: Profile): void {
    this.profiles.set(p.id, p);
    for (const other of listed(p)) addTo(this.listingIndex, other, p.id, p);
  }

  /** The stored graph, as far as it has been read. */
  before(): GraphView {
    const w = () => this.wanted;
    const known = <T,>(map: Map<string, T | null>, id: string, want: Set<string>): T | undefined => {
      const item = map.get(id);
      if (item === undefined) want.add(id);
      return item ?? undefined;
    };
    const indexed = <T,>(read: Set<string>, index: Index<T>, id: string, want: Set<string>): readonly T[] => {
      if (!read.has(id)) want.add(id);
      const items = index.get(id);
      return items ? [...items.values()] : NONE;
    };
    return {
      node: (id) => known(this.nodes, id, w().nodes),
      edge: (id) => known(this.edges, id, w().edges),
      profile: (id) => known(this.profiles, id, w().profiles),
      edgesOf: (id) => indexed(this.edgesRead, this.edgesByNode, id, w().edgesOf),
      nodesShowing: (id) => indexed(this.showingRead, this.nodesByProfile, id, w().showing),
      profilesListing: (id) => indexed(this.listingRead, this.listingIndex, id, w().listing),
      primaryNodes: () => {
        if (!this.primaries) this.wanted.primaries = true;
        return this.primaries ?? [];
      },
    };
  }

  /** The stored places and couples, as far as they have been read. */
  factsBefore(): FactsView {
    const known = <T,>(map: Map<string, T | null>, id: string, want: Set<string>): T | undefined => {
      const item = map.get(id);
      if (item === undefined) want.add(id);
      return item ?? undefined;
    };
    return { place: (id) => known(this.places, id, this.wanted.places), couple: (id) => known(this.couples, id, this.wanted.couples) };
  }

  /** The places and couples with `changes` applied, as far as they have been read. */
  factsAfter(changes: ChangeSet): FactsView {
    const before = this.factsBefore();
    const places = groupOf(changes, 'places');
    const couples = groupOf(changes, 'couples');
    const upserted = { places: applyToRecord({}, { upsert: places.upsert, remove: [] }), couples: applyToRecord({}, { upsert: couples.upsert, remove: [] }) };
    const removed = { places: new Set(places.remove), couples: new Set(couples.remove) };
    return {
      place: (id) => (removed.places.has(id) ? undefined : Object.hasOwn(upserted.places, id) ? upserted.places[id] : before.place(id)),
      couple: (id) => (removed.couples.has(id) ? undefined : Object.hasOwn(upserted.couples, id) ? upserted.couples[id] : before.couple(id)),
    };
  }

  /** The stored graph with `changes` applied, as far as it has been read. */
  after(changes: ChangeSet): GraphView {
    const before = this.before();
    const removedNodes = new Set(changes.nodes.remove);
    const removedEdges = new Set(changes.edges.remove);
    const removedProfiles = new Set(changes.profiles.remove);
    const nodes = new Map(changes.nodes.upsert.map((n) => [n.id, n]));
    const edges = new Map(changes.edges.upsert.map((e) => [e.id, e]));
    const patches = new Map(changes.profiles.upsert.map((p) => [p.id, p]));
    const patched = new Map<string, Profile | undefined>();
    const profile = (id: string): Profile | undefined => {
      if (removedProfiles.has(id)) return undefined;
      const patch = patches.get(id);
      if (!patch) return before.profile(id);
      if (!patched.has(id)) patched.set(id, applyProfilePatch(before.profile(id), patch));
      return patched.get(id);
    };
    const nodeGone = (id: string) => removedNodes.has(id) || nodes.has(id);
    const edgeGone = (id: string) => removedEdges.has(id) || edges.has(id);
    const newEdgesOf = new Map<string, GraphEdge[]>();
    const newNodesShowing = new Map<string, GraphNode[]>();
    const push = <T,>(index: Map<string, T[]>, key: string, item: T) => {
      const list = index.get(key);
      if (list) list.push(item);
      else index.set(key, [item]);
    };
    for (const e of edges.values()) {
      if (removedEdges.has(e.id)) continue;
      push(newEdgesOf, e.source, e);
      if (e.target !== e.source) push(newEdgesOf, e.target, e);
    }
    for (const n of nodes.values()) if (!removedNodes.has(n.id) && n.data.profileId) push(newNodesShowing, n.data.profileId, n);
    let patchedListing: Map<string, Profile[]> | null = null;
    return {
      node: (id) => (removedNodes.has(id) ? undefined : (nodes.get(id) ?? before.node(id))),
      edge: (id) => (removedEdges.has(id) ? undefined : (edges.get(id) ?? before.edge(id))),
      profile,
      edgesOf: (id) => joined(before.edgesOf(id), (e) => !edgeGone(e.id), newEdgesOf.get(id)),
      nodesShowing: (pid) => joined(before.nodesShowing(pid), (n) => !nodeGone(n.id), newNodesShowing.get(pid)),
      profilesListing: (pid) => {
        if (!patchedListing) {
          patchedListing = new Map();
          for (const id of patches.keys()) {
            const p = profile(id);
            if (p) for (const other of listed(p)) push(patchedListing, other, p);
          }
        }
        const kept = before.profilesListing(pid).filter((p) => !patches.has(p.id) && !removedProfiles.has(p.id));
        return [...kept, ...(patchedListing.get(pid) ?? [])];
      },
      primaryNodes: () => [...before.primaryNodes().filter((n) => !nodeGone(n.id)), ...[...nodes.values()].filter((n) => !removedNodes.has(n.id) && n.data.isPrimary)],
    };
  }
}
