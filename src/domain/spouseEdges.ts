import type { Graph, GraphEdge, GraphNode } from './types.ts';
import { compareNodeIds, spouseEdgeId } from './ids.ts';
import { nodesByProfile } from './graphQueries.ts';
import { spouseColour } from './spouseColour.ts';

export interface SpouseEdge extends GraphEdge {
  data: { kind: 'spouse' };
  /** Dashed line colour from the §3 palette, the same for both partners. */
  colour: string;
}

export const SPOUSE_EDGE_TYPE = 'straight';

/**
 * The dashed spouse lines to draw, derived from the profiles' spouse lists: one per pair of cards
 * whose profiles are married, id sp-{a}-{b} (a the smaller node id), from the left card's right
 * handle to the right card's left handle. Hidden when either card is hidden.
 */
export function spouseEdges(graph: Graph): SpouseEdge[] {
  const byProfile = nodesByProfile(graph.nodes);
  const out: SpouseEdge[] = [];
  for (const node of graph.nodes) out.push(...spouseEdgesFrom(node, graph.profiles, (id) => byProfile.get(id)));
  return out;
}

/**
 * The spouse lines `spouseEdges` draws from one card: to each card showing a spouse of its person
 * whose id is larger. `cardOf` answers the card showing a profile.
 */
export function spouseEdgesFrom(node: GraphNode, profiles: Graph['profiles'], cardOf: (profileId: string) => GraphNode | undefined): SpouseEdge[] {
  const out: SpouseEdge[] = [];
  for (const other of spousePartnersOf(node, profiles, cardOf)) {
    const [left, right] = node.position.x <= other.position.x ? [node, other] : [other, node];
    out.push({
      id: spouseEdgeId(node.id, other.id),
      source: left.id,
      target: right.id,
      sourceHandle: 'right',
      targetHandle: 'left',
      type: SPOUSE_EDGE_TYPE,
      hidden: node.hidden || other.hidden,
      data: { kind: 'spouse' },
      colour: spouseColour(node.id, other.id),
    });
  }
  return out;
}

/** The cards a spouse line goes to from `node` (see `spouseEdgesFrom`): its spouses' with a larger id. */
export function spousePartnersOf(node: GraphNode, profiles: Graph['profiles'], cardOf: (profileId: string) => GraphNode | undefined): GraphNode[] {
  const out: GraphNode[] = [];
  for (const spouseId of profiles[node.data.profileId]?.spouses ?? []) {
    const other = cardOf(spouseId);
    if (other && compareNodeIds(node.id, other.id) < 0) out.push(other);
  }
  return out;
}
