import type { Database } from './database.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Versioned schema changes, applied once each and in order. Never edit a migration that has
 * shipped: add a new one. Profiles are keyed globally so a member's own profile can sit in any
 * graph; a graph shows the profiles listed for it in graph_profiles.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts',
    sql: `
      CREATE TABLE users (
        uid text PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email)),
        password_hash text NOT NULL,
        display_name text NOT NULL DEFAULT '',
        photo_url text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        uid text NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_uid_idx ON sessions(uid);

      CREATE TABLE invitations (
        token text PRIMARY KEY CHECK (token ~ '^[0-9a-f]{32}$'),
        email text NOT NULL DEFAULT '' CHECK (email = lower(btrim(email))),
        node_id text NOT NULL DEFAULT '',
        inviter_uid text REFERENCES users(uid) ON DELETE SET NULL,
        graph_uid text,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted')),
        first_account boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        accepted_by text REFERENCES users(uid) ON DELETE SET NULL,
        accepted_at timestamptz
      );
      -- At most one pending first-account invitation, even with several processes starting at once.
      CREATE UNIQUE INDEX invitations_one_first_account_idx ON invitations (first_account)
        WHERE first_account AND status = 'pending';
      CREATE INDEX invitations_graph_idx ON invitations(graph_uid);

      CREATE TABLE password_resets (
        token_hash text PRIMARY KEY,
        uid text NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX password_resets_uid_idx ON password_resets(uid);

      CREATE TABLE profiles (
        id text PRIMARY KEY,
        owner_uid text REFERENCES users(uid) ON DELETE SET NULL,
        data jsonb NOT NULL,
        created_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_by text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX profiles_owner_idx ON profiles(owner_uid);
      CREATE INDEX profiles_email_idx ON profiles (lower(data->>'email'));
    `,
  },
  {
    version: 2,
    name: 'graphs',
    // Nodes and edges are one row each (a moved card rewrites one row) with the entity as jsonb;
    // seq keeps the order cards were added in, so the canvas stacks them the same way each load.
    // graph_changes is the log of applied change sets the live stream replays after a reconnect.
    sql: `
      CREATE TABLE graphs (
        id text PRIMARY KEY,
        owner_uid text NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        revision bigint NOT NULL DEFAULT 0,
        version integer NOT NULL DEFAULT 1 CHECK (version = 1),
        migrations text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE graph_members (
        graph_id text NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
        uid text NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('owner', 'member')),
        joined_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (graph_id, uid)
      );
      CREATE INDEX graph_members_uid_idx ON graph_members(uid, joined_at);

      CREATE TABLE graph_nodes (
        graph_id text NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
        id text NOT NULL,
        seq bigserial NOT NULL,
        profile_id text NOT NULL DEFAULT '',
        data jsonb NOT NULL,
        PRIMARY KEY (graph_id, id)
      );
      CREATE INDEX graph_nodes_profile_idx ON graph_nodes(profile_id) WHERE profile_id <> '';

      CREATE TABLE graph_edges (
        graph_id text NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
        id text NOT NULL,
        seq bigserial NOT NULL,
        data jsonb NOT NULL,
        PRIMARY KEY (graph_id, id)
      );

      CREATE TABLE graph_profiles (
        graph_id text NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
        profile_id text NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        PRIMARY KEY (graph_id, profile_id)
      );
      CREATE INDEX graph_profiles_profile_idx ON graph_profiles(profile_id);

      CREATE TABLE graph_changes (
        graph_id text NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
        revision bigint NOT NULL,
        client_id text NOT NULL,
        actor_uid text NOT NULL,
        -- The GraphChangeEvent's change set as JSON; NULL when it was too large to keep.
        changes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (graph_id, revision)
      );
    `,
  },
  {
    version: 3,
    name: 'graph-neighbourhoods',
    // A save reads only what its change set touches (src/domain/save): the edges of a node by
    // their ends (generated from the stored edge, so every writer fills them and existing rows
    // are backfilled), the primary card, and the profiles listing a profile (GIN over the three
    // relationship lists; the expression is repeated verbatim in sqlGraphStore's query).
    sql: `
      ALTER TABLE graph_edges
        ADD COLUMN source text GENERATED ALWAYS AS (data->>'source') STORED,
        ADD COLUMN target text GENERATED ALWAYS AS (data->>'target') STORED;
      CREATE INDEX graph_edges_source_idx ON graph_edges (graph_id, source);
      CREATE INDEX graph_edges_target_idx ON graph_edges (graph_id, target);
      CREATE INDEX graph_nodes_primary_idx ON graph_nodes (graph_id) WHERE (data->'data'->>'isPrimary') = 'true';
      CREATE INDEX profiles_relatives_idx ON profiles
        USING gin ((coalesce(data->'spouses', '[]') || coalesce(data->'parents', '[]') || coalesce(data->'children', '[]')));
    `,
  },
  {
    version: 4,
    name: 'bulk',
    // An import arrives in chunks, possibly through several app processes, so the chunks wait in
    // the database until the commit; a refused or committed import keeps its row (state, answer)
    // so a repeated request gets the same answer. graph_snapshots holds each graph's last load in
    // the compact wire form (src/backend/graphColumns.ts) at a revision: an open sends it with the
    // logged change sets since, instead of re-reading every row.
    sql: `
      CREATE TABLE graph_imports (
        id text PRIMARY KEY,
        -- No reference: a member's own graph may not exist before its first save (the commit
        -- makes it); an import of a graph deleted meanwhile is refused at the commit.
        graph_id text NOT NULL,
        uid text NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        client_id text NOT NULL,
        migrations text[] NOT NULL DEFAULT '{}',
        chunk_count integer NOT NULL CHECK (chunk_count > 0),
        state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'committing', 'committed', 'refused')),
        people integer NOT NULL DEFAULT 0,
        bytes bigint NOT NULL DEFAULT 0,
        revision bigint,
        refusal_code text,
        refusal text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX graph_imports_created_idx ON graph_imports(created_at);

      CREATE TABLE graph_import_chunks (
        import_id text NOT NULL REFERENCES graph_imports(id) ON DELETE CASCADE,
        chunk integer NOT NULL,
        body text NOT NULL,
        PRIMARY KEY (import_id, chunk)
      );

      CREATE TABLE graph_snapshots (
        graph_id text PRIMARY KEY REFERENCES graphs(id) ON DELETE CASCADE,
        revision bigint NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 5,
    name: 'shared limits and files',
    // What several app processes on one PostgreSQL must share. rate_limits: one fixed-window
    // counter per key (a SHA-256 of bucket and subject, so no address or e-mail is kept in clear).
    // files: the avatar files, served by whichever process is asked; hash is the ?v= of their URL.
    sql: `
      CREATE TABLE rate_limits (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        window_ends timestamptz NOT NULL
      );
      CREATE INDEX rate_limits_window_idx ON rate_limits(window_ends);

      CREATE TABLE files (
        path text PRIMARY KEY,
        content_type text NOT NULL,
        hash text NOT NULL,
        bytes bytea NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 6,
    name: 'sharing',
    // Roles per tree (members who joined by invitation were editors in all but name), a tree's
    // own name, the tree a member opened last and what viewers see of the card they claimed.
    // Invitation tokens are stored hashed like sessions and reset links (the links already sent
    // keep working: their hash is the SHA-256 of the token, as hashToken makes it), managed by a
    // non-secret id, with a role, an expiry (14 days from now for those pending, none for the
    // first-account link) and a revoked state. Sign-ups of a relative's invitation wait for the
    // invited address to confirm; an e-mail change waits for the new address.
    sql: `
      ALTER TABLE graph_members DROP CONSTRAINT graph_members_role_check;
      UPDATE graph_members SET role = 'editor' WHERE role = 'member';
      ALTER TABLE graph_members ADD CONSTRAINT graph_members_role_check CHECK (role IN ('owner', 'editor', 'viewer'));

      ALTER TABLE graphs ADD COLUMN name text NOT NULL DEFAULT '';
      ALTER TABLE users
        ADD COLUMN last_graph_id text,
        ADD COLUMN viewer_visibility text NOT NULL DEFAULT 'name' CHECK (viewer_visibility IN ('private', 'name', 'everything'));

      ALTER TABLE invitations
        ADD COLUMN id text,
        ADD COLUMN token_hash text,
        ADD COLUMN role text NOT NULL DEFAULT 'editor' CHECK (role IN ('editor', 'viewer')),
        ADD COLUMN expires_at timestamptz,
        ADD COLUMN revoked_at timestamptz;
      UPDATE invitations
         SET token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex'),
             id = left(encode(sha256(convert_to('invitation-id:' || token, 'UTF8')), 'hex'), 24),
             expires_at = CASE WHEN first_account OR status <> 'pending' THEN NULL ELSE now() + interval '14 days' END;
      ALTER TABLE invitations DROP CONSTRAINT invitations_pkey;
      ALTER TABLE invitations DROP COLUMN token;
      ALTER TABLE invitations ALTER COLUMN id SET NOT NULL, ALTER COLUMN token_hash SET NOT NULL;
      ALTER TABLE invitations ADD PRIMARY KEY (id);
      ALTER TABLE invitations ADD CONSTRAINT invitations_token_hash_check CHECK (token_hash ~ '^[0-9a-f]{64}$');
      CREATE UNIQUE INDEX invitations_token_hash_idx ON invitations(token_hash);
      ALTER TABLE invitations DROP CONSTRAINT invitations_status_check;
      ALTER TABLE invitations ADD CONSTRAINT invitations_status_check CHECK (status IN ('pending', 'accepted', 'revoked'));

      CREATE TABLE signup_confirmations (
        token_hash text PRIMARY KEY,
        invitation_id text NOT NULL REFERENCES invitations(id) ON DELETE CASCADE,
        email text NOT NULL CHECK (email = lower(email)),
        password_hash text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        gender text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX signup_confirmations_invitation_idx ON signup_confirmations(invitation_id);

      CREATE TABLE email_changes (
        token_hash text PRIMARY KEY,
        uid text NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        new_email text NOT NULL CHECK (new_email = lower(new_email)),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX email_changes_uid_idx ON email_changes(uid);
    `,
  },
  {
    version: 7,
    name: 'import chunk digests',
    // A chunk sent again is compared by its SHA-256, so its body need only be stored where
    // another process may take the commit (PostgreSQL); on PGlite, the one process keeps it.
    sql: `
      ALTER TABLE graph_import_chunks ADD COLUMN digest text, ALTER COLUMN body DROP NOT NULL;
      UPDATE graph_import_chunks SET digest = encode(sha256(convert_to(body, 'UTF8')), 'hex');
      ALTER TABLE graph_import_chunks ALTER COLUMN digest SET NOT NULL;
    `,
  },
  {
    version: 8,
    name: 'leaner profile indexes',
    // Every profile written pays for each index of profiles: a 100,000-person import wrote
    // 200,000 entries no query reads (8% of its WAL records). No query looks profiles up by
    // e-mail (linking by e-mail searches the tree in the browser), and only set owners are looked
    // up (\`owner_uid = $1\` and the users foreign key's SET NULL), so nulls need no entries.
    sql: `
      DROP INDEX profiles_email_idx;
      DROP INDEX profiles_owner_idx;
      CREATE INDEX profiles_owner_idx ON profiles(owner_uid) WHERE owner_uid IS NOT NULL;
    `,
  },
  {
    version: 9,
    name: 'import leases',
    // What a killed commit or an abandoned upload leaves must not block its member
    // (src/domain/importLease.ts): an open import is alive while chunks arrive (touched_at), a
    // committing one while its process renews the commit's lease (lease_ends).
    sql: `
      ALTER TABLE graph_imports ADD COLUMN touched_at timestamptz NOT NULL DEFAULT now(), ADD COLUMN lease_ends timestamptz;
      CREATE INDEX graph_imports_uid_idx ON graph_imports(uid) WHERE state IN ('open', 'committing');
    `,
  },
  {
    version: 10,
    name: 'card claims',
    // What a card held when a member claimed it (ClaimBase, issue 19): an account deletion keeps
    // those entries of the tree's editors and takes back only what the member wrote. Cards
    // claimed before this table existed have no row and release as before (emptied).
    sql: `
      CREATE TABLE card_claims (
        profile_id text PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
        base jsonb NOT NULL
      );
    `,
  },
  {
    version: 11,
    name: 'places and couples',
    // The facts model (issue 20): a tree's places and its couples with their events, sent whole
    // like cards (src/domain/entityKinds.ts). A person's events and names ride in the profile's
    // jsonb. seq keeps the order they were first saved in, as for cards and lines.
    sql: `
      CREATE TABLE graph_places (
        graph_id text NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
        id text NOT NULL,
        seq bigserial NOT NULL,
        data jsonb NOT NULL,
        PRIMARY KEY (graph_id, id)
      );
      CREATE TABLE graph_couples (
        graph_id text NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
        id text NOT NULL,
        seq bigserial NOT NULL,
        data jsonb NOT NULL,
        PRIMARY KEY (graph_id, id)
      );
    `,
  },
  {
    version: 12,
    name: 'sources',
    // Sources of the tree (issue 23), sent whole like places. Citations ride in what they support
    // (a profile's events and names, a couple), so they need no table.
    sql: `
      CREATE TABLE graph_sources (
        graph_id text NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
        id text NOT NULL,
        seq bigserial NOT NULL,
        data jsonb NOT NULL,
        PRIMARY KEY (graph_id, id)
      );
    `,
  },
  {
    version: 13,
    name: 'media',
    // Photos and documents of the tree (issue 23): their records, sent whole like sources. Their
    // bytes live in the files table under media/{graphId}/{mediaId}/, as avatars do.
    sql: `
      CREATE TABLE graph_media (
        graph_id text NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
        id text NOT NULL,
        seq bigserial NOT NULL,
        data jsonb NOT NULL,
        PRIMARY KEY (graph_id, id)
      );
    `,
  },
  {
    version: 14,
    name: 'history',
    // The history of each tree kept for good (issue 24): every applied change with its
    // before-values, unlike graph_changes (the live stream's replay log, capped at 1,000).
    // Searchable columns beside the body: the people a change touched (a person's history, GIN),
    // the member (the activity's filter) and the people it took out (Recently deleted). The body
    // is text (the change and its before-values as JSON), which PostgreSQL compresses when large.
    sql: `
      CREATE TABLE graph_history (
        graph_id text NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
        revision bigint NOT NULL,
        at timestamptz NOT NULL,
        actor_uid text NOT NULL,
        kind text NOT NULL,
        profile_ids text[] NOT NULL DEFAULT '{}',
        removed_ids text[] NOT NULL DEFAULT '{}',
        summary jsonb NOT NULL,
        revert_of bigint[] NOT NULL DEFAULT '{}',
        body text,
        PRIMARY KEY (graph_id, revision)
      );
      CREATE INDEX graph_history_people ON graph_history USING gin (profile_ids);
      CREATE INDEX graph_history_actor ON graph_history (graph_id, actor_uid, revision);
      CREATE INDEX graph_history_removed ON graph_history (graph_id, at) WHERE cardinality(removed_ids) > 0;
    `,
  },
  {
    version: 15,
    name: 'not duplicates',
    // Pairs of people a member said are not duplicates (issue 24), per tree, sent whole like
    // places (src/domain/entityKinds.ts "notDuplicates").
    sql: `
      CREATE TABLE graph_not_duplicates (
        graph_id text NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
        id text NOT NULL,
        seq bigserial NOT NULL,
        data jsonb NOT NULL,
        PRIMARY KEY (graph_id, id)
      );
    `,
  },
  {
    version: 16,
    name: 'activity and the history by person',
    // Activity for the family (issue 24, item 3): when each member last opened each tree (Home's
    // "since your last visit" and the badge), and the opt-in e-mail digest chosen per account with
    // when the last one was considered. The activity reads a tree's history by time
    // (graph_history_at). A person's history reads graph_history_people: one row per person a
    // change touched, so the newest 50 of a person with thousands of changes are the first 50
    // rows of one index range, not every one of their changes sorted (the GIN index finds them
    // all and leaves the order to a sort).
    sql: `
      ALTER TABLE graph_members ADD COLUMN seen_at timestamptz;
      ALTER TABLE users
        ADD COLUMN digest text NOT NULL DEFAULT 'off' CHECK (digest IN ('off', 'daily', 'weekly')),
        ADD COLUMN digest_at timestamptz;
      CREATE INDEX users_digest ON users (digest) WHERE digest <> 'off';
      CREATE INDEX graph_history_at ON graph_history (graph_id, at);
      DROP INDEX graph_history_people;
      CREATE TABLE graph_history_people (
        graph_id text NOT NULL,
        profile_id text NOT NULL,
        revision bigint NOT NULL,
        PRIMARY KEY (graph_id, profile_id, revision),
        FOREIGN KEY (graph_id, revision) REFERENCES graph_history (graph_id, revision) ON DELETE CASCADE
      );
      INSERT INTO graph_history_people (graph_id, profile_id, revision)
        SELECT DISTINCT h.graph_id, p.id, h.revision FROM graph_history h, unnest(h.profile_ids) AS p(id);
    `,
  },
  {
    version: 17,
    name: 'snapshots keep what an open sends',
    // Events load per person when shown (issue 20; src/domain/facts/eventsLoading.ts): an open
    // sends the snapshot with people's events left out, the whole body stays to build the next
    // snapshot from. A snapshot made before has none and is made again at its next open.
    sql: `ALTER TABLE graph_snapshots ADD COLUMN open_body text;`,
  },
  {
    version: 18,
    name: 'profiles stored uncompressed',
    // A profile with its events is about 2.3 kB of jsonb, just over the 2 kB past which
    // PostgreSQL compresses a row (pglz) to fit four to a page: a 100,000-person import paid for
    // 100,000 compressions on the save and a decompression per profile on every whole read. Rows
    // stay in line and whole up to 8 kB (a page); larger ones are still compressed.
    sql: `ALTER TABLE profiles SET (toast_tuple_target = 8160);`,
  },
  {
    version: 19,
    name: 'media the history can bring back',
    // The media records a saved change took out of each tree (src/domain/media/orphans.ts): the
    // history can bring each back, so the orphan sweep keeps their files. Written with the history
    // entry by a change that removes media (no cost to any other save); read by the sweep per tree.
    // Records removed before this migration are found in the history's bodies once.
    sql: `
      CREATE TABLE graph_media_removed (
        graph_id text NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
        media_id text NOT NULL,
        removed_at timestamptz NOT NULL,
        revision bigint NOT NULL,
        PRIMARY KEY (graph_id, media_id)
      );
      INSERT INTO graph_media_removed (graph_id, media_id, removed_at, revision)
        SELECT DISTINCT ON (h.graph_id, m.id) h.graph_id, m.id, h.at, h.revision
        FROM graph_history h
        CROSS JOIN LATERAL jsonb_array_elements_text(COALESCE(h.body::jsonb #> '{changes,media,remove}', '[]'::jsonb)) AS m(id)
        WHERE h.body LIKE '%"media"%' AND jsonb_typeof(h.body::jsonb #> ARRAY['before', 'media', m.id]) = 'object'
        ORDER BY h.graph_id, m.id, h.revision DESC;
    `,
  },
];

