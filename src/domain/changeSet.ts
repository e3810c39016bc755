import type { Graph, GraphEdge, GraphNode, Profile } from './types.ts';
import type { ErrorCode } from './errors.ts';
import { checkGraph, type CheckScope } from './checkGraph.ts';
import { isNodeId, isProfileId, PROFILE_ID_PREFIX } from './ids.ts';
import { canEditProfile, canRemoveProfile } from './permissions.ts';
import {
  emptyProfile,
  PERSONAL_FIELDS,
  READ_ONLY_FIELDS,
  RELATION_FIELDS,
  SCALAR_FIELDS,
  type ProfileScalars,
  type RelationField,
  type ScalarField,
} from './profile.ts';
import { EDIT_PERSON_MESSAGES } from './editPerson.ts';
import { RELATIONSHIP_MESSAGES } from './relationships.ts';
import { edgesEqual, nodesEqual, normaliseEdge, normaliseNode } from './snapshot.ts';
import { checkProfileRecord, PROFILE_LIMITS } from './validation/profile.ts';

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

/**
 * Applies a patch. A patch without `create` for a profile that no longer exists is dropped (a
 * removal wins over a concurrent edit); list entries are added and removed as sets.
 */
export function applyProfilePatch(existing: Profile | undefined, patch: ProfilePatch): Profile | undefined {
  if (!existing && !patch.create) return undefined;
  const next: Profile = { ...(existing ?? emptyProfile(patch.id)), ...(patch.set ?? {}), id: patch.id };
  for (const f of RELATION_FIELDS) {
    const add = patch.add?.[f] ?? [];
    const remove = patch.remove?.[f] ?? [];
    if (!add.length && !remove.length) continue;
    const list = next[f].filter((x) => !remove.includes(x));
    for (const x of add) if (!list.includes(x)) list.push(x);
    next[f] = list;
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
      upsert: changes.profiles.upsert.map((p) => {
        const set: Partial<ProfileScalars> = { ...p.set, updatedBy: by.uid, updatedAt: by.now };
        if (p.create) {
          set.createdBy ||= by.uid;
          set.createdAt ||= by.now;
        }
        return { ...p, set };
      }),
    },
  };
}

// ---- Server-side validation -------------------------------------------------------------------

export interface ChangeSetContext {
  /** The graph as stored now, before this change set. */
  graph: Graph;
  /** The member sending the change set. */
  actingUid: string;
  /** The graph's owner: their own profile is the primary person. */
  graphOwnerUid: string;
  /** The server's clock, for the §5 year range. */
  currentYear: number;
}

export interface ChangeSetRefusal {
  code: ErrorCode;
  message: string;
}

const EDGE_TYPES = new Set(['default', 'straight', 'step', 'smoothstep', 'simplebezier']);
const PARENT_ROLES = new Set(['mother', 'father', '']);
const MAX_COORDINATE = 1e7;
const MAX_ID = 300;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const onlyKeys = (o: Obj, keys: readonly string[]) => Object.keys(o).every((k) => keys.includes(k));

function nodeShapeProblem(v: unknown): string | null {
  if (!isObj(v) || !onlyKeys(v, ['id', 'type', 'position', 'modifiedAt', 'hidden', 'data'])) return 'Node has an unexpected shape';
  if (!isNodeId(v.id)) return 'Node id must be of the form n{number}';
  if (v.type !== 'person') return `Node ${v.id} must be of type person`;
  const p = v.position;
  if (!isObj(p) || !onlyKeys(p, ['x', 'y']) || ![p.x, p.y].every((c) => typeof c === 'number' && Number.isFinite(c) && Math.abs(c) <= MAX_COORDINATE))
    return `Node ${v.id} has an invalid position`;
  if (!isStr(v.modifiedAt, PROFILE_LIMITS.timestamp)) return `Node ${v.id} has an invalid modifiedAt`;
  if (typeof v.hidden !== 'boolean') return `Node ${v.id} has an invalid hidden flag`;
  const d = v.data;
  if (!isObj(d) || !onlyKeys(d, ['profileId', 'parentRole', 'isPrimary'])) return `Node ${v.id} has invalid data`;
  if (!(d.profileId === '' || isProfileId(d.profileId))) return `Node ${v.id} has an invalid profile id`;
  if (!PARENT_ROLES.has(d.parentRole as string)) return `Node ${v.id} has an invalid parent role`;
  if (typeof d.isPrimary !== 'boolean') return `Node ${v.id} has an invalid primary flag`;
  return null;
}

