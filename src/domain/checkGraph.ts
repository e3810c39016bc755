import type { Graph, GraphEdge, GraphNode, Profile } from './types.ts';
import { isParentEdge } from './graphQueries.ts';
import { compareNodeIds, edgeId, isNodeId } from './ids.ts';
import { RELATION_FIELDS, type RelationField } from './profile.ts';
import { MAX_PARENTS } from './timing.ts';

/**
 * The graph's invariants. Used by the tests after every operation (whole graph) and by the server
 * before it accepts a change set (only around what the change set touched, read through a
 * `GraphView` of that neighbourhood).
 *
 * 1. Node ids are n{number} and unique; edge ids unique; parent edges are e-{source}-{target}.
 * 2. Edges join existing, different nodes; a node's profile exists; a profile is on at most one
 *    node; at most one node is the primary person.
 * 3. Profile lists hold existing profiles, no duplicates, never the profile itself.
 * 4. Lists are mutual: A.children ∋ B ⇔ B.parents ∋ A, and A.spouses ∋ B ⇔ B.spouses ∋ A.
 * 5. A parent edge between two cards ⇔ the parent/child lists say so (when both are on the tree).
 * 6. At most 2 parents, however they are drawn: listed parents and parent lines from cards
 *    (with or without a profile) count together.
 * 7. Stored spouse edges (from before 'spouses-v1') are hidden and join spouses.
 */
export interface GraphProblem {
  rule: string;
  message: string;
}

/**
 * The questions the rules ask of a graph. A whole graph answers them from indexes
 * (`graphView`); the server answers them from the part of the stored graph it has read.
 */
export interface GraphView {
  node(id: string): GraphNode | undefined;
  edge(id: string): GraphEdge | undefined;
  profile(id: string): Profile | undefined;
  /** Edges with this node at either end. */
  edgesOf(nodeId: string): readonly GraphEdge[];
  /** Nodes showing this profile. */
  nodesShowing(profileId: string): readonly GraphNode[];
  /** Profiles listing this profile id in one of their relationship lists. */
  profilesListing(profileId: string): readonly Profile[];
  primaryNodes(): readonly GraphNode[];
}

/**
 * What to check. Every rule about these nodes, edges and profiles is checked, including the nodes
 * showing the profiles and the edges of those nodes. `partners` are profiles whose entries naming
 * a profile in `profiles` are checked too (the server passes the list partners a change set had
 * before and after, so an entry left behind on the other side is seen).
 */
export interface CheckScope {
  nodes: ReadonlySet<string>;
  edges: ReadonlySet<string>;
  profiles: ReadonlySet<string>;
  partners?: ReadonlySet<string>;
}

const MIRROR: Record<RelationField, RelationField> = { spouses: 'spouses', parents: 'children', children: 'parents' };

function hasDuplicates(list: readonly string[]): boolean {
  if (list.length < 2) return false;
  if (list.length === 2) return list[0] === list[1];
  return new Set(list).size !== list.length;
}

const byNodeId = (a: GraphNode, b: GraphNode) => compareNodeIds(a.id, b.id);

