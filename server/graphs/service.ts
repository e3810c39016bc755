import { AppError } from '../../src/domain/errors.ts';
import type { AppliedChange, Publication } from '../../src/domain/save/graphStore.ts';
import { joinAsMember, joinGraph, type JoinInput, type MemberJoinInput } from '../../src/domain/save/joinGraph.ts';
import { saveChangeSet } from '../../src/domain/save/saveChangeSet.ts';
import { updateProfile } from '../../src/domain/save/updateProfile.ts';
import type { TreeRole } from '../../src/domain/roles.ts';
import type { Profile } from '../../src/domain/types.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { ChangeFeed } from './feed.ts';
import { sqlGraphStore, sqlStoreTransaction } from './sqlGraphStore.ts';
import { ensureOwnGraph, loadedGraphJson, memberRole, partsToGraph, readGraphParts, readGraphRow, storedProfile, type GraphParts, type TreeMeta } from './store.ts';
import { columnsAnswer, createSnapshotReader, type GraphAnswer } from './graphSnapshots.ts';
import { rememberSeen } from '../activity/sqlActivity.ts';
import { currentGraphId, graphName, rememberOpened } from './trees.ts';
import { graphOwners, privacyContext, profileForViewer, profilesWithRelatives, viewerSeesWhole } from './privacy.ts';
import { eventsFor, personEventsAnswer, type PersonEventsAnswer } from '../../src/domain/facts/personEvents.ts';
import { ownersIn } from '../../src/domain/privacyEvents.ts';
import { GRAPH_NOT_FOUND } from '../../src/domain/save/saveChangeSet.ts';
import { canEditTree } from '../../src/domain/roles.ts';
import { encodeGraphColumns } from '../../src/backend/graphColumns.ts';
import { NO_RELATIVES, personPrivacy, redactGraph } from '../../src/domain/privacy.ts';
import { NOT_A_MEMBER } from '../../src/domain/permissions.ts';

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

  async function memberAnswer(graphId: string, meta: TreeMeta, form: 'plain' | 'columns'): Promise<GraphAnswer | null> {
    if (form === 'columns') return snapshots.open(db, graphId, meta);
    const parts = await readGraphParts(db, graphId);
    return parts && { json: loadedGraphJson(parts, meta), columns: false };
  }

  async function viewerAnswer(uid: string, graphId: string, meta: TreeMeta, form: 'plain' | 'columns'): Promise<GraphAnswer | null> {
    const parts: GraphParts | null = await readGraphParts(db, graphId);
    if (!parts) return null;
    const whole = partsToGraph(parts);
    const { graph, privacy } = redactGraph(whole, await privacyContext(db, uid, graphOwners(whole), clock()));
    const shown = { ...meta, privacy };
    if (form === 'columns') return columnsAnswer(parts.row, JSON.stringify(encodeGraphColumns(graph, { leaveEventsOut: true })), [], shown);
    const { revision: _revision, ...plain } = graph;
    const answer = { graphId, ownerUid: parts.row.ownerUid, ...shown, graph: { ...plain, revision: parts.row.revision }, migrations: parts.row.migrations };
    return { json: JSON.stringify(answer), columns: false };
  }

  return {
    feed,

    /**
     * GET /api/graph and /api/graphs/:graphId: a tree as JSON text, remembered as the one this
     * member opened last. Without an id, the one they opened last (`currentGraphId`). A
     * LoadedGraph, or when `columns` is asked for, the compact form if a snapshot is at hand. A
     * viewer's answer is read whole and redacted (`redactGraph`): private fields never leave.
     */
    async load(uid: string, graphId: string | null, form: 'plain' | 'columns' = 'plain'): Promise<GraphAnswer> {
      const id = graphId ?? (await db.transaction((tx) => currentGraphId(tx, uid)));
      if (id === uid) await db.transaction((tx) => ensureOwnGraph(tx, uid));
      const role = await memberRole(db, id, uid);
      if (!role) throw new AppError('permission-denied', NOT_A_MEMBER);
      await rememberOpened(db, uid, id);
      await rememberSeen(db, uid, id, new Date());
      const meta: TreeMeta = { role, name: await graphName(db, id), privacy: {} };
      const answer = role === 'viewer' ? await viewerAnswer(uid, id, meta, form) : await memberAnswer(id, meta, form);
      if (!answer) throw new AppError('not-found', 'Family tree not found.');
      return answer;
    },

    /**
     * After a bulk import: the next open of the graph finds a snapshot instead of reading it
     * whole. `applied`, the import as saved, lets it be made from the snapshot before.
     */
    renewSnapshot(graphId: string, applied?: AppliedChange): Promise<void> {
      return snapshots.renew(db, graphId, applied);
    },

    /** The member's role in a graph, or null for anyone else (a member's own graph counts before it exists). */
    async role(graphId: string, uid: string): Promise<TreeRole | null> {
      const role = await memberRole(db, graphId, uid);
      return role ?? (graphId === uid ? 'owner' : null);
    },

    /**
     * How much of a profile this member may read: 'whole' (their own, one they claimed, or one a
     * tree shows where they are an owner or editor), 'viewer' (only trees where they view: redact
     * it), or null (no tree of theirs shows it).
     */
    async profileAccess(profile: Profile, uid: string): Promise<'whole' | 'viewer' | null> {
      if (profile.id === uid || profile.ownerUid === uid) return 'whole';
      const rows = await db.query<{ role: TreeRole }>(
        `SELECT DISTINCT m.role FROM graph_profiles gp JOIN graph_members m ON m.graph_id = gp.graph_id
          WHERE gp.profile_id = $1 AND m.uid = $2`,
        [profile.id, uid],
      );
      if (rows.some((r) => canEditTree(r.role))) return 'whole';
      return rows.length ? 'viewer' : null;
    },

    /** Whether a tree the member does not belong to (one they were removed from) shows this profile. */
    async onTreeLeft(profileId: string, uid: string): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM graph_profiles gp WHERE gp.profile_id = $1
            AND NOT EXISTS (SELECT 1 FROM graph_members m WHERE m.graph_id = gp.graph_id AND m.uid = $2) LIMIT 1`,
        [profileId, uid],
      );
      return rows.length > 0;
    },

    /** A profile as a viewer may read it. */
    profileForViewer(profile: Profile, uid: string): Promise<Profile> {
      return profileForViewer(db, profile, uid, clock());
    },

    /** Whether a viewer may see this person's photo. */
    viewerSeesPhoto(profile: Profile, uid: string): Promise<boolean> {
      return viewerSeesWhole(db, profile, uid, clock());
    },

    /**
     * POST /api/graphs/:graphId/person-events: the events of people the graph shows, loaded after
     * the open (src/domain/facts/personEvents.ts); a viewer's redacted as the open redacts them.
     */
    async personEvents(uid: string, graphId: string, ids: readonly string[]): Promise<PersonEventsAnswer> {
      const role = await memberRole(db, graphId, uid);
      if (!role) throw new AppError('permission-denied', NOT_A_MEMBER);
      // Read before the people: their events are at least as new as the revision answered.
      const row = await readGraphRow(db, graphId);
      if (!row) throw new AppError('not-found', GRAPH_NOT_FOUND);
      const rows = await db.query<{ id: string; data: Profile }>(
        `SELECT p.id, p.data FROM graph_profiles gp JOIN profiles p ON p.id = gp.profile_id WHERE gp.graph_id = $1 AND gp.profile_id = ANY($2::text[])`,
        [graphId, [...ids]],
      );
      const people = rows.map((r) => storedProfile(r.id, r.data));
      if (role !== 'viewer') return personEventsAnswer(row.revision, people.map((p) => [p.id, p.events ?? []]));
      const relatives = await profilesWithRelatives(db, people.map((p) => p.id));
      const ctx = await privacyContext(db, uid, ownersIn(people), clock());
      return personEventsAnswer(
        row.revision,
        people.map((p) => [p.id, eventsFor(p, personPrivacy(p, relatives.get(p.id) ?? NO_RELATIVES, ctx).visibility)]),
      );
    },

    /** POST /api/graphs/:graphId/changes: see `saveChangeSet`. */
    save(uid: string, graphId: string, input: SaveInput): Promise<{ revision: number }> {
      return saveChangeSet(store, { uid, graphId, ...input }, { now: clock(), publish });
    },

    /**
     * `save`, answering the change set as it was applied and logged (stamped), with its revision.
     * `shapeChecked`: see SaveOptions (a bulk import's merged chunks).
     */
    async saveApplied(uid: string, graphId: string, input: SaveInput, shapeChecked = false): Promise<AppliedChange> {
      let applied: AppliedChange | undefined;
      const publishing = (publications: readonly Publication[]) => {
        applied = publications.find((p) => p.graphId === graphId)!.event;
        publish(publications);
      };
      await saveChangeSet(store, { uid, graphId, ...input }, { now: clock(), publish: publishing, shapeChecked });
      return applied!;
    },

    /** PATCH /api/profiles/:id: see the domain's `updateProfile`. */
    updateProfile(uid: string, id: string, set: Record<string, string>, clientId = ''): Promise<Profile> {
      return updateProfile(store, { uid, id, set, clientId }, { now: clock(), publish });
    },

    /** Inside the invitation accept transaction; publish what it returns after the commit. */
    joinGraph(tx: Queryable, input: JoinInput, fallback: Profile): Promise<Publication[]> {
      return joinGraph(sqlStoreTransaction(tx), input, fallback);
    },

    /** "Sign in to accept", inside its transaction; publish what it returns after the commit. */
    joinAsMember(tx: Queryable, input: MemberJoinInput): Promise<Publication[]> {
      return joinAsMember(sqlStoreTransaction(tx), input);
    },

    publish,

    async close(): Promise<void> {
      await snapshots.settled();
      await feed.close();
    },
  };
}
