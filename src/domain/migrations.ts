import { PEDIGREES, type Gender, type Graph, type GraphEdge, type GraphNode, type ParentRole, type Pedigree, type Profile } from './types.ts';
import { edgeId } from './ids.ts';
import { emptyProfile, RELATION_FIELDS, SCALAR_FIELDS } from './profile.ts';
import { PARENT_EDGE_HANDLES, PARENT_EDGE_TYPE } from './relationships.ts';
import { normaliseCitation, normaliseEvent, normaliseName } from './snapshot.ts';
import { isCurrentEdge, isCurrentNode, isCurrentProfile } from './currentShape.ts';

/**
 * The one-time migrations of §4, as pure functions on a graph of the old shape. Old graphs kept
 * relationships only as edges: profiles had no spouses, parents or children lists, edges might
 * lack data.kind (spouse edges had data.kind 'spouse'), handles or a canonical id. The client
 * records each applied id under its migration flags (§3 browser storage), and `runMigrations`
 * skips what is recorded. Each migration is idempotent.
 */

export interface LegacyNode {
  id: string;
  type?: string;
  position: { x: number; y: number };
  modifiedAt?: string;
  hidden?: boolean;
  data?: { profileId?: string; parentRole?: string; isPrimary?: boolean };
  [canvasState: string]: unknown;
}

export interface LegacyEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
  type?: string;
  hidden?: boolean;
  data?: { kind?: string; pedigree?: unknown };
  [canvasState: string]: unknown;
}

export type LegacyProfile = Partial<Profile>;

export interface LegacyGraph {
  nodes: LegacyNode[];
  edges: LegacyEdge[];
  profiles: Record<string, LegacyProfile>;
  updatedAt?: string;
  version?: number;
  revision?: number;
  places?: Graph['places'];
  couples?: Graph['couples'];
  sources?: Graph['sources'];
  notDuplicates?: Graph['notDuplicates'];
  media?: Graph['media'];
}

export const MIGRATION_IDS = ['spouses-v1', 'parents-children-v1'] as const;
export type MigrationId = (typeof MIGRATION_IDS)[number];

const isLegacySpouseEdge = (e: LegacyEdge) => e.data?.kind === 'spouse';

function profileOf(g: LegacyGraph, nodeId: string, nodes: Map<string, LegacyNode>): string | undefined {
  const pid = nodes.get(nodeId)?.data?.profileId;
  return pid && g.profiles[pid] ? pid : undefined;
}

function addToList(profiles: Record<string, LegacyProfile>, id: string, field: 'spouses' | 'parents' | 'children', other: string): void {
  const p = profiles[id]!;
  const list = p[field] ?? [];
  if (!list.includes(other)) profiles[id] = { ...p, [field]: [...list, other] };
  else if (!p[field]) profiles[id] = { ...p, [field]: list };
}

/** 'spouses-v1': every spouse edge becomes mutual entries in the profiles' spouse lists and is hidden. */
export function migrateSpousesV1(graph: LegacyGraph): LegacyGraph {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const profiles = { ...graph.profiles };
  const edges = graph.edges.map((e) => {
    if (!isLegacySpouseEdge(e)) return e;
    const a = profileOf(graph, e.source, nodes);
    const b = profileOf(graph, e.target, nodes);
    if (a && b && a !== b) {
      addToList(profiles, a, 'spouses', b);
      addToList(profiles, b, 'spouses', a);
    }
    return e.hidden ? e : { ...e, hidden: true };
  });
  return { ...graph, edges, profiles };
}

/**
 * 'parents-children-v1': every other edge is a parent→child link; it becomes entries in the
 * parent's children and the child's parents, gets data.kind 'parent', the bottom → top handles and
 * the canonical id e-{source}-{target} (duplicates of one link are merged into one edge).
 */
export function migrateParentsChildrenV1(graph: LegacyGraph): LegacyGraph {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const profiles = { ...graph.profiles };
  const seen = new Set<string>();
  const edges: LegacyEdge[] = [];
  for (const e of graph.edges) {
    if (isLegacySpouseEdge(e)) {
      edges.push(e);
      continue;
    }
    const id = edgeId(e.source, e.target);
    if (seen.has(id)) continue;
    seen.add(id);
    const parent = profileOf(graph, e.source, nodes);
    const child = profileOf(graph, e.target, nodes);
    if (parent && child && parent !== child) {
      addToList(profiles, parent, 'children', child);
      addToList(profiles, child, 'parents', parent);
    }
    edges.push({ ...e, id, ...PARENT_EDGE_HANDLES, type: e.type || PARENT_EDGE_TYPE, data: { ...e.data, kind: 'parent' } });
  }
  return { ...graph, edges, profiles };
}

