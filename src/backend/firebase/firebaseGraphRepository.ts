import { readPersonEventsAnswer } from '../../domain/facts/personEvents.ts';
import {
  collection,
  doc,
  getDocsFromCache,
  getDocsFromServer,
  onSnapshot,
  orderBy,
  query,
  where,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { AppError, isAppError } from '../../domain/errors.ts';
import { NOT_A_MEMBER } from '../../domain/permissions.ts';
import type { TreeRole } from '../../domain/roles.ts';
import type { GraphChangeEvent, GraphImporter, GraphRepository, LoadedGraph, NetworkState } from '../ports.ts';
import { overLimit } from '../saveSize.ts';
import type { Call } from './call.ts';
import { FIREBASE_SAVE_LIMIT, type OpenGraphResponse } from './callables.ts';
import { assembleGraph, createChangeFeed, LogGap, UNREADABLE_GRAPH, viewedGraph, type ChangeFeed } from './changeLog.ts';
import { fromFirebase } from './errors.ts';
import { FIELDS, paths, type ChangeDoc, type SnapshotChunkDoc, type SnapshotRef, type UserDoc } from './paths.ts';
import { markServerReads } from './readMarks.ts';

export interface FirebaseGraphRepositoryOptions {
  call: Call;
  firestore: () => Firestore;
  /** The signed-in member's uid, or null: their users document tells an open view of role changes and removal. */
  uid: () => string | null;
  /** The window whose online/offline events are followed; none outside a browser. */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /**
   * The bulk path, for a save whose request is over `saveBodyLimit` (FIREBASE_SAVE_LIMIT): Tidy
   * up of a big tree moves every card, more than one callable request and one transaction take.
   */
  bulk?: GraphImporter;
  saveBodyLimit?: number;
  /** First wait before listening again after the listener failed; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** Opens tried when the log keeps showing a gap (each open answers a fresher snapshot). */
const OPEN_ATTEMPTS = 3;

export const SIGNED_OUT_OF_TREE = 'You were signed out.';

/** What the member's users document says of one tree: not a member, reads it whole (owner, editor), or views it. */
export function accessIn(user: UserDoc | undefined, graphId: string): 'none' | 'full' | 'viewer' {
  if (!user?.graphIds.includes(graphId)) return 'none';
  return (user.fullGraphIds ?? user.graphIds).includes(graphId) ? 'full' : 'viewer';
}

/**
 * GraphRepository on Firestore and the callable functions (paths.ts, callables.ts).
 *
 * Load: `openGraph` names the graph and its latest snapshot; the snapshot's chunk documents
 * (immutable, so read from the device's cache when they are all there) and the change documents
 * after it make the graph (changeLog.ts), as the self-hosted adapter's load does. Save: the
 * `saveChanges` callable, which runs the same save path as the self-hosted server; the tree
 * session around it retries (§7) and words the failure (§8) for both backends alike.
 *
 * Live: ONE query listener on `graphs/{id}/changes`, revision > since, ordered by revision. The
 * feed (changeLog.ts) hands on each revision once and in order; a gap the server confirms, or a
 * change set too large to have been kept, loads the graph again for `onReload` and listens on
 * from its revision. The adapter keeps no copy of the graph.
 *
 * Viewers: the rules let them read neither the log nor snapshots (both hold the unredacted
 * graph), so `openGraph` answers them the redacted graph, and their view listens the same way to
 * their own copy of the log, which a function writes redacted for them after each change
 * (`graphs/{id}/viewers/{uid}/changes`, functions/src/viewerLog.ts): live changes, with who became
 * private, as the self-hosted server's stream sends viewers. Beside either listener, the member's own users document tells the view of a role
 * change (reload with the new role) and of removal from the tree (`onClosed`, permission-denied).
 */
export function createFirebaseGraphRepository(options: FirebaseGraphRepositoryOptions): GraphRepository {
  const { call } = options;
  const win = options.window === undefined ? (typeof window === 'undefined' ? null : window) : options.window;
  const retryMs = options.retryMs ?? 3000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;

  const changesAfter = (graphId: string, revision: number, log = paths.changes(graphId)): Query =>
    query(collection(options.firestore(), log), where(FIELDS.revision, '>', revision), orderBy(FIELDS.revision));

  async function readChunks(graphId: string, snapshot: SnapshotRef): Promise<SnapshotChunkDoc[]> {
    const chunks = query(collection(options.firestore(), paths.snapshotChunks(graphId, snapshot.id)), orderBy(FIELDS.index));
    const cached = await getDocsFromCache(chunks).catch(() => null);
    if (cached?.size === snapshot.chunks) return cached.docs.map((d) => d.data() as SnapshotChunkDoc);
    const read = await getDocsFromServer(chunks);
    markServerReads('snapshot chunks', read.size);
    return read.docs.map((d) => d.data() as SnapshotChunkDoc);
  }

  /** The change documents after `revision`: those this device already holds, then the rest from the server. */
  async function readTail(graphId: string, revision: number): Promise<ChangeDoc[]> {
    const cached = (await getDocsFromCache(changesAfter(graphId, revision)).catch(() => null))?.docs.map((d) => d.data() as ChangeDoc) ?? [];
    const kept: ChangeDoc[] = [];
    let upTo = revision;
    for (const doc of cached) {
      if (doc.revision !== upTo + 1) break;
      kept.push(doc);
      upTo = doc.revision;
    }
    const fresh = await getDocsFromServer(changesAfter(graphId, upTo));
    markServerReads('change log', fresh.size);
    return [...kept, ...fresh.docs.map((d) => d.data() as ChangeDoc)];
  }

  /** The role each graph was last loaded with: the live view of a viewer follows the head, not the log. */
  const roles = new Map<string, TreeRole>();

  async function load(graphId?: string): Promise<LoadedGraph> {
    for (let attempt = 1; ; attempt++) {
      const open: OpenGraphResponse = await call('openGraph', graphId ? { graphId } : {});
      roles.set(open.graphId, open.role);
      const viewed = viewedGraph(open);
      if (viewed) return viewed;
      try {
        const chunks = open.snapshot ? await readChunks(open.graphId, open.snapshot) : [];
        const tail = await readTail(open.graphId, open.snapshot?.revision ?? 0);
        return assembleGraph(open, chunks, tail);
      } catch (e) {
        if (e instanceof LogGap) {
          if (attempt < OPEN_ATTEMPTS) continue;
          throw new AppError('internal', UNREADABLE_GRAPH);
        }
        throw fromFirebase(e, 'read');
      }
    }
  }

  return {
    async list() {
      return (await call('listTrees', {})).trees;
    },

    load,

    async markSeen(graphId) {
      await call('markTreeSeen', { graphId });
    },

    async personEvents(graphId, ids) {
      return readPersonEventsAnswer(await call('personEvents', { graphId, ids: [...ids] }));
    },

    async rename(graphId, name) {
      return (await call('renameTree', { graphId, name })).tree;
    },

    save(graphId, changes, clientId, markMigrations) {
      const request = { graphId, changes, clientId, ...(markMigrations?.length ? { migrations: markMigrations } : {}) };
      // Too large for one callable and one transaction: chunks, committed as one revision all the same.
      if (options.bulk && overLimit(JSON.stringify(request), options.saveBodyLimit ?? FIREBASE_SAVE_LIMIT)) {
        return options.bulk.importChangeSet(graphId, changes, clientId, undefined, { markMigrations });
      }
      return call('saveChanges', { graphId, changes, clientId, ...(markMigrations?.length ? { migrations: markMigrations } : {}) });
    },

    subscribe(graphId, since, handlers) {
      let feed: ChangeFeed = createChangeFeed(since);
      let unlisten: (() => void) | null = null;
      let retryTimer: ReturnType<typeof setTimeout> | null = null;
      let wait = retryMs;
      let stopped = false;
      let reloading = false;
      let state: NetworkState | null = null;

      const report = (next: NetworkState) => {
        if (next === state) return;
        state = next;
        handlers.onNetwork?.(next);
      };

      const later = (run: () => void) => {
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = setTimeout(() => {
          retryTimer = null;
          if (!stopped) run();
        }, wait);
        wait = Math.min(wait * 2, maxRetryMs);
      };

      const deliver = (events: GraphChangeEvent[]) => {
        for (const event of events) {
          if (stopped) return;
          handlers.onChange(event);
        }
      };

      const reload = async () => {
        if (reloading) return;
        reloading = true;
        unlisten?.();
        unlisten = null;
        try {
          const loaded = await load(graphId);
          if (stopped) return;
          feed = createChangeFeed(loaded.graph.revision);
          handlers.onReload(loaded);
          listen();
        } catch (e) {
          if (isAppError(e) && e.code === 'unavailable') report('offline');
          later(() => void reload());
        } finally {
          reloading = false;
        }
      };

      let listenedOnce = false;
      const listen = () => {
        unlisten?.();
        const from = feed.last;
        // A viewer reads only their own redacted copy of the log (paths.ts ViewerChangeDoc).
        const viewer = roles.get(graphId) === 'viewer' ? options.uid() : null;
        unlisten = onSnapshot(
          changesAfter(graphId, from, viewer ? paths.viewerChanges(graphId, viewer) : undefined),
          { includeMetadataChanges: true },
          (snapshot) => {
            const { fromCache } = snapshot.metadata;
            if (!fromCache && !listenedOnce) {
              listenedOnce = true;
              markServerReads('live changes, first answer', snapshot.size);
            }
            if (!fromCache) {
              wait = retryMs;
              report('online');
            } else if (state === 'online') report('offline');
            const added = snapshot
              .docChanges()
              .filter((c) => c.type === 'added')
              .map((c) => c.doc.data() as ChangeDoc);
            const { deliver: events, reload: gap } = feed.receive(added, fromCache);
            deliver(events);
            if (gap && !stopped) void reload();
          },
          () => {
            // Refused (signed out, no longer a member) or broken: listen again from the last
            // revision delivered, waiting longer each time.
            report('offline');
            unlisten = null;
            later(listen);
          },
        );
      };

      const close = (error: AppError) => {
        if (stopped) return;
        stopped = true;
        if (retryTimer) clearTimeout(retryTimer);
        unlisten?.();
        unwatch?.();
        handlers.onClosed?.(error);
      };

      // The member's users document: removal from the tree closes the view, a role change reloads it.
      let unwatch: (() => void) | null = null;
      const uid = options.uid();
      if (uid) {
        let access: ReturnType<typeof accessIn> | null = null;
        unwatch = onSnapshot(
          doc(options.firestore(), paths.user(uid)),
          (snapshot) => {
            if (snapshot.metadata.fromCache) return;
            if (access === null) markServerReads('users document', 1);
            const next = accessIn(snapshot.data() as UserDoc | undefined, graphId);
            if (next === 'none') return close(new AppError('permission-denied', NOT_A_MEMBER));
            if (access !== null && next !== access && !stopped) void reload();
            access = next;
          },
          () => {
            if (options.uid() !== uid) close(new AppError('unauthenticated', SIGNED_OUT_OF_TREE));
          },
        );
      }

      const wentOffline = () => report('offline');
      const cameOnline = () => report('unknown');
      win?.addEventListener('offline', wentOffline);
      win?.addEventListener('online', cameOnline);
      report('unknown');
      listen();

      return () => {
        stopped = true;
        if (retryTimer) clearTimeout(retryTimer);
        unlisten?.();
        unwatch?.();
        win?.removeEventListener('offline', wentOffline);
        win?.removeEventListener('online', cameOnline);
      };
    },
  };
}
