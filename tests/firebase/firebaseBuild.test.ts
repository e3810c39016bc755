import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_FAILURES } from '../../src/domain/validation/auth.ts';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { tempDir } from '../integration/helpers.ts';
import { startEmulators, type RunningEmulators } from './emulators.ts';

/**
 * The app built for Firebase (VITE_BACKEND=firebase with a web config naming the Auth emulator),
 * in Chromium: it starts, and signing in goes through Firebase Auth with §8's messages. The
 * screens past sign-in, on Firestore, are the journey of tests/e2e/firebase/firebase-app.spec.ts.
 */

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

let emulators: RunningEmulators;
let outDir: string;
let site: Server;
let url: string;
let browser: Browser;

beforeAll(async () => {
  emulators = await startEmulators({ only: ['auth'] });
  outDir = await tempDir('kinfolk-firebase-build-');
  const projectId = emulators.projectId;
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITE_')));
  await run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    env: {
      ...env,
      VITE_BACKEND: 'firebase',
      VITE_FIREBASE_API_KEY: 'demo-key',
      VITE_FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
      VITE_FIREBASE_PROJECT_ID: projectId,
      VITE_FIREBASE_STORAGE_BUCKET: `${projectId}.appspot.com`,
      VITE_FIREBASE_APP_ID: 'demo-app',
      VITE_FIREBASE_EMULATORS: `auth=${emulators.hosts.auth}`,
    },
  });
  site = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path === '/' || !extname(path) ? 'index.html' : path.slice(1);
    try {
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(join(outDir, file)));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  site?.close();
  await emulators?.stop();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

async function account(email: string, password: string, displayName: string) {
  const res = await fetch(`http://${emulators.hosts.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, displayName, returnSecureToken: true }),
  });
  expect(res.status).toBe(200);
}

describe('the Firebase build', () => {
  it('starts on Firebase Auth: the landing page, §8 for a wrong password, then the member is signed in, in every tab', async () => {
    await account('grace@example.com', 'correct horse battery', 'Grace Hopper');
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByLabel('Password').fill('not the password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe(AUTH_FAILURES.invalidCredential);

    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app\/home$/);
    await page.getByRole('button', { name: /Account menu for Grace Hopper/ }).waitFor();

    // Firebase keeps the session in IndexedDB (§9's first choice): another tab opens signed in.
    const tab = await context.newPage();
    await tab.goto(`${url}/app/home`);
    await tab.getByRole('button', { name: /Account menu for Grace Hopper/ }).waitFor();
    expect(new URL(tab.url()).pathname).toBe('/app/home');
    expect(errors).toEqual([]);
    await context.close();
  });
});
