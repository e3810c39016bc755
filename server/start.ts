/**
 * `npm start`: builds the front end when it is missing or stale, then serves it with the API.
 * Environment: HOST, PORT, DATA_DIR, DATABASE_URL, SMTP_URL, MAIL_FROM, PUBLIC_URL, ADMIN_EMAIL,
 * TRUST_PROXY (number of reverse proxies), REQUEST_TIMEOUT_MS, MAX_CONNECTIONS_PER_ADDRESS, LOG_LEVEL,
 * SKIP_BUILD=1, SERVE_STATIC=0 (API only, for `npm run dev`).
 */
import { resolve } from 'node:path';
import { PROJECT_ROOT, startServer } from './app.ts';
import { buildFrontEnd, needsBuild } from './build.ts';
import { parseTrustProxy } from './http/proxy.ts';
import { humanLogStream } from './log.ts';

const env = process.env;

/** A whole-number variable of at least `min`, or undefined when unset (the server's default). */
function wholeNumber(name: string, min: number): number | undefined {
  const value = env[name];
  if (!value) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, not ${value}`);
  return n;
}

async function main() {
  const serveStatic = env.SERVE_STATIC !== '0';
  if (serveStatic && env.SKIP_BUILD !== '1' && needsBuild(PROJECT_ROOT)) {
    console.log('Building the front end…');
    await buildFrontEnd(PROJECT_ROOT);
  }
  const port = env.PORT ? Number(env.PORT) : 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${env.PORT}`);

  const requestTimeoutMs = wholeNumber('REQUEST_TIMEOUT_MS', 1);
  const maxConnectionsPerAddress = wholeNumber('MAX_CONNECTIONS_PER_ADDRESS', 0);
  const server = await startServer({
    dataDir: resolve(env.DATA_DIR || './data'),
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutMs,
    maxConnectionsPerAddress,
    serveStatic,
    log: { level: env.LOG_LEVEL || 'info', stream: humanLogStream() },
  });

  const link = await server.firstAccountLink();
  console.log(`Kinfolk is running at ${server.url}`);
  if (link) console.log(`No accounts yet. Create the first one here: ${link}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down…`);
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
