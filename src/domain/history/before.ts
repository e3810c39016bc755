import type { ChangeSet, ItemPatch } from '../changeSet.ts';
import { groupOf, PROFILE_PARTS, WHOLE_KEYS, type ItemOf, type WholeKey } from '../entityKinds.ts';
import { RELATION_FIELDS } from '../profile.ts';
import type { Graph, Profile } from '../types.ts';
import type { ChangeBefore, ProfileBefore } from './types.ts';

/** Reads of the tree's items by id (the stored state before a change, or the current one). */
export interface ItemReader {
  item<K extends WholeKey>(key: K, id: string): ItemOf[K] | undefined;
  profile(id: string): Profile | undefined;
}

/** A reader over a graph held whole (tests, the browser). */
export function graphReader(graph: Graph): ItemReader {
  const lists = new Map<WholeKey, Map<string, { id: string }>>();
  const indexed = (key: WholeKey): Map<string, { id: string }> => {
    let map = lists.get(key);
    if (!map) {
      const held = (graph[key] ?? {}) as { id: string }[] | Record<string, { id: string }>;
      map = new Map(Array.isArray(held) ? held.map((x) => [x.id, x]) : Object.entries(held));
      lists.set(key, map);
    }
    return map;
  };
  return {
    item: (key, id) => indexed(key).get(id) as never,
    profile: (id) => (Object.hasOwn(graph.profiles, id) ? graph.profiles[id] : undefined),
  };
}

/** Every id of each kind a change set touches (what `beforeOf` reads). */
export function touchedIds(changes: ChangeSet): { whole: Map<WholeKey, string[]>; profiles: string[] } {
  const whole = new Map<WholeKey, string[]>();
  for (const key of WHOLE_KEYS) {
    const g = groupOf(changes, key) as { upsert: readonly { id: string }[]; remove: readonly string[] };
    const ids = [...g.upsert.map((x) => x.id), ...g.remove];
    if (ids.length) whole.set(key, [...new Set(ids)]);
  }
  const profiles = [...new Set([...changes.profiles.upsert.map((p) => p.id), ...changes.profiles.remove])];
  return { whole, profiles };
}

/**
 * The value before of everything `changes` touches, read from the state it is applied to: each
 * card, line, place, couple and source it upserts or removes (null when there was none), and of
 * each profile only the fields, list entries, events and names its patch names, or the whole
 * profile when it removes it. One pure rule for both backends' save path and the browser.
 */
export function beforeOf(state: ItemReader, changes: ChangeSet): ChangeBefore {
  const out: ChangeBefore = {};
  const { whole, profiles } = touchedIds(changes);
  for (const [key, ids] of whole) {
    const rec: Record<string, unknown> = {};
    for (const id of ids) rec[id] = state.item(key, id) ?? null;
    (out as Record<string, unknown>)[key] = rec;
  }
  const removed = new Set(changes.profiles.remove);
  const patches = new Map(changes.profiles.upsert.map((p) => [p.id, p]));
  const rec: Record<string, ProfileBefore> = {};
  for (const id of profiles) {
    const old = state.profile(id);
    if (!old) {
      rec[id] = { absent: true };
      continue;
    }
    if (removed.has(id)) {
      rec[id] = { whole: old };
      continue;
    }
    const patch = patches.get(id)!;
    const pb: ProfileBefore = {};
    if (patch.set) {
      pb.set = {};
      for (const f of Object.keys(patch.set)) pb.set[f] = String((old as unknown as Record<string, unknown>)[f] ?? '');
    }
    for (const f of RELATION_FIELDS) {
      const named = [...new Set([...(patch.add?.[f] ?? []), ...(patch.remove?.[f] ?? [])])];
      if (!named.length) continue;
      const held = new Set(old[f] ?? []);
      (pb.lists ??= {})[f] = { had: named.filter((x) => held.has(x)), hadNot: named.filter((x) => !held.has(x)) };
    }
    for (const part of PROFILE_PARTS) {
      const items = patch[part.key] as ItemPatch<{ id: string }> | undefined;
      if (!items) continue;
      const held = new Map(((old[part.key] ?? []) as { id: string }[]).map((x) => [x.id, x]));
      const r: Record<string, unknown> = {};
      for (const id of [...items.upsert.map((x) => x.id), ...items.remove]) r[id] = held.get(id) ?? null;
      (pb as Record<string, unknown>)[part.key] = r;
    }
    rec[id] = pb;
  }
  if (profiles.length) out.profiles = rec;
  return out;
}

