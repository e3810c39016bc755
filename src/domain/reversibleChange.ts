import { diffProfile, diffRecords, emptyChangeSet, type ChangeSet } from './changeSet.ts';
import { groupSize, recordOf, type ItemOf, type RecordKey, type WholeKey } from './entityKinds.ts';
import { graphIndex, type OpResult, type UndoRecord } from './graphDraft.ts';
import { beforeOf, type ItemReader } from './history/before.ts';
import { restoreChangeSet, revertConflicts } from './history/restore.ts';
import type { ChangeBefore, RevertConflict } from './history/types.ts';
import { normaliseEdge, normaliseNode } from './snapshot.ts';
import type { Graph } from './types.ts';

/**
 * One reversible change (issue 24): the wire's change set and the value before of everything it
 * touches, the shape the server's history keeps. An operation's answer is turned into one once
 * (`changeOf`); the session saves its change set, and its undo is the change made from its
 * before (`undoChangeSet`), refused when what it changed was changed again since
 * (`undoConflicts`, the history's revert rule). DESIGN.md "History and revert".
 */
export interface ReversibleChange {
  changes: ChangeSet;
  before: ChangeBefore;
}

/** The kinds a graph holds as records by id (sent whole, compared whole). */
export const RECORD_KEYS = ['places', 'couples', 'sources', 'notDuplicates', 'media'] as const satisfies readonly RecordKey[];

/**
 * Reads a graph's items through its lookups (`graphIndex`, handed from graph to graph), so a
 * change's reads cost what it names, not the size of the tree.
 */
export function graphItems(graph: Graph): ItemReader {
  const index = graphIndex(graph);
  return {
    item: <K extends WholeKey>(key: K, id: string) => {
      if (key === 'nodes') return index.nodes.get(id) as ItemOf[K] | undefined;
      if (key === 'edges') return index.edges.get(id) as ItemOf[K] | undefined;
      const rec = recordOf(graph, key as RecordKey) as Readonly<Record<string, ItemOf[K]>>;
      return Object.hasOwn(rec, id) ? rec[id] : undefined;
    },
    profile: (id) => (Object.hasOwn(graph.profiles, id) ? graph.profiles[id] : undefined),
  };
}

/**
 * An operation's answer (`result`, made from `base`) as one reversible change: its change set
 * (cards and lines whole, people as patches, places and the other records whole) and their values
 * before. Cards, lines and people before are read from the operation's own record of what it
 * touched, never from `base`, whose lookups the operation handed on to the graph it made.
 */
export function changeOf(result: OpResult, base: Graph): ReversibleChange {
  const now = graphItems(result.graph);
  const cs = emptyChangeSet(0);
  for (const key of RECORD_KEYS) {
    const group = diffRecords(key, recordOf(base, key), recordOf(result.graph, key));
    if (groupSize(group)) (cs as unknown as Record<string, unknown>)[key] = group;
  }
  // A plain copy: the operation's record is a getter whose closure holds the graph it made.
  const undo: UndoRecord = { nodes: result.undo.nodes, edges: result.undo.edges, profiles: result.undo.profiles };
  for (const { id, before } of undo.nodes) {
    const after = now.item('nodes', id);
    if (after) cs.nodes.upsert.push(normaliseNode(after));
    else if (before) cs.nodes.remove.push(id);
  }
  for (const { id, before } of undo.edges) {
    const after = now.item('edges', id);
    if (after) cs.edges.upsert.push(normaliseEdge(after));
    else if (before) cs.edges.remove.push(id);
  }
  for (const { id, before } of undo.profiles) {
    const after = now.profile(id);
    const patch = after ? diffProfile(before ?? undefined, after) : null;
    if (patch) cs.profiles.upsert.push(patch);
    else if (!after && before) cs.profiles.remove.push(id);
  }
  // Made only when undone (a Tidy up of 100,000 cards is undone rarely). What it reads is never
  // changed in place, so reading it later gives what it was now; it holds the undo record and
  // the records, never a graph (an undo stack of a big tree's graphs would not fit).
  const records = Object.fromEntries(RECORD_KEYS.map((key) => [key, recordOf(base, key)])) as { [K in RecordKey]: Readonly<Record<string, ItemOf[K]>> };
  let before: ChangeBefore | null = null;
  return {
    changes: cs,
    get before() {
      return (before ??= beforeOf(readerBefore(undo, records), cs));
    },
  };
}

/** The items as they were before an operation: its own record of what it touched, and the records then. */
function readerBefore(undo: UndoRecord, records: { [K in RecordKey]: Readonly<Record<string, ItemOf[K]>> }): ItemReader {
  const nodes = new Map(undo.nodes.map((e) => [e.id, e.before]));
  const edges = new Map(undo.edges.map((e) => [e.id, e.before]));
  const profiles = new Map(undo.profiles.map((e) => [e.id, e.before]));
  return {
    item: <K extends WholeKey>(key: K, id: string) => {
      if (key === 'nodes') return (nodes.get(id) ?? undefined) as ItemOf[K] | undefined;
      if (key === 'edges') return (edges.get(id) ?? undefined) as ItemOf[K] | undefined;
      const rec = records[key as RecordKey] as Readonly<Record<string, ItemOf[K]>>;
      return Object.hasOwn(rec, id) ? rec[id] : undefined;
    },
    profile: (id) => profiles.get(id) ?? undefined,
  };
}

/** What `change` touched that is no longer as it left it (the history's revert rule). */
export function undoConflicts(change: ReversibleChange, current: ItemReader): RevertConflict[] {
  return revertConflicts(change.changes, change.before, current);
}

/**
 * The change set that undoes `change` on the tree as it is now: everything it touched put back as
 * it was, everything else left as it is. Unlike a revert from the history, the stamps are put back
 * too, so an edit undone before it was saved leaves nothing unsaved (the server stamps what it
 * saves anyway). A person it took out is made again whole; when the server no longer has them
 * (`onServer` false: the removal was saved), they are created by the member undoing (§6: a new
 * person is created by the member saving it).
 */
export function undoChangeSet(change: ReversibleChange, current: ItemReader, by: { uid: string; now: string; onServer(profileId: string): boolean }): ChangeSet {
  const cs = restoreChangeSet(change.before, current, 0, { stamps: true });
  cs.profiles.upsert = cs.profiles.upsert.map((p) => (p.create && !by.onServer(p.id) ? { ...p, set: { ...p.set, createdBy: by.uid, createdAt: by.now } } : p));
  return cs;
}
