import { FIRST_NODE_NUMBER, nodeNumber } from './ids.ts';
import type { Graph, GraphEdge, GraphNode, Profile } from './types.ts';

/**
 * What an operation changed, by id, and the exact previous state of each touched entity so the
 * operation can be undone. `before: null` means the entity did not exist; `index` is where a node
 * or edge sat in its array, so undo puts it back in the same drawing order.
 */
export interface UndoRecord {
  nodes: { id: string; before: GraphNode | null; index: number }[];
  edges: { id: string; before: GraphEdge | null; index: number }[];
  profiles: { id: string; before: Profile | null }[];
}

export interface Touched {
  nodes: string[];
  edges: string[];
  profiles: string[];
}

/** The answer of every graph operation: a new graph (the input is never changed). */
export interface OpResult {
  graph: Graph;
  changed: Touched;
  undo: UndoRecord;
}

/**
 * Lookups of one graph by id. Building them reads the whole graph, so they are built once and
 * then carried from each graph to the graph an operation makes from it, updated with what the
 * operation changed: a chain of edits on a 100,000-person tree never re-reads the tree.
 */
export interface GraphIndex {
  /** The graph these lookups describe; an index handed on to a newer graph describes that one. */
  graph: Graph;
  nodes: Map<string, GraphNode>;
  edges: Map<string, GraphEdge>;
  /** Ids of the edges (hidden ones included) that start or end at each node. */
  edgesByNode: Map<string, Set<string>>;
  /** Ids of the nodes showing each profile (one, unless a graph breaks that rule). */
  nodesByProfile: Map<string, Set<string>>;
  /** The largest n-number of the nodes, or null when it must be counted again. */
  maxNodeNumber: number | null;
}

const indexes = new WeakMap<Graph, GraphIndex>();

function addTo(map: Map<string, Set<string>>, key: string, id: string) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
}

function deleteFrom(map: Map<string, Set<string>>, key: string, id: string) {
  const set = map.get(key);
  if (!set) return;
  set.delete(id);
  if (!set.size) map.delete(key);
}

/** The id lookups of a graph: the ones an earlier operation handed on, else built now. */
export function graphIndex(graph: Graph): GraphIndex {
  const known = indexes.get(graph);
  if (known) return known;
  const index: GraphIndex = { graph, nodes: new Map(), edges: new Map(), edgesByNode: new Map(), nodesByProfile: new Map(), maxNodeNumber: null };
  for (const n of graph.nodes) {
    index.nodes.set(n.id, n);
    if (n.data.profileId) addTo(index.nodesByProfile, n.data.profileId, n.id);
  }
  for (const e of graph.edges) {
    index.edges.set(e.id, e);
    addTo(index.edgesByNode, e.source, e.id);
    addTo(index.edgesByNode, e.target, e.id);
  }
  indexes.set(graph, index);
  return index;
}

function largestNodeNumber(nodes: Iterable<{ id: string }>): number {
  let max = FIRST_NODE_NUMBER - 1;
  for (const n of nodes) {
    const k = nodeNumber(n.id);
    if (k !== null && k > max) max = k;
  }
  return max;
}

/**
 * Graphs whose holder only ever edits the newest graph of the line (the open tree's session):
 * an operation on one of them updates its profiles record in place for the graph it makes, instead
 * of copying a record of 100,000 profiles on every edit. The older graph still reads its own
 * profiles: the first read rebuilds them from the newer graph and what the operation changed.
 */
const claimed = new WeakSet<Graph>();

/**
 * Claims a graph for in-place edits (see above). Unless the caller knows that no other graph
 * shares its profiles record (`exclusive`), the graph first gets a copy of its own; claiming a
 * graph that is claimed already costs nothing.
 */
export function claimGraph<G extends Graph>(graph: G, exclusive = false): G {
  if (claimed.has(graph)) return graph;
  if (!exclusive) graph.profiles = { ...graph.profiles };
  claimed.add(graph);
  return graph;
}

/**
 * Gives `old` its own profiles record again, built on first read (see `claimGraph`) from `newer`'s
 * and the state before the change of each profile it changed (`restore`, read once).
 */
