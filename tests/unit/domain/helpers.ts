import type { Graph, GraphNode, ParentRole, Profile } from '../../../src/domain/types.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import { parentEdge } from '../../../src/domain/relationships.ts';
import { PLACEMENT, type FindFree, type Point } from '../../../src/domain/placement.ts';

export const NOW = '2025-06-01T12:00:00.000Z';
export const LATER = '2025-06-02T08:30:00.000Z';

export interface PersonSpec {
  node: string;
  profile?: string;
  x?: number;
  y?: number;
  primary?: boolean;
  role?: ParentRole;
  hidden?: boolean;
  fields?: Partial<Profile>;
}

/**
 * A consistent graph from a short description: people (node + profile), parent links
 * [parentNode, childNode] and spouse pairs [nodeA, nodeB]; lists and edges agree.
 */
export function makeGraph(spec: { people: PersonSpec[]; parents?: [string, string][]; spouses?: [string, string][]; extraProfiles?: Profile[] }): Graph {
  const nodes: GraphNode[] = [];
  const profiles: Record<string, Profile> = {};
  const profileOf = new Map<string, string>();
  spec.people.forEach((p, i) => {
    const pid = p.profile === undefined ? `pr:${p.node}` : p.profile;
    profileOf.set(p.node, pid);
    nodes.push({
      id: p.node,
      type: 'person',
      position: { x: p.x ?? i * 300, y: p.y ?? 0 },
      modifiedAt: NOW,
      hidden: !!p.hidden,
      data: { profileId: pid, parentRole: p.role ?? '', isPrimary: !!p.primary },
    });
    if (pid) profiles[pid] = { ...emptyProfile(pid), firstName: p.node, createdBy: 'u-owner', createdAt: NOW, ...p.fields };
  });
  for (const p of spec.extraProfiles ?? []) profiles[p.id] = p;
  const edges = (spec.parents ?? []).map(([a, b]) => parentEdge(a, b));
  for (const [a, b] of spec.parents ?? []) {
    const pa = profileOf.get(a)!;
    const pb = profileOf.get(b)!;
    profiles[pa]!.children.push(pb);
    profiles[pb]!.parents.push(pa);
  }
  for (const [a, b] of spec.spouses ?? []) {
    const pa = profileOf.get(a)!;
    const pb = profileOf.get(b)!;
    profiles[pa]!.spouses.push(pb);
    profiles[pb]!.spouses.push(pa);
  }
  return { nodes, edges, profiles, updatedAt: NOW, version: 1 };
}

/** Deep copy, so tests can prove operations never change their input. */
export function frozenCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

const overlaps = (a: Point, b: Point) =>
  Math.abs(a.x - b.x) < PLACEMENT.overlap.width && Math.abs(a.y - b.y) < PLACEMENT.overlap.height;

/**
 * Brute-force stand-in for the engine's quadtree spiral (§9): the desired spot if free, else the
 * nearest free spot on rings 1…12 of a 40-px grid around it (nearest first, then top-to-bottom,
 * left-to-right), else the desired spot moved right by the fallback offset.
 */
export function bruteForceFindFree(occupied: () => Point[]): FindFree {
  return (desired) => {
    const taken = occupied();
    const free = (p: Point) => !taken.some((t) => overlaps(p, t));
    if (free(desired)) return desired;
    for (let r = 1; r <= PLACEMENT.rings; r++) {
      const ring: Point[] = [];
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++)
          if (Math.max(Math.abs(dx), Math.abs(dy)) === r) ring.push({ x: desired.x + dx * PLACEMENT.step, y: desired.y + dy * PLACEMENT.step });
      const dist = (p: Point) => (p.x - desired.x) ** 2 + (p.y - desired.y) ** 2;
      ring.sort((a, b) => dist(a) - dist(b) || a.y - b.y || a.x - b.x);
      const spot = ring.find(free);
      if (spot) return spot;
    }
    return { x: desired.x + PLACEMENT.fallbackOffset, y: desired.y };
  };
}

/** A resolver reading the graph's current positions. */
export function findFreeIn(graph: Graph): FindFree {
  return bruteForceFindFree(() => graph.nodes.map((n) => n.position));
}

export const noOverlapSearch: FindFree = (p) => p;
