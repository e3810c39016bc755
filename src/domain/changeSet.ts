import type { Graph, GraphEdge, GraphNode, Profile } from './types.ts';
import { emptyProfile, RELATION_FIELDS, SCALAR_FIELDS, type ProfileScalars, type RelationField } from './profile.ts';
import { edgesEqual, nodesEqual, normaliseEdge, normaliseNode } from './snapshot.ts';

/**
 * Saves send change sets, not graphs (DESIGN.md "Data").
 *
 * Nodes and edges are sent whole and replace what is stored (last writer wins per card or line).
 * Profiles are sent as per-field patches: `set` carries only the plain fields that changed, so
 * two members editing different fields of one person both keep their edits, and the same field
 * edited twice ends with the value of the change set the server applied last. Relationship lists
 * are patched as sets (`add`, `remove`), so two members adding different children to one person
 * both keep them. A new profile is a patch with `create: true` carrying every field.
 */
export interface ProfilePatch {
  id: string;
  create?: true;
  set?: Partial<ProfileScalars>;
  add?: Partial<Record<RelationField, string[]>>;
  remove?: Partial<Record<RelationField, string[]>>;
}

export interface ChangeSet {
  /** The graph revision the sender last saw (`Graph.revision`, 0 before the first save). */
  baseRevision: number;
  nodes: { upsert: GraphNode[]; remove: string[] };
  edges: { upsert: GraphEdge[]; remove: string[] };
  profiles: { upsert: ProfilePatch[]; remove: string[] };
}

export function emptyChangeSet(baseRevision = 0): ChangeSet {
  return { baseRevision, nodes: { upsert: [], remove: [] }, edges: { upsert: [], remove: [] }, profiles: { upsert: [], remove: [] } };
}

export function isEmptyChangeSet(c: ChangeSet): boolean {
  return !(c.nodes.upsert.length || c.nodes.remove.length || c.edges.upsert.length || c.edges.remove.length || c.profiles.upsert.length || c.profiles.remove.length);
}

export function changeCount(c: ChangeSet): number {
  return c.nodes.upsert.length + c.nodes.remove.length + c.edges.upsert.length + c.edges.remove.length + c.profiles.upsert.length + c.profiles.remove.length;
}

/** Id → item maps of arrays we have already indexed; a saved graph is diffed many times. */
const indexCache = new WeakMap<readonly { id: string }[], Map<string, { id: string }>>();

function indexById<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  let map = indexCache.get(items) as Map<string, T> | undefined;
  if (!map) {
    map = new Map(items.map((i) => [i.id, i]));
    indexCache.set(items, map);
  }
  return map;
}

function diffList<T extends { id: string }>(saved: readonly T[], current: readonly T[], equal: (a: T, b: T) => boolean, normalise: (x: T) => T) {
  const before = indexById(saved);
  const upsert: T[] = [];
  let matched = 0;
  for (const item of current) {
    const old = before.get(item.id);
    if (old) matched++;
    if (!old || !equal(old, item)) upsert.push(normalise(item));
  }
  const remove: string[] = [];
  if (matched !== saved.length) {
    const now = indexById(current);
    for (const item of saved) if (!now.has(item.id)) remove.push(item.id);
  }
  return { upsert, remove };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((x, i) => x === b[i]));
}

/** The patch turning `before` into `after`, or null when they agree. */
export function diffProfile(before: Profile | undefined, after: Profile): ProfilePatch | null {
  if (before === after) return null;
  if (!before) {
    const set: Partial<ProfileScalars> = {};
    for (const f of SCALAR_FIELDS) set[f] = (after[f] ?? '') as never;
    const add: ProfilePatch['add'] = {};
    for (const f of RELATION_FIELDS) if (after[f]?.length) add[f] = [...after[f]];
    return { id: after.id, create: true, set, ...(Object.keys(add).length ? { add } : {}) };
  }
  const patch: ProfilePatch = { id: after.id };
  for (const f of SCALAR_FIELDS) if ((before[f] ?? '') !== (after[f] ?? '')) (patch.set ??= {})[f] = (after[f] ?? '') as never;
  for (const f of RELATION_FIELDS) {
    const a = before[f] ?? [];
    const b = after[f] ?? [];
    if (sameList(a, b)) continue;
    const added = b.filter((x) => !a.includes(x));
    const removed = a.filter((x) => !b.includes(x));
    if (added.length) (patch.add ??= {})[f] = added;
    if (removed.length) (patch.remove ??= {})[f] = removed;
  }
  return patch.set || patch.add || patch.remove ? patch : null;
}