function detachProfiles(old: Graph, newer: Graph, restore: Iterable<readonly [string, Profile | null]>) {
  const settle = (value: Record<string, Profile>) => {
    Object.defineProperty(old, 'profiles', { value, writable: true, enumerable: true, configurable: true });
    return value;
  };
  Object.defineProperty(old, 'profiles', {
    enumerable: true,
    configurable: true,
    get() {
      const profiles = { ...newer.profiles };
      for (const [id, before] of restore) {
        if (before) profiles[id] = before;
        else delete profiles[id];
      }
      return settle(profiles);
    },
    set: settle,
  });
}

/** Above this many changed items one pass over the list beats a search for each of them. */
const SEARCH_LIMIT = 32;

/**
 * A copy-on-write working copy of a graph. Operations read and write through it; `finish` builds
 * the new graph, sharing every untouched node, edge and profile object with the old one (so
 * `diffGraphs` can skip them by reference), and the undo record. Reads go to what the draft
 * wrote, else to the base graph's index, so a draft costs what the operation touches.
 */
export class GraphDraft {
  private index: GraphIndex;
  private readonly nodeBefore = new Map<string, GraphNode | null>();
  /** Nodes written by this draft; undefined marks a removal. */
  private readonly nodeNow = new Map<string, GraphNode | undefined>();
  private readonly edgeBefore = new Map<string, GraphEdge | null>();
  private readonly edgeNow = new Map<string, GraphEdge | undefined>();
  /** Edge ids per node, copied from the index for the nodes whose edges this draft changed. */
  private readonly incident = new Map<string, Set<string>>();
  private readonly profileBefore = new Map<string, Profile | null>();
  /** Profiles written by this draft; undefined marks a removal. */
  private readonly written = new Map<string, Profile | undefined>();

  constructor(readonly base: Graph) {
    this.index = graphIndex(base);
  }

  /** The base graph's lookups; rebuilt should another draft have handed them on meanwhile. */
  private lookups(): GraphIndex {
    if (this.index.graph !== this.base) this.index = graphIndex(this.base);
    return this.index;
  }

  node(id: string): GraphNode | undefined {
    return this.nodeNow.has(id) ? this.nodeNow.get(id) : this.lookups().nodes.get(id);
  }

  /** The first node showing a profile, if any. */
  nodeShowing(profileId: string): GraphNode | undefined {
    for (const id of this.lookups().nodesByProfile.get(profileId) ?? []) {
      const n = this.node(id);
      if (n?.data.profileId === profileId) return n;
    }
    for (const n of this.nodeNow.values()) if (n?.data.profileId === profileId) return n;
    return undefined;
  }

  /** Next node id: one more than the largest number in use, and never below n1001. */
  nextNodeId(): string {
    const index = this.lookups();
    // Never lowered when the largest is removed: an id is not given again while the removal may
    // still be undone, refused by the server or not yet saved (the new card would take its place).
    let max = (index.maxNodeNumber ??= largestNodeNumber(index.nodes.values()));
    for (const n of this.nodeNow.values()) if (n) max = Math.max(max, nodeNumber(n.id) ?? max);
    return `n${max + 1}`;
  }

  setNode(node: GraphNode): void {
    if (!this.nodeBefore.has(node.id)) this.nodeBefore.set(node.id, this.lookups().nodes.get(node.id) ?? null);
    this.nodeNow.set(node.id, node);
  }

  removeNode(id: string): void {
    if (!this.node(id)) return;
    if (!this.nodeBefore.has(id)) this.nodeBefore.set(id, this.lookups().nodes.get(id) ?? null);
    this.nodeNow.set(id, undefined);
  }

  edge(id: string): GraphEdge | undefined {
    return this.edgeNow.has(id) ? this.edgeNow.get(id) : this.lookups().edges.get(id);
  }

  /** Every edge that starts or ends at the node, hidden ones included. */
  edgesOf(nodeId: string): GraphEdge[] {
    const ids = this.incident.get(nodeId) ?? this.lookups().edgesByNode.get(nodeId);
    return ids ? [...ids].map((id) => this.edge(id)!) : [];
  }

  private incidentOf(nodeId: string): Set<string> {
    let set = this.incident.get(nodeId);
    if (!set) this.incident.set(nodeId, (set = new Set(this.lookups().edgesByNode.get(nodeId))));
    return set;
  }

