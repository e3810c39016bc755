import { changeCount, hasFactParts, type ChangeSet } from '../changeSet.ts';
import { groupOf } from '../entityKinds.ts';
import type { ChangeBefore, ChangeSummary, HistoryEntry } from './types.ts';
import { HISTORY_INLINE_ITEMS } from './types.ts';
import { PROFILE_ID_PREFIX } from '../ids.ts';

/** Whether a change set is kept by reference (summary only) rather than whole. */
export function keptByReference(changes: ChangeSet): boolean {
  return changeCount(changes) >= HISTORY_INLINE_ITEMS;
}

/** The counts the activity lists tell a change by. */
export function summarise(changes: ChangeSet, before: ChangeBefore | null): ChangeSummary {
  const people = peopleCounted(changes, before);
  let other = 0;
  for (const key of ['nodes', 'edges', 'places', 'couples', 'sources'] as const) {
    const g = groupOf(changes, key);
    other += g.upsert.length + g.remove.length;
  }
  const { joined } = people;
  return { added: people.added.length, removed: people.removed.length, edited: people.edited.length, photos: people.photos, other, ...(joined ? { joined } : {}) };
}

/**
 * The people a change added, deleted and edited (a relative's list gaining the new person is not
 * an edit of them), how many got a new photo and how many members joined by claiming a card:
 * what `summarise` counts, by id.
 */
export function peopleCounted(changes: ChangeSet, before: ChangeBefore | null): { added: string[]; removed: string[]; edited: string[]; photos: number; joined: number } {
  const removed = new Set(changes.profiles.remove);
  // A card whose profile is swapped in the change: a member claimed it (their own profile, keyed
  // by their uid, takes the card's place) or an account released it. Neither adds nor deletes anyone.
  const swappedIn = new Set<string>();
  let joined = 0;
  for (const n of changes.nodes.upsert) {
    const was = before?.nodes?.[n.id]?.data.profileId;
    if (!was || was === n.data.profileId || !removed.has(was)) continue;
    removed.delete(was);
    swappedIn.add(n.data.profileId);
    if (!n.data.profileId.startsWith(PROFILE_ID_PREFIX)) joined++;
  }
  const added: string[] = [];
  const edited: string[] = [];
  let photos = 0;
  for (const p of changes.profiles.upsert) {
    if (removed.has(p.id) || swappedIn.has(p.id)) continue;
    const made = p.create && (!before || !!before.profiles?.[p.id]?.absent);
    if (made) added.push(p.id);
    else if (p.set && Object.keys(p.set).some((f) => f !== 'updatedAt' && f !== 'updatedBy')) edited.push(p.id);
    else if (hasFactParts(p)) edited.push(p.id);
    if (p.set?.photoURL) photos++;
  }
  return { added, removed: [...removed], edited, photos, joined };
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
