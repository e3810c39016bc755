import { graphIndex } from '../../../domain/graphDraft.ts';
import type { Graph } from '../../../domain/types.ts';
import { homeNodeId } from '../canvas/homeCard.ts';

/** The profile of a card, if it shows one. */
export function profileOfNode(graph: Graph, nodeId: string | null | undefined): string | null {
  return (nodeId && graphIndex(graph).nodes.get(nodeId)?.data.profileId) || null;
}

/** The member's own person on the tree: their profile, else the person on their home card. */
export function myProfileId(graph: Graph, uid: string): string | null {
  return graph.profiles[uid] ? uid : profileOfNode(graph, homeNodeId(graph, uid));
}
