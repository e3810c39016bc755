import { FieldPath, type Firestore, type Query, type QuerySnapshot, type Transaction } from 'firebase-admin/firestore';
import type { ChangeDoc, CoupleDoc, EdgeDoc, GraphDoc, MediaDoc, NodeDoc, NotDuplicateDoc, PlaceDoc, ProfileDoc, SnapshotChunkDoc, SnapshotDoc, SnapshotLeaseDoc, SnapshotRef, SourceDoc } from '../../../src/backend/firebase/paths.ts';
import { FIELDS, paths } from '../../../src/backend/firebase/paths.ts';
import { decodeGraphColumns, encodeGraphColumns, GRAPH_COLUMNS_FORMAT, type GraphColumns } from '../../../src/backend/graphColumns.ts';
import { applyChangeSets } from '../../../src/domain/applyChangeSets.ts';
import type { ChangeSet } from '../../../src/domain/changeSet.ts';
import type { Graph, GraphEdge, GraphNode, Profile } from '../../../src/domain/types.ts';
import type { Couple, NotDuplicate, Place, Source } from '../../../src/domain/facts/types.ts';
import type { Media } from '../../../src/domain/media/types.ts';
import { CHANGE_LOG_LENGTH } from '../../../src/domain/save/graphStore.ts';
import { splitUtf8 } from './chunks.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { BULK_WRITE_RUNNING, bulkLockPath } from '../store/bulkLock.ts';
import { snapshotPlan } from './plan.ts';

/**
 * Making a graph's snapshot (paths.ts: `graphs/{id}/snapshots/{snapshotId}` and its chunks). The
 * graph is had cheaply when it can be: the current snapshot's chunks with the logged change sets
 * after it applied (`applyChangeSets`, as the browser does); only without a usable one is the
 * graph read whole, document by document, in one read-only transaction (a consistent read at one
 * time). The chunks are written first under a new id, then one transaction points the graph at
 * the new snapshot unless a newer one got there first, and counts the tail after it. The snapshot
 * before is kept for readers still loading it; older ones are deleted.
 */

/** Chunks per write batch: 8 chunks of at most 1 MB stay under Firestore's 10 MiB request. */
const CHUNKS_PER_BATCH = 8;
/** Documents per page of a whole read. */
const PAGE = 5000;
/** How long the builder of a snapshot holds the graph's lease: far beyond a build of 100,000 people. */
const LEASE_MS = 5 * 60 * 1000;

export interface SnapshotOptions {
  clock: () => Date;
  /** A fresh snapshot id (random, so two builders never write into one another's chunks). */
  newId: () => string;
}

interface BuiltGraph {
  graph: Graph;
  revision: number;
}

/** Every document a query matches, page by page in `order`, each page after the last document of the one before. */
async function pages<T>(first: Query, read: (q: Query) => Promise<QuerySnapshot>, order: string | FieldPath, pick: (d: unknown) => T): Promise<T[]> {
  const out: T[] = [];
  let query = first.orderBy(order).limit(PAGE);
  for (;;) {
    const { docs } = await read(query);
    for (const d of docs) out.push(pick(d.data()));
    if (docs.length < PAGE) return out;
    query = first.orderBy(order).startAfter(docs[docs.length - 1]!).limit(PAGE);
  }
}

