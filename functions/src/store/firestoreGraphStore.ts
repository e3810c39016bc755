import type { Firestore } from 'firebase-admin/firestore';
import type { ChangeDoc, ClaimBaseDoc, CoupleDoc, EdgeDoc, GraphDoc, MediaDoc, MembersDoc, NodeDoc, NotDuplicateDoc, PlaceDoc, ProfileDoc, SourceDoc, UserDoc } from '../../../src/backend/firebase/paths.ts';
import { paths } from '../../../src/backend/firebase/paths.ts';
import { FIRESTORE_COMMIT_BYTES } from '../../../src/backend/firebase/callables.ts';
import type { ChangeSet } from '../../../src/domain/changeSet.ts';
import { groupOf } from '../../../src/domain/entityKinds.ts';
import type { Couple, NotDuplicate, Place, Source } from '../../../src/domain/facts/types.ts';
import type { Media } from '../../../src/domain/media/types.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { CHANGE_LOG_LENGTH, type AppliedChange, type ClaimBase, type GraphHead, type GraphStore, type GraphStoreTransaction } from '../../../src/domain/save/graphStore.ts';
import type { GraphLookup } from '../../../src/domain/save/neighbourhood.ts';
import { isTreeRole, type TreeRole } from '../../../src/domain/roles.ts';
import type { GraphEdge, GraphNode, Profile } from '../../../src/domain/types.ts';
import { edgeDoc, newGraphDoc, nodeDoc, profileDoc, seqFor, withMigrations } from './docs.ts';
import { StagedTransaction, type Doc } from './stagedTransaction.ts';
import { stageHistory } from './historyDocs.ts';
import { BULK_WRITE_RUNNING, bulkLockPath, type BulkLockDoc } from './bulkLock.ts';

/**
 * The domain's store port (src/domain/save/graphStore.ts) over Firestore with the Admin SDK, so
 * the Cloud Functions run the self-hosted server's save path (`saveChangeSet`, `updateProfile`,
 * `joinGraph`) unchanged. One port transaction is one Firestore transaction: every document it
 * reads is locked (a concurrent save of the same graph makes one of them retry), writes are
 * staged and committed together (StagedTransaction), so a save is applied whole or not at all.
 *
 * Lookups read only the neighbourhood of a change: cards and lines by document id, the lines of a
 * card by `ends array-contains-any`, the cards showing a profile by `profileId in`, the profiles
 * listing one by `relatives array-contains-any` (each at most 30 values per query, Firestore's
 * cap), the primary card by `isPrimary == true`: single-field indexes, automatic in Firestore.
 */

/** Firestore's cap on the values of one `in` / `array-contains-any` filter. */
export const QUERY_VALUES = 30;
/** A change set larger than this (UTF-8 JSON) is logged without its body: readers reopen the graph. */
export const MAX_LOGGED_CHANGE_BYTES = 900 * 1024;

const MB = 1024 * 1024;
const TRANSACTION_ATTEMPTS = 12;

export function commitTooLarge(bytes: number, limit: number = FIRESTORE_COMMIT_BYTES): string {
  const mb = (n: number) => `${Number((n / MB).toFixed(1))} MB`;
  return `This change is too large to write to Firebase at once (${mb(bytes)} of documents; one transaction holds at most ${mb(limit)}). Nothing was saved. Save or import it in smaller parts.`;
}

function inGroups<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

export interface FirestoreStoreOptions {
  clock?: () => Date;
  /** The largest commit a transaction may send (documents sized as Firestore sizes them). */
  maxCommitBytes?: number;
}

/** A member's role in a graph by its members document (roles from before §6 roles, 'member', are editors). */
export function roleIn(members: MembersDoc | null | undefined, uid: string): TreeRole | null {
  if (!members || !Object.hasOwn(members.roles, uid)) return null;
  const role = members.roles[uid] as string;
  return isTreeRole(role) ? role : 'editor';
}

