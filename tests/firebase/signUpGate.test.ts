import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth, signOut, type Auth } from 'firebase/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blockingFunctionRefusal } from '../../src/backend/firebase/callables.ts';
import { AUTH_MESSAGES } from '../../src/domain/validation/auth.ts';
import { startEmulators, type RunningEmulators } from './emulators.ts';

/**
 * The blocking beforeUserCreated function against the Auth and Functions emulators: a sign-up
 * through the Firebase web SDK is refused without a pending invitation for its e-mail and goes
 * through with one. Invitations come from a file here (tests/firebase/fixtures/signUpFunctions.ts
 * says why); the gate, the HttpsError and Firebase Auth's handling of it are the app's.
 */

let emulators: RunningEmulators;
let invitationsFile: string;
let app: FirebaseApp;
let auth: Auth;

async function invitations(list: { email: string; status: 'pending' | 'accepted'; firstAccount?: boolean }[]): Promise<void> {
  await writeFile(invitationsFile, JSON.stringify(list));
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
  invitationsFile = join(await mkdtemp(join(tmpdir(), 'kinfolk-invitations-')), 'invitations.json');
  await invitations([]);
  emulators = await startEmulators({
    only: ['auth', 'functions'],
    functionsEntry: join(import.meta.dirname, 'fixtures/signUpFunctions.ts'),
    functionsEnv: { KINFOLK_INVITATIONS_FILE: invitationsFile },
  });
  app = initializeApp({ apiKey: 'demo-key', projectId: emulators.projectId, authDomain: `${emulators.projectId}.firebaseapp.com` }, `sign-up-${Date.now()}`);
  auth = getAuth(app);
  connectAuthEmulator(auth, `http://${emulators.hosts.auth}`, { disableWarnings: true });
});

afterAll(async () => {
  if (app) await deleteApp(app);
  await emulators?.stop();
  await rm(dirname(invitationsFile), { recursive: true, force: true });
});

beforeEach(async () => {
  await clearAccounts();
  await invitations([]);
});

describe('beforeUserCreated (Auth + Functions emulators)', () => {
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
