import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What the routes need from a database: the same SQL runs on PGlite and on PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Transaction extends Queryable {
  /** Runs several statements separated by semicolons, without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Transaction {
  readonly kind: 'pglite' | 'pg';
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Opens PGlite in `dir` (created if missing), or `memory://` for a throwaway database. */
export async function openPglite(dir: string): Promise<Database> {
  if (!dir.startsWith('memory://')) await mkdir(dir, { recursive: true });
  const db = await PGlite.create(dir);
  let closed = false;
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return (await db.query<T>(sql, params)).rows;
    },
    async exec(sql) {
      await db.exec(sql);
    },
    transaction(fn) {
      return db.transaction((tx) =>
        fn({
          query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
        }),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.close();
    },
  };
}

/**
 * Connects to PostgreSQL. Extra connection settings go in the URL, e.g.
 * `?options=-c%20search_path%3Dkinfolk` to use another schema.
 */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');
  let closed = false;
  return {
    kind: 'pg',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
          exec: async (sql: string) => {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export function openDatabase(options: { dataDir: string; databaseUrl?: string }): Promise<Database> {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  return openPglite(url && url.startsWith('memory://') ? url : `${options.dataDir}/db`);
}

/** PostgreSQL's unique_violation, the same on PGlite and pg. */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}
