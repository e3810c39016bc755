import type { ChangeSet } from '../changeSet.ts';
import { groupOf } from '../entityKinds.ts';
import type { Source } from '../facts/types.ts';
import type { Media } from '../media/types.ts';
import type { GraphLookup, Neighbourhood } from '../save/neighbourhood.ts';
import type { GraphNode, Profile } from '../types.ts';
import { beforeOf, type ItemReader } from './before.ts';
import { keptByReference } from './entry.ts';
import type { ChangeBefore } from './types.ts';

/**
 * The before-values of a change about to be written, from the stored graph inside the save's
 * transaction: mostly what validation has read already (the neighbourhood), the rest in one more
 * round of reads. Null for a change kept by reference (an import: nothing stored to read).
 */
export async function readBefore(nb: Neighbourhood, lookup: GraphLookup, changes: ChangeSet): Promise<ChangeBefore | null> {
  if (keptByReference(changes)) return null;
  const sourceIds = [...groupOf(changes, 'sources').upsert.map((s) => s.id), ...groupOf(changes, 'sources').remove];
  const sources = new Map<string, Source>(sourceIds.length ? (await lookup.sources(sourceIds)).map((s) => [s.id, s]) : []);
  // A removed photo's record as it was: what a revert or a restore brings back (and keeps its files, media/orphans.ts).
  const mediaIds = [...groupOf(changes, 'media').upsert.map((m) => m.id), ...groupOf(changes, 'media').remove];
  const media = new Map<string, Media>(mediaIds.length ? (await lookup.media(mediaIds)).map((m) => [m.id, m]) : []);
  for (let round = 0; round < 5; round++) {
    const view = nb.before();
    const facts = nb.factsBefore();
    const reader: ItemReader = {
      item: (key, id) =>
        (key === 'nodes' ? view.node(id) : key === 'edges' ? view.edge(id) : key === 'places' ? facts.place(id) : key === 'couples' ? facts.couple(id) : key === 'media' ? media.get(id) : sources.get(id)) as never,
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
