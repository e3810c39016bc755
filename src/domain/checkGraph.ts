import type { Graph, GraphEdge, GraphNode, Profile } from './types.ts';
import { isParentEdge } from './graphQueries.ts';
import { edgeId, isNodeId } from './ids.ts';
import { MAX_PARENTS } from './timing.ts';

/**
 * The graph's invariants, checked in one pass (linear in the size of the graph). Used by the tests
 * after every operation and by the server before it accepts a change set.
 *
 * 1. Node ids are n{number} and unique; edge ids unique; parent edges are e-{source}-{target}.
 * 2. Edges join existing, different nodes; a node's profile exists; a profile is on at most one
 *    node; at most one node is the primary person.
 * 3. Profile lists hold existing profiles, no duplicates, never the profile itself.
 * 4. Lists are mutual: A.children ∋ B ⇔ B.parents ∋ A, and A.spouses ∋ B ⇔ B.spouses ∋ A.
 * 5. A parent edge between two cards ⇔ the parent/child lists say so (when both are on the tree).
 * 6. At most 2 parents, by list and by incoming parent edges.
 * 7. Stored spouse edges (from before 'spouses-v1') are hidden and join spouses.
 */
export interface GraphProblem {
  rule: string;
  message: string;
}

/** Restricts the check to problems about these ids (the server checks what a change set touched). */
export interface CheckScope {
  nodes: ReadonlySet<string>;
  edges: ReadonlySet<string>;
  profiles: ReadonlySet<string>;
}

export function checkGraph(graph: Graph, scope?: CheckScope): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const report = (rule: string, message: string) => problems.push({ rule, message });
  const inNode = (id: string) => !scope || scope.nodes.has(id);
  const inEdge = (e: GraphEdge) => !scope || scope.edges.has(e.id) || scope.nodes.has(e.source) || scope.nodes.has(e.target);
  const inProfile = (id: string) => !scope || scope.profiles.has(id);

  const nodes = new Map<string, GraphNode>();
  const nodeOfProfile = new Map<string, string>();
  let primary: string | null = null;
  for (const n of graph.nodes) {
    const mine = inNode(n.id) || inProfile(n.data.profileId);
    if (nodes.has(n.id)) mine && report('node-id-unique', `Node ${n.id} appears twice`);
    nodes.set(n.id, n);
    if (!isNodeId(n.id)) mine && report('node-id-format', `Node id ${n.id} is not of the form n{number}`);
    const pid = n.data.profileId;
    if (pid) {
      if (!Object.hasOwn(graph.profiles, pid)) mine && report('node-profile', `Node ${n.id} shows missing profile ${pid}`);
      const other = nodeOfProfile.get(pid);
      if (other) (mine || inNode(other)) && report('profile-one-node', `Profile ${pid} is on nodes ${other} and ${n.id}`);
      else nodeOfProfile.set(pid, n.id);
    }
    if (n.data.isPrimary) {
      if (primary) (mine || inNode(primary)) && report('one-primary', `Nodes ${primary} and ${n.id} are both primary`);
      primary ??= n.id;
    }
  }

  const edgeIds = new Set<string>();
  const parentLinks = new Set<string>();
  const incoming = new Map<string, number>();
  for (const e of graph.edges) {
    const mine = inEdge(e);
    if (edgeIds.has(e.id)) mine && report('edge-id-unique', `Edge ${e.id} appears twice`);
    edgeIds.add(e.id);
    if (!nodes.has(e.source) || !nodes.has(e.target)) {
      mine && report('edge-ends', `Edge ${e.id} joins a node that does not exist`);
      continue;
    }
    if (e.source === e.target) mine && report('edge-ends', `Edge ${e.id} joins a node to itself`);
    const sp = nodes.get(e.source)!.data.profileId;
    const tp = nodes.get(e.target)!.data.profileId;
    if (isParentEdge(e)) {
      if (e.id !== edgeId(e.source, e.target)) mine && report('edge-id-format', `Edge ${e.id} should be ${edgeId(e.source, e.target)}`);
      incoming.set(e.target, (incoming.get(e.target) ?? 0) + 1);
      if (sp && tp) {
        parentLinks.add(`${sp}>${tp}`);
        const child = graph.profiles[tp];
        if (child && !child.parents.includes(sp)) (mine || inProfile(tp)) && report('edge-lists', `Edge ${e.id}: ${tp} does not list ${sp} as a parent`);
        const parent = graph.profiles[sp];
        if (parent && !parent.children.includes(tp)) (mine || inProfile(sp)) && report('edge-lists', `Edge ${e.id}: ${sp} does not list ${tp} as a child`);
      }
    } else {
      if (!e.hidden) mine && report('spouse-edge-hidden', `Spouse edge ${e.id} is stored visible; spouses are drawn from the lists`);
      if (sp && tp && !graph.profiles[sp]?.spouses.includes(tp)) mine && report('spouse-edge-lists', `Spouse edge ${e.id} joins people who are not spouses`);
    }
  }
  for (const [id, count] of incoming) if (count > MAX_PARENTS && inNode(id)) report('max-parents', `Node ${id} has ${count} parent edges`);

  for (const id in graph.profiles) {
    const p: Profile = graph.profiles[id]!;
    const mine = inProfile(id);
    if (p.id !== id) mine && report('profile-id', `Profile ${id} carries id ${p.id}`);
    if (p.parents.length > MAX_PARENTS) mine && report('max-parents', `Profile ${id} lists ${p.parents.length} parents`);
    for (const [field, mirror] of [['spouses', 'spouses'], ['parents', 'children'], ['children', 'parents']] as const) {
      const list = p[field];
      if (new Set(list).size !== list.length) mine && report('list-unique', `Profile ${id} lists someone twice in ${field}`);
      for (const otherId of list) {
        const pairMine = mine || inProfile(otherId);
        if (otherId === id) {
          pairMine && report('list-self', `Profile ${id} lists itself in ${field}`);
          continue;
        }
        const other = graph.profiles[otherId];
        if (!other) {
          pairMine && report('list-reference', `Profile ${id} lists missing profile ${otherId} in ${field}`);
          continue;
        }
        if (!other[mirror].includes(id)) pairMine && report('list-mutual', `Profile ${id} lists ${otherId} in ${field} but not the other way round`);
        if (field === 'children' && nodeOfProfile.has(id) && nodeOfProfile.has(otherId) && !parentLinks.has(`${id}>${otherId}`)) {
          const a = nodeOfProfile.get(id)!;
          const b = nodeOfProfile.get(otherId)!;
          (pairMine || inNode(a) || inNode(b)) && report('lists-edge', `Profiles ${id} → ${otherId} are parent and child but nodes ${a} → ${b} have no edge`);
        }
      }
    }
  }
  return problems;
}
