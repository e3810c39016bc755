import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/db/migrations.ts';
import { PASSWORD, expectError, startTestServer, usePostgresSite } from './helpers.ts';

const site = usePostgresSite({ schemaPrefix: 'kinfolk_it' });

describe('DATABASE_URL=postgres://…', () => {
  it('runs on PostgreSQL, with its tables in the schema the URL names', async () => {
    expect(site.server.db.kind).toBe('pg');
    const { rows } = await site.admin.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
      [site.schema],
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      'card_claims',
      'email_changes',
      'files',
      'graph_changes',
      'graph_couples',
      'graph_edges',
      'graph_history',
      'graph_history_people',
      'graph_import_chunks',
      'graph_imports',
      'graph_media',
      'graph_media_removed',
      'graph_members',
      'graph_nodes',
      'graph_not_duplicates',
      'graph_places',
      'graph_profiles',
      'graph_snapshots',
      'graph_sources',
      'graphs',
      'invitations',
      'password_resets',
      'profiles',
      'rate_limits',
      'schema_migrations',
      'sessions',
      'signup_confirmations',
      'users',
    ]);
    const applied = await site.admin.query(`SELECT version FROM ${site.schema}.schema_migrations ORDER BY version`);
    expect(applied.rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('signs up, signs in, resets and signs out with the same SQL', async () => {
    const link = (await site.server.firstAccountLink())!;
    const token = new URL(link).searchParams.get('token')!;
    const client = site.client();
    const accepted = await client.post(`/api/invitations/${token}/accept`, {
      firstName: 'edgar',
      lastName: 'codd',
      gender: 'Male',
      email: 'Edgar@Example.com',
      password: PASSWORD,
    });
    expect(accepted.status, accepted.text).toBe(200);
    const uid = accepted.body.user.uid as string;
    expect((await client.get(`/api/profiles/${uid}`)).body.profile).toMatchObject({ firstName: 'Edgar', lastName: 'Codd', gender: 'M' });
    expect(await site.server.firstAccountLink()).toBeNull();
    expectError(await site.client().post(`/api/invitations/${token}/accept`, {}), 410, 'auth/invitation-used');

    const again = site.client();
    expect((await again.post('/api/session', { email: 'edgar@example.com', password: PASSWORD })).status).toBe(200);
    expect((await again.delete('/api/session')).status).toBe(204);
    expect((await again.get('/api/session')).body).toEqual({ user: null });

    const users = await site.admin.query(`SELECT email FROM ${site.schema}.users`);
    expect(users.rows).toEqual([{ email: 'edgar@example.com' }]);
  });

  it('applies each migration once when another process starts on the same database', async () => {
    const second = await startTestServer(undefined, { databaseUrl: site.databaseUrl });
    try {
      const applied = await site.admin.query(`SELECT count(*)::int AS n FROM ${site.schema}.schema_migrations`);
      expect(applied.rows[0].n).toBe(MIGRATIONS.length);
      expect((await second.client().post('/api/session', { email: 'edgar@example.com', password: PASSWORD })).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
