import type { ChangeSet } from '../changeSet.ts';
import { isEmptyChangeSet } from '../changeSet.ts';
import { AppError } from '../errors.ts';
import { NOT_A_MEMBER } from '../permissions.ts';
import { RELATION_FIELDS } from '../profile.ts';
import { canEditTree, type TreeRole } from '../roles.ts';
import type { GraphStore, Publication } from '../save/graphStore.ts';
import { saveChangeSet } from '../save/saveChangeSet.ts';
import { mergeBefores, type ItemReader } from './before.ts';
import { idsOf, readCurrent, type IdsToRead } from './current.ts';
import { summarise } from './entry.ts';
import type { HistoryLog } from './log.ts';
import { restoreChangeSet, revertConflicts } from './restore.ts';
import { historyForViewer } from './viewer.ts';
import type { Media } from '../media/types.ts';
import {
  HISTORY_MESSAGES,
  HISTORY_PAGE_MAX,
  RESTORE_DAYS,
  type ChangeBefore,
  type ChangeSummary,
  type HistoryEntry,
  type HistoryQuery,
  type ProfileBefore,
  type RevertConflict,
} from './types.ts';

/**
 * The history's use cases, one for both backends (server/routes/history.ts and the `history`
 * callables): reading a tree's or a person's history, reverting one change or everything after
 * a point, and restoring a deleted person. A revert is a new change through the one save path
 * (`saveChangeSet`): rights, validation, the live stream and the history itself apply to it as to
 * any edit, and the history is never rewritten.
 */
export interface HistoryDeps {
  store: GraphStore;
  log: HistoryLog;
  now(): Date;
  publish(publications: readonly Publication[]): void;
  /** The people of this tree a viewer may not see whole (src/domain/privacy.ts). */
  hiddenFor(uid: string, graphId: string): Promise<ReadonlySet<string>>;
}

export type RevertMode = 'one' | 'after';

export interface RevertPlan {
  /** The revisions the revert puts back, oldest first. */
  revisions: number[];
  /** What the revert would do, counted as the activity counts. */
  summary: ChangeSummary;
  /** The people it would change. */
  profileIds: string[];
  /** What has changed since: non-empty means the revert is refused. */
  conflicts: RevertConflict[];
}

export interface DeletedPerson {
  profileId: string;
  firstName: string;
  lastName: string;
  revision: number;
  at: string;
  actorUid: string;
}

async function roleOf(deps: HistoryDeps, graphId: string, uid: string): Promise<TreeRole> {
  const role = await deps.store.transaction((tx) => tx.memberRole(graphId, uid));
  if (!role) throw new AppError('permission-denied', NOT_A_MEMBER);
  return role;
}

/** A tree's or a person's history, newest first; a viewer's without what privacy keeps from them. */
export async function listHistory(deps: HistoryDeps, uid: string, graphId: string, query: HistoryQuery): Promise<HistoryEntry[]> {
  const role = await roleOf(deps, graphId, uid);
  const limit = Math.max(1, Math.min(HISTORY_PAGE_MAX, Math.floor(query.limit) || HISTORY_PAGE_MAX));
  const entries = await deps.log.list(graphId, { ...query, limit });
  if (role !== 'viewer') return entries;
  const hidden = await deps.hiddenFor(uid, graphId);
  if (query.profileId && hidden.has(query.profileId)) return [];
  return historyForViewer(entries, hidden);
}

async function current(deps: HistoryDeps, graphId: string, ids: IdsToRead): Promise<ItemReader> {
  return deps.store.transaction(async (tx) => readCurrent(tx.lookup(graphId), ids));
}

/** The entries a revert covers, each kept whole (a change kept by reference cannot be reverted). */
async function entriesOf(deps: HistoryDeps, graphId: string, revision: number, mode: RevertMode): Promise<HistoryEntry[]> {
  const entries = mode === 'one' ? [await deps.log.get(graphId, revision)].filter((e): e is HistoryEntry => !!e) : await deps.log.after(graphId, revision);
  if (mode === 'one' && !entries.length) throw new AppError('not-found', HISTORY_MESSAGES.notFound);
  if (entries.some((e) => !e.before || !e.changes)) throw new AppError('failed-precondition', HISTORY_MESSAGES.notKept);
  return entries;
}

/** A new person in a restore is created by the member restoring it, as the save path requires of any new person. */
function asNewBy(changes: ChangeSet, uid: string): ChangeSet {
  return {
    ...changes,
    profiles: { ...changes.profiles, upsert: changes.profiles.upsert.map((p) => (p.create ? { ...p, set: { ...p.set, createdBy: uid } } : p)) },
  };
}

