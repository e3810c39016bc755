import type { Graph, GraphNode, Profile } from './types.ts';
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

/**
 * Restricts the check to problems about these ids (the server checks what a change set touched).
 * Only profiles in the scope are walked: to check both sides of a list entry, put the profiles on
 * both sides in the scope (validateChangeSet adds every neighbour of what it touches).
 */
export interface CheckScope {
  nodes: ReadonlySet<string>;
  edges: ReadonlySet<string>;
  profiles: ReadonlySet<string>;
}

const MIRROR = [
  ['spouses', 'spouses'],
  ['parents', 'children'],
  ['children', 'parents'],
] as const;

function hasDuplicates(list: readonly string[]): boolean {
  if (list.length < 2) return false;
  if (list.length === 2) return list[0] === list[1];
  return new Set(list).size !== list.length;
}

export function checkGraph(graph: Graph, scope?: CheckScope): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const report = (rule: string, message: string) => problems.push({ rule, message });
  const inNode = (id: string) => !scope || scope.nodes.has(id);
  const inProfile = (id: string) => !scope || scope.profiles.has(id);

  const nodes = new Map<string, GraphNode>();
  const nodeOfProfile = new Map<string, string>();
  /** Nodes whose edges matter: all of them, or those in the scope or showing a profile in it. */
  const relevant = scope ? new Set(scope.nodes) : null;
  let primary: string | null = null;
  for (const n of graph.nodes) {
    const pid = n.data.profileId;
    const mine = inNode(n.id) || (!!pid && inProfile(pid));
    if (mine && relevant) relevant.add(n.id);
    if (nodes.has(n.id)) mine && report('node-id-unique', `Node ${n.id} appears twice`);
    nodes.set(n.id, n);
    if (mine && !isNodeId(n.id)) report('node-id-format', `Node id ${n.id} is not of the form n{number}`);
    if (pid) {
      if (mine && !Object.hasOwn(graph.profiles, pid)) report('node-profile', `Node ${n.id} shows missing profile ${pid}`);
      const other = nodeOfProfile.get(pid);
      if (other) (mine || inNode(other)) && report('profile-one-node', `Profile ${pid} is on nodes ${other} and ${n.id}`);
      else nodeOfProfile.set(pid, n.id);
    }
    if (n.data.isPrimary) {
      if (primary) (mine || inNode(primary)) && report('one-primary', `Nodes ${primary} and ${n.id} are both primary`);
      primary ??= n.id;
    }
  }

  const seenEdges = new Set<string>();
  const parentLinks = new Set<string>();
  const incoming = new Map<string, number>();
  for (const e of graph.edges) {
    const mine = !scope || scope.edges.has(e.id) || relevant!.has(e.source) || relevant!.has(e.target);
    if (!mine) continue;
    if (seenEdges.has(e.id)) report('edge-id-unique', `Edge ${e.id} appears twice`);
    seenEdges.add(e.id);
    const source = nodes.get(e.source);
    const target = nodes.get(e.target);
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
      incoming.set(e.target, (incoming.get(e.target) ?? 0) + 1);
      if (sp && tp) {
        parentLinks.add(`${sp}>${tp}`);
        const child = graph.profiles[tp];
        if (child && !child.parents.includes(sp)) report('edge-lists', `Edge ${e.id}: ${tp} does not list ${sp} as a parent`);
        const parent = graph.profiles[sp];
        if (parent && !parent.children.includes(tp)) report('edge-lists', `Edge ${e.id}: ${sp} does not list ${tp} as a child`);
      }
    } else {
      if (!e.hidden) report('spouse-edge-hidden', `Spouse edge ${e.id} is stored visible; spouses are drawn from the lists`);
      if (sp && tp && !graph.profiles[sp]?.spouses.includes(tp)) report('spouse-edge-lists', `Spouse edge ${e.id} joins people who are not spouses`);
    }
  }
  for (const [id, count] of incoming) if (count > MAX_PARENTS && inNode(id)) report('max-parents', `Node ${id} has ${count} parent edges`);

  const walk = scope ? [...scope.profiles].filter((id) => Object.hasOwn(graph.profiles, id)) : Object.keys(graph.profiles);
  for (const id of walk) {
    const p: Profile = graph.profiles[id]!;
    if (p.id !== id) report('profile-id', `Profile ${id} carries id ${p.id}`);
    if (p.parents.length > MAX_PARENTS) report('max-parents', `Profile ${id} lists ${p.parents.length} parents`);
    for (const [field, mirror] of MIRROR) {
      const list = p[field];
      if (hasDuplicates(list)) report('list-unique', `Profile ${id} lists someone twice in ${field}`);
      for (const otherId of list) {
        if (otherId === id) {
          report('list-self', `Profile ${id} lists itself in ${field}`);
          continue;
        }
        const other = graph.profiles[otherId];
        if (!other) {
          report('list-reference', `Profile ${id} lists missing profile ${otherId} in ${field}`);
          continue;
        }
        if (!other[mirror].includes(id)) report('list-mutual', `Profile ${id} lists ${otherId} in ${field} but not the other way round`);
        if (field === 'children' && !parentLinks.has(`${id}>${otherId}`)) {
          const a = nodeOfProfile.get(id);
          const b = nodeOfProfile.get(otherId);
          if (a && b) report('lists-edge', `Profiles ${id} → ${otherId} are parent and child but nodes ${a} → ${b} have no edge`);
        }
      }
    }
  }
  return problems;
}
