import { randomBytes } from 'node:crypto';
import { deleteApp } from 'firebase/app';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { FIREBASE_IMPORT_LIMITS, FUNCTIONS_REGION } from '../../src/backend/firebase/callables.ts';
import type { EmulatorHosts, FirebaseSettings } from '../../src/backend/firebase/config.ts';
import { firebasePorts } from '../../src/backend/firebase/firebaseBackend.ts';
import { paths, type InvitationDoc } from '../../src/backend/firebase/paths.ts';
import { createFirebaseServices, type FirebaseServices } from '../../src/backend/firebase/services.ts';
import { eventually } from '../integration/helpers.ts';
import { emulatorUnavailable, givenEmulatorHost, startEmulators, type EmulatorName, type RunningEmulators } from '../firebase/emulators.ts';
import { hashInvitationToken, invitationExpiry } from '../../functions/src/invitations.ts';
import { newcomer, signedInUser, type Account, type AuthSite, type Browser, type Site } from './site.ts';

/**
 * The Firebase backend for the contract specs: the emulators (tests/firebase/emulators.ts, a
 * `demo-` project) and browsers, each its own Firebase app with the real adapters. Node has no
 * IndexedDB, so Auth falls through §9's persistence list to memory and Firestore's cache is
 * kept in memory; everything else is as in the browser.
 */

const API_KEY = 'demo-key';

function settingsFor(emulators: RunningEmulators): FirebaseSettings {
  const hosts: EmulatorHosts = {};
  const storage = givenEmulatorHost('storage');
  for (const [name, host] of Object.entries({ ...emulators.hosts, ...(storage ? { storage } : {}) }) as [EmulatorName, string][]) {
    const [h, port] = host.split(':');
    hosts[name] = { host: h!, port: Number(port) };
  }
  const projectId = emulators.projectId;
  return {
    web: { apiKey: API_KEY, authDomain: `${projectId}.firebaseapp.com`, projectId, storageBucket: `${projectId}.appspot.com`, appId: 'demo-app' },
    functionsRegion: FUNCTIONS_REGION,
    authSyncUrl: null,
    emulators: hosts,
  };
}

