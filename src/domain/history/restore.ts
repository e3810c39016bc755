import { applyProfilePatch, diffProfile, emptyChangeSet, hasFactParts, type ChangeSet, type ItemPatch, type ProfilePatch } from '../changeSet.ts';
import { groupOf, PROFILE_PARTS, WHOLE_KEYS, wholeKind, type ItemOf, type WholeKey } from '../entityKinds.ts';
import { RELATION_FIELDS, STAMP_FIELDS } from '../profile.ts';
import type { Profile } from '../types.ts';
import { restoreItems, type ItemReader } from './before.ts';
import type { ChangeBefore, ProfileBefore, RevertConflict } from './types.ts';

/** Fields the save path stamps itself: never put back, never a conflict. */
const STAMPED = new Set<string>(STAMP_FIELDS);

/**
 * The change set that puts back what `before` says, onto the state `current` reads: each item to
 * its value before (removed when it did not exist), each profile field, list entry, event and
 * name the before names to its value then, a profile taken out made again whole. Everything else
 * stays as it is now, so later edits of other things survive. A revert is this change set saved
 * as a new change (the history is never rewritten).
 */
export function restoreChangeSet(before: ChangeBefore, current: ItemReader, baseRevision = 0, options: { stamps?: boolean } = {}): ChangeSet {
  const cs = emptyChangeSet(baseRevision);
  // A revert leaves the stamps to the save; the session's undo puts them back (`undoChangeSet`).
  const unstamped = options.stamps ? (p: ProfilePatch) => p : withoutStamps;
  for (const key of WHOLE_KEYS) {
    const rec = before[key] as Record<string, { id: string } | null> | undefined;
    if (!rec) continue;
    const kind = wholeKind(key) as unknown as { equal(a: unknown, b: unknown): boolean };
    const group = { upsert: [] as { id: string }[], remove: [] as string[] };
    for (const id of Object.keys(rec)) {
      const was = rec[id];
      const now = current.item(key, id);
      if (!was) {
        if (now) group.remove.push(id);
      } else if (!now || !kind.equal(now, was)) group.upsert.push(was);
    }
    if (group.upsert.length || group.remove.length || !wholeKind(key).optional) (cs as unknown as Record<string, unknown>)[key] = group;
  }
  for (const [id, pb] of Object.entries(before.profiles ?? {})) {
    const now = current.profile(id);
    if (pb.absent) {
      if (now) cs.profiles.remove.push(id);
      continue;
    }
    if (pb.whole) {
      const patch = now ? diffProfile(now, pb.whole) : diffProfile(undefined, pb.whole);
      if (patch) cs.profiles.upsert.push(unstamped(patch));
      continue;
    }
    // Gone since: nothing of it to put back (restore the person to have it back).
    if (!now) continue;
    const patch = diffProfile(now, profileAsBefore(now, pb, options.stamps));
    if (patch) {
      const kept = unstamped(patch);
      if (kept.set || kept.add || kept.remove || hasFactParts(kept)) cs.profiles.upsert.push(kept);
    }
  }
  return cs;
}

function withoutStamps(p: ProfilePatch): ProfilePatch {
  if (!p.set) return p;
  const set = Object.fromEntries(Object.entries(p.set).filter(([f]) => !STAMPED.has(f)));
  const out = { ...p, set };
  if (!Object.keys(set).length && !p.create) delete (out as ProfilePatch).set;
  return out;
}

/** `now` with what `pb` names put back as it was (the stamps only when asked). */
export function profileAsBefore(now: Profile, pb: ProfileBefore, stamps = false): Profile {
  const p: Profile = { ...now };
  for (const [f, v] of Object.entries(pb.set ?? {})) if (stamps || !STAMPED.has(f)) (p as unknown as Record<string, unknown>)[f] = v;
  for (const f of RELATION_FIELDS) {
    const l = pb.lists?.[f];
    if (l) p[f] = [...now[f].filter((x) => !l.hadNot.includes(x)), ...l.had.filter((x) => !now[f].includes(x))];
  }
  for (const part of PROFILE_PARTS) {
    const was = pb[part.key] as Record<string, { id: string } | null> | undefined;
    if (was) (p as unknown as Record<string, unknown>)[part.key] = restoreItems((now[part.key] ?? []) as { id: string }[], was);
  }
  return p;
}

