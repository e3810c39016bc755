import type { GraphChangeEvent } from '../../src/backend/ports.ts';
import type { ChangeSet } from '../../src/domain/changeSet.ts';
import { groupOf, KIND_KEYS } from '../../src/domain/entityKinds.ts';
import { CHANGE_LOG_LENGTH, type FreshIds } from '../../src/domain/save/graphStore.ts';
import type { PrivacyReason } from '../../src/domain/privacy.ts';
import type { TreeRole } from '../../src/domain/roles.ts';
import type { Graph, Profile } from '../../src/domain/types.ts';
import { withPackedEvents, withUnpackedEvents } from '../../src/domain/facts/eventCodec.ts';
import { copyJson, copyText, type Queryable } from '../db/database.ts';
import { notifyInTransaction } from './feed.ts';

/** SQL for graphs: one row per graph, node, edge and change set; profiles are global rows. */

export interface GraphRow {
  id: string;
  ownerUid: string;
  revision: number;
  migrations: string[];
  updatedAt: string;
}

interface RawGraphRow {
  id: string;
  owner_uid: string;
  revision: unknown;
  migrations: string[] | null;
  updated_at: Date | string;
}

const GRAPH_COLUMNS = 'g.id, g.owner_uid, g.revision, g.migrations, g.updated_at';

function toGraphRow(r: RawGraphRow): GraphRow {
  const revision = Number(r.revision);
  return {
    id: r.id,
    ownerUid: r.owner_uid,
    revision,
    migrations: r.migrations ?? [],
    updatedAt: revision === 0 ? '' : new Date(r.updated_at).toISOString(),
  };
}

/** Locks the graphs' rows until the transaction ends, always in id order so two saves cannot deadlock. */
export async function lockGraphs(tx: Queryable, ids: readonly string[]): Promise<Map<string, GraphRow>> {
  const rows = await tx.query<RawGraphRow>(
    `SELECT ${GRAPH_COLUMNS} FROM graphs g WHERE g.id = ANY($1::text[]) ORDER BY g.id FOR UPDATE`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, toGraphRow(r)]));
}

export async function memberRole(q: Queryable, graphId: string, uid: string): Promise<TreeRole | null> {
  const rows = await q.query<{ role: TreeRole }>('SELECT role FROM graph_members WHERE graph_id = $1 AND uid = $2', [graphId, uid]);
  return rows[0]?.role ?? null;
}

/** A member's own graph (id = uid), made empty on first use and showing their own profile. */
export async function ensureOwnGraph(q: Queryable, uid: string): Promise<void> {
  const made = await q.query(`INSERT INTO graphs (id, owner_uid) VALUES ($1, $1) ON CONFLICT (id) DO NOTHING RETURNING id`, [uid]);
  if (!made.length) return;
  await q.query(`INSERT INTO graph_members (graph_id, uid, role) VALUES ($1, $1, 'owner') ON CONFLICT DO NOTHING`, [uid]);
  await q.query(`INSERT INTO graph_profiles (graph_id, profile_id) SELECT $1, id FROM profiles WHERE id = $1 ON CONFLICT DO NOTHING`, [uid]);
}