/** The whole graph from its documents, read at one point in time. Null when the graph does not exist. */
export async function readWholeGraph(db: Firestore, graphId: string): Promise<BuiltGraph | null> {
  return db.runTransaction(
    async (t: Transaction) => {
      const [head, lock] = await t.getAll(db.doc(paths.graph(graphId)), db.doc(bulkLockPath(graphId)));
      // A bulk write under way may have written part of the graph's documents (bulkLock.ts).
      if (lock!.exists) throw new AppError('unavailable', BULK_WRITE_RUNNING);
      if (!head!.exists) return null;
      const graph = head!.data() as GraphDoc;
      const read = (q: Query) => t.get(q);
      const nodes = await pages<GraphNode>(db.collection(paths.nodes(graphId)), read, 'seq', (d) => (d as NodeDoc).node);
      const edges = await pages<GraphEdge>(db.collection(paths.edges(graphId)), read, 'seq', (d) => (d as EdgeDoc).edge);
      const shown = await pages<Profile>(db.collection(paths.profiles()).where('graphs', 'array-contains', graphId), read, FieldPath.documentId(), (d) => (d as ProfileDoc).profile);
      const profiles: Record<string, Profile> = {};
      for (const p of shown) profiles[p.id] = p;
      const places = await pages<Place>(db.collection(paths.places(graphId)), read, 'seq', (d) => (d as PlaceDoc).place);
      const couples = await pages<Couple>(db.collection(paths.couples(graphId)), read, 'seq', (d) => (d as CoupleDoc).couple);
      const sources = await pages<Source>(db.collection(paths.sources(graphId)), read, 'seq', (d) => (d as SourceDoc).source);
      const notDuplicates = await pages<NotDuplicate>(db.collection(paths.notDuplicates(graphId)), read, 'seq', (d) => (d as NotDuplicateDoc).pair);
      const media = await pages<Media>(db.collection(paths.media(graphId)), read, 'seq', (d) => (d as MediaDoc).media);
      const byId = <T extends { id: string }>(items: T[]) => (items.length ? Object.fromEntries(items.map((x) => [x.id, x])) : undefined);
      const facts = {
        ...(places.length ? { places: byId(places) } : {}),
        ...(couples.length ? { couples: byId(couples) } : {}),
        ...(sources.length ? { sources: byId(sources) } : {}),
        ...(notDuplicates.length ? { notDuplicates: byId(notDuplicates) } : {}),
        ...(media.length ? { media: byId(media) } : {}),
      };
      return { graph: { nodes, edges, profiles, ...facts, updatedAt: graph.updatedAt, version: 1, revision: graph.revision }, revision: graph.revision };
    },
    { readOnly: true },
  );
}

/** The snapshot's JSON text from its chunks; null when a chunk is missing. */
export async function readSnapshotText(db: Firestore, graphId: string, ref: SnapshotRef): Promise<string | null> {
  const { docs } = await db.collection(paths.snapshotChunks(graphId, ref.id)).orderBy(FIELDS.index).get();
  const texts = docs.map((d) => d.data() as SnapshotChunkDoc);
  if (texts.length !== ref.chunks || texts.some((c, i) => c.index !== i)) return null;
  return texts.map((c) => c.text).join('');
}

/**
 * The logged change sets after `from` up to `to`, in order; null when the log cannot fill the
 * gap (pruned, or a change set too large to log).
 */
export async function readTail(db: Firestore, graphId: string, from: number, to: number): Promise<ChangeSet[] | null> {
  if (to === from) return [];
  const { docs } = await db.collection(paths.changes(graphId)).where(FIELDS.revision, '>', from).where(FIELDS.revision, '<=', to).orderBy(FIELDS.revision).get();
  const tail = docs.map((d) => d.data() as ChangeDoc);
  if (tail.length !== to - from || tail.some((c, i) => c.revision !== from + 1 + i || c.changes === null)) return null;
  return tail.map((c) => JSON.parse(c.changes!) as ChangeSet);
}

/** The graph at `graph.revision` from its snapshot and the log after it, or null when they cannot make it. */
async function fromSnapshot(db: Firestore, graphId: string, graph: GraphDoc): Promise<BuiltGraph | null> {
  const ref = graph.snapshot;
  if (!ref || ref.revision > graph.revision || graph.revision - ref.revision > CHANGE_LOG_LENGTH) return null;
  const text = await readSnapshotText(db, graphId, ref);
  const tail = text === null ? null : await readTail(db, graphId, ref.revision, graph.revision);
  if (text === null || tail === null) return null;
  const base = decodeGraphColumns(JSON.parse(text) as GraphColumns);
  const applied = applyChangeSets(base, tail);
  return { graph: { ...applied, updatedAt: graph.updatedAt, revision: graph.revision }, revision: graph.revision };
}

/** The graph as it is now: from its snapshot and log when they make it, else read whole. Null when it does not exist. */
export async function currentGraph(db: Firestore, graphId: string, graph: GraphDoc): Promise<BuiltGraph | null> {
  return (await fromSnapshot(db, graphId, graph)) ?? readWholeGraph(db, graphId);
}

/** Writes the snapshot's chunks under `id` (in batches below the request limit); answers its ref. */
async function writeChunks(db: Firestore, graphId: string, id: string, built: BuiltGraph): Promise<SnapshotRef> {
  const text = JSON.stringify(encodeGraphColumns(built.graph));
  const slices = splitUtf8(text);
  for (let i = 0; i < slices.length; i += CHUNKS_PER_BATCH) {
    const batch = db.batch();
    slices.slice(i, i + CHUNKS_PER_BATCH).forEach((slice, k) => {
      const doc: SnapshotChunkDoc = { index: i + k, text: slice };
      batch.set(db.doc(paths.snapshotChunk(graphId, id, i + k)), doc);
    });
    await batch.commit();
  }
  return { id, revision: built.revision, chunks: slices.length, format: GRAPH_COLUMNS_FORMAT, bytes: Buffer.byteLength(text) };
}

