import { changeCount, hasFactParts, type ChangeSet } from '../changeSet.ts';
import { groupOf } from '../entityKinds.ts';
import type { ChangeBefore, ChangeSummary, HistoryEntry } from './types.ts';
import { HISTORY_INLINE_ITEMS } from './types.ts';

/** Whether a change set is kept by reference (summary only) rather than whole. */
export function keptByReference(changes: ChangeSet): boolean {
  return changeCount(changes) >= HISTORY_INLINE_ITEMS;
}

/** The counts the activity lists tell a change by. */
export function summarise(changes: ChangeSet, before: ChangeBefore | null): ChangeSummary {
  const removed = new Set(changes.profiles.remove);
  let added = 0;
  let edited = 0;
  let photos = 0;
  for (const p of changes.profiles.upsert) {
    if (removed.has(p.id)) continue;
    const made = p.create && (!before || !!before.profiles?.[p.id]?.absent);
    if (made) added++;
    else if (p.set && Object.keys(p.set).some((f) => f !== 'updatedAt' && f !== 'updatedBy')) edited++;
    else if (hasFactParts(p)) edited++;
    if (p.set?.photoURL) photos++;
  }
  let other = 0;
  for (const key of ['nodes', 'edges', 'places', 'couples', 'sources'] as const) {
    const g = groupOf(changes, key);
    other += g.upsert.length + g.remove.length;
  }
  return { added, removed: removed.size, edited, photos, other };
}

/** The people a change touched: its profiles, the profiles of its cards, the partners of its couples. */
export function peopleTouched(changes: ChangeSet, before: ChangeBefore | null): string[] {
  const ids = new Set<string>();
  for (const p of changes.profiles.upsert) ids.add(p.id);
  for (const id of changes.profiles.remove) ids.add(id);
  for (const n of changes.nodes.upsert) if (n.data.profileId) ids.add(n.data.profileId);
  for (const id of changes.nodes.remove) {
    const was = before?.nodes?.[id];
    if (was?.data.profileId) ids.add(was.data.profileId);
  }
  for (const c of groupOf(changes, 'couples').upsert) for (const p of c.partners) ids.add(p);
  for (const id of groupOf(changes, 'couples').remove) for (const p of before?.couples?.[id]?.partners ?? []) ids.add(p);
  return [...ids];
}

/**
 * The history entry of an applied change. `before` is null for a change kept by reference. The
 * profile ids of a change kept by reference are left out (an import of 100,000 people would make
 * every one of them list it; it shows in the tree's activity).
 */
export function historyEntry(
  applied: { revision: number; changes: ChangeSet; actorUid: string },
  before: ChangeBefore | null,
  at: string,
  revertOf?: readonly number[],
): HistoryEntry {
  const bulk = before === null;
  return {
    revision: applied.revision,
    at,
    actorUid: applied.actorUid,
    kind: bulk ? 'bulk' : 'change',
    changes: bulk ? null : applied.changes,
    before,
    summary: summarise(applied.changes, before),
    profileIds: bulk ? [] : peopleTouched(applied.changes, before),
    removedIds: [...applied.changes.profiles.remove],
    ...(revertOf?.length ? { revertOf: [...revertOf] } : {}),
  };
}
