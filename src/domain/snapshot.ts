import type { Graph, GraphEdge, GraphNode, Profile } from './types.ts';
import { RELATION_FIELDS, SCALAR_FIELDS } from './profile.ts';

/**
 * Normalised copies of graph entities: only the persistent fields, in a fixed key order, so that
 * canvas state (selected, dragging, width, measured sizes, …) never counts as an unsaved change
 * and two equal graphs serialise to the same text.
 */

export function normaliseNode(n: GraphNode): GraphNode {
  return {
    id: n.id,
    type: n.type,
    position: { x: n.position.x, y: n.position.y },
    modifiedAt: n.modifiedAt,
    hidden: !!n.hidden,
    data: { profileId: n.data.profileId, parentRole: n.data.parentRole, isPrimary: !!n.data.isPrimary },
  };
}

export function normaliseEdge(e: GraphEdge): GraphEdge {
  return {
    id: e.id,
    source: e.source,
    target: e.target,
    sourceHandle: e.sourceHandle,
    targetHandle: e.targetHandle,
    type: e.type,
    hidden: !!e.hidden,
    // Absent unless set: lines stored before pedigrees existed keep their shape.
    data: e.data.pedigree ? { kind: e.data.kind, pedigree: e.data.pedigree } : { kind: e.data.kind },
  };
}

export function normaliseProfile(p: Profile): Profile {
  const out = { id: p.id } as Record<string, unknown>;
  for (const f of SCALAR_FIELDS) out[f] = p[f] ?? '';
  for (const f of RELATION_FIELDS) out[f] = [...(p[f] ?? [])];
  return out as unknown as Profile;
}

export function nodesEqual(a: GraphNode, b: GraphNode): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.type === b.type &&
      a.position.x === b.position.x &&
      a.position.y === b.position.y &&
      a.modifiedAt === b.modifiedAt &&
      !!a.hidden === !!b.hidden &&
      a.data.profileId === b.data.profileId &&
      a.data.parentRole === b.data.parentRole &&
      !!a.data.isPrimary === !!b.data.isPrimary)
  );
}

export function edgesEqual(a: GraphEdge, b: GraphEdge): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.source === b.source &&
      a.target === b.target &&
      a.sourceHandle === b.sourceHandle &&
      a.targetHandle === b.targetHandle &&
      a.type === b.type &&
      !!a.hidden === !!b.hidden &&
      a.data.kind === b.data.kind &&
      (a.data.pedigree ?? '') === (b.data.pedigree ?? ''))
  );
}

export interface GraphSnapshot {
  nodes: GraphNode[];
  edges: GraphEdge[];
  profiles: Record<string, Profile>;
  version: 1;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The normalised snapshot of §4: entities sorted by id, profiles by key, updatedAt left out (it
 * changes on every save without changing the tree). Costs a sort; for the "unsaved?" question on
 * large graphs prefer `hasUnsavedChanges` (changeSet.ts), which stops at reference-equal entities.
 */
export function snapshotGraph(graph: Graph): GraphSnapshot {
  const profiles: Record<string, Profile> = {};
  for (const id of Object.keys(graph.profiles).sort()) profiles[id] = normaliseProfile(graph.profiles[id]!);
  return {
    nodes: graph.nodes.map(normaliseNode).sort(byId),
    edges: graph.edges.map(normaliseEdge).sort(byId),
    profiles,
    version: 1,
  };
}

/** The snapshot as text: equal strings ⇔ equal trees (used to ignore echoes of our own save). */
export function snapshotKey(graph: Graph): string {
  return JSON.stringify(snapshotGraph(graph));
}