/**
 * Points the graph at `ref` unless its snapshot is as new already; the tail after `ref` is
 * counted from the change docs (a gap the log cannot fill counts as unlogged).
 */
async function flip(db: Firestore, graphId: string, ref: SnapshotRef, createdAt: string): Promise<boolean> {
  return db.runTransaction(async (t) => {
    const head = await t.get(db.doc(paths.graph(graphId)));
    if (!head.exists) return false;
    const graph = head.data() as GraphDoc;
    if (graph.snapshot && graph.snapshot.revision >= ref.revision) return false;
    const { docs } = await t.get(db.collection(paths.changes(graphId)).where(FIELDS.revision, '>', ref.revision).orderBy(FIELDS.revision));
    const tail = docs.map((d) => d.data() as ChangeDoc).filter((c) => c.revision <= graph.revision);
    const missing = graph.revision - ref.revision - tail.length;
    const since = {
      changeSets: graph.revision - ref.revision,
      bytes: tail.reduce((n, c) => n + (c.changes === null ? 0 : Buffer.byteLength(c.changes)), 0),
      unlogged: tail.filter((c) => c.changes === null).length + Math.max(0, missing),
    };
    const doc: SnapshotDoc = { ...ref, createdAt };
    t.set(db.doc(paths.snapshot(graphId, ref.id)), doc);
    t.update(db.doc(paths.graph(graphId)), { snapshot: ref, sinceSnapshot: since });
    return true;
  });
}

/** Deletes every snapshot of the graph but these (with their chunks). */
async function pruneSnapshots(db: Firestore, graphId: string, keep: ReadonlySet<string>): Promise<void> {
  const all = await db.collection(paths.snapshots(graphId)).listDocuments();
  for (const ref of all) if (!keep.has(ref.id)) await db.recursiveDelete(ref);
}

/**
 * Makes a snapshot of the graph at its current revision and points the graph at it. Answers the
 * graph's snapshot afterwards (this one, or a newer one another builder made meanwhile); null
 * for a graph that does not exist or is empty at revision 0.
 */
export async function makeSnapshot(db: Firestore, graphId: string, options: SnapshotOptions): Promise<SnapshotRef | null> {
  const head = await db.doc(paths.graph(graphId)).get();
  if (!head.exists) return null;
  const graph = head.data() as GraphDoc;
  if (graph.revision === 0) return null;
  const built = (await fromSnapshot(db, graphId, graph)) ?? (await readWholeGraph(db, graphId));
  if (!built) return null;
  const id = options.newId();
  const ref = await writeChunks(db, graphId, id, built);
  if (await flip(db, graphId, ref, options.clock().toISOString())) {
    await pruneSnapshots(db, graphId, new Set([ref.id, ...(graph.snapshot ? [graph.snapshot.id] : [])]));
    return ref;
  }
  await db.recursiveDelete(db.doc(paths.snapshot(graphId, id)));
  return ((await db.doc(paths.graph(graphId)).get()).data() as GraphDoc | undefined)?.snapshot ?? null;
}

/**
 * Takes the graph's snapshot lease for a while unless someone holds it: builds after a burst of
 * saves are made once, not once per save.
 */
async function takeLease(db: Firestore, graphId: string, now: Date): Promise<boolean> {
  return db.runTransaction(async (t) => {
    const ref = db.doc(paths.snapshotLease(graphId));
    const lease = (await t.get(ref)).data() as SnapshotLeaseDoc | undefined;
    if (lease && lease.until > now.toISOString()) return false;
    t.set(ref, { until: new Date(now.getTime() + LEASE_MS).toISOString() } satisfies SnapshotLeaseDoc);
    return true;
  });
}

/**
 * After a change was logged (the Firestore trigger on change docs): renews the snapshot when its
 * tail has grown past `RENEW_AT` or cannot be used, one builder at a time.
 */
export async function renewIfDue(db: Firestore, graphId: string, options: SnapshotOptions): Promise<SnapshotRef | null> {
  const head = await db.doc(paths.graph(graphId)).get();
  if (!head.exists) return null;
  const plan = snapshotPlan(head.data() as GraphDoc, CHANGE_LOG_LENGTH);
  if (plan !== 'renew' && plan !== 'rebuild') return null;
  if (!(await takeLease(db, graphId, options.clock()))) return null;
  try {
    return await makeSnapshot(db, graphId, options);
  } finally {
    await db.doc(paths.snapshotLease(graphId)).delete();
  }
}
