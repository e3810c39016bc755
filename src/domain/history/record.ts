import type { ChangeSet } from '../changeSet.ts';
import { groupOf, WHOLE_KEYS, type WholeKey } from '../entityKinds.ts';

import type { GraphLookup, Neighbourhood } from '../save/neighbourhood.ts';
import type { GraphNode, Profile } from '../types.ts';
import { beforeOf, type ItemReader } from './before.ts';
import { keptByReference } from './entry.ts';
import type { ChangeBefore } from './types.ts';

/** The kinds the save's neighbourhood reads for validation, so the before-values find them there. */
const NEIGHBOURHOOD_KEYS: ReadonlySet<WholeKey> = new Set(['nodes', 'edges', 'places', 'couples']);

/**
 * The before-values of a change about to be written, from the stored graph inside the save's
 * transaction: mostly what validation has read already (the neighbourhood), the rest in one more
 * round of reads. Null for a change kept by reference (an import: nothing stored to read).
 */
export async function readBefore(nb: Neighbourhood, lookup: GraphLookup, changes: ChangeSet): Promise<ChangeBefore | null> {
  if (keptByReference(changes)) return null;
  // The kinds the save's validation did not read (the neighbourhood holds cards, lines, places
  // and couples), read by id: a removed photo's record as it was is what a revert or a restore
  // brings back (and keeps its files, media/orphans.ts).
  const extra = new Map<WholeKey, Map<string, { id: string }>>();
  for (const key of WHOLE_KEYS) {
    if (NEIGHBOURHOOD_KEYS.has(key)) continue;
    const group = groupOf(changes, key) as { upsert: readonly { id: string }[]; remove: readonly string[] };
    const ids = [...group.upsert.map((x) => x.id), ...group.remove];
    if (ids.length) extra.set(key, new Map((await (lookup[key](ids) as Promise<{ id: string }[]>)).map((x) => [x.id, x])));
  }
  for (let round = 0; round < 5; round++) {
    const view = nb.before();
    const facts = nb.factsBefore();
    const reader: ItemReader = {
      item: (key, id) =>
        (key === 'nodes' ? view.node(id) : key === 'edges' ? view.edge(id) : key === 'places' ? facts.place(id) : key === 'couples' ? facts.couple(id) : extra.get(key)?.get(id)) as never,
      profile: view.profile,
    };
    const before = beforeOf(reader, changes);
    if (!nb.missing) return before;
    await nb.read();
  }
  throw new Error('readBefore: the reads did not settle');
}

/** The before of profile patches spread to another tree (they touch only the profiles). */
export function profilesBefore(changes: ChangeSet, stored: (id: string) => Profile | undefined): ChangeBefore {
  return beforeOf({ item: () => undefined, profile: stored }, changes);
}

/** A reader over the few items a save path has read itself (joining, releasing cards). */
export function readerOf(items: { nodes?: readonly GraphNode[]; profiles?: readonly (Profile | undefined)[] }): ItemReader {
  const nodes = new Map((items.nodes ?? []).map((n) => [n.id, n]));
  const profiles = new Map((items.profiles ?? []).filter((p): p is Profile => !!p).map((p) => [p.id, p]));
  return { item: (key, id) => (key === 'nodes' ? nodes.get(id) : undefined) as never, profile: (id) => profiles.get(id) };
}
