import type { Graph, GraphEdge, GraphNode, Profile } from './types.ts';
import type { Citation, Couple, FactEvent, NotDuplicate, PersonName, Place, Source } from './facts/types.ts';
import type { Media } from './media/types.ts';
import { emptyProfile, RELATION_FIELDS, SCALAR_FIELDS, type ProfileScalars, type RelationField } from './profile.ts';
import { eventsLoaded, outlineWithPatch } from './facts/eventsLoading.ts';
import { groupOf, groupSize, KIND_KEYS, PROFILE_PARTS, recordOf, wholeKind, WHOLE_KEYS, type Group, type ItemOf, type ProfilePart, type RecordKey, type WholeKey, type WholeKind } from './entityKinds.ts';

/**
 * Saves send change sets, not graphs (DESIGN.md "Data").
 *
 * Nodes and edges are sent whole and replace what is stored (last writer wins per card or line).
 * Profiles are sent as per-field patches: `set` carries only the plain fields that changed, so
 * two members editing different fields of one person both keep their edits, and the same field
 * edited twice ends with the value of the change set the server applied last. Relationship lists
 * are patched as sets (`add`, `remove`), so two members adding different children to one person
 * both keep them. A person's events and names are patched per item by id (`events`, `names`).
 * A new profile is a patch with `create: true` carrying every field. Places and couples are sent
 * whole like cards; their groups are optional (absent = empty), so change sets of older clients
 * and logged before them stay valid. Which kinds there are is said once, in `entityKinds.ts`.
 */
export interface ItemPatch<T> {
  upsert: T[];
  remove: string[];
}

export interface ProfilePatch {
  id: string;
  create?: true;
  set?: Partial<ProfileScalars>;
  add?: Partial<Record<RelationField, string[]>>;
  remove?: Partial<Record<RelationField, string[]>>;
  events?: ItemPatch<FactEvent>;
  names?: ItemPatch<PersonName>;
  /** The person's own citations (`Profile.citations`), per item like events. */
  citations?: ItemPatch<Citation>;
}

export interface ChangeSet {
  /** The graph revision the sender last saw (`Graph.revision`, 0 before the first save). */
  baseRevision: number;
  nodes: Group<GraphNode>;
  edges: Group<GraphEdge>;
  profiles: Group<ProfilePatch>;
  places?: Group<Place>;
  couples?: Group<Couple>;
  sources?: Group<Source>;
  notDuplicates?: Group<NotDuplicate>;
  media?: Group<Media>;
}

/** The required groups only: an optional kind joins a change set when it has something to say. */
export function emptyChangeSet(baseRevision = 0): ChangeSet {
  return { baseRevision, nodes: { upsert: [], remove: [] }, edges: { upsert: [], remove: [] }, profiles: { upsert: [], remove: [] } };
}

export function isEmptyChangeSet(c: ChangeSet): boolean {
  return KIND_KEYS.every((k) => groupSize(groupOf(c, k)) === 0);
}

