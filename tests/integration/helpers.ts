import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { SESSION_COOKIE } from '../../src/backend/api.ts';
import { startServer, type RunningServer, type ServerOptions } from '../../server/app.ts';
import { openPglite, type Database } from '../../server/db/database.ts';
import { clearData, migrate } from '../../server/db/migrations.ts';
import { readableMail } from './smtp.ts';

export const PASSWORD = 'correct horse battery';
const HIGH = { max: 10_000, timeWindowMs: 60_000 };

export async function tempDir(prefix = 'kinfolk-it-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export interface TestServer extends RunningServer {
  dataDir: string;
  client(): Client;
}

/** `keepDataDir`: close leaves the data folder for a next server (a restart); otherwise it is removed. */
export async function startTestServer(db: Database | undefined, { keepDataDir = false, ...options }: Partial<ServerOptions> & { keepDataDir?: boolean } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await tempDir());
  const server = await startServer({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    rateLimits: { signIn: HIGH, signInAccount: HIGH, signInAccountAnywhere: HIGH, passwordReset: HIGH, invitationLookup: HIGH, invitationCreate: HIGH },
    log: false,
    ...options,
    ...(db ? { db } : {}),
  });
  const close = server.close;
  return Object.assign(server, {
    dataDir,
    client: () => new Client(server.url),
    async close() {
      await close();
      if (!keepDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  });
}

/** Read a value the file's beforeAll fills in: only tests and later hooks may. */
function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is started in beforeAll: use it inside tests and hooks`);
  return value;
}

/** Server options, or a function giving them when the server starts (after the hooks registered before). */
type TestServerOptions = Partial<ServerOptions> | (() => Partial<ServerOptions>);
const optionsNow = (options: TestServerOptions) => (typeof options === 'function' ? options() : options);

export interface TestDatabase {
  readonly db: Database;
}

/**
 * One in-memory PGlite for the test file (it takes seconds to start), emptied before each test
 * unless `keepData` (tests that build on what earlier ones left). Registers its own hooks.
 */
export function useTestDatabase({ keepData = false }: { keepData?: boolean } = {}): TestDatabase {
  let db: Database | undefined;
  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db);
  });
  afterAll(() => db?.close());
  if (!keepData) beforeEach(() => clearData(started(db, 'the test database')));
  return {
    get db() {
      return started(db, 'the test database');
    },
  };
}

export interface TestSite extends TestDatabase {
  readonly server: TestServer;
  client(): Client;
}

/** The test database and one server on it for the whole file; closed after the last test. */
export function useTestServer({ server: options = {}, keepData = false }: { server?: TestServerOptions; keepData?: boolean } = {}): TestSite {
  const database = useTestDatabase({ keepData });
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(database.db, optionsNow(options));
  });
  afterAll(() => server?.close());
  return {
    get db() {
      return database.db;
    },
    get server() {
      return started(server, 'the test server');
    },
    client: () => started(server, 'the test server').client(),
  };
}

/** The PostgreSQL server of the test machine (trust auth). */
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface PostgresSchema {
  /** `${prefix}_<random hex>`: a throwaway schema keeps the shared database clean. */
  schema: string;
  /** A connection outside the app, to look into the schema. */
  admin: pg.Client;
  /** DATABASE_URL for a process working in the schema, named so a test can find its connections. */
  url(applicationName?: string): string;
  /** Drops the schema and ends the admin connection. */
  drop(): Promise<void>;
}

export async function createPostgresSchema(prefix: string): Promise<PostgresSchema> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const base = `${POSTGRES_URL}${POSTGRES_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return {
    schema,
    admin,
    url: (applicationName) => (applicationName ? `${base}&application_name=${applicationName}` : base),
    async drop() {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    },
  };
}

export interface PostgresSite extends TestSite {
  /** The app processes (servers with their own pools and data folders), `server` first. */
  readonly servers: TestServer[];
  readonly admin: pg.Client;
  readonly schema: string;
  /** DATABASE_URL for one more process on the schema. */
  readonly databaseUrl: string;
  /** The application_name of process `i`'s connections. */
  applicationName(i: number): string;
}

/** A throwaway schema and `processes` servers on it for the whole file; dropped after the last test. */
export function usePostgresSite({
  schemaPrefix,
  processes = 1,
  server: options = {},
}: {
  schemaPrefix: string;
  processes?: number;
  server?: TestServerOptions;
}): PostgresSite {
  let pgSchema: PostgresSchema | undefined;
  const servers: TestServer[] = [];
  const schema = () => started(pgSchema, 'the test schema');
  const applicationName = (i: number) => `${schema().schema}_${i}`;
  beforeAll(async () => {
    pgSchema = await createPostgresSchema(schemaPrefix);
    for (let i = 0; i < processes; i++) servers.push(await startTestServer(undefined, { ...optionsNow(options), databaseUrl: pgSchema.url(applicationName(i)) }));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await pgSchema?.drop();
  });
  const first = () => started(servers[0], 'the test server');
  return {
    get db() {
      return first().db;
    },
    get server() {
      return first();
    },
    get servers() {
      first();
      return servers;
    },
    get admin() {
      return schema().admin;
    },
    get schema() {
      return schema().schema;
    },
    get databaseUrl() {
      return schema().url();
    },
    applicationName,
    client: () => first().client(),
  };
}

/** The LISTEN connection of process `i` of a site (found by its application_name), if it has one now. */
export async function listenPid(site: PostgresSite, i: number): Promise<number | undefined> {
  const rows = await site.admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN %'`, [site.applicationName(i)]);
  return rows.rows[0]?.pid;
}

/** The same signed-in member talking to another process. */
export function signedInOn(server: TestServer, client: Client): Client {
  const other = server.client();
  other.cookie = client.cookie;
  return other;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
  setCookies: string[];
}

/** A tiny browser stand-in: keeps the session cookie between calls. */
export class Client {
  cookie: string | null = null;
  constructor(readonly base: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const h: Record<string, string> = { ...headers };
    if (body !== undefined && typeof body !== 'string') h['content-type'] ??= 'application/json';
    if (this.cookie && !('cookie' in h)) h.cookie = `${SESSION_COOKIE}=${this.cookie}`;
    const res = await fetch(this.base + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const [name, value] = pair!.split('=');
      if (name === SESSION_COOKIE) this.cookie = value || null;
    }
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, text, setCookies };
  }
  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body, headers);
  patch = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('PATCH', path, body, headers);
  delete = (path: string, headers?: Record<string, string>) => this.request('DELETE', path, undefined, headers);
}