async function planOf(deps: HistoryDeps, uid: string, graphId: string, revision: number, mode: RevertMode): Promise<{ plan: RevertPlan; changes: ChangeSet }> {
  const entries = await entriesOf(deps, graphId, revision, mode);
  const before = mergeBefores(entries.map((e) => e.before!));
  const now = await current(deps, graphId, idsOf(before, entries.map((e) => e.changes!)));
  // Everything after a point is reverted together: nothing later is left to overwrite.
  const conflicts = mode === 'one' ? revertConflicts(entries[0]!.changes!, entries[0]!.before!, now) : [];
  const changes = asNewBy(restoreChangeSet(before, now), uid);
  const people = new Set([...changes.profiles.upsert.map((p) => p.id), ...changes.profiles.remove]);
  return { plan: { revisions: entries.map((e) => e.revision), summary: summarise(changes, null), profileIds: [...people], conflicts }, changes };
}

/** What reverting would do, and what has changed since; nothing is written. */
export async function previewRevert(deps: HistoryDeps, uid: string, graphId: string, revision: number, mode: RevertMode): Promise<RevertPlan> {
  const role = await roleOf(deps, graphId, uid);
  if (!canEditTree(role)) throw new AppError('permission-denied', HISTORY_MESSAGES.revertRole);
  return (await planOf(deps, uid, graphId, revision, mode)).plan;
}

