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
 * A copy-on-write working copy of a graph. Operations read and write through it; `finish` builds
 * the new graph, sharing every untouched node, edge and profile object with the old one (so
 * `diffGraphs` can skip them by reference), and the undo record.
 */
export class GraphDraft {
  private readonly nodeById = new Map<string, GraphNode>();
  private readonly nodeIndex = new Map<string, number>();
  private readonly edgeById = new Map<string, GraphEdge>();
  private readonly edgeIndex = new Map<string, number>();
  private readonly edgesByNode = new Map<string, Set<string>>();
  private readonly profiles: Record<string, Profile>;
  private readonly nodeBefore = new Map<string, GraphNode | null>();
  private readonly edgeBefore = new Map<string, GraphEdge | null>();
  private readonly profileBefore = new Map<string, Profile | null>();
  /** Profiles written by this draft; undefined marks a removal. */
  private readonly written = new Map<string, Profile | undefined>();

  constructor(readonly base: Graph) {
    base.nodes.forEach((n, i) => {
      this.nodeById.set(n.id, n);
      this.nodeIndex.set(n.id, i);
    });
    base.edges.forEach((e, i) => {
      this.edgeById.set(e.id, e);
      this.edgeIndex.set(e.id, i);
      this.link(e);
    });
    this.profiles = base.profiles;
  }

  private link(e: GraphEdge): void {
    for (const end of [e.source, e.target]) {
      let set = this.edgesByNode.get(end);
      if (!set) this.edgesByNode.set(end, (set = new Set()));
      set.add(e.id);
    }
  }

  private unlink(e: GraphEdge): void {
    this.edgesByNode.get(e.source)?.delete(e.id);
    this.edgesByNode.get(e.target)?.delete(e.id);
  }

  node(id: string): GraphNode | undefined {
    return this.nodeById.get(id);
  }

  allNodes(): IterableIterator<GraphNode> {
    return this.nodeById.values();
  }

  setNode(node: GraphNode): void {
    if (!this.nodeBefore.has(node.id)) this.nodeBefore.set(node.id, this.nodeById.get(node.id) ?? null);
    this.nodeById.set(node.id, node);
  }

  removeNode(id: string): void {
    if (!this.nodeById.has(id)) return;
    if (!this.nodeBefore.has(id)) this.nodeBefore.set(id, this.nodeById.get(id)!);
    this.nodeById.delete(id);
  }

  edge(id: string): GraphEdge | undefined {
    return this.edgeById.get(id);
  }

  /** Every edge that starts or ends at the node, hidden ones included. */
  edgesOf(nodeId: string): GraphEdge[] {
    return [...(this.edgesByNode.get(nodeId) ?? [])].map((id) => this.edgeById.get(id)!);
  }

  setEdge(edge: GraphEdge): void {
    if (!this.edgeBefore.has(edge.id)) this.edgeBefore.set(edge.id, this.edgeById.get(edge.id) ?? null);
    const old = this.edgeById.get(edge.id);
    if (old) this.unlink(old);
    this.edgeById.set(edge.id, edge);
    this.link(edge);
  }

  removeEdge(id: string): void {
    const old = this.edgeById.get(id);
    if (!old) return;
    if (!this.edgeBefore.has(id)) this.edgeBefore.set(id, old);
    this.unlink(old);
    this.edgeById.delete(id);
  }

  profile(id: string): Profile | undefined {
    if (this.written.has(id)) return this.written.get(id);
    return Object.hasOwn(this.profiles, id) ? this.profiles[id] : undefined;
  }

  allProfileIds(): string[] {
    const ids = new Set(Object.keys(this.profiles));
    for (const [id, p] of this.written) {
      if (p) ids.add(id);
      else ids.delete(id);
    }
    return [...ids];
  }

  setProfile(p: Profile): void {
    if (!this.profileBefore.has(p.id)) this.profileBefore.set(p.id, Object.hasOwn(this.profiles, p.id) ? this.profiles[p.id]! : null);
    this.written.set(p.id, p);
  }

  removeProfile(id: string): void {
    if (!this.profile(id)) return;
    if (!this.profileBefore.has(id)) this.profileBefore.set(id, this.profiles[id]!);
    this.written.set(id, undefined);
  }

  finish(): OpResult {
    const { base } = this;
    const nodes = this.nodeBefore.size ? rebuild(base.nodes, this.nodeById, this.nodeBefore) : base.nodes;
    const edges = this.edgeBefore.size ? rebuild(base.edges, this.edgeById, this.edgeBefore) : base.edges;
    let profiles = base.profiles;
    if (this.written.size) {
      profiles = { ...base.profiles };
      for (const [id, p] of this.written) {
        if (p) profiles[id] = p;
        else delete profiles[id];
      }
    }
    const graph: Graph = { ...base, nodes, edges, profiles };
    const undo: UndoRecord = {
      nodes: [...this.nodeBefore].map(([id, before]) => ({ id, before, index: this.nodeIndex.get(id) ?? -1 })),
      edges: [...this.edgeBefore].map(([id, before]) => ({ id, before, index: this.edgeIndex.get(id) ?? -1 })),
      profiles: [...this.profileBefore].map(([id, before]) => ({ id, before })),
    };
    return {
      graph,
      changed: { nodes: [...this.nodeBefore.keys()], edges: [...this.edgeBefore.keys()], profiles: [...this.profileBefore.keys()] },
      undo,
    };
  }
}

/** Keeps the original order, replaces changed items in place and appends new ones. */
function rebuild<T extends { id: string }>(old: T[], current: Map<string, T>, before: Map<string, T | null>): T[] {
  const out: T[] = [];
  for (const item of old) {
    const now = current.get(item.id);
    if (now) out.push(now);
  }
  for (const [id, prev] of before) {
    if (prev === null) {
      const now = current.get(id);
      if (now) out.push(now);
    }
  }
  return out;
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
  return {
    ...result,
    graph: {
      ...result.graph,
      nodes: reorder(result.graph.nodes, record.nodes),
      edges: reorder(result.graph.edges, record.edges),
    },
  };
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
