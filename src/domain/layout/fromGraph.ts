import { graphIndex } from '../graphDraft.ts';
import { isParentEdge } from '../graphQueries.ts';
import { compareNodeIds } from '../ids.ts';
import type { Graph, GraphNode } from '../types.ts';
import type { LayoutFamily, LayoutInput } from './types.ts';

/**
 * The layout's input for cards of a graph (all of them, or `nodeIds`): families from the parent
 * lines between those cards (a child's parents, whoever they are, are one family) and couples
 * from the profiles' spouse lists (DESIGN.md "Spouses"), a couple without children as a family
 * of its own. A couple is written man first, as GEDCOM's HUSB/WIFE; children left to right as
 * they are now, so a tidied tree keeps its siblings' order. Linear in cards and lines.
 */
export function layoutInputFromGraph(graph: Graph, nodeIds?: Iterable<string>): LayoutInput {
  const index = graphIndex(graph);
  const wanted = nodeIds ? new Set(nodeIds) : null;
  const nodes: GraphNode[] = [];
  for (const n of graph.nodes) if (!wanted || wanted.has(n.id)) nodes.push(n);
  const inside = new Set(nodes.map((n) => n.id));

  const parentsOf = new Map<string, string[]>();
  for (const e of graph.edges) {
    if (!isParentEdge(e) || !inside.has(e.source) || !inside.has(e.target) || e.source === e.target) continue;
    const list = parentsOf.get(e.target);
    if (!list) parentsOf.set(e.target, [e.source]);
    else if (!list.includes(e.source)) list.push(e.source);
  }
  const partnerOrder = (a: string, b: string) => genderRank(graph, a) - genderRank(graph, b) || compareNodeIds(a, b);
  const families = new Map<string, LayoutFamily>();
  const key = (partners: string[]) => partners.join(' ');
  for (const n of nodes) {
    const parents = parentsOf.get(n.id);
    if (!parents) continue;
    const partners = [...parents].sort(partnerOrder);
    const k = key(partners);
    const family = families.get(k);
    if (family) family.children.push(n.id);
    else families.set(k, { partners, children: [n.id] });
  }
  for (const n of nodes) {
    const spouses = n.data.profileId ? graph.profiles[n.data.profileId]?.spouses : undefined;
    for (const spouseId of spouses ?? []) {
      for (const other of index.nodesByProfile.get(spouseId) ?? []) {
        if (other === n.id || !inside.has(other)) continue;
        const partners = [n.id, other].sort(partnerOrder);
        const k = key(partners);
        if (!families.has(k)) families.set(k, { partners, children: [] });
        break;
      }
    }
  }
  const x = (id: string) => index.nodes.get(id)!.position.x;
  for (const f of families.values()) f.children.sort((a, b) => x(a) - x(b) || compareNodeIds(a, b));
  return { people: nodes.map((n) => n.id), families: [...families.values()] };
}

function genderRank(graph: Graph, nodeId: string): number {
  const node = graphIndex(graph).nodes.get(nodeId);
  const gender = node?.data.profileId ? graph.profiles[node.data.profileId]?.gender : '';
  return gender === 'M' ? 0 : gender === 'F' ? 2 : 1;
}