/** Reverts one change, or everything after a revision, as a new change; refused when something changed since. */
export async function revert(deps: HistoryDeps, uid: string, graphId: string, input: { revision: number; mode: RevertMode; clientId: string }): Promise<{ revision: number }> {
  const role = await roleOf(deps, graphId, uid);
  if (!canEditTree(role)) throw new AppError('permission-denied', HISTORY_MESSAGES.revertRole);
  const { plan, changes } = await planOf(deps, uid, graphId, input.revision, input.mode);
  if (plan.conflicts.length) throw new AppError('failed-precondition', HISTORY_MESSAGES.conflict);
  if (isEmptyChangeSet(changes)) throw new AppError('failed-precondition', HISTORY_MESSAGES.nothing);
  return saveChangeSet(deps.store, { uid, graphId, changes, clientId: input.clientId, revertOf: plan.revisions }, { now: deps.now(), publish: deps.publish });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a change took a profile out only to show its card under another (a claimed invitation, a released account). */
function rekeyed(e: HistoryEntry, profileId: string): boolean {
  return !!e.changes?.nodes.upsert.some((n) => e.before?.nodes?.[n.id]?.data.profileId === profileId);
}

/** People taken out of the tree in the last 90 days and not back since, newest first (owners and editors). */
export async function recentlyDeleted(deps: HistoryDeps, uid: string, graphId: string): Promise<DeletedPerson[]> {
  const role = await roleOf(deps, graphId, uid);
  if (!canEditTree(role)) throw new AppError('permission-denied', HISTORY_MESSAGES.restoreRole);
  const since = new Date(deps.now().getTime() - RESTORE_DAYS * DAY_MS).toISOString();
  const entries = await deps.log.deletions(graphId, since);
  const found: DeletedPerson[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    for (const id of e.removedIds) {
      const whole = e.before?.profiles?.[id]?.whole;
      if (seen.has(id) || !whole || rekeyed(e, id)) continue;
      seen.add(id);
      found.push({ profileId: id, firstName: whole.firstName, lastName: whole.lastName, revision: e.revision, at: e.at, actorUid: e.actorUid });
    }
  }
  if (!found.length) return [];
  const now = await current(deps, graphId, { profiles: found.map((d) => d.profileId) });
  return found.filter((d) => !now.profile(d.profileId));
}

/**
 * The part of a deletion's before that brings one person back: their profile (its relatives
 * limited to those still in the tree), their cards, the lines between those cards and cards
 * still there, the entries naming them in their relatives' lists, their couples, and their
 * photos and documents (`mediaBack`).
 */
export function personBefore(before: ChangeBefore, profileId: string, now: ItemReader): ChangeBefore {
  const whole = before.profiles?.[profileId]?.whole;
  if (!whole) return {};
  const kept = { ...whole };
  for (const f of RELATION_FIELDS) kept[f] = whole[f].filter((x) => !!now.profile(x));
  const profiles: Record<string, ProfileBefore> = { [profileId]: { whole: kept } };
  for (const [id, pb] of Object.entries(before.profiles ?? {})) {
    if (id === profileId || !now.profile(id)) continue;
    for (const f of RELATION_FIELDS) {
      if (pb.lists?.[f]?.had.includes(profileId)) ((profiles[id] ??= {}).lists ??= {})[f] = { had: [profileId], hadNot: [] };
    }
  }
  const nodes = Object.fromEntries(Object.entries(before.nodes ?? {}).filter(([, n]) => n?.data.profileId === profileId));
  const cards = new Set(Object.keys(nodes));
  const there = (nodeId: string) => cards.has(nodeId) || !!now.item('nodes', nodeId);
  const edges = Object.fromEntries(Object.entries(before.edges ?? {}).filter(([, e]) => !!e && (cards.has(e.source) || cards.has(e.target)) && there(e.source) && there(e.target)));
  const couples = Object.fromEntries(Object.entries(before.couples ?? {}).filter(([, c]) => !!c && c.partners.includes(profileId) && c.partners.every((p) => p === profileId || !!now.profile(p))));
  return { profiles, nodes, edges, couples, media: mediaBack(before, profileId, new Set(Object.keys(couples)), now) };
}

/**
 * A deleted person's photos and documents as a restore puts them back: one that went with them
 * (only they were in it) comes back with the people and couples in it still in the tree; one still
 * there (a group photo they were taken out of) gets them back, and their restored couples, on top
 * of whatever it holds now. Their files were kept (media/orphans.ts).
 */
function mediaBack(before: ChangeBefore, profileId: string, couplesBack: ReadonlySet<string>, now: ItemReader): Record<string, Media> {
  const out: Record<string, Media> = {};
  for (const [id, was] of Object.entries(before.media ?? {})) {
    if (!was?.people.includes(profileId)) continue;
    const held = now.item('media', id);
    const there = (p: string) => p === profileId || !!now.profile(p);
    const coupleThere = (c: string) => couplesBack.has(c) || !!now.item('couples', c);
    if (!held) {
      out[id] = { ...was, people: was.people.filter(there), couples: was.couples.filter(coupleThere) };
      continue;
    }
    const inIt = new Set([...held.people, profileId]);
    const couples = [...held.couples, ...was.couples.filter((c) => couplesBack.has(c) && !held.couples.includes(c))];
    out[id] = { ...held, people: [...was.people.filter((p) => inIt.has(p)), ...held.people.filter((p) => !was.people.includes(p))], couples };
  }
  return out;
}

/** Brings a deleted person back with their links and profile, as a new change (owners and editors, for 90 days). */
export async function restoreDeleted(deps: HistoryDeps, uid: string, graphId: string, input: { revision: number; profileId: string; clientId: string }): Promise<{ revision: number }> {
  const role = await roleOf(deps, graphId, uid);
  if (!canEditTree(role)) throw new AppError('permission-denied', HISTORY_MESSAGES.restoreRole);
  const entry = await deps.log.get(graphId, input.revision);
  const whole = entry?.before?.profiles?.[input.profileId]?.whole;
  if (!entry || !whole || !entry.removedIds.includes(input.profileId)) throw new AppError('not-found', HISTORY_MESSAGES.notDeleted);
  if (deps.now().getTime() - Date.parse(entry.at) > RESTORE_DAYS * DAY_MS) throw new AppError('failed-precondition', HISTORY_MESSAGES.tooOld);
  const b = entry.before!;
  const ids: IdsToRead = {
    profiles: [
      input.profileId,
      ...RELATION_FIELDS.flatMap((f) => whole[f]),
      ...Object.keys(b.profiles ?? {}),
      ...Object.values(b.couples ?? {}).flatMap((c) => c?.partners ?? []),
      ...Object.values(b.media ?? {}).flatMap((m) => m?.people ?? []),
    ],
    nodes: [...Object.keys(b.nodes ?? {}), ...Object.values(b.edges ?? {}).flatMap((e) => (e ? [e.source, e.target] : []))],
    edges: Object.keys(b.edges ?? {}),
    couples: [...Object.keys(b.couples ?? {}), ...Object.values(b.media ?? {}).flatMap((m) => m?.couples ?? [])],
    media: Object.keys(b.media ?? {}),
  };
  const now = await current(deps, graphId, ids);
  if (now.profile(input.profileId)) throw new AppError('already-exists', HISTORY_MESSAGES.present);
  const changes = asNewBy(restoreChangeSet(personBefore(b, input.profileId, now), now), uid);
  return saveChangeSet(deps.store, { uid, graphId, changes, clientId: input.clientId, revertOf: [entry.revision] }, { now: deps.now(), publish: deps.publish });
}
