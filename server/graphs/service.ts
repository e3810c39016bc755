import { AppError } from '../../src/domain/errors.ts';
import type { Publication } from '../../src/domain/save/graphStore.ts';
import { joinGraph, type JoinInput } from '../../src/domain/save/joinGraph.ts';
import { saveChangeSet } from '../../src/domain/save/saveChangeSet.ts';
import { updateProfile } from '../../src/domain/save/updateProfile.ts';
import type { TreeRole } from '../../src/domain/roles.ts';
import type { Profile } from '../../src/domain/types.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { ChangeFeed } from './feed.ts';
import { sqlGraphStore, sqlStoreTransaction } from './sqlGraphStore.ts';
import { ensureOwnGraph, joinedGraphId, loadedGraphJson, memberRole, readGraphParts } from './store.ts';
import { createSnapshotReader, type GraphAnswer } from './graphSnapshots.ts';

export { PROFILE_NOT_FOUND } from '../../src/domain/save/updateProfile.ts';
export type { Publication } from '../../src/domain/save/graphStore.ts';
export type { JoinInput } from '../../src/domain/save/joinGraph.ts';


export interface SaveInput {
  changes: unknown;
  clientId: string;
  migrations?: string[];
}

export type GraphService = ReturnType<typeof createGraphService>;

/**
 * The graph routes' service: the domain's one save path (`src/domain/save`) over the SQL store,
 * publishing to the live feed after each commit. Nothing is cached between requests: every save
 * reads what it needs from the database inside its own transaction, so any number of processes
 * can share one database.
 */
export function createGraphService(db: Database, feed: ChangeFeed, options: { clock?: () => Date } = {}) {
  const snapshots = createSnapshotReader();
  const clock = options.clock ?? (() => new Date());
  const store = sqlGraphStore(db);

  function publish(publications: readonly Publication[]): void {
    for (const p of publications) feed.publish(p.graphId, p.event);
  }

  return {
    feed,

    /**
     * GET /api/graph: the member's Family Tree as JSON text (their joined graph, else their own):
     * a LoadedGraph, or when `columns` is asked for, the compact form if a snapshot is at hand.
     */
    async loadForMember(uid: string, form: 'plain' | 'columns' = 'plain'): Promise<GraphAnswer> {
      const joined = await joinedGraphId(db, uid);
      const graphId = joined ?? uid;
      if (!joined) await db.transaction((tx) => ensureOwnGraph(tx, uid));
      const answer =
        form === 'columns' ? await snapshots.open(db, graphId) : await readGraphParts(db, graphId).then((parts) => parts && { json: loadedGraphJson(parts), columns: false });
      if (!answer) throw new AppError('not-found', 'Family tree not found.');
      return answer;
    },

    /** After a bulk import: the next open of the graph finds a snapshot instead of reading it whole. */
    renewSnapshot(graphId: string): Promise<void> {
      return snapshots.renew(db, graphId);
    },

    /** The member's role in a graph, or null for anyone else (a member's own graph counts before it exists). */
    async role(graphId: string, uid: string): Promise<TreeRole | null> {
      const role = await memberRole(db, graphId, uid);
      return role ?? (graphId === uid ? 'owner' : null);
    },

    /** May this member read the profile: their own, one they own, or one a graph of theirs shows. */
    async canReadProfile(profile: Profile, uid: string): Promise<boolean> {
      if (profile.id === uid || profile.ownerUid === uid) return true;
      const rows = await db.query(
        `SELECT 1 FROM graph_profiles gp JOIN graph_members m ON m.graph_id = gp.graph_id
          WHERE gp.profile_id = $1 AND m.uid = $2 LIMIT 1`,
        [profile.id, uid],
      );
      return rows.length > 0;
    },

    /** POST /api/graphs/:graphId/changes: see `saveChangeSet`. */
    save(uid: string, graphId: string, input: SaveInput): Promise<{ revision: number }> {
      return saveChangeSet(store, { uid, graphId, ...input }, { now: clock(), publish });
    },

    /** PATCH /api/profiles/:id: see the domain's `updateProfile`. */
    updateProfile(uid: string, id: string, set: Record<string, string>, clientId = ''): Promise<Profile> {
      return updateProfile(store, { uid, id, set, clientId }, { now: clock(), publish });
    },

    /** Inside the invitation accept transaction; publish what it returns after the commit. */
    joinGraph(tx: Queryable, input: JoinInput, fallback: Profile): Promise<Publication[]> {
      return joinGraph(sqlStoreTransaction(tx), input, fallback);
    },

    publish,

    async close(): Promise<void> {
      await snapshots.settled();
      await feed.close();
    },
  };
}
