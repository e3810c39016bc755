import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth, signOut, type Auth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blockingFunctionRefusal, CALLABLES, callableError, FIREBASE_IMPORT_LIMITS, FUNCTIONS_REGION, type CallableName } from '../../src/backend/firebase/callables.ts';
import { importTooLarge } from '../../src/domain/changeSetChunks.ts';
import { changeSetShapeProblem } from '../../src/domain/save/validate.ts';
import { INVITATION_MALFORMED } from '../../src/domain/invitations.ts';
import { AUTH_MESSAGES } from '../../src/domain/validation/auth.ts';
import { adminOn, pendingInvitation, type Admin } from './adminFirestore.ts';
import { startEmulators, type RunningEmulators } from './emulators.ts';

/**
 * The Cloud Functions (functions/src/index.ts, bundled as for deployment) in the Auth, Functions
 * and Firestore emulators, driven through the Firebase web SDK:
 * - the blocking beforeUserCreated function refuses a sign-up without a pending invitation for
 *   its e-mail and lets one through with it, reading the invitations from Firestore (put there
 *   with the Admin SDK);
 * - the callables answer coded errors the way the client reads them (HttpsError code, the app's
 *   code in details, the app's message) for refusals made before any document is read.
 */

let emulators: RunningEmulators;
let admin: Admin;
let app: FirebaseApp;
let auth: Auth;
let functions: Functions;

/** Replaces every invitation in Firestore with these, as createInvitation and the first-account script store them. */
async function invitations(list: { email: string; status: 'pending' | 'accepted'; firstAccount?: boolean }[]): Promise<void> {
  await admin.setInvitations(list.map((i, n) => pendingInvitation(`${n}`.padStart(32, 'a'), i.email, { status: i.status, firstAccount: i.firstAccount ?? false })));
}

async function accountCount(): Promise<number> {
  const res = await fetch(`http://${emulators.hosts.auth}/identitytoolkit.googleapis.com/v1/projects/${emulators.projectId}/accounts:query`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: '{}',
  });
  return Number(((await res.json()) as { recordsCount?: string }).recordsCount ?? 0);
}

async function clearAccounts(): Promise<void> {
  await fetch(`http://${emulators.hosts.auth}/emulator/v1/projects/${emulators.projectId}/accounts`, { method: 'DELETE' });
}

async function refusalOf(email: string): Promise<ReturnType<typeof blockingFunctionRefusal> | 'created'> {
  try {
    await createUserWithEmailAndPassword(auth, email, 'a long password');
    await signOut(auth);
    return 'created';
  } catch (e) {
    const refusal = blockingFunctionRefusal(e);
    if (!refusal) throw e;
    return refusal;
  }
}

beforeAll(async () => {
  emulators = await startEmulators({ only: ['auth', 'functions', 'firestore'] });
  admin = adminOn(emulators);
  app = initializeApp({ apiKey: 'demo-key', projectId: emulators.projectId, authDomain: `${emulators.projectId}.firebaseapp.com` }, `sign-up-${Date.now()}`);
  auth = getAuth(app);
  connectAuthEmulator(auth, `http://${emulators.hosts.auth}`, { disableWarnings: true });
  functions = getFunctions(app, FUNCTIONS_REGION);
  const [host, port] = emulators.hosts.functions!.split(':');
  connectFunctionsEmulator(functions, host!, Number(port));
});

afterAll(async () => {
  if (app) await deleteApp(app);
  await admin?.close();
  await emulators?.stop();
});

describe('beforeUserCreated (Auth, Functions and Firestore emulators)', () => {
  beforeEach(async () => {
    await clearAccounts();
    await invitations([]);
  });

  it('refuses a sign-up without any invitation: no account is made', async () => {
    expect(await refusalOf('nobody@example.com')).toEqual({ code: 'auth/signup-disabled', message: AUTH_MESSAGES.signUpDisabled });
    expect(await accountCount()).toBe(0);
  });

  it('refuses an e-mail whose invitation was accepted, or that only someone else was invited with', async () => {
    await invitations([
      { email: 'used@example.com', status: 'accepted' },
      { email: 'other@example.com', status: 'pending' },
    ]);
    expect(await refusalOf('used@example.com')).toMatchObject({ code: 'auth/signup-disabled' });
    expect(await refusalOf('someone@example.com')).toMatchObject({ code: 'auth/signup-disabled' });
    expect(await accountCount()).toBe(0);
  });

  it('lets a sign-up through with a pending invitation for its e-mail, whatever its case', async () => {
    await invitations([{ email: 'invited@example.com', status: 'pending' }]);
    expect(await refusalOf('Invited@Example.com')).toBe('created');
    expect(await accountCount()).toBe(1);
  });

  it('lets the first account in through the first-account invitation, and nobody after it', async () => {
    await invitations([{ email: '', status: 'pending', firstAccount: true }]);
    expect(await refusalOf('first@example.com')).toBe('created');
    expect(await refusalOf('second@example.com')).toMatchObject({ code: 'auth/signup-disabled' });
    expect(await accountCount()).toBe(1);
  });
});