const MIGRATIONS: Record<MigrationId, (g: LegacyGraph) => LegacyGraph> = {
  'spouses-v1': migrateSpousesV1,
  'parents-children-v1': migrateParentsChildrenV1,
};

const GENDERS = new Set(['M', 'F', '']);
const ROLES = new Set(['mother', 'father', '']);

/** An edge's kind, and a parent line's pedigree (adopted, foster …) when it is one the model knows. */
function edgeData(data: { kind?: string; pedigree?: unknown } | undefined): GraphEdge['data'] {
  const kind = data?.kind === 'spouse' ? 'spouse' : 'parent';
  const pedigree = data?.pedigree;
  return kind === 'parent' && (PEDIGREES as readonly unknown[]).includes(pedigree) ? { kind, pedigree: pedigree as Pedigree } : { kind };
}

/**
 * Fills every field the current shape has and drops canvas state, without changing meaning. What
 * is already in the current shape (`currentShape.ts`) is kept, not copied: the graph answered
 * shares those items with `g` (the domain never changes an item in place), in records of its own.
 */
export function toCurrentShape(g: LegacyGraph): Graph {
  const nodes: GraphNode[] = g.nodes.map((n) => (isCurrentNode(n) ? n : currentNode(n)));
  const edges: GraphEdge[] = g.edges.map((e) => (isCurrentEdge(e) ? e : currentEdge(e)));
  const profiles: Record<string, Profile> = {};
  for (const id in g.profiles) {
    if (!Object.hasOwn(g.profiles, id)) continue;
    const p = g.profiles[id]!;
    profiles[id] = isCurrentProfile(id, p) ? p : currentProfile(id, p);
  }
  return {
    nodes,
    edges,
    profiles,
    ...(g.places ? { places: g.places } : {}),
    ...(g.couples ? { couples: g.couples } : {}),
    ...(g.sources ? { sources: g.sources } : {}),
    ...(g.notDuplicates ? { notDuplicates: g.notDuplicates } : {}),
    ...(g.media ? { media: g.media } : {}),
    updatedAt: g.updatedAt ?? '',
    version: 1,
    ...(g.revision !== undefined ? { revision: g.revision } : {}),
  };
}

function currentNode(n: LegacyNode): GraphNode {
  return {
    id: n.id,
    type: 'person',
    position: { x: Number(n.position?.x) || 0, y: Number(n.position?.y) || 0 },
    modifiedAt: n.modifiedAt ?? '',
    hidden: !!n.hidden,
    data: {
      profileId: n.data?.profileId ?? '',
      parentRole: (ROLES.has(n.data?.parentRole ?? '') ? (n.data?.parentRole ?? '') : '') as ParentRole,
      isPrimary: !!n.data?.isPrimary,
    },
  };
}

function currentEdge(e: LegacyEdge): GraphEdge {
  return {
    id: e.id,
    source: e.source,
    target: e.target,
    sourceHandle: e.sourceHandle ?? '',
    targetHandle: e.targetHandle ?? '',
    type: e.type || 'default',
    hidden: !!e.hidden,
    data: edgeData(e.data),
  };
}

function currentProfile(id: string, p: LegacyProfile): Profile {
  const out = emptyProfile(id);
  for (const f of SCALAR_FIELDS) if (typeof p[f] === 'string') (out as unknown as Record<string, string>)[f] = p[f];
  for (const f of RELATION_FIELDS) if (Array.isArray(p[f])) out[f] = [...p[f]];
  if (!GENDERS.has(out.gender)) out.gender = '' as Gender;
  // The facts model: kept when there (absent on profiles stored before it).
  if (Array.isArray(p.events)) out.events = p.events.map(normaliseEvent);
  // Events the open left on the server keep their marker: dropping it would read as "none".
  if (Array.isArray(p.eventsNotLoaded)) out.eventsNotLoaded = p.eventsNotLoaded.map((o) => ({ ...o }));
  if (Array.isArray(p.names)) out.names = p.names.map(normaliseName);
  if (Array.isArray(p.citations)) out.citations = p.citations.map(normaliseCitation);
  return out;
}

/** Runs the migrations not yet in `done`, in order, and returns the graph in the current shape. */
export function runMigrations(graph: LegacyGraph, done: Iterable<string>): { graph: Graph; applied: MigrationId[] } {
  const skip = new Set(done);
  const applied: MigrationId[] = [];
  let g = graph;
  for (const id of MIGRATION_IDS) {
    if (skip.has(id)) continue;
    g = MIGRATIONS[id](g);
    applied.push(id);
  }
  return { graph: toCurrentShape(g), applied };
}
