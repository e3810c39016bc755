import type { Graph } from './types.ts';
import { GraphDraft, type OpResult } from './graphDraft.ts';
import { isParentEdge, nodesByProfile } from './graphQueries.ts';

/**
 * Collapse Children (§4) hides the person's descendants, reachable over visible parent→child
 * edges, and the edges that touch them. Of the descendants' spouses, it hides only those left
 * connected to nothing visible (no parent, child or spouse outside what is hidden): a partner who
 * married in goes with the branch, but one with a child of their own elsewhere (a step-child of
 * the branch) or parents on the tree stays. Nobody above the person is touched, nor the person's
 * own spouses, nor children who are not theirs. Expanding shows the same set again, found over
 * hidden edges as well, so it also works after a reload. Stored spouse edges stay as they are.
 */

function branch(graph: Graph, rootId: string, overHidden: boolean): Set<string> {
  const down = new Map<string, string[]>();
  const connections = new Map<string, string[]>();
  const connect = (a: string, b: string) => {
    let list = connections.get(a);
    if (!list) connections.set(a, (list = []));
    list.push(b);
  };
  for (const e of graph.edges) {
    if (!isParentEdge(e)) continue;
    connect(e.source, e.target);
    connect(e.target, e.source);
    if (e.hidden && !overHidden) continue;
    let list = down.get(e.source);
    if (!list) down.set(e.source, (list = []));
    list.push(e.target);
  }
  const byProfile = nodesByProfile(graph.nodes);
  const nodeById = new Map(graph.nodes.map((n) => [n.id, n]));
  const spousesOf = (id: string): string[] => {
    const out: string[] = [];
    for (const p of graph.profiles[nodeById.get(id)?.data.profileId ?? '']?.spouses ?? []) {
      const node = byProfile.get(p);
      if (node && node.id !== id) out.push(node.id);
    }
    return out;
  };

  const descendants = new Set<string>();
  const queue = [rootId];
  while (queue.length) {
    for (const child of down.get(queue.pop()!) ?? []) {
      if (child === rootId || descendants.has(child)) continue;
      descendants.add(child);
      queue.push(child);
    }
  }

  // Partners start as every spouse of a descendant; those still connected to someone visible
  // outside the branch are dropped until none is (a partner may be held only by another partner).
  const partners = new Set<string>();
  for (const id of descendants) {
    for (const s of spousesOf(id)) if (s !== rootId && !descendants.has(s) && nodeById.get(s)!.hidden === overHidden) partners.add(s);
  }
  const inBranch = (id: string) => descendants.has(id) || partners.has(id);
  const heldOutside = (id: string) =>
    [...(connections.get(id) ?? []), ...spousesOf(id)].some((other) => !inBranch(other) && nodeById.get(other)?.hidden === false);
  for (let dropped = true; dropped; ) {
    dropped = false;
    for (const p of partners) {
      if (heldOutside(p)) {
        partners.delete(p);
        dropped = true;
      }
    }
  }
  return new Set([...descendants, ...partners]);
}

function setHidden(graph: Graph, ids: Set<string>, hidden: boolean): OpResult {
  const draft = new GraphDraft(graph);
  for (const id of ids) {
    const node = draft.node(id);
    if (node && node.hidden !== hidden) draft.setNode({ ...node, hidden });
  }
  const isHidden = (id: string) => draft.node(id)?.hidden ?? true;
  for (const id of ids) {
    for (const e of draft.edgesOf(id)) {
      if (!isParentEdge(e)) continue;
      const want = hidden || isHidden(e.source) || isHidden(e.target);
      if (e.hidden !== want) draft.setEdge({ ...e, hidden: want });
    }
  }
  return draft.finish();
}

export function collapseChildren(graph: Graph, nodeId: string): OpResult {
  return setHidden(graph, branch(graph, nodeId, false), true);
}

export function expandChildren(graph: Graph, nodeId: string): OpResult {
  return setHidden(graph, branch(graph, nodeId, true), false);
}

/**
 * How many people Collapse Children hid below the person, 0 when nothing is collapsed there: the
 * number their card's marker shows (the people Expand Children would show again).
 */
export function hiddenBelowCount(graph: Graph, nodeId: string): number {
  const hidden = new Set(graph.nodes.filter((n) => n.hidden).map((n) => n.id));
  if (!hidden.size) return 0;
  let n = 0;
  for (const id of branch(graph, nodeId, true)) if (hidden.has(id)) n++;
  return n;
}

/** Whether the details panel offers to restore children rather than collapse them. */
export function hasCollapsedChildren(graph: Graph, nodeId: string): boolean {
  return graph.edges.some((e) => e.source === nodeId && isParentEdge(e) && e.hidden);
}
