import type { GraphChangeEvent } from '../../src/backend/ports.ts';
import {
  applyChangeSet,
  changeSetShapeProblem,
  diffProfile,
  emptyChangeSet,
  stampChangeSet,
  validateChangeSet,
  type ChangeSet,
  type ProfilePatch,
} from '../../src/domain/changeSet.ts';
import { AppError } from '../../src/domain/errors.ts';
import { canEditProfile } from '../../src/domain/permissions.ts';
import { READ_ONLY_FIELDS, RELATION_FIELDS, SCALAR_FIELDS, STAMP_FIELDS, type ProfileScalars } from '../../src/domain/profile.ts';
import type { Graph, GraphNode, Profile } from '../../src/domain/types.ts';
import { checkProfileRecord } from '../../src/domain/validation/profile.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { ChangeFeed } from './feed.ts';
import { createSnapshotReader, type GraphAnswer } from './graphSnapshots.ts';
import {
  addMember,
  ensureOwnGraph,
  graphsShowing,
  joinedGraphId,
  loadedGraphJson,
  lockGraphs,
  memberRole,
  partsToGraph,
  readGraphParts,
  readProfiles,
  recordRevision,
  upsertProfiles,
  writeChanges,
  type GraphRow,
} from './store.ts';

export const NOT_A_MEMBER = 'You are not a member of this family tree.';
export const PROFILE_NOT_FOUND = 'Profile not found.';
export const MAY_NOT_EDIT = 'You may not edit this person';

/** A change event to publish once its transaction has committed. */
export interface Publication {
  graphId: string;
  previousRevision: number;
  event: GraphChangeEvent;
  /** The whole graph after the change, when the caller has it (kept for the next save's checks). */
  after?: Graph;
}

/**
 * The graphs most recently written or checked, at a known revision. Validating a change set needs
 * the stored graph; reading a 50,000-person graph for every moved card would be slow, so the last
 * state is kept and used only while the locked row's revision still matches (another process or a
 * write elsewhere bumps the revision and the copy is dropped).
 */
class GraphCache {
  private readonly entries = new Map<string, { revision: number; graph: Graph }>();
  constructor(private readonly max = 8) {}

  get(graphId: string, revision: number): Graph | undefined {
    const entry = this.entries.get(graphId);
    if (!entry || entry.revision !== revision) return undefined;
    this.entries.delete(graphId);
    this.entries.set(graphId, entry);
    return entry.graph;
  }

