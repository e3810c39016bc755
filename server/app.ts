import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { ImportLimits } from '../src/domain/changeSetChunks.ts';
import type { ImportTiming } from '../src/domain/importLease.ts';
import { isValidEmail } from '../src/domain/validation/auth.ts';
import { DEFAULT_RATE_LIMITS, type AppContext, type RateLimits } from './context.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate, pruneExpired } from './db/migrations.ts';
import { handleError, sendError } from './http/errors.ts';
import {
  capConnectionsPerAddress,
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  timeoutOptions,
} from './http/connections.ts';
import { isForeignRequest } from './http/origin.ts';
import { trustProxyOption } from './http/proxy.ts';
import { createRateLimiter } from './http/rateLimit.ts';
import { redactUrl } from './http/redact.ts';
import { LEGACY_FILES_DIR, importLegacyAvatarFiles } from './files/avatarStorage.ts';
import { createInvitation, ensureFirstAccountInvitation, type NewInvitation } from './invitations.ts';
import { sendDueDigests } from '../src/domain/activity/service.ts';
import { startDigestLoop, type DigestLoop, type DigestTimers } from './activity/digestTimer.ts';
import { sqlDigestDeps } from './activity/sqlActivity.ts';
import { sqlChangeLog } from './graphs/changeLog.ts';
import { createLocalFeed, createPgFeed } from './graphs/feed.ts';
import { createGraphService } from './graphs/service.ts';
import { createStreamRegistry, STREAMS_CHANNEL } from './graphs/streams.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { accountRoutes } from './routes/accounts.ts';
import { ownAccountRoutes } from './routes/account.ts';
import { eventRoutes } from './routes/events.ts';
import { graphRoutes } from './routes/graphs.ts';
import { importRoutes } from './routes/imports.ts';
import { avatarRoutes } from './routes/avatars.ts';
import { mediaRoutes } from './routes/media.ts';
import { invitationRoutes } from './routes/invitations.ts';
import { memberRoutes } from './routes/members.ts';
import { historyRoutes } from './routes/history.ts';
import { meRoutes } from './routes/me.ts';
import { passwordResetRoutes } from './routes/passwordResets.ts';
import { profileRoutes } from './routes/profiles.ts';
import { sessionRoutes } from './routes/session.ts';

export const PROJECT_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const DEFAULT_STATIC_DIR = join(PROJECT_ROOT, 'dist');

export interface LogOptions {
  level?: string;
  /** Receives one JSON line per entry (pino); defaults to stdout. */
  stream?: { write(line: string): void };
}

export interface ServerOptions {
  /** Holds the PGlite database (`db/`) and the mail outbox (`outbox/`). */
  dataDir: string;
  /** 0 picks a free port. Default 3000. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** `postgres://…` uses that PostgreSQL server instead of PGlite; `memory://` an in-memory PGlite. */
  databaseUrl?: string;
  /** An already open, migrated-or-not database to use (tests share one); `close()` leaves it open. */
  db?: Database;
  /** `smtp://host:port` sends mail over SMTP; without it mail goes to `DATA_DIR/outbox`. */
  smtpUrl?: string;
  /** Default `Kinfolk <no-reply@localhost>`. */
  mailFrom?: string;
  /** The address people reach the site at, for links (default `http://HOST:PORT`). */
  publicUrl?: string;
  /**
   * Reverse proxies in front of the server (TRUST_PROXY): their X-Forwarded-For/-Proto/-Host are
   * believed that many hops deep and no further. true is one proxy; default none.
   */
  trustProxy?: boolean | number;
  /** Serve the built front end with an SPA fallback to index.html for non-/api paths. */
  serveStatic?: boolean;
  /** Where the built front end is; default `dist/` of the project. */
  staticDir?: string;
  /** Per-address and per-account limits; tests set them low to see the 429 or high to stay out of the way. */
  rateLimits?: Partial<RateLimits>;
  /** Fixes the first-account invitation's e-mail (ADMIN_EMAIL). */
  adminEmail?: string;
  /** false (default) logs nothing. */
  log?: boolean | LogOptions;
  /** Keep-alive comment interval of the live streams (default 25 s; tests shorten it). */
  liveKeepAliveMs?: number;
  /** Size limits of bulk imports (default IMPORT_LIMITS; tests lower them). */
  importLimits?: ImportLimits;
  /** How long a commit's lease and an idle upload last (default IMPORT_TIMING; tests shorten them). */
  importTiming?: ImportTiming;
  /** Largest body of a save in bytes (default SAVE_BODY_LIMIT; tests lower it). */
  saveBodyLimit?: number;
  /** Time to receive a whole request (REQUEST_TIMEOUT_MS, default 60 s; http/connections.ts). */
  requestTimeoutMs?: number;
  /**
   * Open connections per remote address (MAX_CONNECTIONS_PER_ADDRESS, default 64; 0 for none).
   * Behind a proxy (trustProxy) every connection comes from it, so the default is none there.
   */
  maxConnectionsPerAddress?: number;
  /**
   * The e-mail digest's loop (issue 24): its clock and timer (tests inject both and fire the
   * timer themselves), or false for none (default: every hour on the real clock).
   */
  digests?: false | { clock?: () => Date; timers?: DigestTimers; everyMs?: number };
}

