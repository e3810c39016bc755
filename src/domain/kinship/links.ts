import { graphIndex } from '../graphDraft.ts';
import { spouseEdgeId, edgeId } from '../ids.ts';
import type { Graph, Pedigree } from '../types.ts';
import { linkKey } from './find.ts';

const kinds = new WeakMap<Graph, Map<string, Pedigree>>();

/**
 * The parent links not by birth (adopted, foster, step …) by `linkKey(parent, child)` of profile
 * ids, for `findKinship`'s `links`: the kind is kept on the parent line between two cards.
 */
export function parentLinkKinds(graph: Graph): Map<string, Pedigree> {
  const known = kinds.get(graph);
  if (known) return known;
  const index = graphIndex(graph);
  const out = new Map<string, Pedigree>();
  for (const e of graph.edges) {
    if (e.data.kind !== 'parent' || !e.data.pedigree) continue;
    const parent = index.nodes.get(e.source)?.data.profileId;
    const child = index.nodes.get(e.target)?.data.profileId;
    if (parent && child) out.set(linkKey(parent, child), e.data.pedigree);
  }
  kinds.set(graph, out);
  return out;
}

/**
 * The cards and lines of some paths of people (profile ids) on the tree: each person's first card,
 * the parent line or spouse line between two cards next to each other on a path. People without
 * a card and lines not drawn are left out.
 */
export function pathOnTree(graph: Graph, paths: readonly (readonly string[])[]): { nodes: string[]; edges: string[] } {
  const index = graphIndex(graph);
  const cardOf = (profileId: string) => index.nodesByProfile.get(profileId)?.values().next().value as string | undefined;
  const nodes = new Set<string>();
  const edges = new Set<string>();
  for (const path of paths) {
    path.forEach((pid, i) => {
      const card = cardOf(pid);
      if (card) nodes.add(card);
      const prev = i > 0 ? cardOf(path[i - 1]!) : undefined;
      if (!card || !prev) return;
      for (const id of [edgeId(prev, card), edgeId(card, prev)]) if (index.edges.has(id)) edges.add(id);
      // Spouse lines are drawn from the profiles' spouses, not kept as graph edges.
      if (graph.profiles[path[i - 1]!]?.spouses.includes(pid)) edges.add(spouseEdgeId(prev, card));
    });
  }
  return { nodes: [...nodes], edges: [...edges] };
}