/**
 * The change set that turns `saved` into `current`. One pass over each list: entities that are
 * the same object in both graphs (operations share untouched ones) cost a map lookup and a
 * reference check; only the rest are compared field by field, once.
 */
export function diffGraphs(saved: Graph, current: Graph): ChangeSet {
  const cs = emptyChangeSet(saved.revision ?? 0);
  if (saved.nodes !== current.nodes) cs.nodes = diffList(saved.nodes, current.nodes, nodesEqual, normaliseNode);
  if (saved.edges !== current.edges) cs.edges = diffList(saved.edges, current.edges, edgesEqual, normaliseEdge);
  if (saved.profiles !== current.profiles) {
    let matched = 0;
    for (const id in current.profiles) {
      const before = Object.hasOwn(saved.profiles, id) ? saved.profiles[id] : undefined;
      if (before) matched++;
      const patch = diffProfile(before, current.profiles[id]!);
      if (patch) cs.profiles.upsert.push(patch);
    }
    const savedIds = Object.keys(saved.profiles);
    if (matched !== savedIds.length) for (const id of savedIds) if (!Object.hasOwn(current.profiles, id)) cs.profiles.remove.push(id);
  }
  return cs;
}

/** §4 "unsaved": the current graph differs from the last saved one in anything persistent. */
export function hasUnsavedChanges(saved: Graph, current: Graph): boolean {
  return !isEmptyChangeSet(diffGraphs(saved, current));
}

/** Whether a list names something twice. */
function repeats(list: readonly string[]): boolean {
  for (let i = 1; i < list.length; i++) if (list.lastIndexOf(list[i]!, i - 1) >= 0) return true;
  return false;
}

/** Only ever spread from (`applyProfilePatch`), never handed out. */
const EMPTY_PROFILE: Profile = emptyProfile('');

/**
 * Applies a patch. A patch without `create` for a profile that no longer exists is dropped (a
 * removal wins over a concurrent edit); list entries are added and removed as sets.
 */
export function applyProfilePatch(existing: Profile | undefined, patch: ProfilePatch): Profile | undefined {
  if (!existing && !patch.create) return undefined;
  // A new profile is spread from one shared empty profile, its lists made its own below: an
  // import creates 100,000, and an empty profile made and dropped for each fed the garbage collector.
  const next: Profile = { ...(existing ?? EMPTY_PROFILE), ...(patch.set ?? {}), id: patch.id };
  for (const f of RELATION_FIELDS) {
    const add = patch.add?.[f] ?? [];
    const remove = patch.remove?.[f] ?? [];
    if (!add.length && !remove.length) {
      if (next[f] === EMPTY_PROFILE[f]) next[f] = [];
      continue;
    }
    const kept = remove.length ? next[f].filter((x) => !remove.includes(x)) : next[f];
    const fresh = !kept.length && !repeats(add) ? add : add.filter((x, i) => !kept.includes(x) && add.indexOf(x) === i);
    // Joined by concat, which makes the list at its exact length: one grown by push holds 17
    // slots, and 100,000 imported profiles kept some 30 MB of them for the garbage collector to copy.
    next[f] = kept.concat(fresh);
  }
  return next;
}

function applyList<T extends { id: string }>(items: T[], change: { upsert: T[]; remove: string[] }): T[] {
  if (!change.upsert.length && !change.remove.length) return items;
  const removed = new Set(change.remove);
  const pending = new Map(change.upsert.map((x) => [x.id, x]));
  const out: T[] = [];
  for (const item of items) {
    if (removed.has(item.id)) continue;
    const replacement = pending.get(item.id);
    if (replacement) pending.delete(item.id);
    out.push(replacement ?? item);
  }
  for (const item of pending.values()) if (!removed.has(item.id)) out.push(item);
  return out;
}