export interface Member {
  uid: string;
  email: string;
  password: string;
  client: Client;
}

let n = 0;
/** Creates an account the real way (invitation + accept) and returns a signed-in client. */
export async function createMember(
  server: TestServer,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string; gender: string }> = {},
): Promise<Member> {
  n += 1;
  const email = overrides.email ?? `member${n}@example.com`;
  const password = overrides.password ?? PASSWORD;
  const token = await server.createInvitation({ email });
  const client = server.client();
  const res = await client.post(`/api/invitations/${token}/accept`, {
    firstName: overrides.firstName ?? 'ada',
    lastName: overrides.lastName ?? 'LOVELACE',
    gender: overrides.gender ?? 'Female',
    email,
    password,
  });
  expect(res.status, res.text).toBe(200);
  return { uid: res.body.user.uid, email, password, client };
}

export function expectError(res: Answer, status: number, code: string, message?: string | RegExp): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  if (message instanceof RegExp) expect(res.body.error.message).toMatch(message);
  else if (message !== undefined) expect(res.body.error.message).toBe(message);
  expect(res.text).not.toMatch(/\bat .+:\d+:\d+|stack|node_modules/);
}

/** Polls until `check` returns a value (mail arriving in the background). */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const readMails = new WeakMap<TestServer, Set<string>>();

/**
 * The first mail to `to` in the server's outbox (no SMTP configured) not taken before, whose text
 * matches `pattern`; answers the pattern's first group. Waits for it (mails are written after the
 * answer).
 */
export async function takeMail(server: TestServer, to: string, pattern: RegExp): Promise<string> {
  let seen = readMails.get(server);
  if (!seen) readMails.set(server, (seen = new Set()));
  const dir = join(server.dataDir, 'outbox');
  const addressed = new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi');
  return eventually(async () => {
    const files = (await readdir(dir).catch(() => [] as string[])).sort();
    for (const file of files) {
      if (seen.has(file)) continue;
      const raw = await readFile(join(dir, file), 'utf8');
      const found = addressed.test(raw) ? readableMail(raw).match(pattern) : null;
      if (!found) continue;
      seen.add(file);
      return found[1] ?? found[0];
    }
    return undefined;
  });
}

/** The outbox's mails to `to` so far (their readable text), none taken. */
export async function mailsTo(server: TestServer, to: string): Promise<string[]> {
  const dir = join(server.dataDir, 'outbox');
  const out: string[] = [];
  for (const file of (await readdir(dir).catch(() => [] as string[])).sort()) {
    const raw = await readFile(join(dir, file), 'utf8');
    if (raw.toLowerCase().includes(`\nto: ${to.toLowerCase()}\n`)) out.push(readableMail(raw));
  }
  return out;
}

export const CONFIRM_SIGNUP_LINK = /\/confirm-signup\?token=([A-Za-z0-9_-]{43})/;

/** Collects the server's log lines (pino JSON) for checks on what gets logged. */
export function logCollector() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}