  setEdge(edge: GraphEdge): void {
    if (!this.edgeBefore.has(edge.id)) this.edgeBefore.set(edge.id, this.lookups().edges.get(edge.id) ?? null);
    const old = this.edge(edge.id);
    if (old) for (const end of [old.source, old.target]) this.incidentOf(end).delete(old.id);
    this.edgeNow.set(edge.id, edge);
    for (const end of [edge.source, edge.target]) this.incidentOf(end).add(edge.id);
  }

  removeEdge(id: string): void {
    const old = this.edge(id);
    if (!old) return;
    if (!this.edgeBefore.has(id)) this.edgeBefore.set(id, this.lookups().edges.get(id) ?? null);
    for (const end of [old.source, old.target]) this.incidentOf(end).delete(id);
    this.edgeNow.set(id, undefined);
  }

  profile(id: string): Profile | undefined {
    if (this.written.has(id)) return this.written.get(id);
    const profiles = this.base.profiles;
    return Object.hasOwn(profiles, id) ? profiles[id] : undefined;
  }

  allProfileIds(): string[] {
    const ids = new Set(Object.keys(this.base.profiles));
    for (const [id, p] of this.written) {
      if (p) ids.add(id);
      else ids.delete(id);
    }
    return [...ids];
  }

  setProfile(p: Profile): void {
    if (!this.profileBefore.has(p.id)) this.profileBefore.set(p.id, Object.hasOwn(this.base.profiles, p.id) ? this.base.profiles[p.id]! : null);
    this.written.set(p.id, p);
  }

  removeProfile(id: string): void {
    if (!this.profile(id)) return;
    if (!this.profileBefore.has(id)) this.profileBefore.set(id, this.base.profiles[id]!);
    this.written.set(id, undefined);
  }

  finish(): OpResult {
    const { base } = this;
    // Nothing changed: the same graph, which keeps its lookups (and its claim).
    if (!this.nodeBefore.size && !this.edgeBefore.size && !this.profileBefore.size)
      return { graph: base, changed: { nodes: [], edges: [], profiles: [] }, undo: { nodes: [], edges: [], profiles: [] } };
    const index = this.lookups();
    const nodes = rebuild(base.nodes, this.nodeNow, this.nodeBefore);
    const edges = rebuild(base.edges, this.edgeNow, this.edgeBefore);
    const keep = claimed.has(base);
    let profiles = base.profiles;
    if (this.written.size && !keep) profiles = { ...base.profiles };
    for (const [id, p] of this.written) {
      if (p) profiles[id] = p;
      else delete profiles[id];
    }
    const graph: Graph = { ...base, nodes: nodes.items, edges: edges.items, profiles };
    if (keep) {
      claimed.delete(base);
      claimed.add(graph);
      detachProfiles(base, graph, this.profileBefore);
    }
    this.handOn(index, graph);
    const { nodeBefore, edgeBefore, profileBefore } = this;
    // Made when first read: a change received from the server (an import of 100,000 people) is
    // never undone here, and its record would be an object per person.
    let undo: UndoRecord | null = null;
    return {
      graph,
      changed: { nodes: [...nodeBefore.keys()], edges: [...edgeBefore.keys()], profiles: [...profileBefore.keys()] },
      get undo() {
        return (undo ??= {
          nodes: [...nodeBefore].map(([id, before]) => ({ id, before, index: before ? (nodes.positions.get(id) ?? -1) : -1 })),
          edges: [...edgeBefore].map(([id, before]) => ({ id, before, index: before ? (edges.positions.get(id) ?? -1) : -1 })),
          profiles: [...profileBefore].map(([id, before]) => ({ id, before })),
        });
      },
    };
  }

  /** Updates the base graph's lookups with what this draft changed and gives them to `graph`. */
  private handOn(index: GraphIndex, graph: Graph) {
    for (const [id, before] of this.nodeBefore) {
      const now = this.nodeNow.get(id);
      if (before?.data.profileId) deleteFrom(index.nodesByProfile, before.data.profileId, id);
      if (now) {
        index.nodes.set(id, now);
        if (now.data.profileId) addTo(index.nodesByProfile, now.data.profileId, id);
        const k = nodeNumber(id);
        if (index.maxNodeNumber !== null && k !== null && k > index.maxNodeNumber) index.maxNodeNumber = k;
      } else {
        // The largest number stays taken (see `nextNodeId`): counted before a removal, once.
        index.maxNodeNumber ??= largestNodeNumber(index.nodes.values());
        index.nodes.delete(id);
      }
    }
    for (const [id] of this.edgeBefore) {
      const now = this.edgeNow.get(id);
      if (now) index.edges.set(id, now);
      else index.edges.delete(id);
    }
    for (const [nodeId, ids] of this.incident) {
      if (ids.size) index.edgesByNode.set(nodeId, ids);
      else index.edgesByNode.delete(nodeId);
    }
    index.graph = graph;
    indexes.delete(this.base);
    indexes.set(graph, index);
  }
}