function edgeShapeProblem(v: unknown): string | null {
  if (!isObj(v) || !onlyKeys(v, ['id', 'source', 'target', 'sourceHandle', 'targetHandle', 'type', 'hidden', 'data'])) return 'Edge has an unexpected shape';
  if (!isStr(v.id, MAX_ID) || !v.id) return 'Edge id is invalid';
  if (!isNodeId(v.source) || !isNodeId(v.target)) return `Edge ${v.id} must join two node ids`;
  if (!isStr(v.sourceHandle, 40) || !isStr(v.targetHandle, 40)) return `Edge ${v.id} has invalid handles`;
  if (!EDGE_TYPES.has(v.type as string)) return `Edge ${v.id} has an unknown type`;
  if (typeof v.hidden !== 'boolean') return `Edge ${v.id} has an invalid hidden flag`;
  if (!isObj(v.data) || !onlyKeys(v.data, ['kind']) || (v.data.kind !== 'parent' && v.data.kind !== 'spouse')) return `Edge ${v.id} has an invalid kind`;
  if (v.data.kind === 'parent' && (v.sourceHandle !== 'bottom' || v.targetHandle !== 'top')) return `Edge ${v.id} must run from bottom to top`;
  return null;
}

function patchShapeProblem(v: unknown): string | null {
  if (!isObj(v) || !onlyKeys(v, ['id', 'create', 'set', 'add', 'remove'])) return 'Profile change has an unexpected shape';
  if (!isProfileId(v.id)) return 'Profile id is invalid';
  if (v.create !== undefined && v.create !== true) return `Profile ${v.id}: create must be true when present`;
  if (v.set !== undefined) {
    if (!isObj(v.set)) return `Profile ${v.id}: set must be an object`;
    for (const [k, val] of Object.entries(v.set)) {
      if (!(SCALAR_FIELDS as readonly string[]).includes(k)) return `Profile ${v.id}: field ${k} is unknown`;
      if (typeof val !== 'string') return `Profile ${v.id}: field ${k} must be a string`;
    }
  }
  for (const key of ['add', 'remove'] as const) {
    const lists = v[key];
    if (lists === undefined) continue;
    if (!isObj(lists)) return `Profile ${v.id}: ${key} must be an object`;
    for (const [k, list] of Object.entries(lists)) {
      if (!(RELATION_FIELDS as readonly string[]).includes(k)) return `Profile ${v.id}: list ${k} is unknown`;
      if (!Array.isArray(list) || list.length > PROFILE_LIMITS.relations || !list.every(isProfileId)) return `Profile ${v.id}: list ${k} is invalid`;
    }
  }
  return null;
}

function groupProblem(v: unknown, name: string, item: (x: unknown) => string | null, removeId: (x: unknown) => boolean): string | null {
  if (!isObj(v) || !onlyKeys(v, ['upsert', 'remove']) || !Array.isArray(v.upsert) || !Array.isArray(v.remove)) return `Change set ${name} must have upsert and remove lists`;
  for (const x of v.upsert) {
    const problem = item(x);
    if (problem) return problem;
  }
  if (!v.remove.every(removeId)) return `Change set ${name}: a removed id is invalid`;
  const ids = [...(v.upsert as { id: string }[]).map((x) => x.id), ...(v.remove as string[])];
  if (new Set(ids).size !== ids.length) return `Change set ${name}: an id appears more than once`;
  return null;
}

/** The structure of a change set received over the wire; null when it is a well-formed ChangeSet. */
export function changeSetShapeProblem(v: unknown): string | null {
  if (!isObj(v) || !onlyKeys(v, ['baseRevision', 'nodes', 'edges', 'profiles'])) return 'Change set has an unexpected shape';
  if (!Number.isSafeInteger(v.baseRevision) || (v.baseRevision as number) < 0) return 'Change set baseRevision must be a whole number';
  return (
    groupProblem(v.nodes, 'nodes', nodeShapeProblem, isNodeId) ??
    groupProblem(v.edges, 'edges', edgeShapeProblem, (x) => isStr(x, MAX_ID) && x !== '') ??
    groupProblem(v.profiles, 'profiles', patchShapeProblem, isProfileId)
  );
}

const invalid = (message: string): ChangeSetRefusal => ({ code: 'invalid-argument', message });
const denied = (message: string): ChangeSetRefusal => ({ code: 'permission-denied', message });