/**
 * A users document with a graph added at a role (or its role changed): `graphIds` lists every
 * graph, `fullGraphIds` those the rules let the member read whole (owner, editor; not viewer).
 */
export function withGraph(user: UserDoc, graphId: string, role: TreeRole, joined: boolean): UserDoc {
  const full = (user.fullGraphIds ?? user.graphIds).filter((g) => g !== graphId);
  return {
    ...user,
    graphIds: unique([...user.graphIds, graphId]),
    fullGraphIds: role === 'viewer' ? full : unique([...full, graphId]),
    joinedGraphId: joined ? graphId : user.joinedGraphId,
  };
}

/** A users document without a graph (the member left it or it was deleted). */
export function withoutGraph(user: UserDoc, graphId: string): UserDoc {
  return {
    ...user,
    graphIds: user.graphIds.filter((g) => g !== graphId),
    fullGraphIds: (user.fullGraphIds ?? user.graphIds).filter((g) => g !== graphId),
    joinedGraphId: user.joinedGraphId === graphId ? null : user.joinedGraphId,
    lastGraphId: user.lastGraphId === graphId ? null : (user.lastGraphId ?? null),
    // Its activity ends with the membership; joining again starts from the joining.
    ...(user.seenAt ? { seenAt: Object.fromEntries(Object.entries(user.seenAt).filter(([g]) => g !== graphId)) } : {}),
  };
}