/**
 * Additions only (cards, lines and profiles the graph does not have, as an import brings them),
 * made without a draft: appended to the arrays, the profiles record and the lookups in one pass
 * each. Answers like `GraphDraft.finish` (the undo record made when first read), or null when
 * something named is there already and the change needs a draft. A change set naming one id twice
 * keeps its last state, as a draft would.
 */
export function appendToGraph(base: Graph, add: { nodes: readonly GraphNode[]; edges: readonly GraphEdge[]; profiles: readonly Profile[] }): OpResult | null {
  const index = graphIndex(base);
  for (const n of add.nodes) if (index.nodes.has(n.id)) return null;
  for (const e of add.edges) if (index.edges.has(e.id)) return null;
  for (const p of add.profiles) if (Object.hasOwn(base.profiles, p.id)) return null;
  if (!add.nodes.length && !add.edges.length && !add.profiles.length) return new GraphDraft(base).finish();

  const nodeCount = index.nodes.size;
  for (const n of add.nodes) {
    index.nodes.set(n.id, n);
    if (n.data.profileId) addTo(index.nodesByProfile, n.data.profileId, n.id);
    const k = nodeNumber(n.id);
    if (index.maxNodeNumber !== null && k !== null && k > index.maxNodeNumber) index.maxNodeNumber = k;
  }
  const edgeCount = index.edges.size;
  for (const e of add.edges) {
    index.edges.set(e.id, e);
    addTo(index.edgesByNode, e.source, e.id);
    addTo(index.edgesByNode, e.target, e.id);
  }
  // The lookups grew by one per id: each was named once (the usual case, told without a set).
  const nodesOnce = index.nodes.size - nodeCount === add.nodes.length;
  const edgesOnce = index.edges.size - edgeCount === add.edges.length;
  const nodes = base.nodes.concat(nodesOnce ? add.nodes : lastOfEach(add.nodes));
  const edges = base.edges.concat(edgesOnce ? add.edges : lastOfEach(add.edges));

  const keep = claimed.has(base);
  const profiles = keep ? base.profiles : { ...base.profiles };
  let profilesOnce = true;
  for (const p of add.profiles) {
    if (Object.hasOwn(profiles, p.id)) profilesOnce = false;
    profiles[p.id] = p;
  }
  const graph: Graph = { ...base, nodes, edges, profiles };
  const changed: Touched = { nodes: ids(add.nodes, nodesOnce), edges: ids(add.edges, edgesOnce), profiles: ids(add.profiles, profilesOnce) };
  if (keep) {
    claimed.delete(base);
    claimed.add(graph);
    detachProfiles(base, graph, { *[Symbol.iterator]() { for (const id of changed.profiles) yield [id, null] as const; } });
  }
  index.graph = graph;
  indexes.delete(base);
  indexes.set(graph, index);
  let undo: UndoRecord | null = null;
  return {
    graph,
    changed,
    get undo() {
      return (undo ??= {
        nodes: changed.nodes.map((id) => ({ id, before: null, index: -1 })),
        edges: changed.edges.map((id) => ({ id, before: null, index: -1 })),
        profiles: changed.profiles.map((id) => ({ id, before: null })),
      });
    },
  };
}

/** The ids of a list, each once (`once`: no id is there twice). */
function ids(items: readonly { id: string }[], once: boolean): string[] {
  const all = items.map((x) => x.id);
  return once ? all : [...new Set(all)];
}

/** Each id once, at its first place with its last state. */
function lastOfEach<T extends { id: string }>(items: readonly T[]): T[] {
  return [...new Map(items.map((x) => [x.id, x])).values()];
}

/**
 * Keeps the original order, replaces changed items in place and appends new ones; answers where
 * each changed item sat. A few changes are found by reference search (fast, native), many by one
 * pass over the list.
 */