function rightsProblem(cs: ChangeSet, ctx: ChangeSetContext): ChangeSetRefusal | null {
  const { graph, actingUid: uid, graphOwnerUid } = ctx;
  const nodes = indexById(graph.nodes);
  for (const id of cs.nodes.remove) if (nodes.get(id)?.data.isPrimary) return denied(RELATIONSHIP_MESSAGES.primaryNotDeletable);
  for (const n of cs.nodes.upsert) {
    const old = nodes.get(n.id);
    if (old?.data.isPrimary && !n.data.isPrimary) return denied(RELATIONSHIP_MESSAGES.primaryNotDeletable);
    if (old?.data.isPrimary && n.data.profileId !== old.data.profileId) return denied(EDIT_PERSON_MESSAGES.ownProfileRelink);
    if (n.data.isPrimary && !old?.data.isPrimary && n.data.profileId !== graphOwnerUid) return invalid("Only the graph owner's own profile can be the primary person");
  }
  for (const p of cs.profiles.upsert) {
    const old = Object.hasOwn(graph.profiles, p.id) ? graph.profiles[p.id] : undefined;
    const set = p.set ?? {};
    if (!old) {
      if (!p.create) return { code: 'not-found', message: `Profile ${p.id} no longer exists` };
      if (p.id !== uid && !p.id.startsWith(PROFILE_ID_PREFIX)) return invalid(`A new profile id must start with ${PROFILE_ID_PREFIX}`);
      if ((set.createdBy ?? '') !== uid) return denied('A new profile must be created by the member saving it');
      const owner = set.ownerUid ?? '';
      if (owner && !(owner === uid && p.id === uid)) return denied('A new profile cannot be given to another member');
      continue;
    }
    for (const f of READ_ONLY_FIELDS) if (f in set && set[f] !== old[f]) return denied(`The field ${f} is read-only`);
    const edits = (Object.keys(set) as ScalarField[]).some((f) => PERSONAL_FIELDS.includes(f) && set[f] !== old[f]);
    if (edits && !canEditProfile(old, uid)) return denied('You may not edit this person');
  }
  for (const id of cs.profiles.remove) {
    const old = graph.profiles[id];
    if (old && !canRemoveProfile(old, uid, graphOwnerUid)) return denied(id === graphOwnerUid ? RELATIONSHIP_MESSAGES.primaryNotDeletable : 'You may not remove this person');
  }
  return null;
}

/**
 * What a change set touched, plus the neighbours of every touched profile before and after it, so
 * the scoped invariant check sees both sides of each list entry.
 */
function touchedScope(cs: ChangeSet, before: Graph, after: Graph): CheckScope {
  const nodes = new Set([...cs.nodes.upsert.map((n) => n.id), ...cs.nodes.remove]);
  const edges = new Set([...cs.edges.upsert.map((e) => e.id), ...cs.edges.remove]);
  const touched = new Set([...cs.profiles.upsert.map((p) => p.id), ...cs.profiles.remove]);
  for (const n of cs.nodes.upsert) if (n.data.profileId) touched.add(n.data.profileId);
  const beforeNodes = indexById(before.nodes);
  const beforeEdges = indexById(before.edges);
  for (const id of [...cs.edges.remove, ...cs.edges.upsert.map((e) => e.id)]) {
    const old = beforeEdges.get(id);
    if (!old) continue;
    for (const end of [old.source, old.target]) {
      const pid = beforeNodes.get(end)?.data.profileId;
      if (pid) touched.add(pid);
    }
  }
  const profiles = new Set(touched);
  for (const id of touched) {
    for (const g of [before, after]) {
      const p = Object.hasOwn(g.profiles, id) ? g.profiles[id] : undefined;
      if (p) for (const f of RELATION_FIELDS) for (const other of p[f]) profiles.add(other);
    }
  }
  return { nodes, edges, profiles };
}

/**
 * The server's gate: refuses the whole change set with a coded error, or returns null when it may
 * be applied. Checks, in order: the shape of every item (ids, formats, lengths); §6 rights of the
 * acting member (personal fields only of profiles they may edit; read-only fields untouched; the
 * primary person neither removed nor re-linked; claimed profiles not removed); then the result of
 * applying it: every touched profile a valid record (§5 formats) and the graph invariants of
 * `checkGraph` (references, mutual lists, at most 2 parents) around everything touched. Problems
 * that were already in the stored graph do not block a change.
 *
 * Codes: 'invalid-argument' for malformed sets and broken rules, 'permission-denied' for rights
 * (not retried by the client), 'not-found' for an edit of a profile that was removed meanwhile.
 */
export function validateChangeSet(changes: unknown, ctx: ChangeSetContext): ChangeSetRefusal | null {
  const shape = changeSetShapeProblem(changes);
  if (shape) return invalid(shape);
  const cs = changes as ChangeSet;
  const rights = rightsProblem(cs, ctx);
  if (rights) return rights;

  const after = applyChangeSet(ctx.graph, cs);
  for (const p of cs.profiles.upsert) {
    const problem = checkProfileRecord(after.profiles[p.id], ctx);
    if (problem && problem !== (ctx.graph.profiles[p.id] && checkProfileRecord(ctx.graph.profiles[p.id], ctx))) return invalid(problem);
  }

  const scope = touchedScope(cs, ctx.graph, after);
  const known = new Set(checkGraph(ctx.graph, scope).map((p) => p.message));
  const fresh = checkGraph(after, scope).find((p) => !known.has(p.message));
  if (fresh) return invalid(fresh.rule === 'max-parents' ? RELATIONSHIP_MESSAGES.tooManyParents : fresh.message);
  return null;
}