/** Problems about the things in `scope`, read through `view`. Each message is reported once. */
export function checkAround(view: GraphView, scope: CheckScope): GraphProblem[] {
  const problems = new Map<string, GraphProblem>();
  const report = (rule: string, message: string) => {
    if (!problems.has(message)) problems.set(message, { rule, message });
  };

  /** Rule 5 for one listed parent → child pair, looking at the lines of one side's cards. */
  const listsEdge = (parent: string, child: string, side: 'parent' | 'child') => {
    const from = [...view.nodesShowing(parent)].sort(byNodeId);
    const to = [...view.nodesShowing(child)].sort(byNodeId);
    if (!from.length || !to.length) return;
    const fromIds = new Set(from.map((n) => n.id));
    const toIds = new Set(to.map((n) => n.id));
    const drawn = (side === 'parent' ? from : to).some((n) =>
      view.edgesOf(n.id).some((e) => isParentEdge(e) && fromIds.has(e.source) && toIds.has(e.target)),
    );
    if (!drawn) report('lists-edge', `Profiles ${parent} → ${child} are parent and child but nodes ${from[0]!.id} → ${to[0]!.id} have no edge`);
  };

  /** Rules 3–5 for one list entry: profile `owner` lists `other` in `field`. */
  const entry = (owner: string, field: RelationField, other: string, side: 'owner' | 'other') => {
    if (other === owner) return report('list-self', `Profile ${owner} lists itself in ${field}`);
    const partner = view.profile(other);
    if (!partner) return report('list-reference', `Profile ${owner} lists missing profile ${other} in ${field}`);
    if (!partner[MIRROR[field]].includes(owner)) report('list-mutual', `Profile ${owner} lists ${other} in ${field} but not the other way round`);
    const ownerSide = side === 'owner';
    if (field === 'children') listsEdge(owner, other, ownerSide ? 'parent' : 'child');
    if (field === 'parents') listsEdge(other, owner, ownerSide ? 'child' : 'parent');
  };

  const nodeIds = new Set(scope.nodes);
  for (const pid of scope.profiles) {
    for (const n of view.nodesShowing(pid)) nodeIds.add(n.id);
    const p = view.profile(pid);
    if (!p) {
      for (const other of view.profilesListing(pid)) {
        for (const field of RELATION_FIELDS) if (other[field].includes(pid)) report('list-reference', `Profile ${other.id} lists missing profile ${pid} in ${field}`);
      }
      continue;
    }
    if (p.id !== pid) report('profile-id', `Profile ${pid} carries id ${p.id}`);
    if (p.parents.length > MAX_PARENTS) report('max-parents', `Profile ${pid} lists ${p.parents.length} parents`);
    for (const field of RELATION_FIELDS) {
      if (hasDuplicates(p[field])) report('list-unique', `Profile ${pid} lists someone twice in ${field}`);
      for (const other of p[field]) entry(pid, field, other, 'owner');
    }
  }
  for (const id of scope.partners ?? []) {
    const p = scope.profiles.has(id) ? undefined : view.profile(id);
    if (!p) continue;
    for (const field of RELATION_FIELDS) for (const other of p[field]) if (scope.profiles.has(other)) entry(id, field, other, 'other');
  }

  const edgeIds = new Set(scope.edges);
  for (const id of nodeIds) {
    for (const e of view.edgesOf(id)) edgeIds.add(e.id);
    const n = view.node(id);
    if (!n) continue;
    if (!isNodeId(n.id)) report('node-id-format', `Node id ${n.id} is not of the form n{number}`);
    const pid = n.data.profileId;
    if (pid) {
      if (!view.profile(pid)) report('node-profile', `Node ${n.id} shows missing profile ${pid}`);
      const showing = [...view.nodesShowing(pid)].sort(byNodeId);
      if (showing.length > 1) report('profile-one-node', `Profile ${pid} is on nodes ${showing[0]!.id} and ${showing[1]!.id}`);
    }
    if (n.data.isPrimary) {
      const primaries = [...view.primaryNodes()].sort(byNodeId);
      if (primaries.length > 1) report('one-primary', `Nodes ${primaries[0]!.id} and ${primaries[1]!.id} are both primary`);
    }
    const count = parentCount(view, n);
    if (count > MAX_PARENTS) report('max-parents', `Node ${n.id} has ${count} parents`);
  }

  for (const id of edgeIds) {
    const e = view.edge(id);
    if (!e) continue;
    const source = view.node(e.source);
    const target = view.node(e.target);
    if (!source || !target) {
      report('edge-ends', `Edge ${e.id} joins a node that does not exist`);
      continue;
    }
    if (e.source === e.target) report('edge-ends', `Edge ${e.id} joins a node to itself`);
    const sp = source.data.profileId;
    const tp = target.data.profileId;
    if (isParentEdge(e)) {
      const canonical = edgeId(e.source, e.target);
      if (e.id !== canonical) report('edge-id-format', `Edge ${e.id} should be ${canonical}`);
      if (sp && tp) {
        const child = view.profile(tp);
        if (child && !child.parents.includes(sp)) report('edge-lists', `Edge ${e.id}: ${tp} does not list ${sp} as a parent`);
        const parent = view.profile(sp);
        if (parent && !parent.children.includes(tp)) report('edge-lists', `Edge ${e.id}: ${sp} does not list ${tp} as a child`);
      }
    } else {
      if (!e.hidden) report('spouse-edge-hidden', `Spouse edge ${e.id} is stored visible; spouses are drawn from the lists`);
      if (sp && tp && !view.profile(sp)?.spouses.includes(tp)) report('spouse-edge-lists', `Spouse edge ${e.id} joins people who are not spouses`);
    }
  }
  return [...problems.values()];
}

