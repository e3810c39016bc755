import type { GraphLookup } from '../../src/domain/save/neighbourhood.ts';
import type { ClaimBase, GraphStore, GraphStoreTransaction } from '../../src/domain/save/graphStore.ts';
import type { GraphEdge, GraphNode, Profile } from '../../src/domain/types.ts';
import type { Couple, NotDuplicate, Place, Source } from '../../src/domain/facts/types.ts';
import type { Media } from '../../src/domain/media/types.ts';
import type { Database, Queryable } from '../db/database.ts';
import { appendHistory } from './historyStore.ts';
import {
  addMember,
  ensureOwnGraph,
  graphsShowing,
  lockGraphs,
  memberRole,
  readProfiles,
  recordRevision,
  storedProfile,
  upsertProfiles,
  writeChanges,
  type WriteOptions,
} from './store.ts';

/**
 * The domain's store port over SQL (PGlite or PostgreSQL). Each lookup is one indexed query for
 * all the ids it is given: nodes and edges by (graph, id), edges of a node by their indexed
 * source and target columns, nodes showing a profile by profile id, profiles listing one by the
 * GIN index over their relationship lists (schema version 3).
 */

/** The relationship lists of `profiles` as one jsonb array: the indexed expression of version 3. */
const RELATIVES = `(coalesce(p.data->'spouses', '[]') || coalesce(p.data->'parents', '[]') || coalesce(p.data->'children', '[]'))`;

export function sqlGraphLookup(q: Queryable, graphId: string): GraphLookup {
  const items = async <T,>(sql: string, ids?: readonly string[]): Promise<T[]> => {
    if (ids && !ids.length) return [];
    const rows = await q.query<{ data: T }>(sql, ids ? [graphId, [...new Set(ids)]] : [graphId]);
    return rows.map((r) => r.data);
  };
  const profiles = async (sql: string, ids: readonly string[]): Promise<Profile[]> => {
    if (!ids.length) return [];
    const rows = await q.query<{ id: string; data: Profile }>(sql, [graphId, [...new Set(ids)]]);
    return rows.map((r) => storedProfile(r.id, r.data));
  };
  return {
    nodes: (ids) => items<GraphNode>('SELECT data FROM graph_nodes WHERE graph_id = $1 AND id = ANY($2::text[])', ids),
    edges: (ids) => items<GraphEdge>('SELECT data FROM graph_edges WHERE graph_id = $1 AND id = ANY($2::text[])', ids),
    edgesOfNodes: (ids) =>
      items<GraphEdge>('SELECT data FROM graph_edges WHERE graph_id = $1 AND (source = ANY($2::text[]) OR target = ANY($2::text[]))', ids),
    nodesShowing: (ids) =>
      items<GraphNode>(`SELECT data FROM graph_nodes WHERE graph_id = $1 AND profile_id = ANY($2::text[]) AND profile_id <> ''`, ids),
    profiles: (ids) =>
      profiles(
        `SELECT p.id, p.data FROM graph_profiles gp JOIN profiles p ON p.id = gp.profile_id
          WHERE gp.graph_id = $1 AND gp.profile_id = ANY($2::text[])`,
        ids,
      ),
    profilesListing: (ids) =>
      profiles(
        `SELECT p.id, p.data FROM profiles p JOIN graph_profiles gp ON gp.profile_id = p.id AND gp.graph_id = $1
          WHERE ${RELATIVES} ?| $2::text[]`,
        ids,
      ),
    primaryNodes: () => items<GraphNode>(`SELECT data FROM graph_nodes WHERE graph_id = $1 AND (data->'data'->>'isPrimary') = 'true'`),
    places: (ids) => items<Place>('SELECT data FROM graph_places WHERE graph_id = $1 AND id = ANY($2::text[])', ids),
    couples: (ids) => items<Couple>('SELECT data FROM graph_couples WHERE graph_id = $1 AND id = ANY($2::text[])', ids),
    sources: (ids) => items<Source>('SELECT data FROM graph_sources WHERE graph_id = $1 AND id = ANY($2::text[])', ids),
    mediaOfPeople: (ids) => items<Media>(`SELECT data FROM graph_media WHERE graph_id = $1 AND (data->'people') ?| $2::text[]`, ids),
    media: (ids) => items<Media>('SELECT data FROM graph_media WHERE graph_id = $1 AND id = ANY($2::text[])', ids),
    notDuplicates: (ids) => items<NotDuplicate>('SELECT data FROM graph_not_duplicates WHERE graph_id = $1 AND id = ANY($2::text[])', ids),
  };
}

/** The port inside a transaction the caller already has (the invitation accept runs one). */
export function sqlStoreTransaction(q: Queryable, options: WriteOptions = {}): GraphStoreTransaction {
  return {
    ensureOwnGraph: (uid) => ensureOwnGraph(q, uid),
    memberRole: (graphId, uid) => memberRole(q, graphId, uid),
    graphsShowing: (ids) => graphsShowing(q, ids),
    lockGraphs: (ids) => lockGraphs(q, ids),
    lookup: (graphId) => sqlGraphLookup(q, graphId),
    profiles: (ids) => readProfiles(q, ids, true),
    writeChanges: (graphId, changes, profiles, fresh) => writeChanges(q, graphId, changes, profiles, { ...options, fresh }),
    writeProfiles: (profiles) => upsertProfiles(q, profiles),
    appendChange: (graphId, change, migrations) => recordRevision(q, graphId, change, migrations),
    appendHistory: (graphId, entry) => appendHistory(q, graphId, entry),
    addMember: (graphId, uid, role) => addMember(q, graphId, uid, role),
    async claimBases(ids) {
      const rows = await q.query<{ profile_id: string; base: ClaimBase }>('SELECT profile_id, base FROM card_claims WHERE profile_id = ANY($1::text[])', [[...ids]]);
      return new Map(rows.map((r) => [r.profile_id, r.base]));
    },
    async setClaimBase(profileId, base) {
      if (base === null) await q.query('DELETE FROM card_claims WHERE profile_id = $1', [profileId]);
      else await q.query('INSERT INTO card_claims (profile_id, base) VALUES ($1, $2::jsonb) ON CONFLICT (profile_id) DO UPDATE SET base = EXCLUDED.base', [profileId, JSON.stringify(base)]);
    },
  };
}

export function sqlGraphStore(db: Database): GraphStore {
  const options: WriteOptions = { alone: db.kind === 'pglite' };
  return { transaction: (fn) => db.transaction((tx) => fn(sqlStoreTransaction(tx, options))) };
}
