import { execFile } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { tempDir } from './helpers.ts';

/**
 * The backend is chosen when the app is built (src/backend/index.ts, vite.config.ts): each build
 * must carry its own adapter and none of the other's. Two production builds (about 10 s of CPU),
 * then their JavaScript is searched for each adapter's marks.
 */

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const vite = join(root, 'node_modules/vite/bin/vite.js');

/** Marks of the Firebase SDK: its endpoints and its name (the SDK's errors say "Firebase: …"). */
const FIREBASE_MARKS = [/firebase/i, /firestore/i, /identitytoolkit\.googleapis\.com/, /firebasestorage\.googleapis\.com/];
/** Marks of the self-hosted HTTP adapter: its API paths and its tab channel. */
const HTTP_MARKS = [/\/api\//, /kinfolk-auth/, /\/events\?since=/];

/** The environment of a build: this process's, without any backend configuration it may carry. */
function buildEnv(extra: Record<string, string>) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITE_')));
  return { ...env, ...extra };
}

async function build(outDir: string, env: Record<string, string>) {
  await run(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { cwd: root, env: buildEnv(env) });
}

/** Every JavaScript file of a build and the page, as text. */
async function bundleText(outDir: string): Promise<{ file: string; text: string }[]> {
  const assets = (await readdir(join(outDir, 'assets'))).filter((f) => f.endsWith('.js')).map((f) => join('assets', f));
  return Promise.all(['index.html', ...assets].map(async (file) => ({ file, text: await readFile(join(outDir, file), 'utf8') })));
}

function filesMatching(files: { file: string; text: string }[], marks: RegExp[]) {
  return files.flatMap(({ file, text }) => marks.filter((m) => m.test(text)).map((m) => `${file} has ${m}`));
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

/** Serves a build as the hosting would: its files, and index.html for any other path. */
function serve(outDir: string): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path === '/' || !extname(path) ? 'index.html' : path.slice(1);
    try {
      const body = await readFile(join(outDir, file));
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

describe('the backend is picked at build time', () => {
  let dirs: string;
  const httpDir = () => join(dirs, 'http');
  const firebaseDir = () => join(dirs, 'firebase');

  beforeAll(async () => {
    dirs = await tempDir('kinfolk-bundle-');
    await build(httpDir(), {});
    // No VITE_FIREBASE_* at all: the build succeeds and the page says what is missing.
    await build(firebaseDir(), { VITE_BACKEND: 'firebase' });
  }, 240_000);
  afterAll(() => rm(dirs, { recursive: true, force: true }));

  it('the self-hosted build carries the HTTP adapter and no Firebase code', async () => {
    const files = await bundleText(httpDir());
    expect(filesMatching(files, FIREBASE_MARKS)).toEqual([]);
    expect(filesMatching(files, [/\/api\/session/]).length).toBeGreaterThan(0);
  });

  it('the Firebase build carries the Firebase SDK and none of the HTTP adapter', async () => {
    const files = await bundleText(firebaseDir());
    expect(filesMatching(files, HTTP_MARKS)).toEqual([]);
    expect(filesMatching(files, [/identitytoolkit\.googleapis\.com/]).length).toBeGreaterThan(0);
    expect(filesMatching(files, [/firestore\.googleapis\.com/]).length).toBeGreaterThan(0);
  });

  it('a Firebase build without its configuration says so on the page (§8), not a blank screen', async () => {
    const { server, url } = await serve(firebaseDir());
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
    try {
      const page = await browser.newPage();
      await page.goto(`${url}/app/tree`);
      await page.getByRole('heading', { name: 'Kinfolk could not start' }).waitFor();
      const alert = await page.getByRole('alert').textContent();
      expect(alert).toBe(
        'The backend configuration was not found: this build is for Firebase but VITE_FIREBASE_API_KEY, VITE_FIREBASE_AUTH_DOMAIN, ' +
          'VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_STORAGE_BUCKET, VITE_FIREBASE_APP_ID were not set when it was built.',
      );
      expect(await page.getByRole('button', { name: 'Reload' }).count()).toBe(0);
    } finally {
      await browser.close();
      server.close();
    }
  });

  it('an unknown VITE_BACKEND stops the build with the names it accepts', async () => {
    const failed = await build(join(dirs, 'bogus'), { VITE_BACKEND: 'firebsae' }).then(
      () => null,
      (e: { stderr?: string; stdout?: string }) => `${e.stderr}${e.stdout}`,
    );
    expect(failed).toContain("VITE_BACKEND is 'firebsae': it must be one of http, firebase.");
  });
});