/**
 * Rule 6 for one card: its profile's listed parents and the cards drawing a parent line into it,
 * counted once each (a line from a card showing a listed parent is that parent).
 */
function parentCount(view: GraphView, node: GraphNode): number {
  const parents = new Set(node.data.profileId ? view.profile(node.data.profileId)?.parents : []);
  for (const e of view.edgesOf(node.id)) {
    if (!isParentEdge(e) || e.target !== node.id) continue;
    const pid = view.node(e.source)?.data.profileId;
    parents.add(pid ? pid : `node:${e.source}`);
  }
  return parents.size;
}

/** A `GraphView` of a whole graph, indexed once (linear in its size). */
export function graphView(graph: Graph): GraphView {
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  const edgesOf = new Map<string, GraphEdge[]>();
  const showing = new Map<string, GraphNode[]>();
  const listing = new Map<string, Profile[]>();
  const primaries: GraphNode[] = [];
  const push = <T,>(map: Map<string, T[]>, key: string, item: T) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  for (const n of graph.nodes) {
    nodes.set(n.id, n);
    if (n.data.profileId) push(showing, n.data.profileId, n);
    if (n.data.isPrimary) primaries.push(n);
  }
  for (const e of graph.edges) {
    edges.set(e.id, e);
    push(edgesOf, e.source, e);
    if (e.target !== e.source) push(edgesOf, e.target, e);
  }
  const profiles = new Map(Object.entries(graph.profiles));
  for (const p of profiles.values()) {
    for (const other of new Set(RELATION_FIELDS.flatMap((f) => p[f]))) push(listing, other, p);
  }
  return {
    node: (id) => nodes.get(id),
    edge: (id) => edges.get(id),
    profile: (id) => profiles.get(id),
    edgesOf: (id) => edgesOf.get(id) ?? [],
    nodesShowing: (id) => showing.get(id) ?? [],
    profilesListing: (id) => listing.get(id) ?? [],
    primaryNodes: () => primaries,
  };
}

/**
 * Every invariant of a whole graph (or, with `scope`, only around those ids). Duplicate ids can
 * only exist in arrays, so they are checked here; the rest is `checkAround`.
 */
export function checkGraph(graph: Graph, scope?: CheckScope): GraphProblem[] {
  const problems: GraphProblem[] = [];
  if (!scope) {
    const seenNodes = new Set<string>();
    for (const n of graph.nodes) {
      if (seenNodes.has(n.id)) problems.push({ rule: 'node-id-unique', message: `Node ${n.id} appears twice` });
      seenNodes.add(n.id);
    }
    const seenEdges = new Set<string>();
    for (const e of graph.edges) {
      if (seenEdges.has(e.id)) problems.push({ rule: 'edge-id-unique', message: `Edge ${e.id} appears twice` });
      seenEdges.add(e.id);
    }
  }
  const everything: CheckScope = scope ?? {
    nodes: new Set(graph.nodes.map((n) => n.id)),
    edges: new Set(graph.edges.map((e) => e.id)),
    profiles: new Set(Object.keys(graph.profiles)),
  };
  return [...problems, ...checkAround(graphView(graph), everything)];
}
