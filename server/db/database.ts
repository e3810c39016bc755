import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What the routes need from a database: the same SQL runs on PGlite and on PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Loads rows with `COPY table (columns) FROM …` in PostgreSQL's text format (one row a line,
   * columns separated by tabs, `copyText` escapes a value), where the driver can: PGlite reads
   * the text as a blob. node-postgres cannot without pg-copy-streams, so on PostgreSQL it is
   * absent and writers use multi-row statements.
   */
  copyIn?(table: string, columns: readonly string[], rows: string): Promise<void>;
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

/** PGlite's COPY reads the query's blob as the file `/dev/blob`. */
const copySql = (table: string, columns: readonly string[]) => `COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`;

/** A value in COPY's text format: backslash, tab, newline and carriage return escaped, null as `\N`. */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** JSON text as a COPY value: it has no raw tabs or line breaks (JSON escapes them), so only its backslashes double. */
export function copyJson(json: string): string {
  return json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
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
    async copyIn(table, columns, rows) {
      await db.query(copySql(table, columns), [], { blob: new Blob([rows]) });
    },
    transaction(fn) {
      return db.transaction((tx) =>
        fn({
          query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
          copyIn: async (table, columns, rows) => {
            await tx.query(copySql(table, columns), [], { blob: new Blob([rows]) });
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