/** The graph with the change set applied; untouched entities stay the same objects. */
export function applyChangeSet(graph: Graph, changes: ChangeSet): Graph {
  let profiles = graph.profiles;
  if (changes.profiles.upsert.length || changes.profiles.remove.length) {
    profiles = { ...graph.profiles };
    for (const patch of changes.profiles.upsert) {
      const next = applyProfilePatch(Object.hasOwn(profiles, patch.id) ? profiles[patch.id] : undefined, patch);
      if (next) profiles[patch.id] = next;
    }
    for (const id of changes.profiles.remove) delete profiles[id];
  }
  return { ...graph, nodes: applyList(graph.nodes, changes.nodes), edges: applyList(graph.edges, changes.edges), profiles };
}

/**
 * §7: every written profile gets updatedBy and updatedAt, and a new one createdBy and createdAt
 * when missing. The server stamps what it accepts, so clients cannot forge them.
 */
export function stampChangeSet(changes: ChangeSet, by: { uid: string; now: string }): ChangeSet {
  return {
    ...changes,
    profiles: {
      ...changes.profiles,
      upsert: changes.profiles.upsert.map((p) => ({ ...p, set: stamp({ ...p.set }, p.create, by) })),
    },
  };
}

/**
 * `stampChangeSet` on a change set nobody else holds (one just read back from JSON, as the GEDCOM
 * import's): its patches are stamped where they are, the same fields in the same order, without a
 * copy of 100,000 patches.
 */
export function stampOwnChangeSet(changes: ChangeSet, by: { uid: string; now: string }): ChangeSet {
  for (const p of changes.profiles.upsert) p.set = stamp(p.set ?? {}, p.create, by);
  return changes;
}

function stamp(set: Partial<ProfileScalars>, create: boolean | undefined, by: { uid: string; now: string }): Partial<ProfileScalars> {
  set.updatedBy = by.uid;
  set.updatedAt = by.now;
  if (create) {
    set.createdBy ||= by.uid;
    set.createdAt ||= by.now;
  }
  return set;
}

/**
 * `older` without what `newer` wrote: cards and lines `newer` upserted or removed, and the profile
 * fields it set. The server applied `newer` after `older`, so where both touched the same thing
 * `newer` is what stands (a tab's own save can be answered before an earlier save of another tab
 * reaches it on the live stream). List additions and removals are kept: they commute as sets.
 */
export function withoutOverwritten(older: ChangeSet, newer: readonly ChangeSet[]): ChangeSet {
  if (!newer.length) return older;
  const nodes = new Set<string>();
  const edges = new Set<string>();
  const fields = new Map<string, Set<string>>();
  const removedProfiles = new Set<string>();
  for (const cs of newer) {
    for (const n of cs.nodes.upsert) nodes.add(n.id);
    for (const id of cs.nodes.remove) nodes.add(id);
    for (const e of cs.edges.upsert) edges.add(e.id);
    for (const id of cs.edges.remove) edges.add(id);
    for (const id of cs.profiles.remove) removedProfiles.add(id);
    for (const p of cs.profiles.upsert) {
      let set = fields.get(p.id);
      if (!set) fields.set(p.id, (set = new Set()));
      for (const f of Object.keys(p.set ?? {})) set.add(f);
    }
  }
  const upsert: ProfilePatch[] = [];
  for (const p of older.profiles.upsert) {
    if (removedProfiles.has(p.id)) continue;
    const shadow = fields.get(p.id);
    if (!shadow || !p.set) {
      upsert.push(p);
      continue;
    }
    const set = Object.fromEntries(Object.entries(p.set).filter(([f]) => !shadow.has(f))) as Partial<ProfileScalars>;
    const next: ProfilePatch = { ...p, set };
    if (!Object.keys(set).length) delete next.set;
    if (next.create || next.set || next.add || next.remove) upsert.push(next);
  }
  return {
    baseRevision: older.baseRevision,
    nodes: { upsert: older.nodes.upsert.filter((n) => !nodes.has(n.id)), remove: older.nodes.remove.filter((id) => !nodes.has(id)) },
    edges: { upsert: older.edges.upsert.filter((e) => !edges.has(e.id)), remove: older.edges.remove.filter((id) => !edges.has(id)) },
    // A removal stands even after a later patch: a patch of a profile that no longer exists is dropped.
    profiles: { upsert, remove: older.profiles.remove },
  };
}