export interface RunningServer {
  /** Where it listens, e.g. `http://127.0.0.1:41234`. */
  url: string;
  app: FastifyInstance;
  db: Database;
  mailer: Mailer;
  /** The digest loop (null when turned off): `tick()` runs it once now. */
  digests: DigestLoop | null;
  /** Stops listening, waits for mails being sent, closes the database (unless it was passed in). */
  close(): Promise<void>;
  /** Seeds a pending invitation and returns its token (32 lower-case hex). */
  createInvitation(input?: NewInvitation): Promise<string>;
  /** `${publicUrl}/invite?token=…` */
  inviteUrl(token: string): string;
  /** The first-account link while the site has no accounts (made on first call), else null. */
  firstAccountLink(): Promise<string | null>;
}

const CSP = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // React and Konva set style attributes; the crop dialog sets inline styles.
  styleSrc: ["'self'", "'unsafe-inline'"],
  workerSrc: ["'self'", 'blob:'],
  // Plain-HTTP installs on a LAN must keep working; HTTPS sites get HSTS from helmet.
  upgradeInsecureRequests: null,
};

function loggerOption(log: ServerOptions['log']) {
  if (!log) return false;
  const opts = log === true ? {} : log;
  return { level: opts.level ?? 'info', ...(opts.stream ? { stream: opts.stream } : {}) };
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const rateLimits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const adminEmail = options.adminEmail?.trim() ?? '';
  if (adminEmail && !isValidEmail(adminEmail)) throw new Error(`ADMIN_EMAIL is not a valid e-mail address: ${adminEmail}`);

  const ownsDb = !options.db;
  const db = options.db ?? (await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl }));
  const mailer = createMailer({ smtpUrl: options.smtpUrl, outboxDir: join(options.dataDir, 'outbox'), from: options.mailFrom });
  const pending = new Set<Promise<unknown>>();
  let baseUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin.toLowerCase() : null;

  const app = Fastify({
    logger: loggerOption(options.log),
    trustProxy: trustProxyOption(options.trustProxy === true ? 1 : options.trustProxy || 0),
    // Request lines are logged below with tokens taken out of the URL.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    ...timeoutOptions(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
    // Bad percent-encoding or over-long path parts: a coded 400 that does not echo the path.
    frameworkErrors: (_error, _request, reply) => sendError(reply, 'invalid-argument', 'The request URL is not valid.'),
  });

  try {
    await migrate(db);
    await pruneExpired(db);
    const imported = await importLegacyAvatarFiles(db, options.dataDir);
    if (imported) app.log.info(`Moved ${imported} avatar files from ${join(options.dataDir, LEGACY_FILES_DIR)} into the database`);

    capConnectionsPerAddress(app.server, options.maxConnectionsPerAddress ?? (options.trustProxy ? 0 : DEFAULT_MAX_CONNECTIONS_PER_ADDRESS));
    app.setErrorHandler((error, request, reply) => handleError(error, request, reply));
    app.addHook('onResponse', async (request, reply) => {
      const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`;
      if (request.url.startsWith('/api/')) request.log.info(line);
      else request.log.debug(line);
    });
    app.addHook('onRequest', async (request, reply) => {
      if (isForeignRequest(request, publicOrigin)) {
        return sendError(reply, 'permission-denied', 'Requests from other sites are not allowed.');
      }
    });

    await app.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: CSP } });
    await app.register(cookie);

    const shared = db.kind === 'pg' && !!options.databaseUrl;
    const streams = createStreamRegistry(db, { shared });
    const ctx: AppContext = {
      db,
      mailer,
      streams,
      baseUrl: () => baseUrl,
      rateLimits,
      limiter: createRateLimiter(db),
      background(task) {
        const tracked = task.catch(() => undefined).finally(() => pending.delete(tracked));
        pending.add(tracked);
      },
    };
    sessionRoutes(app, ctx);
    meRoutes(app, ctx);
    passwordResetRoutes(app, ctx);
    accountRoutes(app);
    // Several processes on one PostgreSQL hear each other's changes through LISTEN/NOTIFY.
    const feedOptions = { onError: (e: unknown) => app.log.warn({ err: e }, 'live feed') };
    const feed = shared
      ? await createPgFeed(options.databaseUrl!, sqlChangeLog(db), { ...feedOptions, channels: { [STREAMS_CHANNEL]: (payload) => streams.notice(payload) } })
      : createLocalFeed(sqlChangeLog(db), feedOptions);
    const graphs = createGraphService(db, feed);
    app.addHook('onClose', () => graphs.close());
    invitationRoutes(app, ctx, graphs);
    profileRoutes(app, ctx, graphs);
    memberRoutes(app, ctx, graphs);
    historyRoutes(app, ctx, graphs);
    ownAccountRoutes(app, ctx, graphs);
    graphRoutes(app, ctx, graphs, options.saveBodyLimit);
    importRoutes(app, ctx, graphs, options.importLimits, options.importTiming);
    eventRoutes(app, ctx, graphs, { keepAliveMs: options.liveKeepAliveMs });
    avatarRoutes(app, ctx, graphs);
    mediaRoutes(app, ctx, graphs);

    const staticDir = options.staticDir ?? DEFAULT_STATIC_DIR;
    const spa = options.serveStatic === true && existsSync(join(staticDir, 'index.html'));
    if (spa) {
      await app.register(fastifyStatic, {
        root: staticDir,
        cacheControl: false,
        setHeaders(reply, path) {
          const hashed = /[/\\]assets[/\\]/.test(path);
          reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]!;
      const isApi = path === '/api' || path.startsWith('/api/');
      const looksLikeFile = /\.[^/]*$/.test(path);
      if (spa && !isApi && !looksLikeFile && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.type('text/html; charset=utf-8').sendFile('index.html');
      }
      const what = isApi ? 'No such API route' : 'Not found';
      return sendError(reply, 'not-found', `${what}: ${request.method} ${redactUrl(path)}`);
    });

    await app.listen({ port: options.port ?? 3000, host });
  } catch (e) {
    await app.close().catch(() => undefined);
    if (ownsDb) await db.close().catch(() => undefined);
    mailer.close();
    throw e;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${hostForUrl(host)}:${port}`;
  baseUrl ||= url;

  const digestOptions = options.digests === false ? null : (options.digests ?? {});
  const digestClock = digestOptions?.clock ?? (() => new Date());
  const digests = digestOptions
    ? startDigestLoop({
        run: (now) => sendDueDigests(sqlDigestDeps(db, mailer, baseUrl, digestClock), now),
        clock: digestClock,
        timers: digestOptions.timers,
        everyMs: digestOptions.everyMs,
        onError: (err) => app.log.warn({ err }, 'e-mail digest'),
      })
    : null;

  let closing: Promise<void> | undefined;
  /** Only its hash is stored: the link this process printed, answered again while it works. */
  let firstAccountToken: string | null = null;
  return {
    url,
    app,
    db,
    mailer,
    digests,
    close() {
      closing ??= (async () => {
        await digests?.stop();
        await app.close();
        await Promise.all([...pending]);
        mailer.close();
        if (ownsDb) await db.close();
      })();
      return closing;
    },
    createInvitation: async (input) => (await createInvitation(db, input)).token,
    inviteUrl: (token) => `${baseUrl}/invite?token=${token}`,
    async firstAccountLink() {
      firstAccountToken = await ensureFirstAccountInvitation(db, adminEmail, firstAccountToken);
      return firstAccountToken ? `${baseUrl}/invite?token=${firstAccountToken}` : null;
    },
  };
}
