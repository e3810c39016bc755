/**
 * Which cards a chart export takes (issue 22): the whole tree, the view, the selection, or the
 * ancestors, descendants or both (hourglass) of one person to N generations. Pure, over the
 * graph's nodes and edges (a parent line runs from the parent, `source`, to the child).
 */
import { isParentEdge, isSpouseEdge } from '../../../domain/graphQueries.ts';
import type { GraphEdge, GraphNode, Profile } from '../../../domain/types.ts';

export type ChartScope = 'all' | 'view' | 'selection' | 'ancestors' | 'descendants' | 'hourglass';

interface Links {
  parents: Map<string, string[]>;
  children: Map<string, string[]>;
  spouses: Map<string, string[]>;
}

/** Spouses are the profiles' (the canvas draws their lines from them), and any spouse edge. */
function links(graph: ChartGraph): Links {
  const { edges } = graph;
  const l: Links = { parents: new Map(), children: new Map(), spouses: new Map() };
  const add = (m: Map<string, string[]>, k: string, v: string) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  const byProfile = new Map<string, string[]>();
  for (const n of graph.nodes) if (!n.hidden) add(byProfile, n.data.profileId, n.id);
  for (const n of graph.nodes)
    for (const sp of graph.profiles?.[n.data.profileId]?.spouses ?? []) for (const other of byProfile.get(sp) ?? []) add(l.spouses, n.id, other);
  for (const e of edges) {
    if (e.hidden) continue;
    if (isSpouseEdge(e)) {
      add(l.spouses, e.source, e.target);
      add(l.spouses, e.target, e.source);
    } else if (isParentEdge(e)) {
      add(l.parents, e.target, e.source);
      add(l.children, e.source, e.target);
    }
  }
  return l;
}

/** `start` and the people `generations` steps along `step`, level by level, each once. */
function walk(start: string, generations: number, step: Map<string, string[]>, out: Set<string>, withSpouses?: Map<string, string[]>) {
  let level = [start];
  out.add(start);
  for (let g = 0; g < generations && level.length; g++) {
    const next: string[] = [];
    for (const id of level) {
      // A descendant's partner is on a descendant chart beside them (the other parent of the children).
      if (withSpouses) for (const s of withSpouses.get(id) ?? []) out.add(s);
      for (const n of step.get(id) ?? [])
        if (!out.has(n)) {
          out.add(n);
          next.push(n);
        }
    }
    level = next;
  }
}

export interface ChartGraph {
  nodes: readonly GraphNode[];
  edges: readonly GraphEdge[];
  profiles?: Readonly<Record<string, Pick<Profile, 'spouses'>>>;
}

export function chartNodeIds(
  scope: ChartScope,
  graph: ChartGraph,
  o: { person?: string | null; generations?: number; selection?: Iterable<string>; view?: Iterable<string> },
): Set<string> {
  if (scope === 'all') return new Set(graph.nodes.filter((n) => !n.hidden).map((n) => n.id));
  if (scope === 'selection') return new Set(o.selection ?? []);
  if (scope === 'view') return new Set(o.view ?? []);
  if (!o.person) return new Set();
  const l = links(graph);
  const gens = Math.max(1, o.generations ?? 4);
  const out = new Set<string>();
  if (scope === 'ancestors' || scope === 'hourglass') walk(o.person, gens, l.parents, out);
  if (scope === 'descendants' || scope === 'hourglass') walk(o.person, gens, l.children, out, l.spouses);
  return out;
}