function rebuild<T extends { id: string }>(old: T[], now: Map<string, T | undefined>, before: Map<string, T | null>) {
  const positions = new Map<string, number>();
  if (!before.size) return { items: old, positions };
  let items: T[];
  if (before.size <= SEARCH_LIMIT) {
    items = old.slice();
    const removed: number[] = [];
    for (const [id, prev] of before) {
      if (!prev) continue;
      const at = old.indexOf(prev);
      if (at < 0) continue;
      positions.set(id, at);
      const next = now.get(id);
      if (next) items[at] = next;
      else removed.push(at);
    }
    for (const at of removed.sort((a, b) => b - a)) items.splice(at, 1);
  } else {
    items = [];
    old.forEach((item, at) => {
      if (!before.has(item.id)) return void items.push(item);
      positions.set(item.id, at);
      const next = now.get(item.id);
      if (next) items.push(next);
    });
  }
  for (const [id, prev] of before) {
    if (prev !== null) continue;
    const next = now.get(id);
    if (next) items.push(next);
  }
  return { items, positions };
}

/**
 * One result for several operations made one after another on `base` (each on the graph the
 * previous one made): the last graph, everything any of them touched, and an undo record that
 * puts back `base`. What a later operation touched first was untouched before it, so its state
 * and place are the ones it had in `base`.
 */
export function chainResults(base: Graph, results: readonly OpResult[]): OpResult {
  if (results.length === 1) return results[0]!;
  const nodes = new Map<string, UndoRecord['nodes'][number]>();
  const edges = new Map<string, UndoRecord['edges'][number]>();
  const profiles = new Map<string, UndoRecord['profiles'][number]>();
  const placed = <T, E extends { before: T | null; index: number }>(list: readonly T[], e: E, first: boolean): E =>
    first || !e.before ? e : { ...e, index: list.indexOf(e.before) };
  results.forEach((r, step) => {
    for (const e of r.undo.nodes) if (!nodes.has(e.id)) nodes.set(e.id, placed(base.nodes, e, step === 0));
    for (const e of r.undo.edges) if (!edges.has(e.id)) edges.set(e.id, placed(base.edges, e, step === 0));
    for (const e of r.undo.profiles) if (!profiles.has(e.id)) profiles.set(e.id, e);
  });
  return {
    graph: results[results.length - 1]!.graph,
    changed: { nodes: [...nodes.keys()], edges: [...edges.keys()], profiles: [...profiles.keys()] },
    undo: { nodes: [...nodes.values()], edges: [...edges.values()], profiles: [...profiles.values()] },
  };
}

/**
 * Puts back exactly what an operation changed: removes what it created, restores what it changed
 * or removed (removed nodes and edges go back to their old place in the drawing order).
 */
export function undoOperation(graph: Graph, record: UndoRecord): OpResult {
  const draft = new GraphDraft(graph);
  for (const { id, before } of record.edges) before ? draft.setEdge(before) : draft.removeEdge(id);
  for (const { id, before } of record.nodes) before ? draft.setNode(before) : draft.removeNode(id);
  for (const { id, before } of record.profiles) before ? draft.setProfile(before) : draft.removeProfile(id);
  const result = draft.finish();
  const nodes = reorder(result.graph.nodes, record.nodes);
  const edges = reorder(result.graph.edges, record.edges);
  if (nodes === result.graph.nodes && edges === result.graph.edges) return result;
  // The reordered arrays replace the finished ones in the same graph object, which holds the
  // lookups (and, for a claimed graph, the profiles record) handed on by `finish`.
  result.graph.nodes = nodes;
  result.graph.edges = edges;
  return result;
}

/** Moves restored items (appended by `finish`) back to the index they had. */
function reorder<T extends { id: string }>(items: T[], entries: { id: string; before: T | null; index: number }[]): T[] {
  const restored = entries.filter((e) => e.before && e.index >= 0).sort((a, b) => a.index - b.index);
  if (!restored.length) return items;
  const ids = new Set(restored.map((e) => e.id));
  const out = items.filter((i) => !ids.has(i.id));
  const byId = new Map(items.filter((i) => ids.has(i.id)).map((i) => [i.id, i]));
  for (const e of restored) {
    const item = byId.get(e.id);
    if (item) out.splice(Math.min(e.index, out.length), 0, item);
  }
  return out;
}