/**
 * What a change touched that has changed since (gramps' rule for undoing one transaction): each
 * item, profile field, list entry, event and name whose current value is not the one the change
 * left. Reverting the change would overwrite those later edits, so it is refused and previewed.
 */
export function revertConflicts(changes: ChangeSet, before: ChangeBefore, current: ItemReader): RevertConflict[] {
  const out: RevertConflict[] = [];
  for (const key of WHOLE_KEYS) {
    const g = groupOf(changes, key) as { upsert: readonly { id: string }[]; remove: readonly string[] };
    const kind = wholeKind(key) as unknown as { equal(a: unknown, b: unknown): boolean };
    const left = new Map<string, { id: string } | null>(g.upsert.map((x) => [x.id, x]));
    for (const id of g.remove) left.set(id, null);
    for (const [id, after] of left) {
      const now = current.item(key as WholeKey, id) as ItemOf[WholeKey] | undefined;
      if (after ? !now || !kind.equal(now, after) : !!now) out.push({ kind: key, id });
    }
  }
  const removed = new Set(changes.profiles.remove);
  for (const id of removed) if (current.profile(id)) out.push({ kind: 'profiles', id });
  for (const patch of changes.profiles.upsert) {
    if (removed.has(patch.id)) continue;
    const pb = before.profiles?.[patch.id];
    const now = current.profile(patch.id);
    if (!pb) continue;
    if (pb.absent && !patch.create) continue;
    if (!now) {
      out.push({ kind: 'profiles', id: patch.id });
      continue;
    }
    if (pb.absent) {
      // Made by the change: reverting takes it out, which would lose any edit since.
      const made = applyProfilePatch(undefined, patch)!;
      const since = diffProfile(made, now);
      const changed = since && withoutStamps(since);
      if (changed && (changed.set ? Object.keys(changed.set).length : 0) + (changed.add ? 1 : 0) + (changed.remove ? 1 : 0) + (hasFactParts(changed) ? 1 : 0) > 0) out.push({ kind: 'profiles', id: patch.id });
      continue;
    }
    for (const [f, v] of Object.entries(patch.set ?? {})) {
      if (STAMPED.has(f)) continue;
      if (String((now as unknown as Record<string, unknown>)[f] ?? '') !== String(v ?? '')) out.push({ kind: 'profiles', id: patch.id, field: f });
    }
    for (const f of RELATION_FIELDS) {
      const added = new Set(patch.add?.[f] ?? []);
      for (const x of added) if (!now[f].includes(x)) out.push({ kind: 'profiles', id: patch.id, field: `${f}:${x}` });
      for (const x of patch.remove?.[f] ?? []) if (!added.has(x) && now[f].includes(x)) out.push({ kind: 'profiles', id: patch.id, field: `${f}:${x}` });
    }
    for (const part of PROFILE_PARTS) {
      const items = patch[part.key] as ItemPatch<{ id: string }> | undefined;
      if (!items) continue;
      const held = new Map(((now[part.key] ?? []) as { id: string }[]).map((x) => [x.id, x]));
      const equal = part.equal as (a: { id: string }, b: { id: string }) => boolean;
      for (const x of items.upsert) if (!items.remove.includes(x.id) && (!held.has(x.id) || !equal(held.get(x.id)!, x))) out.push({ kind: 'profiles', id: patch.id, field: `${part.key}:${x.id}` });
      for (const id of items.remove) if (held.has(id)) out.push({ kind: 'profiles', id: patch.id, field: `${part.key}:${id}` });
    }
  }
  return out;
}
