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

  it('keeps e-mails lower-case and invitation tokens 32 hex characters at the database level', async () => {
    await expect(database.db.query(`INSERT INTO users (uid, email, password_hash) VALUES ('u', 'A@B.CO', 'x')`)).rejects.toThrow();
    await expect(database.db.query(`INSERT INTO invitations (token) VALUES ('XYZ')`)).rejects.toThrow();
  });
});
