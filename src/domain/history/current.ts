import type { ChangeSet } from '../changeSet.ts';
import { groupOf, WHOLE_KEYS, type ItemOf, type WholeKey } from '../entityKinds.ts';
import type { GraphLookup } from '../save/neighbourhood.ts';
import type { Profile } from '../types.ts';
import type { ItemReader } from './before.ts';
import type { ChangeBefore } from './types.ts';

/** Ids to read of each kind. */
export type IdsToRead = Partial<Record<WholeKey | 'profiles', Iterable<string>>>;

/** The ids a before and the changes after it name: what a revert reads of the tree as it is now. */
export function idsOf(before: ChangeBefore, changes: readonly ChangeSet[] = []): IdsToRead {
  const out: Record<string, Set<string>> = {};
  const add = (k: string, id: string) => (out[k] ??= new Set()).add(id);
  for (const key of WHOLE_KEYS) for (const id of Object.keys(before[key] ?? {})) add(key, id);
  for (const id of Object.keys(before.profiles ?? {})) add('profiles', id);
  for (const cs of changes) {
    for (const key of WHOLE_KEYS) {
      const g = groupOf(cs, key) as { upsert: readonly { id: string }[]; remove: readonly string[] };
      for (const x of g.upsert) add(key, x.id);
      for (const id of g.remove) add(key, id);
    }
    for (const p of cs.profiles.upsert) add('profiles', p.id);
    for (const id of cs.profiles.remove) add('profiles', id);
  }
  return out;
}

/** Reads these items of the tree as it is now (one batched read per kind) into a reader. */
export async function readCurrent(lookup: GraphLookup, ids: IdsToRead): Promise<ItemReader> {
  const list = (k: WholeKey | 'profiles') => [...(ids[k] ?? [])];
  const read = async <T extends { id: string }>(k: WholeKey | 'profiles', fn: (ids: string[]) => Promise<T[]>) => {
    const want = list(k);
    return new Map((want.length ? await fn(want) : []).map((x) => [x.id, x]));
  };
  // One after the other: a transaction is one connection.
  const items = new Map<WholeKey, Map<string, { id: string }>>();
  for (const key of WHOLE_KEYS) items.set(key, await read(key, (x) => lookup[key](x) as Promise<{ id: string }[]>));
  const profiles = await read<Profile>('profiles', (x) => lookup.profiles(x));
  return {
    item: <K extends WholeKey>(key: K, id: string) => items.get(key)!.get(id) as ItemOf[K] | undefined,
    profile: (id) => profiles.get(id),
  };
}
