import { graphIndex } from '../../../domain/graphDraft.ts';
import { cardName } from '../../../domain/labels.ts';
import type { Graph, GraphNode, Profile } from '../../../domain/types.ts';
import { useTree } from '../treeContext.ts';
import { useSessionVersion } from '../useSessionVersion.ts';

/** The session's current graph, re-rendering on every change. */
export function useTreeGraph(): Graph {
  const { session } = useTree();
  useSessionVersion(session);
  return session.graph;
}

export interface PersonView {
  node: GraphNode;
  profile: Profile | undefined;
  /** Capitalised name or 'Unnamed'. */
  name: string;
  /** Seed of the generated default avatar: the profile id, else the node id. */
  seed: string;
}

export function personOf(graph: Graph, nodeId: string | null | undefined): PersonView | null {
  if (!nodeId) return null;
  const node = graphIndex(graph).nodes.get(nodeId);
  if (!node) return null;
  const profile = node.data.profileId ? graph.profiles[node.data.profileId] : undefined;
  return { node, profile, name: cardName(profile), seed: profile?.id || node.id };
}