/**
 * The befores of several changes in the order they were applied, as one: for each thing, the
 * value before the first of them that touched it (reverting "everything after a point").
 */
export function mergeBefores(befores: readonly ChangeBefore[]): ChangeBefore {
  const out: ChangeBefore = {};
  for (const b of befores) {
    for (const key of WHOLE_KEYS) {
      const rec = b[key] as Record<string, unknown> | undefined;
      if (!rec) continue;
      const into = ((out as Record<string, Record<string, unknown>>)[key] ??= {});
      for (const id of Object.keys(rec)) if (!Object.hasOwn(into, id)) into[id] = rec[id];
    }
    for (const [id, pb] of Object.entries(b.profiles ?? {})) {
      const into = (out.profiles ??= {});
      const had = into[id];
      if (!had) into[id] = structuredClone(pb);
      else if (!had.absent && !had.whole) into[id] = mergeProfileBefore(had, pb);
    }
  }
  return out;
}

/** An earlier profile before with a later one's: the earlier value stands wherever both speak. */
function mergeProfileBefore(earlier: ProfileBefore, later: ProfileBefore): ProfileBefore {
  if (later.absent) return earlier;
  if (later.whole) {
    // Taken out later: the whole profile then, with what the earlier change had changed put back.
    return { ...restoredProfileShape(later.whole, earlier) };
  }
  const out: ProfileBefore = structuredClone(earlier);
  for (const [f, v] of Object.entries(later.set ?? {})) if (!Object.hasOwn(out.set ?? {}, f)) (out.set ??= {})[f] = v;
  for (const f of RELATION_FIELDS) {
    const l = later.lists?.[f];
    if (!l) continue;
    const e = (out.lists ??= {})[f] ?? { had: [], hadNot: [] };
    const known = new Set([...e.had, ...e.hadNot]);
    out.lists[f] = { had: [...e.had, ...l.had.filter((x) => !known.has(x))], hadNot: [...e.hadNot, ...l.hadNot.filter((x) => !known.has(x))] };
  }
  for (const part of ['events', 'names', 'citations'] as const) {
    const l = later[part] as Record<string, unknown> | undefined;
    if (!l) continue;
    const e = ((out as Record<string, Record<string, unknown>>)[part] ??= {});
    for (const id of Object.keys(l)) if (!Object.hasOwn(e, id)) e[id] = l[id];
  }
  return out;
}

/** The whole profile `whole` with the earlier values of `earlier` applied: still a whole before. */
function restoredProfileShape(whole: Profile, earlier: ProfileBefore): ProfileBefore {
  const p: Profile = { ...whole };
  for (const [f, v] of Object.entries(earlier.set ?? {})) (p as unknown as Record<string, unknown>)[f] = v;
  for (const f of RELATION_FIELDS) {
    const l = earlier.lists?.[f];
    if (l) p[f] = [...p[f].filter((x) => !l.hadNot.includes(x)), ...l.had.filter((x) => !p[f].includes(x))];
  }
  for (const part of ['events', 'names', 'citations'] as const) {
    const e = earlier[part] as Record<string, { id: string } | null> | undefined;
    if (e) (p as unknown as Record<string, unknown>)[part] = restoreItems((p[part] ?? []) as { id: string }[], e);
  }
  return { whole: p };
}

/** A list of items with some put back as they were (null: taken out). */
export function restoreItems<T extends { id: string }>(items: readonly T[], was: Readonly<Record<string, T | null>>): T[] {
  const out: T[] = [];
  const done = new Set<string>();
  for (const x of items) {
    if (!Object.hasOwn(was, x.id)) out.push(x);
    else {
      done.add(x.id);
      if (was[x.id]) out.push(was[x.id]!);
    }
  }
  for (const [id, x] of Object.entries(was)) if (!done.has(id) && x) out.push(x);
  return out;
}
