import { applyProfilePatch, applyToRecord, type ChangeSet } from '../../../domain/changeSet.ts';
import { groupOf, groupSize, recordOf, type ItemOf, type Group } from '../../../domain/entityKinds.ts';
import { appendToGraph, GraphDraft, graphIndex, type OpResult } from '../../../domain/graphDraft.ts';
import type { Graph, GraphEdge, GraphNode, Profile } from '../../../domain/types.ts';

/**
 * A change set (a restored backup, a live change, the difference a reload found) applied as one
 * graph operation, so the session handles it like any edit: it costs what the change set names,
 * and the answer says what it touched.
 */
export function applyAsOperation(graph: Graph, changes: ChangeSet): OpResult {
  return withRecords(cardsAndPeople(graph, changes), changes);
}

/** The places and couples a change set names, applied to an operation's graph (they are small, and sent whole). */
function withRecords(result: OpResult, changes: ChangeSet): OpResult {
  let graph = result.graph;
  for (const key of RECORD_KEYS) {
    const group = groupOf(changes, key) as Group<ItemOf[typeof key]>;
    if (groupSize(group)) graph = { ...graph, [key]: applyToRecord(recordOf(graph, key) as Record<string, ItemOf[typeof key]>, group) };
  }
  return graph === result.graph ? result : { ...result, graph };
}

function cardsAndPeople(graph: Graph, changes: ChangeSet): OpResult {
  const added = additions(changes);
  const appended = added && appendToGraph(graph, added);
  if (appended) return appended;
  const draft = new GraphDraft(graph);
  for (const n of changes.nodes.upsert) draft.setNode(n);
  for (const id of changes.nodes.remove) draft.removeNode(id);
  for (const e of changes.edges.upsert) draft.setEdge(e);
  for (const id of changes.edges.remove) draft.removeEdge(id);
  for (const patch of changes.profiles.upsert) {
    const next = applyProfilePatch(draft.profile(patch.id), patch);
    if (next) draft.setProfile(next);
  }
  for (const id of changes.profiles.remove) draft.removeProfile(id);
  return draft.finish();
}

/**
 * A change set that only creates (no removals, every profile patch a creation), as its cards,
 * lines and profiles: `appendToGraph` takes it in one pass (an import of 100,000 people), should
 * none of them exist yet.
 */
function additions(changes: ChangeSet): { nodes: GraphNode[]; edges: GraphEdge[]; profiles: Profile[] } | null {
  if (changes.nodes.remove.length || changes.edges.remove.length || changes.profiles.remove.length) return null;
  const profiles: Profile[] = [];
  for (const patch of changes.profiles.upsert) {
    if (!patch.create) return null;
    profiles.push(applyProfilePatch(undefined, patch)!);
  }
  return { nodes: changes.nodes.upsert, edges: changes.edges.upsert, profiles };
}

/** Reads one graph by id without copying it (the lookups `graphIndex` keeps). */
export interface GraphLookup {
  node(id: string): GraphNode | undefined;
  edge(id: string): GraphEdge | undefined;
  profile(id: string): Profile | undefined;
  /** The graph's places or couples by id. */
  records<K extends RecordKey>(key: K): Readonly<Record<string, ItemOf[K]>>;
}

/** The kinds the graph holds as records by id, sent whole (entityKinds.ts). */
export const RECORD_KEYS = ['places', 'couples', 'sources', 'notDuplicates', 'media'] as const;
export type RecordKey = (typeof RECORD_KEYS)[number];

/** The graph's records of every kind held by id. */
export function allRecords(current: GraphLookup): { [K in RecordKey]: Readonly<Record<string, ItemOf[K]>> } {
  return { places: current.records('places'), couples: current.records('couples'), sources: current.records('sources'), notDuplicates: current.records('notDuplicates'), media: current.records('media') };
}

export function lookup(graph: Graph): GraphLookup {
  const index = graphIndex(graph);
  return {
    node: (id) => index.nodes.get(id),
    edge: (id) => index.edges.get(id),
    profile: (id) => (Object.hasOwn(graph.profiles, id) ? graph.profiles[id] : undefined),
    records: (key) => recordOf(graph, key),
  };
}
