import type { GraphEdge, GraphNode } from './types.ts';

/** Read-only questions about a graph, shared by the operations, the checker and the screens. */

/** Everything but a spouse edge is a parent→child edge (old graphs may lack data.kind). */
export function isParentEdge(e: Pick<GraphEdge, 'data'>): boolean {
  return e.data?.kind !== 'spouse';
}

export function isSpouseEdge(e: Pick<GraphEdge, 'data'>): boolean {
  return e.data?.kind === 'spouse';
}

/** Node of each profile shown on the canvas (the first, should a profile appear twice). */
export function nodesByProfile(nodes: Iterable<GraphNode>): Map<string, GraphNode> {
  const map = new Map<string, GraphNode>();
  for (const n of nodes) if (n.data.profileId && !map.has(n.data.profileId)) map.set(n.data.profileId, n);
  return map;
}