export async function addMember(q: Queryable, graphId: string, uid: string, role: TreeRole): Promise<void> {
  await q.query(`INSERT INTO graph_members (graph_id, uid, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [graphId, uid, role]);
}

export async function readGraphRow(q: Queryable, graphId: string): Promise<GraphRow | null> {
  const rows = await q.query<RawGraphRow>(`SELECT ${GRAPH_COLUMNS} FROM graphs g WHERE g.id = $1`, [graphId]);
  return rows[0] ? toGraphRow(rows[0]) : null;
}

/** A graph as JSON fragments straight from the database (no parsing in Node for a load). */
export interface GraphParts {
  row: GraphRow;
  /** Comma-separated JSON objects. */
  nodes: string;
  edges: string;
  /** Comma-separated `"id":{…}` members. */
  profiles: string;
  /** Comma-separated `"id":{…}` members ('' when the tree has none). */
  places: string;
  couples: string;
  sources: string;
  notDuplicates: string;
  media: string;
}

/** The record kinds of the facts model and their tables (src/domain/entityKinds.ts, migrations 11, 12, 13 and 15). */
export const RECORD_TABLES = { places: 'graph_places', couples: 'graph_couples', sources: 'graph_sources', notDuplicates: 'graph_not_duplicates', media: 'graph_media' } as const;

export async function readGraphParts(q: Queryable, graphId: string): Promise<GraphParts | null> {
  const rows = await q.query<RawGraphRow & { nodes: string; edges: string; profiles: string; places: string; couples: string; sources: string; notDuplicates: string; media: string }>(
    `SELECT ${GRAPH_COLUMNS},
        (SELECT coalesce(string_agg(to_json(x.id)::text || ':' || x.data::text, ',' ORDER BY x.seq), '') FROM graph_places x WHERE x.graph_id = g.id) AS places,
        (SELECT coalesce(string_agg(to_json(x.id)::text || ':' || x.data::text, ',' ORDER BY x.seq), '') FROM graph_couples x WHERE x.graph_id = g.id) AS couples,
        (SELECT coalesce(string_agg(to_json(x.id)::text || ':' || x.data::text, ',' ORDER BY x.seq), '') FROM graph_sources x WHERE x.graph_id = g.id) AS sources,
        (SELECT coalesce(string_agg(to_json(x.id)::text || ':' || x.data::text, ',' ORDER BY x.seq), '') FROM graph_not_duplicates x WHERE x.graph_id = g.id) AS "notDuplicates",
        (SELECT coalesce(string_agg(to_json(x.id)::text || ':' || x.data::text, ',' ORDER BY x.seq), '') FROM graph_media x WHERE x.graph_id = g.id) AS media,
        (SELECT coalesce(string_agg(n.data::text, ',' ORDER BY n.seq), '') FROM graph_nodes n WHERE n.graph_id = g.id) AS nodes,
        (SELECT coalesce(string_agg(e.data::text, ',' ORDER BY e.seq), '') FROM graph_edges e WHERE e.graph_id = g.id) AS edges,
        (SELECT coalesce(string_agg(to_json(p.id)::text || ':' || p.data::text, ','), '')
           FROM graph_profiles gp JOIN profiles p ON p.id = gp.profile_id WHERE gp.graph_id = g.id) AS profiles
       FROM graphs g WHERE g.id = $1`,
    [graphId],
  );
  const r = rows[0];
  return r ? { row: toGraphRow(r), nodes: r.nodes, edges: r.edges, profiles: r.profiles, places: r.places, couples: r.couples, sources: r.sources, notDuplicates: r.notDuplicates, media: r.media } : null;
}

/** What a load tells the member about the tree besides its contents (LoadedGraph). */
export interface TreeMeta {
  role: TreeRole;
  name: string;
  privacy: Record<string, PrivacyReason>;
}

/** The meta fields as JSON members (`"role":…,"name":…,"privacy":{…}`). */
export function treeMetaJson(meta: TreeMeta): string {
  return `"role":${JSON.stringify(meta.role)},"name":${JSON.stringify(meta.name)},"privacy":${JSON.stringify(meta.privacy)}`;
}

/** The `LoadedGraph` answer of GET /api/graph, assembled as text. */
export function loadedGraphJson(parts: GraphParts, meta: TreeMeta): string {
  const { row } = parts;
  return (
    `{"graphId":${JSON.stringify(row.id)},"ownerUid":${JSON.stringify(row.ownerUid)},${treeMetaJson(meta)},` +
    `"graph":{"nodes":[${parts.nodes}],"edges":[${parts.edges}],"profiles":{${profilesText(parts.profiles)}},${recordsJson(parts)}` +
    `"updatedAt":${JSON.stringify(row.updatedAt)},"version":1,"revision":${row.revision}},` +
    `"migrations":${JSON.stringify(row.migrations)}}`
  );
}

/**
 * The profiles of a whole read as the app reads them. Rows hold their events packed
 * (`facts/eventCodec.ts`), so a read whose text has events is parsed and written again with them
 * unpacked; one without passes as the database gave it.
 */
function profilesText(stored: string): string {
  if (!hasStoredEvents({ profiles: stored })) return stored;
  return JSON.stringify(parseProfiles(stored)).slice(1, -1);
}

/** Whether a whole read's profiles have events (stored packed: the text must be parsed to unpack them). */
export function hasStoredEvents(parts: Pick<GraphParts, 'profiles'>): boolean {
  return parts.profiles.includes('"events": [');
}

/** `"id":{…},…` of a whole read, parsed, each profile's events unpacked. */
function parseProfiles(stored: string): Record<string, Profile> {
  const profiles = JSON.parse(`{${stored}}`) as Record<string, Profile>;
  for (const id in profiles) profiles[id] = withUnpackedEvents<Profile>(profiles[id]!);
  return profiles;
}

/** A profile as a query gives it (`id`, `data`): the app's form, its events unpacked. */
export function storedProfile(id: string, data: Profile): Profile {
  return withUnpackedEvents<Profile>({ ...data, id });
}

/** `"places":{…},"couples":{…},` for the kinds the tree has (absent ones stay absent, as in older graphs). */
function recordsJson(parts: GraphParts): string {
  return (Object.keys(RECORD_TABLES) as (keyof typeof RECORD_TABLES)[]).map((k) => (parts[k] ? `"${k}":{${parts[k]}},` : '')).join('');
}

/** The parsed graph of a read (for the compact snapshot, which encodes whole entities). */
export function partsToGraph(parts: GraphParts): Graph {
  return {
    nodes: JSON.parse(`[${parts.nodes}]`),
    edges: JSON.parse(`[${parts.edges}]`),
    profiles: parseProfiles(parts.profiles),
    ...(parts.places ? { places: JSON.parse(`{${parts.places}}`) } : {}),
    ...(parts.couples ? { couples: JSON.parse(`{${parts.couples}}`) } : {}),
    ...(parts.sources ? { sources: JSON.parse(`{${parts.sources}}`) } : {}),
    ...(parts.notDuplicates ? { notDuplicates: JSON.parse(`{${parts.notDuplicates}}`) } : {}),
    ...(parts.media ? { media: JSON.parse(`{${parts.media}}`) } : {}),
    updatedAt: parts.row.updatedAt,
    version: 1,
    revision: parts.row.revision,
  };
}

export async function readProfiles(q: Queryable, ids: readonly string[], forUpdate = false): Promise<Map<string, Profile>> {
  if (!ids.length) return new Map();
  const rows = await q.query<{ id: string; data: Profile }>(
    `SELECT id, data FROM profiles WHERE id = ANY($1::text[]) ORDER BY id${forUpdate ? ' FOR UPDATE' : ''}`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, storedProfile(r.id, r.data)]));
}

/** Which of these profiles each graph shows (graph id → profile ids). */
export async function graphsShowing(q: Queryable, profileIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!profileIds.length) return out;
  const rows = await q.query<{ graph_id: string; profile_id: string }>(
    `SELECT graph_id, profile_id FROM graph_profiles WHERE profile_id = ANY($1::text[])`,
    [[...new Set(profileIds)]],
  );
  for (const r of rows) {
    let set = out.get(r.graph_id);
    if (!set) out.set(r.graph_id, (set = new Set()));
    set.add(r.profile_id);
  }
  return out;
}

/** Writes whole profiles (already merged with their stored rows, read through `storedProfile`); `allNew`: none of them is stored. */
export async function upsertProfiles(q: Queryable, profiles: readonly Profile[], allNew = false): Promise<void> {
  if (!profiles.length) return;
  // Events packed (`facts/eventCodec.ts`): PGlite's cost grows with the bytes stored, and a
  // profile's events were most of its bytes.
  const packed = profiles.map(withPackedEvents);
  if (allNew && q.copyIn) {
    const nullIfEmpty = (v: unknown) => copyText(typeof v === 'string' && v ? v : null);
    const rows = packed.map((p) => `${copyText(p.id)}\t${nullIfEmpty(p.ownerUid)}\t${copyJson(JSON.stringify(p))}\t${nullIfEmpty(p.createdBy)}\t${nullIfEmpty(p.updatedBy)}\n`);
    await q.copyIn('profiles', ['id', 'owner_uid', 'data', 'created_by', 'updated_by'], rows.join(''));
    return;
  }
  const update = `ON CONFLICT (id) DO UPDATE
       SET owner_uid = excluded.owner_uid, data = excluded.data, updated_by = excluded.updated_by, updated_at = now()`;
  await q.query(
    `INSERT INTO profiles (id, owner_uid, data, created_by, updated_by)
     SELECT p->>'id', nullif(p->>'ownerUid', ''), p, nullif(p->>'createdBy', ''), nullif(p->>'updatedBy', '')
       FROM jsonb_array_elements($1::jsonb) AS p
     ${allNew ? '' : update}`,
    [JSON.stringify(packed)],
  );
}

/**
 * Rows of a graph's table the save found absent, loaded with COPY (`Queryable.copyIn`): each
 * row's JSON is parsed once by the database, where a multi-row INSERT parses the batch as one
 * jsonb array and then takes each element apart (with migration 18, the profiles of a new
 * 20,000-person tree took 3.4 s of PGlite's CPU instead of 7.1 s). `columns` come after graph_id
 * and id; `values` gives them for an item, as COPY values (`copyText`, `copyJson`).
 */
async function copyFresh<T extends { id: string }>(
  q: Queryable & Required<Pick<Queryable, 'copyIn'>>,
  table: string,
  graphId: string,
  columns: readonly string[],
  items: readonly T[],
  values: (item: T) => readonly string[],
): Promise<void> {
  const graph = copyText(graphId);
  const rows = items.map((x) => `${graph}\t${copyText(x.id)}\t${values(x).join('\t')}\n`);
  await q.copyIn(table, ['graph_id', 'id', ...columns], rows.join(''));
}

/**
 * Rows per multi-row statement. One statement over 100,000 rows is several times slower than
 * twenty of 5,000 (measured on PGlite: 10.3 s against 2.4 s for the cards of a 100,000-person
 * import) and makes the database hold the whole list as one parameter.
 */
const WRITE_BATCH = 5000;

function* inBatches<T>(items: readonly T[]): Generator<readonly T[]> {
  for (let i = 0; i < items.length; i += WRITE_BATCH) yield items.slice(i, i + WRITE_BATCH);
}

/**
 * How writeChanges may write. `alone`: the database has one connection (PGlite), so no other
 * transaction runs until this one ends. `fresh`: what the save found absent from the store.
 */
export interface WriteOptions {
  alone?: boolean;
  fresh?: FreshIds;
}

/**
 * Writes what a validated change set changed: one row per upserted or removed node and edge, one
 * per written profile (`written`: the patched profiles, merged). Removed profiles leave the graph,
 * and their global row goes too once no graph shows it (a member's own profile always stays).
 */
export async function writeChanges(q: Queryable, graphId: string, cs: ChangeSet, written: readonly Profile[], options: WriteOptions = {}): Promise<void> {
  // A batch of rows the save found absent is inserted without an upsert's conflict check and
  // confirmation (a fifth of the WAL records of a 100,000-person import, about 8% of its write
  // CPU on PGlite). Alone, nothing can add them before this transaction ends; the sequence
  // numbers and rows come out as the upsert makes them.
  const fresh = options.alone ? options.fresh : undefined;
  const allNew = (ids: ReadonlySet<string> | undefined, batch: readonly { id: string }[]) => !!ids && batch.every((x) => ids.has(x.id));
  const onConflict = (ids: ReadonlySet<string> | undefined, batch: readonly { id: string }[], clause: string) => (allNew(ids, batch) ? '' : clause);
  for (const batch of inBatches(written)) await upsertProfiles(q, batch, allNew(fresh?.profiles, batch));
  // The rows below refer to the graph, whose row every caller has locked (lockGraphs), and to the
  // profiles just written; with one connection nothing can remove either before this transaction
  // ends, so the per-row reference checks (a query each: about a quarter of these writes for a
  // 100,000-person import on PGlite) cannot fail and are left out. PostgreSQL keeps them (it needs
  // a superuser for this, and checks rows natively fast).
  if (options.alone) await q.query('SET LOCAL session_replication_role = replica');
  if (cs.nodes.remove.length) {
    await q.query('DELETE FROM graph_nodes WHERE graph_id = $1 AND id = ANY($2::text[])', [graphId, cs.nodes.remove]);
  }
  const copy = q.copyIn ? (q as Queryable & Required<Pick<Queryable, 'copyIn'>>) : null;
  for (const batch of inBatches(cs.nodes.upsert)) {
    if (copy && allNew(fresh?.nodes, batch)) {
      await copyFresh(copy, 'graph_nodes', graphId, ['profile_id', 'data'], batch, (n) => [copyText(n.data.profileId ?? ''), copyJson(JSON.stringify(n))]);
      continue;
    }
    await q.query(
      `INSERT INTO graph_nodes (graph_id, id, profile_id, data)
       SELECT $1, n->>'id', coalesce(n->'data'->>'profileId', ''), n
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(n, i) ORDER BY i
       ${onConflict(fresh?.nodes, batch, 'ON CONFLICT (graph_id, id) DO UPDATE SET profile_id = excluded.profile_id, data = excluded.data')}`,
      [graphId, JSON.stringify(batch)],
    );
  }
  if (cs.edges.remove.length) {
    await q.query('DELETE FROM graph_edges WHERE graph_id = $1 AND id = ANY($2::text[])', [graphId, cs.edges.remove]);
  }
  for (const batch of inBatches(cs.edges.upsert)) {
    if (copy && allNew(fresh?.edges, batch)) {
      await copyFresh(copy, 'graph_edges', graphId, ['data'], batch, (e) => [copyJson(JSON.stringify(e))]);
      continue;
    }
    await q.query(
      `INSERT INTO graph_edges (graph_id, id, data)
       SELECT $1, e->>'id', e FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(e, i) ORDER BY i
       ${onConflict(fresh?.edges, batch, 'ON CONFLICT (graph_id, id) DO UPDATE SET data = excluded.data')}`,
      [graphId, JSON.stringify(batch)],
    );
  }
  // In id order, so each batch fills neighbouring index pages instead of random ones (a sixth
  // less CPU for 100,000 new profiles on PGlite).
  for (const batch of inBatches(written.map((p) => p.id).sort())) {
    const allFresh = !!fresh && batch.every((id) => fresh.profiles.has(id));
    if (copy && allFresh) {
      await copy.copyIn('graph_profiles', ['graph_id', 'profile_id'], batch.map((id) => `${copyText(graphId)}\t${copyText(id)}\n`).join(''));
      continue;
    }
    const conflict = allFresh ? '' : 'ON CONFLICT DO NOTHING';
    await q.query(`INSERT INTO graph_profiles (graph_id, profile_id) SELECT $1, unnest($2::text[]) ${conflict}`, [graphId, batch]);
  }
  for (const [key, table] of Object.entries(RECORD_TABLES) as [keyof typeof RECORD_TABLES, string][]) {
    const group = groupOf(cs, key);
    if (group.remove.length) await q.query(`DELETE FROM ${table} WHERE graph_id = $1 AND id = ANY($2::text[])`, [graphId, group.remove]);
    for (const batch of inBatches(group.upsert as readonly { id: string }[])) {
      await q.query(
        `INSERT INTO ${table} (graph_id, id, data)
         SELECT $1, x->>'id', x FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(x, i) ORDER BY i
         ON CONFLICT (graph_id, id) DO UPDATE SET data = excluded.data`,
        [graphId, JSON.stringify(batch)],
      );
    }
  }
  // Removing profiles relies on the cascades, which are triggers too.
  if (options.alone) await q.query('SET LOCAL session_replication_role = origin');
  if (cs.profiles.remove.length) {
    // Only profiles this graph showed leave it; the CTE's snapshot still sees this graph's rows.
    await q.query(
      `WITH gone AS (DELETE FROM graph_profiles WHERE graph_id = $1 AND profile_id = ANY($2::text[]) RETURNING profile_id)
       DELETE FROM profiles p USING gone
        WHERE p.id = gone.profile_id
          AND NOT EXISTS (SELECT 1 FROM graph_profiles gp WHERE gp.profile_id = p.id AND gp.graph_id <> $1)
          AND NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = p.id)`,
      [graphId, cs.profiles.remove],
    );
  }
}

/** A change set larger than this is logged without its body: replaying it means reloading. */
export const MAX_LOGGED_CHANGE_CHARS = 2 * 1024 * 1024;

/**
 * The change set as logged: its JSON, or null when that is over MAX_LOGGED_CHANGE_CHARS. The
 * items are measured one by one first, so an import of 100 MB is not written out whole only to be
 * dropped (their lengths add up to less than the whole, so passing the limit there is final).
 */
function loggedBody(changes: ChangeSet): string | null {
  let chars = 0;
  const lists: readonly (readonly unknown[])[] = KIND_KEYS.flatMap((k) => [groupOf(changes, k).upsert, groupOf(changes, k).remove]);
  for (const list of lists) {
    for (const item of list) {
      chars += JSON.stringify(item).length + 1;
      if (chars > MAX_LOGGED_CHANGE_CHARS) return null;
    }
  }
  const body = JSON.stringify(changes);
  return body.length <= MAX_LOGGED_CHANGE_CHARS ? body : null;
}

/**
 * Bumps the revision (the row is locked), records migration flags, logs the change set and
 * announces it to the other processes (the NOTIFY goes out when this transaction commits).
 */
export async function recordRevision(
  q: Queryable,
  graphId: string,
  event: GraphChangeEvent,
  migrations: readonly string[] = [],
): Promise<void> {
  await q.query(
    `UPDATE graphs
        SET revision = $2, updated_at = now(),
            migrations = ARRAY(SELECT DISTINCT m FROM unnest(migrations || $3::text[]) AS m ORDER BY m)
      WHERE id = $1`,
    [graphId, event.revision, migrations],
  );
  await q.query(
    `INSERT INTO graph_changes (graph_id, revision, client_id, actor_uid, changes) VALUES ($1, $2, $3, $4, $5)`,
    [graphId, event.revision, event.clientId, event.actorUid, loggedBody(event.changes)],
  );
  if (event.revision > CHANGE_LOG_LENGTH) {
    await q.query('DELETE FROM graph_changes WHERE graph_id = $1 AND revision <= $2', [graphId, event.revision - CHANGE_LOG_LENGTH]);
  }
  await notifyInTransaction(q, graphId, event.revision);
}

export interface LoggedChange {
  revision: number;
  clientId: string;
  actorUid: string;
  /** Null when the change set was too large to keep. */
  changes: string | null;
}

/** The logged change sets after `since`, oldest first (at most `limit`). */
export async function changesSince(q: Queryable, graphId: string, since: number, limit = CHANGE_LOG_LENGTH): Promise<LoggedChange[]> {
  const rows = await q.query<{ revision: unknown; client_id: string; actor_uid: string; changes: string | null }>(
    `SELECT revision, client_id, actor_uid, changes FROM graph_changes
      WHERE graph_id = $1 AND revision > $2 ORDER BY revision LIMIT $3`,
    [graphId, since, limit],
  );
  return rows.map((r) => ({ revision: Number(r.revision), clientId: r.client_id, actorUid: r.actor_uid, changes: r.changes }));
}

export async function graphRevision(q: Queryable, graphId: string): Promise<number | null> {
  const rows = await q.query<{ revision: unknown }>('SELECT revision FROM graphs WHERE id = $1', [graphId]);
  return rows[0] ? Number(rows[0].revision) : null;
}