/** Tables holding data (not the migrations table), in an order TRUNCATE accepts. */
export const DATA_TABLES = [
  'card_claims',
  'graph_import_chunks',
  'graph_imports',
  'graph_snapshots',
  'graph_changes',
  'graph_history_people',
  'graph_history',
  'graph_media_removed',
  'graph_profiles',
  'graph_not_duplicates',
  'graph_sources',
  'graph_media',
  'graph_couples',
  'graph_places',
  'graph_edges',
  'graph_nodes',
  'graph_members',
  'graphs',
  'password_resets',
  'email_changes',
  'sessions',
  'signup_confirmations',
  'invitations',
  'profiles',
  'users',
  'rate_limits',
  'files',
] as const;

export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  await db.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    const done = await db.transaction(async (tx) => {
      // Several processes sharing one PostgreSQL must not run the same migration twice.
      await tx.query('SELECT pg_advisory_xact_lock(424242)');
      const rows = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (rows.length) return false;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}

/** Empties every data table (tests share one database per file). */
export async function clearData(db: Database): Promise<void> {
  await db.exec(`TRUNCATE ${DATA_TABLES.join(', ')} CASCADE`);
}

/** Drops sessions and rate-limit windows past their end, and mailed links dead for a day; run at each start. */
export async function pruneExpired(db: Database): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at < now()');
  await db.query('DELETE FROM rate_limits WHERE window_ends < now()');
  await db.query(`DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM signup_confirmations WHERE expires_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM email_changes WHERE expires_at < now() - interval '1 day'`);
}
