import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../freePort.ts';
import { startEmulators } from '../../firebase/emulators.ts';

/**
 * Once for the Firebase end-to-end run: the Auth, Functions and Firestore emulators
 * (tests/firebase/emulators.ts), the front end built for Firebase against them into a folder of
 * its own (the self-hosted dist/ is left alone), and a static server for it on a free port (the
 * functions are told that origin, so invitation links point at it). The specs read where
 * everything is from KINFOLK_FIREBASE_E2E (JSON), which may also name a site already running;
 * the returned function stops what was started.
 */

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

export interface FirebaseE2E {
  url: string;
  projectId: string;
  hosts: { auth: string; functions: string; firestore: string };
  /** Where the built front end is served from. */
  outDir: string;
}

/** `vite build` of the Firebase front end, talking to the emulators at `hosts`, into `outDir`. */
export async function buildFirebaseSite(outDir: string, projectId: string, hosts: FirebaseE2E['hosts']): Promise<void> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITE_')));
  await run(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT,
    env: {
      ...env,
      VITE_BACKEND: 'firebase',
      VITE_FIREBASE_API_KEY: 'demo-key',
      VITE_FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
      VITE_FIREBASE_PROJECT_ID: projectId,
      VITE_FIREBASE_STORAGE_BUCKET: `${projectId}.appspot.com`,
      VITE_FIREBASE_APP_ID: 'demo-app',
      VITE_FIREBASE_EMULATORS: `auth=${hosts.auth},functions=${hosts.functions},firestore=${hosts.firestore}`,
    },
  });
}

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  // Already running (a developer's own, kept between runs): used as given.
  if (process.env.KINFOLK_FIREBASE_E2E) return undefined;
  const sitePort = await freePort();
  const url = `http://127.0.0.1:${sitePort}`;
  const emulators = await startEmulators({ only: ['auth', 'functions', 'firestore'], functionsEnv: { SITE_ORIGINS: url }, workerPerFunction: true, startTimeoutMs: 240_000 });
  const outDir = await mkdtemp(join(tmpdir(), 'kinfolk-firebase-e2e-'));
  const stopAll = async () => {
    await emulators.stop();
    await rm(outDir, { recursive: true, force: true });
  };
  try {
    const { auth, functions, firestore } = emulators.hosts as FirebaseE2E['hosts'];
    const projectId = emulators.projectId;
    await buildFirebaseSite(outDir, projectId, { auth, functions, firestore });
    // A single-page app: every path without a file extension is index.html.
    const site = createServer(async (req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const file = path === '/' || !extname(path) ? 'index.html' : decodeURIComponent(path.slice(1));
      try {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(join(outDir, file)));
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => site.listen(sitePort, '127.0.0.1', r));
    process.env.KINFOLK_FIREBASE_E2E = JSON.stringify({ url, projectId, hosts: { auth, functions, firestore }, outDir } satisfies FirebaseE2E);
    return async () => {
      await new Promise((r) => site.close(r));
      await stopAll();
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