/** The port over one Firestore transaction (the staged one). */
export function firestoreStoreTransaction(db: Firestore, tx: StagedTransaction, clock: () => Date, ownBulkWrite: string | null = null): GraphStoreTransaction {
  const graphOf = async (graphId: string) => (await tx.get(paths.graph(graphId))) as GraphDoc | null;

  async function profileDocs(ids: readonly string[]): Promise<Map<string, ProfileDoc>> {
    const wanted = unique(ids);
    const docs = await tx.getAll(wanted.map((id) => paths.profile(id)));
    const out = new Map<string, ProfileDoc>();
    for (const id of wanted) {
      const data = docs.get(paths.profile(id));
      if (data) out.set(id, data as ProfileDoc);
    }
    return out;
  }

  function lookup(graphId: string): GraphLookup {
    const shown = (d: ProfileDoc) => d.graphs.includes(graphId);
    const nodesCol = paths.nodes(graphId);
    const edgesCol = paths.edges(graphId);
    const byIds = async <T,>(docPaths: string[], pick: (d: Doc) => T): Promise<T[]> => {
      const docs = await tx.getAll(docPaths);
      return [...docs.values()].filter((d): d is Doc => d !== null).map(pick);
    };
    return {
      nodes: (ids) => byIds(unique(ids).map((id) => paths.node(graphId, id)), (d) => (d as NodeDoc).node),
      edges: (ids) => byIds(unique(ids).map((id) => paths.edge(graphId, id)), (d) => (d as EdgeDoc).edge),
      async edgesOfNodes(ids) {
        const wanted = new Set(ids);
        const queries = inGroups(unique(ids), QUERY_VALUES).map((g) => db.collection(edgesCol).where('ends', 'array-contains-any', g));
        const found = await tx.query(edgesCol, queries, (d) => (d as EdgeDoc).ends.some((end) => wanted.has(end)), QUERY_VALUES);
        return [...found.values()].map((d) => (d as EdgeDoc).edge);
      },
      async nodesShowing(profileIds) {
        const wanted = new Set(profileIds.filter((id) => id !== ''));
        const queries = inGroups([...wanted], QUERY_VALUES).map((g) => db.collection(nodesCol).where('profileId', 'in', g));
        const found = await tx.query(nodesCol, queries, (d) => wanted.has((d as NodeDoc).profileId), QUERY_VALUES);
        return [...found.values()].map((d) => (d as NodeDoc).node);
      },
      async profiles(ids) {
        return [...(await profileDocs(ids)).values()].filter(shown).map((d) => d.profile);
      },
      async profilesListing(ids) {
        const wanted = new Set(ids);
        const queries = inGroups(unique(ids), QUERY_VALUES).map((g) => db.collection(paths.profiles()).where('relatives', 'array-contains-any', g));
        const found = await tx.query(paths.profiles(), queries, (d) => (d as ProfileDoc).relatives.some((r) => wanted.has(r)), QUERY_VALUES);
        return [...found.values()].map((d) => d as ProfileDoc).filter(shown).map((d) => d.profile);
      },
      async primaryNodes() {
        const found = await tx.query(nodesCol, [db.collection(nodesCol).where('isPrimary', '==', true)], (d) => (d as NodeDoc).isPrimary);
        return [...found.values()].map((d) => (d as NodeDoc).node);
      },
      places: (ids) => byIds(unique(ids).map((id) => paths.place(graphId, id)), (d) => (d as PlaceDoc).place),
      couples: (ids) => byIds(unique(ids).map((id) => paths.couple(graphId, id)), (d) => (d as CoupleDoc).couple),
      sources: (ids) => byIds(unique(ids).map((id) => paths.source(graphId, id)), (d) => (d as SourceDoc).source),
      async mediaOfPeople(ids) {
        const wanted = new Set(ids);
        const col = paths.media(graphId);
        const queries = inGroups(unique(ids), QUERY_VALUES).map((g) => db.collection(col).where('media.people', 'array-contains-any', g));
        const found = await tx.query(col, queries, (d) => (d as MediaDoc).media.people.some((p) => wanted.has(p)));
        return [...found.values()].map((d) => (d as MediaDoc).media);
      },
      media: (ids) => byIds(unique(ids).map((id) => paths.mediaItem(graphId, id)), (d) => (d as MediaDoc).media),
      notDuplicates: (ids) => byIds(unique(ids).map((id) => paths.notDuplicate(graphId, id)), (d) => (d as NotDuplicateDoc).pair),
    };
  }

  /** Adds or drops `graphId` in each profile's list of graphs, keeping the rest of the document. */
  async function writeProfileDocs(profiles: readonly Profile[], graphId: string | null): Promise<void> {
    const stored = await profileDocs(profiles.map((p) => p.id));
    for (const p of profiles) {
      const graphs = stored.get(p.id)?.graphs ?? [];
      tx.set(paths.profile(p.id), profileDoc(p, graphId ? [...graphs, graphId] : graphs));
    }
  }

  async function writeEntities<T extends { id: string }>(
    items: readonly T[],
    pathOf: (id: string) => string,
    docOf: (item: T, seq: number) => Doc,
    firstSeq: number,
  ): Promise<void> {
    const stored = await tx.getAll(items.map((i) => pathOf(i.id)));
    let next = firstSeq;
    for (const item of items) {
      const path = pathOf(item.id);
      const old = stored.get(path) as { seq: number } | null;
      tx.set(path, docOf(item, old ? old.seq : next++));
    }
  }

  return {
    async ensureOwnGraph(uid) {
      if (await graphOf(uid)) return;
      const user = (await tx.get(paths.user(uid))) as UserDoc | null;
      const own = (await profileDocs([uid])).get(uid);
      tx.set(paths.graph(uid), newGraphDoc(uid));
      tx.set(paths.members(uid), { roles: { [uid]: 'owner' }, joinedAt: { [uid]: clock().toISOString() } } satisfies MembersDoc);
      tx.set(paths.user(uid), withGraph({ graphIds: [], joinedGraphId: null, ...user }, uid, 'owner', false));
      if (own) tx.set(paths.profile(uid), profileDoc(own.profile, [...own.graphs, uid]));
    },

    async memberRole(graphId, uid) {
      const members = (await tx.get(paths.members(graphId))) as MembersDoc | null;
      return roleIn(members, uid);
    },

    async graphsShowing(profileIds) {
      const out = new Map<string, Set<string>>();
      for (const [id, d] of await profileDocs(profileIds)) {
        for (const g of d.graphs) {
          let set = out.get(g);
          if (!set) out.set(g, (set = new Set()));
          set.add(id);
        }
      }
      return out;
    },

    async lockGraphs(ids) {
      const wanted = unique(ids);
      const docs = await tx.getAll([...wanted.map((id) => paths.graph(id)), ...wanted.map(bulkLockPath)]);
      // A bulk write under way (bulkLock.ts): the graph's documents may be half written.
      const locked = wanted.some((id) => {
        const lock = docs.get(bulkLockPath(id)) as BulkLockDoc | null;
        return !!lock && lock.importId !== ownBulkWrite;
      });
      if (locked) throw new AppError('unavailable', BULK_WRITE_RUNNING);
      const heads = new Map<string, GraphHead>();
      for (const id of wanted) {
        const d = docs.get(paths.graph(id)) as GraphDoc | null;
        if (d) heads.set(id, { id, ownerUid: d.ownerUid, revision: d.revision });
      }
      return heads;
    },

    lookup,

    async profiles(ids) {
      return new Map([...(await profileDocs(ids))].map(([id, d]) => [id, d.profile]));
    },

    async writeChanges(graphId, changes: ChangeSet, written) {
      const graph = await graphOf(graphId);
      const firstSeq = seqFor((graph?.revision ?? 0) + 1, 0);
      for (const id of changes.nodes.remove) tx.delete(paths.node(graphId, id));
      await writeEntities<GraphNode>(changes.nodes.upsert, (id) => paths.node(graphId, id), nodeDoc, firstSeq);
      for (const id of changes.edges.remove) tx.delete(paths.edge(graphId, id));
      await writeEntities<GraphEdge>(changes.edges.upsert, (id) => paths.edge(graphId, id), edgeDoc, firstSeq);
      const places = groupOf(changes, 'places');
      for (const id of places.remove) tx.delete(paths.place(graphId, id));
      await writeEntities<Place>(places.upsert, (id) => paths.place(graphId, id), (place, seq) => ({ place, seq }) satisfies PlaceDoc, firstSeq);
      const couples = groupOf(changes, 'couples');
      for (const id of couples.remove) tx.delete(paths.couple(graphId, id));
      await writeEntities<Couple>(couples.upsert, (id) => paths.couple(graphId, id), (couple, seq) => ({ couple, seq }) satisfies CoupleDoc, firstSeq);
      const sources = groupOf(changes, 'sources');
      for (const id of sources.remove) tx.delete(paths.source(graphId, id));
      await writeEntities<Source>(sources.upsert, (id) => paths.source(graphId, id), (source, seq) => ({ source, seq }) satisfies SourceDoc, firstSeq);
      const pairs = groupOf(changes, 'notDuplicates');
      for (const id of pairs.remove) tx.delete(paths.notDuplicate(graphId, id));
      await writeEntities<NotDuplicate>(pairs.upsert, (id) => paths.notDuplicate(graphId, id), (pair, seq) => ({ pair, seq }) satisfies NotDuplicateDoc, firstSeq);
      const media = groupOf(changes, 'media');
      for (const id of media.remove) tx.delete(paths.mediaItem(graphId, id));
      await writeEntities<Media>(media.upsert, (id) => paths.mediaItem(graphId, id), (item, seq) => ({ media: item, seq }) satisfies MediaDoc, firstSeq);
      await writeProfileDocs(written, graphId);
      if (!changes.profiles.remove.length) return;
      // Only profiles this graph showed leave it; one no graph shows any more goes, unless it is
      // a member's own (their account's users document exists).
      const removed = await profileDocs(changes.profiles.remove);
      const accounts = await tx.getAll([...removed.keys()].map((id) => paths.user(id)));
      for (const [id, d] of removed) {
        if (!d.graphs.includes(graphId)) continue;
        const graphs = d.graphs.filter((g) => g !== graphId);
        if (graphs.length || accounts.get(paths.user(id))) tx.set(paths.profile(id), profileDoc(d.profile, graphs));
        else tx.delete(paths.profile(id));
      }
    },

    writeProfiles: (profiles) => writeProfileDocs(profiles, null),

    async appendChange(graphId, change: AppliedChange, migrations = []) {
      const graph = await graphOf(graphId);
      if (!graph) throw new Error(`appendChange: graph ${graphId} does not exist`);
      const body = JSON.stringify(change.changes);
      const bytes = Buffer.byteLength(body);
      const logged = bytes <= MAX_LOGGED_CHANGE_BYTES;
      const at = clock().toISOString();
      const since = graph.sinceSnapshot;
      tx.set(paths.graph(graphId), {
        ...graph,
        revision: change.revision,
        updatedAt: at,
        migrations: withMigrations(graph.migrations, migrations),
        sinceSnapshot: { changeSets: since.changeSets + 1, bytes: since.bytes + (logged ? bytes : 0), unlogged: since.unlogged + (logged ? 0 : 1) },
      } satisfies GraphDoc);
      const doc: ChangeDoc = { revision: change.revision, clientId: change.clientId, actorUid: change.actorUid, changes: logged ? body : null, at };
      tx.set(paths.change(graphId, change.revision), doc);
      if (change.revision > CHANGE_LOG_LENGTH) tx.delete(paths.change(graphId, change.revision - CHANGE_LOG_LENGTH));
    },

    appendHistory: async (graphId, entry) => stageHistory(tx, graphId, entry),

    async claimBases(ids) {
      const wanted = unique(ids);
      const docs = await tx.getAll(wanted.map((id) => paths.claimBase(id)));
      const out = new Map<string, ClaimBase>();
      for (const id of wanted) {
        const d = docs.get(paths.claimBase(id)) as ClaimBaseDoc | null | undefined;
        if (d) out.set(id, d.base as ClaimBase);
      }
      return out;
    },

    async setClaimBase(profileId, base) {
      if (base === null) tx.delete(paths.claimBase(profileId));
      else tx.set(paths.claimBase(profileId), { base } satisfies ClaimBaseDoc);
    },

    async addMember(graphId, uid, role) {
      const members = (await tx.get(paths.members(graphId))) as MembersDoc | null;
      const user = (await tx.get(paths.user(uid))) as UserDoc | null;
      if (roleIn(members, uid)) return;
      tx.set(paths.members(graphId), {
        roles: { ...(members?.roles ?? {}), [uid]: role },
        joinedAt: { ...(members?.joinedAt ?? {}), [uid]: clock().toISOString() },
      } satisfies MembersDoc);
      tx.set(paths.user(uid), withGraph({ graphIds: [], joinedGraphId: null, ...user }, graphId, role, true));
    },
  };
}

