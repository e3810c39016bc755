import { createServer, type IncomingMessage, type Server } from 'node:http';
import { deleteApp } from 'firebase/app';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION } from '../../src/backend/firebase/callables.ts';
import { SYNC_NOT_SAME_ORIGIN } from '../../src/backend/firebase/firebaseAuthService.ts';
import { firebasePorts } from '../../src/backend/firebase/firebaseBackend.ts';
import { createFirebaseServices, type FirebaseServices } from '../../src/backend/firebase/services.ts';
import { eventually } from '../integration/helpers.ts';
import { startEmulators, type RunningEmulators } from './emulators.ts';

/**
 * §7's optional auth-token sync, with real ID tokens from the Auth emulator and a real HTTP
 * endpoint on the "site" (a local server standing for the page's own origin).
 */

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
}

let emulators: RunningEmulators;
let site: Server;
let origin: string;
let answer = 204;
const seen: Seen[] = [];
const apps: FirebaseServices[] = [];

beforeAll(async () => {
  emulators = await startEmulators({ only: ['auth'] });
  site = createServer((req: IncomingMessage, res) => {
    seen.push({ method: req.method!, path: req.url!, authorization: req.headers.authorization });
    res.writeHead(answer).end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
});
afterEach(async () => {
  for (const app of apps.splice(0)) await deleteApp(app.app);
  seen.length = 0;
  answer = 204;
});
afterAll(async () => {
  site?.close();
  await emulators?.stop();
});

function browser(authSyncUrl: string) {
  const [host, port] = emulators.hosts.auth!.split(':');
  const projectId = emulators.projectId;
  const services = createFirebaseServices(
    {
      web: { apiKey: 'demo-key', authDomain: `${projectId}.firebaseapp.com`, projectId, storageBucket: `${projectId}.appspot.com`, appId: 'demo-app' },
      functionsRegion: FUNCTIONS_REGION,
      authSyncUrl,
      emulators: { auth: { host: host!, port: Number(port) } },
    },
    { name: `sync-${apps.length}-${Date.now()}`, firestoreCache: 'memory' },
  );
  apps.push(services);
  const logged: string[] = [];
  return { ports: firebasePorts(services, { origin, log: (message) => logged.push(message) }), logged };
}

let accounts = 0;
async function account() {
  const email = `sync-${Date.now()}-${++accounts}@example.com`;
  const password = 'correct horse battery';
  const res = await fetch(`http://${emulators.hosts.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { localId } = (await res.json()) as { localId: string };
  return { email, password, uid: localId };
}

/** The claims of an ID token (the emulator's are unsigned, but shaped like the real ones). */
function claims(authorization: string | undefined): Record<string, unknown> {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!token) throw new Error(`no Bearer token in ${authorization}`);
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('the auth-token sync (§7)', () => {
  it('POSTs the ID token as a Bearer token before sign-in resolves, and DELETEs without one on sign-out', async () => {
    const { email, password, uid } = await account();
    const { ports } = browser('/__session');
    // A signed-out page tells the site's server once that no one is signed in.
    await ports.auth.signIn(email, password);
    const posts = seen.filter((s) => s.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe('/__session');
    expect(claims(posts[0]!.authorization)).toMatchObject({ user_id: uid, email, aud: emulators.projectId });

    await ports.auth.signOut();
    const last = seen.at(-1)!;
    expect(last).toEqual({ method: 'DELETE', path: '/__session', authorization: undefined });
    expect(seen.map((s) => s.method)).toEqual(['DELETE', 'POST', 'DELETE']);
  });

  it('sends no token to another origin, and says why', async () => {
    const { email, password } = await account();
    const { ports, logged } = browser('https://elsewhere.example/__session');
    await ports.auth.signIn(email, password);
    expect(logged).toContain(SYNC_NOT_SAME_ORIGIN);
    expect(seen).toEqual([]);
  });

  it('a failing sync endpoint is only logged: the member is signed in all the same', async () => {
    answer = 500;
    const { email, password, uid } = await account();
    const { ports, logged } = browser('/__session');
    expect((await ports.auth.signIn(email, password)).uid).toBe(uid);
    await eventually(() => (logged.includes('The auth-token sync answered 500.') ? true : undefined));
  });
});