  set(graphId: string, revision: number, graph: Graph): void {
    this.entries.delete(graphId);
    this.entries.set(graphId, { revision, graph });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  advance(p: Publication): void {
    if (p.after) return this.set(p.graphId, p.event.revision, p.after);
    const entry = this.entries.get(p.graphId);
    if (entry && entry.revision === p.previousRevision) {
      this.set(p.graphId, p.event.revision, applyChangeSet(entry.graph, p.event.changes));
    } else this.entries.delete(p.graphId);
  }
}

export interface SaveInput {
  changes: unknown;
  clientId: string;
  migrations?: string[];
}

export interface JoinInput {
  graphId: string;
  nodeId: string;
  uid: string;
  firstName: string;
  lastName: string;
  email: string;
  gender: Profile['gender'];
  now: string;
}

export type GraphService = ReturnType<typeof createGraphService>;

export function createGraphService(db: Database, feed: ChangeFeed, options: { clock?: () => Date } = {}) {
  const cache = new GraphCache();
  const snapshots = createSnapshotReader();
  const clock = options.clock ?? (() => new Date());

  async function graphState(q: Queryable, row: GraphRow): Promise<Graph> {
    const cached = cache.get(row.id, row.revision);
    if (cached) return cached;
    const parts = await readGraphParts(q, row.id);
    const graph = partsToGraph(parts!);
    cache.set(row.id, row.revision, graph);
    return graph;
  }

  function publish(publications: readonly Publication[]): void {
    for (const p of publications) {
      cache.advance(p);
      feed.publish(p.graphId, p.event);
    }
  }

  /**
   * Profile patches written through one graph (or the profile page) reach every other graph that
   * shows those profiles: each gets a revision and a change event with the patches it shows.
   * The graphs' rows must be locked already.
   */
  async function propagate(
    q: Queryable,
    locked: Map<string, GraphRow>,
    showing: Map<string, Set<string>>,
    patches: readonly ProfilePatch[],
    skipGraphId: string | null,
    by: { clientId: string; actorUid: string },
  ): Promise<Publication[]> {
    const out: Publication[] = [];
    for (const [graphId, shown] of [...showing].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (graphId === skipGraphId) continue;
      const row = locked.get(graphId);
      if (!row) continue;
      const changes = emptyChangeSet(row.revision);
      changes.profiles.upsert = patches.filter((p) => shown.has(p.id)).map(({ create: _create, ...p }) => p);
      if (!changes.profiles.upsert.length) continue;
      const event: GraphChangeEvent = { revision: row.revision + 1, changes, clientId: by.clientId, actorUid: by.actorUid };
      await recordRevision(q, graphId, event);
      out.push({ graphId, previousRevision: row.revision, event });
    }
    return out;
  }

  async function requireMember(q: Queryable, graphId: string, uid: string): Promise<void> {
    if (graphId === uid) await ensureOwnGraph(q, uid);
    if (!(await memberRole(q, graphId, uid))) throw new AppError('permission-denied', NOT_A_MEMBER);
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

    async isMember(graphId: string, uid: string): Promise<boolean> {
      if (graphId === uid) return true;
      return (await memberRole(db, graphId, uid)) !== null;
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

    /**
     * POST /api/graphs/:graphId/changes. One transaction: lock the graph (and every other graph
     * showing a patched profile, in id order), check the change set against the stored state with
     * the domain's rules, write it, bump the revision, log it; publish after the commit.
     */
    async save(uid: string, graphId: string, input: SaveInput): Promise<{ revision: number }> {
      const shape = changeSetShapeProblem(input.changes);
      if (shape) throw new AppError('invalid-argument', shape);
      const changes = input.changes as ChangeSet;
      const patchedIds = changes.profiles.upsert.map((p) => p.id);
      const now = clock();

      const publications = await db.transaction(async (tx) => {
        await requireMember(tx, graphId, uid);
        const showing = await graphsShowing(tx, patchedIds);
        const locked = await lockGraphs(tx, [graphId, ...showing.keys()]);
        const row = locked.get(graphId);
        if (!row) throw new AppError('not-found', 'Family tree not found.');
        const stored = await graphState(tx, row);

        // The touched profiles as stored now (locked), so each field patch lands on the latest row.
        const fresh = await readProfiles(tx, [...patchedIds, ...changes.profiles.remove], true);
        const profiles = { ...stored.profiles };
        for (const [id, p] of fresh) if (Object.hasOwn(profiles, id)) profiles[id] = p;
        const before: Graph = { ...stored, profiles };

        const refusal = validateChangeSet(changes, { graph: before, actingUid: uid, graphOwnerUid: row.ownerUid, currentYear: now.getUTCFullYear() });
        if (refusal) throw new AppError(refusal.code, refusal.message);
        for (const p of changes.profiles.upsert) {
          if (p.create && !Object.hasOwn(before.profiles, p.id) && fresh.has(p.id)) {
            throw new AppError('already-exists', `Profile ${p.id} already exists`);
          }
        }

        const stamped = stampChangeSet(changes, { uid, now: now.toISOString() });
        const after = applyChangeSet(before, stamped);
        await writeChanges(tx, graphId, stamped, after);
        const revision = row.revision + 1;
        const event: GraphChangeEvent = { revision, changes: { ...stamped, baseRevision: row.revision }, clientId: input.clientId, actorUid: uid };
        await recordRevision(tx, graphId, event, input.migrations ?? []);
        const mine: Publication = { graphId, previousRevision: row.revision, event, after: { ...after, revision, updatedAt: now.toISOString() } };
        const elsewhere = await propagate(tx, locked, showing, stamped.profiles.upsert, graphId, { clientId: input.clientId, actorUid: uid });
        return [mine, ...elsewhere];
      });
      publish(publications);
      return { revision: publications[0]!.event.revision };
    },

    /**
     * PATCH /api/profiles/:id: plain fields of one profile, per field last writer wins, under the
     * §6 edit rights; every graph showing the profile gets the patch as a change event.
     */
    async updateProfile(uid: string, id: string, set: Record<string, string>, clientId = ''): Promise<Profile> {
      const now = clock();
      const patchSet: Partial<ProfileScalars> = {};
      for (const [field, value] of Object.entries(set)) {
        if (!(SCALAR_FIELDS as readonly string[]).includes(field)) throw new AppError('invalid-argument', `Profile field ${field} is unknown`);
        if ((STAMP_FIELDS as readonly string[]).includes(field)) continue;
        (patchSet as Record<string, string>)[field] = value;
      }

      const { profile, publications } = await db.transaction(async (tx) => {
        const showing = await graphsShowing(tx, [id]);
        const locked = await lockGraphs(tx, [...showing.keys()]);
        const stored = (await readProfiles(tx, [id], true)).get(id);
        if (!stored) throw new AppError('not-found', PROFILE_NOT_FOUND);
        if (!canEditProfile(stored, uid)) throw new AppError('permission-denied', MAY_NOT_EDIT);
        for (const f of READ_ONLY_FIELDS) {
          if (f in patchSet && patchSet[f] !== stored[f]) throw new AppError('permission-denied', `The field ${f} is read-only`);
        }
        const stamp = { updatedBy: uid, updatedAt: now.toISOString() };
        const next: Profile = { ...stored, ...patchSet, ...stamp };
        const opts = { currentYear: now.getUTCFullYear() };
        const problem = checkProfileRecord(next, opts);
        if (problem && problem !== checkProfileRecord(stored, opts)) throw new AppError('invalid-argument', problem);
        await upsertProfiles(tx, [next]);
        const patch: ProfilePatch = { id, set: { ...patchSet, ...stamp } };
        const pubs = await propagate(tx, locked, showing, [patch], null, { clientId, actorUid: uid });
        return { profile: next, publications: pubs };
      });
      publish(publications);
      return profile;
    },

    /**
     * Accepting an invitation that names a graph and a node (inside the accept transaction): the
     * new member joins the graph and the invited person becomes theirs. Their own profile id is
     * their uid, so the node's profile is re-keyed to it: the details relatives entered stay, the
     * e-mail, owner and the names they typed are set, and every list naming the old id is updated.
     * Without a usable node (removed since, or already claimed) they join with a fresh profile.
     * Returns what to publish once the transaction has committed.
     */
    async joinGraph(tx: Queryable, input: JoinInput, fallback: Profile): Promise<Publication[]> {
      const row = (await lockGraphs(tx, [input.graphId])).get(input.graphId);
      if (!row) {
        await upsertProfiles(tx, [fallback]);
        return [];
      }
      const state = await graphState(tx, row);
      const node = state.nodes.find((n) => n.id === input.nodeId);
      const oldId = node?.data.profileId ?? '';
      const old = oldId && Object.hasOwn(state.profiles, oldId) ? state.profiles[oldId]! : undefined;
      const claimable = !!old && !old.ownerUid && old.id !== row.ownerUid && old.id !== input.uid;

      const stamp = { updatedBy: input.uid, updatedAt: input.now };
      const own: Profile = claimable
        ? {
            ...old!,
            id: input.uid,
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            gender: input.gender || old!.gender,
            ownerUid: input.uid,
            ...stamp,
          }
        : { ...fallback, ...stamp };

      const changes = emptyChangeSet(row.revision);
      changes.profiles.upsert.push(diffProfile(undefined, own)!);
      if (node && (claimable || !oldId)) {
        const moved: GraphNode = { ...node, modifiedAt: input.now, data: { ...node.data, profileId: input.uid } };
        changes.nodes.upsert.push(moved);
      }
      if (claimable) {
        for (const p of Object.values(state.profiles)) {
          if (p.id === oldId) continue;
          const patch: ProfilePatch = { id: p.id };
          for (const f of RELATION_FIELDS) {
            if (!p[f].includes(oldId)) continue;
            (patch.remove ??= {})[f] = [oldId];
            (patch.add ??= {})[f] = [input.uid];
          }
          if (patch.remove) changes.profiles.upsert.push(patch);
        }
        changes.profiles.remove.push(oldId);
      }

      const after = applyChangeSet(state, changes);
      await writeChanges(tx, row.id, changes, after);
      await addMember(tx, row.id, input.uid);
      const revision = row.revision + 1;
      const event: GraphChangeEvent = { revision, changes, clientId: 'invitation', actorUid: input.uid };
      await recordRevision(tx, row.id, event);
      return [{ graphId: row.id, previousRevision: row.revision, event, after: { ...after, revision, updatedAt: input.now } }];
    },

    publish,

    async close(): Promise<void> {
      await snapshots.settled();
      await feed.close();
    },
  };
}