export function changeCount(c: ChangeSet): number {
  let n = 0;
  for (const k of KIND_KEYS) n += groupSize(groupOf(c, k));
  return n;
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

function diffRecord<T extends { id: string }>(saved: Readonly<Record<string, T>>, current: Readonly<Record<string, T>>, equal: (a: T, b: T) => boolean, normalise: (x: T) => T) {
  const upsert: T[] = [];
  let matched = 0;
  for (const id in current) {
    const old = Object.hasOwn(saved, id) ? saved[id] : undefined;
    if (old) matched++;
    if (!old || !equal(old, current[id]!)) upsert.push(normalise(current[id]!));
  }
  const remove: string[] = [];
  const savedIds = Object.keys(saved);
  if (matched !== savedIds.length) for (const id of savedIds) if (!Object.hasOwn(current, id)) remove.push(id);
  return { upsert, remove };
}

/** The group turning one record of a kind held by id (places, couples) into another. */
export function diffRecords<K extends RecordKey>(key: K, saved: Readonly<Record<string, ItemOf[K]>>, current: Readonly<Record<string, ItemOf[K]>>): Group<ItemOf[K]> {
  if (saved === current) return { upsert: [], remove: [] };
  const kind = wholeKind(key);
  return diffRecord(saved, current, kind.equal, kind.normalise);
}

/** The per-item patch of one part of a profile (events, names), or null when the lists agree. */
function diffPart<T extends { id: string }>(part: ProfilePart<T>, before: readonly T[] | undefined, after: readonly T[] | undefined): ItemPatch<T> | null {
  const a = before ?? [];
  const b = after ?? [];
  // Most people have none: no maps for them (an import diffs 100,000 new profiles).
  if (a === b || (!a.length && !b.length)) return null;
  const old = new Map(a.map((x) => [x.id, x]));
  const now = new Set(b.map((x) => x.id));
  const upsert = b.filter((x) => !old.has(x.id) || !part.equal(old.get(x.id)!, x)).map(part.normalise);
  const remove = a.filter((x) => !now.has(x.id)).map((x) => x.id);
  return upsert.length || remove.length ? { upsert, remove } : null;
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
    const created: ProfilePatch = { id: after.id, create: true, set, ...(Object.keys(add).length ? { add } : {}) };
    for (const part of PROFILE_PARTS) {
      const items = diffPart(part as ProfilePart<{ id: string }>, undefined, after[part.key]);
      if (items) (created as unknown as Record<string, unknown>)[part.key] = items;
    }
    return created;
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
  for (const part of PROFILE_PARTS) {
    // Events not loaded on either side are unknown, never "none": nothing to compare (and no
    // removal); loaded only on this side, they are all upserted (the server keeps them by id).
    if (part.key === 'events' && !eventsLoaded(after)) continue;
    const items = diffPart(part as ProfilePart<{ id: string }>, part.key === 'events' && !eventsLoaded(before) ? undefined : before[part.key], after[part.key]);
    if (items) (patch as unknown as Record<string, unknown>)[part.key] = items;
  }
  return patch.set || patch.add || patch.remove || hasFactParts(patch) ? patch : null;
}

/** Whether a patch changes a person's events, names or own citations (`PROFILE_PARTS`). */
export function hasFactParts(patch: Pick<ProfilePatch, 'events' | 'names' | 'citations'>): boolean {
  return !!(patch.events || patch.names || patch.citations);
}

/**
 * The change set that turns `saved` into `current`. One pass over each list: entities that are
 * the same object in both graphs (operations share untouched ones) cost a map lookup and a
 * reference check; only the rest are compared field by field, once.
 */
export function diffGraphs(saved: Graph, current: Graph): ChangeSet {
  const cs = emptyChangeSet(saved.revision ?? 0);
  for (const key of WHOLE_KEYS) diffWhole(cs, key, saved, current);
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

function diffWhole<K extends WholeKey>(cs: ChangeSet, key: K, saved: Graph, current: Graph): void {
  if (saved[key] === current[key]) return;
  const kind = wholeKind(key) as WholeKind<{ id: string }>;
  const group =
    kind.storage === 'list'
      ? diffList(saved[key] as { id: string }[], current[key] as { id: string }[], kind.equal, kind.normalise)
      : diffRecord(recordOf(saved, key as 'places'), recordOf(current, key as 'places'), kind.equal as never, kind.normalise as never);
  if (!kind.optional || group.upsert.length || group.remove.length) (cs as unknown as Record<K, Group<unknown>>)[key] = group;
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
  for (const part of PROFILE_PARTS) {
    const items = patch[part.key] as ItemPatch<{ id: string }> | undefined;
    // Events not loaded stay not loaded: the patch joins their outline, never becomes the list.
    if (items && part.key === 'events' && next.eventsNotLoaded) next.eventsNotLoaded = outlineWithPatch(next.eventsNotLoaded, items as ItemPatch<FactEvent>);
    else if (items) (next as unknown as Record<string, unknown>)[part.key] = applyList(((next[part.key] ?? []) as { id: string }[]), items);
  }
  return next;
}

function applyList<T extends { id: string }>(items: T[], change: { upsert: readonly T[]; remove: readonly string[] }): T[] {
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
  const next: Graph = { ...graph, profiles };
  for (const key of WHOLE_KEYS) {
    const group = groupOf(changes, key) as Group<{ id: string }>;
    if (wholeKind(key).storage === 'list') (next as unknown as Record<string, unknown>)[key] = applyList(graph[key] as { id: string }[], group);
    // A record kind joins the graph when a change set first brings it: older graphs stay as they are.
    else if (groupSize(group)) (next as unknown as Record<string, unknown>)[key] = applyToRecord(recordOf(graph, key as 'places'), group);
  }
  return next;
}

/** A record by id with a group applied: a copy, untouched items the same objects. */
export function applyToRecord<T extends { id: string }>(items: Readonly<Record<string, T>>, change: { upsert: readonly T[]; remove: readonly string[] }): Record<string, T> {
  const out = { ...items };
  for (const item of change.upsert) out[item.id] = item;
  for (const id of change.remove) delete out[id];
  return out;
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
 * `older` without what `newer` wrote: items of the kinds sent whole (cards, lines, places,
 * couples) `newer` upserted or removed, the profile fields it set and the events and names it
 * upserted or removed. The server applied `newer` after `older`, so where both touched the same
 * thing `newer` is what stands (a tab's own save can be answered before an earlier save of another
 * tab reaches it on the live stream). List additions and removals are kept: they commute as sets.
 */
export function withoutOverwritten(older: ChangeSet, newer: readonly ChangeSet[]): ChangeSet {
  if (!newer.length) return older;
  const whole = new Map<WholeKey, Set<string>>(WHOLE_KEYS.map((k) => [k, new Set<string>()]));
  const fields = new Map<string, Set<string>>();
  /** Items of a profile's parts `newer` wrote, as 'events:ev…' keys per profile id. */
  const items = new Map<string, Set<string>>();
  const removedProfiles = new Set<string>();
  const touch = (index: Map<string, Set<string>>, id: string, key: string) => {
    let set = index.get(id);
    if (!set) index.set(id, (set = new Set()));
    set.add(key);
  };
  for (const cs of newer) {
    for (const key of WHOLE_KEYS) {
      const group = groupOf(cs, key) as Group<{ id: string }>;
      const ids = whole.get(key)!;
      for (const x of group.upsert) ids.add(x.id);
      for (const id of group.remove) ids.add(id);
    }
    for (const id of cs.profiles.remove) removedProfiles.add(id);
    for (const p of cs.profiles.upsert) {
      for (const f of Object.keys(p.set ?? {})) touch(fields, p.id, f);
      for (const part of PROFILE_PARTS) {
        const change = p[part.key] as ItemPatch<{ id: string }> | undefined;
        for (const id of [...(change?.upsert.map((x) => x.id) ?? []), ...(change?.remove ?? [])]) touch(items, p.id, `${part.key}:${id}`);
      }
    }
  }
  const upsert: ProfilePatch[] = [];
  for (const p of older.profiles.upsert) {
    if (removedProfiles.has(p.id)) continue;
    const shadow = fields.get(p.id);
    const shadowItems = items.get(p.id);
    if (!shadow && !shadowItems) {
      upsert.push(p);
      continue;
    }
    const next: ProfilePatch = { ...p };
    if (p.set && shadow) {
      const set = Object.fromEntries(Object.entries(p.set).filter(([f]) => !shadow.has(f))) as Partial<ProfileScalars>;
      if (Object.keys(set).length) next.set = set;
      else delete next.set;
    }
    for (const part of PROFILE_PARTS) {
      const change = p[part.key] as ItemPatch<{ id: string }> | undefined;
      if (!change || !shadowItems) continue;
      const kept = { upsert: change.upsert.filter((x) => !shadowItems.has(`${part.key}:${x.id}`)), remove: change.remove.filter((id) => !shadowItems.has(`${part.key}:${id}`)) };
      if (kept.upsert.length || kept.remove.length) (next as unknown as Record<string, unknown>)[part.key] = kept;
      else delete next[part.key];
    }
    if (next.create || next.set || next.add || next.remove || hasFactParts(next)) upsert.push(next);
  }
  const out: ChangeSet = { ...older, baseRevision: older.baseRevision };
  for (const key of WHOLE_KEYS) {
    const group = groupOf(older, key) as Group<{ id: string }>;
    const ids = whole.get(key)!;
    if (!wholeKind(key).optional || groupSize(group)) {
      (out as unknown as Record<string, Group<unknown>>)[key] = { upsert: group.upsert.filter((x) => !ids.has(x.id)), remove: group.remove.filter((id) => !ids.has(id)) };
    }
  }
  // A removal stands even after a later patch: a patch of a profile that no longer exists is dropped.
  out.profiles = { upsert, remove: older.profiles.remove };
  return out;
}