/** The Auth emulator's own REST API (accounts, the codes of the e-mails it would have sent). */
function authEmulatorApi(emulators: () => RunningEmulators) {
  const base = () => `http://${emulators().hosts.auth}`;
  const project = () => emulators().projectId;
  return {
    async signUp(email: string, password: string, displayName: string): Promise<string> {
      const res = await fetch(`${base()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, displayName, returnSecureToken: true }),
      });
      const body = (await res.json()) as { localId?: string };
      if (!res.ok || !body.localId) throw new Error(`the Auth emulator refused the account: ${JSON.stringify(body)}`);
      return body.localId;
    },
    async resetCodes(email: string): Promise<string[]> {
      const res = await fetch(`${base()}/emulator/v1/projects/${project()}/oobCodes`);
      const { oobCodes = [] } = (await res.json()) as { oobCodes?: { email: string; oobCode: string; requestType: string }[] };
      return oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET').map((c) => c.oobCode);
    },
  };
}

/** Starts the emulators for the file and makes browsers on them; every app is deleted after each test. */
function useEmulators(only: EmulatorName[], functionsEnv?: Record<string, string>) {
  let emulators: RunningEmulators | undefined;
  let starting: Promise<RunningEmulators> | undefined;
  const apps: FirebaseServices[] = [];
  beforeAll(async () => {
    starting = startEmulators({ only, functionsEnv });
    emulators = await starting;
  }, 240_000);
  afterEach(async () => {
    for (const services of apps.splice(0)) await deleteApp(services.app);
  });
  // A start that outlived the hook's timeout is stopped once it is done.
  afterAll(async () => (await starting?.catch(() => undefined))?.stop());
  const running = () => {
    if (!emulators) throw new Error('the emulators start in beforeAll');
    return emulators;
  };
  let made = 0;
  const browser = (): Browser => {
    const services = createFirebaseServices(settingsFor(running()), { name: `contract-${process.pid}-${++made}`, firestoreCache: 'memory' });
    apps.push(services);
    return firebasePorts(services);
  };
  return { running, browser };
}

function authParts(emulators: () => RunningEmulators, browser: () => Browser): AuthSite {
  const api = authEmulatorApi(emulators);
  return {
    browser,
    async addAccount(): Promise<Account> {
      const person = newcomer('account');
      const displayName = 'Ada Lovelace';
      const uid = await api.signUp(person.email, person.password, displayName);
      return { email: person.email, password: person.password, user: { uid, email: person.email, displayName, photoURL: '' } };
    },
    async resetCode(email) {
      return eventually(async () => (await api.resetCodes(email)).at(-1));
    },
    async resetsSentTo(email) {
      return (await api.resetCodes(email)).length;
    },
  };
}

/** AuthService's backend: the Auth emulator alone (it runs on Node, offline). */
export function useFirebaseAuthSite(): AuthSite {
  const { running, browser } = useEmulators(['auth']);
  return authParts(running, browser);
}

/**
 * Why the Firebase backend cannot run here (its Firestore emulator), or null. The specs that
 * need it fail in its place, saying so.
 */
export async function firebaseSiteUnavailable(): Promise<string | null> {
  return emulatorUnavailable('firestore');
}

/** Why the Storage emulator (the AvatarStore's backend) cannot run here, or null. */
export async function firebaseStorageUnavailable(): Promise<string | null> {
  return emulatorUnavailable('storage');
}

/**
 * Every port's backend but the AvatarStore's: Auth, Functions (the app's functions/src/index.ts)
 * and Firestore emulators; Storage where one is given (FIREBASE_STORAGE_EMULATOR_HOST). Invitations without a tree to join are written with the Admin SDK, as the first-account
 * script does; members join through them with the app's own acceptInvitation.
 */
/** The site's origin as the functions are told (SITE_ORIGINS): invitation links point there. */
const SITE_ORIGIN = 'http://127.0.0.1:5002';

export function useFirebaseSite(): Site {
  const { running, browser } = useEmulators(['auth', 'functions', 'firestore'], { SITE_ORIGINS: SITE_ORIGIN });
  const parts = authParts(running, browser);
  let admin: typeof import('firebase-admin/firestore') | undefined;
  let adminApp: import('firebase-admin/app').App | undefined;
  beforeAll(async () => {
    process.env.FIRESTORE_EMULATOR_HOST = running().hosts.firestore;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = running().hosts.auth;
    const { initializeApp } = await import('firebase-admin/app');
    admin = await import('firebase-admin/firestore');
    adminApp = initializeApp({ projectId: running().projectId }, `contract-admin-${process.pid}`);
  });
  afterAll(async () => {
    if (adminApp) await (await import('firebase-admin/app')).deleteApp(adminApp);
  });

  async function invitationFor(email: string): Promise<string> {
    const token = randomBytes(16).toString('hex');
    const now = new Date();
    const invitation: InvitationDoc = {
      id: randomBytes(12).toString('hex'),
      tokenHash: hashInvitationToken(token),
      email: email.toLowerCase(),
      nodeId: '',
      inviterUid: '',
      graphUid: '',
      role: 'editor',
      status: 'pending',
      createdAt: now.toISOString(),
      expiresAt: invitationExpiry(now),
      firstAccount: false,
    };
    await admin!.getFirestore(adminApp!).doc(paths.invitation(invitation.id)).set(invitation);
    return token;
  }

  return {
    ...parts,
    origin: SITE_ORIGIN,
    importLimits: FIREBASE_IMPORT_LIMITS,
    // Storage download URLs carry their own token: any page that has one may fetch it.
    fetchUrl: (url) => fetch(url),
    invitationFor,
    async member() {
      const person = newcomer();
      const token = await invitationFor(person.email);
      const b = browser();
      const user = signedInUser(await b.auth.acceptInvitation(token, person));
      return { uid: user.uid, email: person.email, password: person.password, user, browser: b };
    },
    // Firebase joins at once: only the invited address can make the account (the blocking function).
    join: async (b, token, input) => signedInUser(await b.auth.acceptInvitation(token, input)),
  };
}