/**
 * Runs `fn` in one Firestore transaction with the port and the staged transaction beneath it
 * (for a caller that also writes documents of its own in the same commit, as accepting an
 * invitation marks it accepted). Refuses a commit larger than Firestore takes in one request.
 */
export function runStoreTransaction<T>(db: Firestore, options: FirestoreStoreOptions, fn: (port: GraphStoreTransaction, staged: StagedTransaction) => Promise<T>): Promise<T> {
  const clock = options.clock ?? (() => new Date());
  const maxCommitBytes = options.maxCommitBytes ?? FIRESTORE_COMMIT_BYTES;
  return db.runTransaction(
    async (t) => {
      const staged = new StagedTransaction(db, t);
      const result = await fn(firestoreStoreTransaction(db, staged, clock), staged);
      const bytes = staged.stagedBytes();
      if (bytes > maxCommitBytes) throw new AppError('invalid-argument', commitTooLarge(bytes, maxCommitBytes));
      staged.commit();
      return result;
    },
    // Saves of one graph meet on its head document: under contention Firestore aborts all but
    // one, and each retries (the default of 5 attempts gave up under a burst of saves).
    { maxAttempts: TRANSACTION_ATTEMPTS },
  );
}

export function firestoreGraphStore(db: Firestore, options: FirestoreStoreOptions = {}): GraphStore {
  return { transaction: (fn) => runStoreTransaction(db, options, (port) => fn(port)) };
}
