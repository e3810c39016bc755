import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, type Migration } from '../../server/db/migrations.ts';
import { useTestDatabase } from './helpers.ts';

/** No test here writes rows: nothing to empty between them. */
const database = useTestDatabase({ keepData: true });

describe('migrations', () => {
  it('has applied every shipped migration once', async () => {
    const rows = await database.db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(await migrate(database.db)).toEqual([]);
  });

  it('applies new migrations in version order, each once', async () => {
    const extra: Migration[] = [
      { version: 1002, name: 'second', sql: `INSERT INTO probe (step) VALUES ('second')` },
      { version: 1001, name: 'first', sql: `CREATE TABLE probe (n serial PRIMARY KEY, step text); INSERT INTO probe (step) VALUES ('first')` },
    ];
    expect(await migrate(database.db, [...MIGRATIONS, ...extra])).toEqual([1001, 1002]);
    expect(await migrate(database.db, [...MIGRATIONS, ...extra])).toEqual([]);
    const steps = await database.db.query<{ step: string }>('SELECT step FROM probe ORDER BY n');
    expect(steps.map((s) => s.step)).toEqual(['first', 'second']);
  });

  it('rolls a failing migration back entirely and records nothing', async () => {
    const broken: Migration = { version: 1003, name: 'broken', sql: `CREATE TABLE half (x int); SELECT no_such_function()` };
    await expect(migrate(database.db, [...MIGRATIONS, broken])).rejects.toThrow();
    expect(await database.db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half'`)).toEqual([]);
    expect(await database.db.query('SELECT 1 FROM schema_migrations WHERE version = 1003')).toEqual([]);
  });

  it('indexes only set profile owners, and still finds profiles by owner through the index', async () => {
    const indexes = await database.db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'profiles' ORDER BY indexname`);
    expect(indexes.map((i) => i.indexname)).toEqual(['profiles_owner_idx', 'profiles_pkey', 'profiles_relatives_idx']);
    const plans = await database.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const explain = async (sql: string) => (await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, ['u1'])).map((r) => r['QUERY PLAN']).join('\n');
      return [await explain('SELECT id FROM profiles WHERE owner_uid = $1'), await explain('SELECT id FROM profiles WHERE id = $1 OR owner_uid = $1')];
    });
    for (const plan of plans) expect(plan).toContain('profiles_owner_idx');
  });

  it('migration 19 finds the media records the history already removed (and only those), the latest removal of each', async () => {
    const m19 = MIGRATIONS.find((m) => m.version === 19)!;
    const media = (id: string) => ({ id, kind: 'photo', people: ['p1'] });
    const body = (remove: string[], before: Record<string, unknown>) => JSON.stringify({ changes: { media: { upsert: [], remove } }, before: { media: before } });
    const rolledBack = new Error('roll back');
    const found = await database.db
      .transaction(async (tx) => {
        await tx.query(`INSERT INTO users (uid, email, password_hash) VALUES ('u19', 'u19@example.com', 'x')`);
        await tx.query(`INSERT INTO graphs (id, owner_uid) VALUES ('g19', 'u19')`);
        const entry = (revision: number, at: string, text: string | null) =>
          tx.query(`INSERT INTO graph_history (graph_id, revision, at, actor_uid, kind, summary, body) VALUES ('g19', $1, $2, 'u19', 'change', '{}', $3)`, [revision, at, text]);
        await entry(1, '2026-01-01T00:00:00Z', body(['mgone'], { mgone: media('mgone') }));
        await entry(2, '2026-01-02T00:00:00Z', body(['mnever'], { mnever: null }));
        await entry(3, '2026-01-03T00:00:00Z', JSON.stringify({ changes: { nodes: { upsert: [], remove: [] } }, before: {} }));
        await entry(4, '2026-01-04T00:00:00Z', null);
        await entry(5, '2026-01-05T00:00:00Z', body(['mgone', 'mtwo'], { mgone: media('mgone'), mtwo: media('mtwo') }));
        await tx.exec('DROP TABLE graph_media_removed');
        await tx.exec(m19.sql);
        const rows = await tx.query<{ media_id: string; revision: unknown; removed_at: Date | string }>('SELECT media_id, revision, removed_at FROM graph_media_removed ORDER BY media_id');
        throw Object.assign(rolledBack, { rows });
      })
      .catch((e: unknown) => {
        if (e !== rolledBack) throw e;
        return (e as Error & { rows: { media_id: string; revision: unknown; removed_at: Date | string }[] }).rows;
      });
    expect(found.map((r) => [r.media_id, Number(r.revision), new Date(r.removed_at).toISOString()])).toEqual([
      ['mgone', 5, '2026-01-05T00:00:00.000Z'],
      ['mtwo', 5, '2026-01-05T00:00:00.000Z'],
    ]);
    expect(await database.db.query(`SELECT 1 FROM graphs WHERE id = 'g19'`)).toEqual([]);
  });

  it('keeps e-mails lower-case and invitation tokens 32 hex characters at the database level', async () => {
    await expect(database.db.query(`INSERT INTO users (uid, email, password_hash) VALUES ('u', 'A@B.CO', 'x')`)).rejects.toThrow();
    await expect(database.db.query(`INSERT INTO invitations (token) VALUES ('XYZ')`)).rejects.toThrow();
  });
});
