import type { Graph, GraphEdge } from './types.ts';
import { GraphDraft, type OpResult } from './graphDraft.ts';
import { isParentEdge, nodesByProfile } from './graphQueries.ts';

/**
 * Collapse Children (§4) hides every descendant reachable from the person over visible
 * parent→child edges, and the edges that touch them. Partners who married in (a spouse of a
 * hidden descendant with no parents of their own on the tree) go with them, and so do their
 * children; nobody above the person is touched. Expanding shows the same set again, found over
 * hidden edges as well, so it also works after a reload. Stored spouse edges stay as they are.
 */

function branch(graph: Graph, rootId: string, overHidden: boolean): Set<string> {
  const out = new Map<string, GraphEdge[]>();
  const hasParent = new Set<string>();
  for (const e of graph.edges) {
    if (!isParentEdge(e)) continue;
    hasParent.add(e.target);
    if (e.hidden && !overHidden) continue;
    let list = out.get(e.source);
    if (!list) out.set(e.source, (list = []));
    list.push(e);
  }
  const byProfile = nodesByProfile(graph.nodes);
  const profileOf = new Map(graph.nodes.map((n) => [n.id, n.data.profileId]));
  const found = new Set<string>();
  const queue = [rootId];
  const visit = (id: string) => {
    if (id === rootId || found.has(id)) return;
    found.add(id);
    queue.push(id);
  };
  while (queue.length) {
    const id = queue.pop()!;
    for (const e of out.get(id) ?? []) visit(e.target);
    if (id === rootId) continue;
    for (const spouseProfile of graph.profiles[profileOf.get(id) ?? '']?.spouses ?? []) {
      const partner = byProfile.get(spouseProfile);
      if (partner && !hasParent.has(partner.id) && (overHidden || !partner.hidden)) visit(partner.id);
    }
  }
  return found;
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

/** Whether the details panel offers to restore children rather than collapse them. */
export function hasCollapsedChildren(graph: Graph, nodeId: string): boolean {
  return graph.edges.some((e) => e.source === nodeId && isParentEdge(e) && e.hidden);
}