/** What a callable answers: its data, or the error as the web SDK hands it over and as the app reads it. */
async function call(name: CallableName, data: unknown): Promise<{ data: unknown } | { code: string; details: unknown; app: ReturnType<typeof callableError> }> {
  try {
    return { data: (await httpsCallable(functions, name)(data)).data };
  } catch (e) {
    const { code, details } = e as { code: string; details: unknown };
    return { code, details, app: callableError(e) };
  }
}

describe('callables (Functions emulator)', () => {
  it('refuses every signed-in callable to a visitor: unauthenticated', async () => {
    await signOut(auth);
    for (const name of [CALLABLES.openGraph, CALLABLES.saveChanges, CALLABLES.updateProfile, CALLABLES.createInvitation, CALLABLES.acceptInvitation, CALLABLES.beginImport]) {
      expect(await call(name, {}), name).toEqual({
        code: 'functions/unauthenticated',
        details: { code: 'unauthenticated' },
        app: { code: 'unauthenticated', message: 'You must be signed in.' },
      });
    }
  });

  it('answers a malformed invitation token with its coded message, signed in or not', async () => {
    expect(await call(CALLABLES.getInvitation, { token: 'not-a-token' })).toEqual({
      code: 'functions/invalid-argument',
      details: { code: 'invalid-argument' },
      app: { code: 'invalid-argument', message: INVITATION_MALFORMED },
    });
  });

  describe('signed in', () => {
    beforeAll(async () => {
      await clearAccounts();
      await invitations([{ email: 'member@example.com', status: 'pending' }]);
      await createUserWithEmailAndPassword(auth, 'member@example.com', 'a long password');
    });
    afterAll(() => signOut(auth));

    it("refuses an invitation to a malformed e-mail with §5's 'Invalid email' and the app's own code", async () => {
      expect(await call(CALLABLES.createInvitation, { nodeId: 'n1002', email: 'not an email' })).toEqual({
        code: 'functions/invalid-argument',
        details: { code: 'invalid-email' },
        app: { code: 'invalid-email', message: 'Invalid email' },
      });
    });

    it("refuses an invitation in someone else's name", async () => {
      expect(await call(CALLABLES.createInvitation, { inviterUid: 'someone-else', nodeId: 'n1002', email: 'a@example.com' })).toMatchObject({
        code: 'functions/permission-denied',
        app: { code: 'permission-denied', message: 'Invitations are made in your own name.' },
      });
    });

    it('refuses a malformed change set whole, before anything is read', async () => {
      const changes = { baseRevision: 0, nodes: { upsert: [{ id: 'x' }], remove: [] }, edges: { upsert: [], remove: [] }, profiles: { upsert: [], remove: [] } };
      expect(await call(CALLABLES.saveChanges, { graphId: auth.currentUser!.uid, clientId: 't', changes })).toMatchObject({
        code: 'functions/invalid-argument',
        app: { code: 'invalid-argument', message: changeSetShapeProblem(changes) },
      });
      expect(await call(CALLABLES.saveChanges, { graphId: '../other', clientId: 't', changes: {} })).toMatchObject({
        app: { code: 'invalid-argument', message: 'graphId is not valid.' },
      });
    });

    it('refuses an import over the limits (as the server’s) before any chunk is sent', async () => {
      expect(await call(CALLABLES.beginImport, { graphId: auth.currentUser!.uid, clientId: 't', chunks: 1, people: FIREBASE_IMPORT_LIMITS.people + 1 })).toMatchObject({
        code: 'functions/invalid-argument',
        app: { code: 'invalid-argument', message: importTooLarge(FIREBASE_IMPORT_LIMITS) },
      });
    });
  });
});
