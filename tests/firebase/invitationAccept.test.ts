import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { deleteApp } from 'firebase/app';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION } from '../../src/backend/firebase/callables.ts';
import { firebasePorts } from '../../src/backend/firebase/firebaseBackend.ts';
import type { InvitationDoc } from '../../src/backend/firebase/paths.ts';
import { createFirebaseServices, type FirebaseServices } from '../../src/backend/firebase/services.ts';
import type { SignUpInput } from '../../src/backend/ports.ts';
import { EMAIL_IN_USE, INVITATION_USED, OTHER_EMAIL } from '../../src/domain/invitations.ts';
import type { AuthUser } from '../../src/domain/types.ts';
import { AUTH_MESSAGES, PASSWORD_TOO_SHORT } from '../../src/domain/validation/auth.ts';
import { eventually } from '../integration/helpers.ts';
import { startEmulators, type RunningEmulators } from './emulators.ts';

/**
 * Joining by invitation through the Firebase AuthService, against the Auth and Functions
 * emulators: the app's blocking function and the invitation callables of
 * tests/firebase/fixtures/invitationFunctions.ts (invitations in a file, as Firestore cannot run
 * here). What is under test is the browser adapter's sequence: the invitation, the form, the
 * e-mail, the account, the accept call, the display name, and taking the account back when the
 * accept call refuses.
 */

let emulators: RunningEmulators;
let invitationsFile: string;
const apps: FirebaseServices[] = [];

type FileInvitation = InvitationDoc & { refuseAccept?: string };

const pending = (token: string, email: string, extra: Partial<FileInvitation> = {}): FileInvitation => ({
  token,
  email,
  nodeId: '',
  inviterUid: '',
  graphUid: '',
  status: 'pending',
  createdAt: null,
  firstAccount: false,
  ...extra,
});

async function setInvitations(list: FileInvitation[]) {
  await writeFile(invitationsFile, JSON.stringify(list));
}
const storedInvitations = async () => JSON.parse(await readFile(invitationsFile, 'utf8')) as FileInvitation[];

async function accounts(): Promise<{ email: string; displayName?: string }[]> {
  const res = await fetch(`http://${emulators.hosts.auth}/identitytoolkit.googleapis.com/v1/projects/${emulators.projectId}/accounts:query`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: '{}',
  });
  return ((await res.json()) as { userInfo?: { email: string; displayName?: string }[] }).userInfo ?? [];
}

function browser() {
  const [authHost, authPort] = emulators.hosts.auth!.split(':');
  const [fnHost, fnPort] = emulators.hosts.functions!.split(':');
  const projectId = emulators.projectId;
  const services = createFirebaseServices(
    {
      web: { apiKey: 'demo-key', authDomain: `${projectId}.firebaseapp.com`, projectId, storageBucket: `${projectId}.appspot.com`, appId: 'demo-app' },
      functionsRegion: FUNCTIONS_REGION,
      authSyncUrl: null,
      emulators: { auth: { host: authHost!, port: Number(authPort) }, functions: { host: fnHost!, port: Number(fnPort) } },
    },
    { name: `invite-${apps.length}-${Date.now()}`, firestoreCache: 'memory' },
  );
  apps.push(services);
  const ports = firebasePorts(services);
  const heard: (AuthUser | null)[] = [];
  ports.auth.onAuthStateChanged((u) => heard.push(u));
  return { ports, heard };
}

const TOKEN = '0123456789abcdef0123456789abcdef';
const person = (email: string, extra: Partial<SignUpInput> = {}): SignUpInput => ({
  firstName: 'ada',
  lastName: 'LOVELACE',
  gender: 'Female',
  email,
  password: 'correct horse battery',
  ...extra,
});

beforeAll(async () => {
  invitationsFile = join(await mkdtemp(join(tmpdir(), 'kinfolk-accept-')), 'invitations.json');
  await setInvitations([]);
  emulators = await startEmulators({
    only: ['auth', 'functions'],
    functionsEntry: join(import.meta.dirname, 'fixtures/invitationFunctions.ts'),
    functionsEnv: { KINFOLK_INVITATIONS_FILE: invitationsFile },
  });
});
beforeEach(async () => {
  await fetch(`http://${emulators.hosts.auth}/emulator/v1/projects/${emulators.projectId}/accounts`, { method: 'DELETE' });
});
afterEach(async () => {
  for (const services of apps.splice(0)) await deleteApp(services.app);
});
afterAll(async () => {
  await emulators?.stop();
  if (invitationsFile) await rm(dirname(invitationsFile), { recursive: true, force: true });
});

describe('acceptInvitation on Firebase (Auth + Functions emulators)', () => {
  it('makes the account, joins, and signs the member in with the name the function set; the app never sees the half-made account', async () => {
    await setInvitations([pending(TOKEN, 'ada@example.com')]);
    const { ports, heard } = browser();
    expect(await ports.auth.getInvitation(TOKEN)).toEqual({ email: 'ada@example.com', firstAccount: false });
    const user = await ports.auth.acceptInvitation(TOKEN, person('Ada@Example.com'));
    expect(user).toMatchObject({ email: 'ada@example.com', displayName: 'Ada Lovelace', photoURL: '' });
    await eventually(() => (heard.length >= 2 ? true : undefined));
    expect(heard).toEqual([null, user]);
    expect((await storedInvitations())[0]).toMatchObject({ status: 'accepted', acceptedBy: user.uid });
    await expect(ports.auth.getInvitation(TOKEN)).rejects.toMatchObject({ code: 'auth/invitation-used', message: INVITATION_USED });
  });

  it('refuses, before any account is made: another e-mail, a form §5 refuses, a used invitation', async () => {
    await setInvitations([pending(TOKEN, 'ada@example.com'), pending('ffffffffffffffffffffffffffffffff', 'used@example.com', { status: 'accepted' })]);
    const { ports } = browser();
    await expect(ports.auth.acceptInvitation(TOKEN, person('grace@example.com'))).rejects.toMatchObject({ code: 'invalid-argument', message: OTHER_EMAIL });
    await expect(ports.auth.acceptInvitation(TOKEN, person('ada@example.com', { password: 'short' }))).rejects.toMatchObject({
      code: 'invalid-argument',
      message: PASSWORD_TOO_SHORT,
    });
    await expect(ports.auth.acceptInvitation(TOKEN, person('ada@example.com', { gender: '' as SignUpInput['gender'] }))).rejects.toMatchObject({
      message: AUTH_MESSAGES.genderRequired,
    });
    await expect(ports.auth.acceptInvitation('ffffffffffffffffffffffffffffffff', person('used@example.com'))).rejects.toMatchObject({
      code: 'auth/invitation-used',
    });
    expect(await accounts()).toEqual([]);
  });

  it('when the accept call refuses, the new account is taken back and the same link works later', async () => {
    await setInvitations([pending(TOKEN, 'ada@example.com', { refuseAccept: 'This person already belongs to a member.' })]);
    const first = browser();
    await expect(first.ports.auth.acceptInvitation(TOKEN, person('ada@example.com'))).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'This person already belongs to a member.',
    });
    expect(await accounts()).toEqual([]);
    await eventually(() => (first.heard.length >= 1 ? true : undefined));
    expect(first.heard.every((u) => u === null)).toBe(true);

    await setInvitations([pending(TOKEN, 'ada@example.com')]);
    const second = browser();
    expect((await second.ports.auth.acceptInvitation(TOKEN, person('ada@example.com'))).displayName).toBe('Ada Lovelace');
    expect(await accounts()).toEqual([expect.objectContaining({ email: 'ada@example.com', displayName: 'Ada Lovelace' })]);
  });

  it('an address that already has an account is told to sign in', async () => {
    await setInvitations([pending(TOKEN, 'ada@example.com')]);
    await browser().ports.auth.acceptInvitation(TOKEN, person('ada@example.com'));
    await setInvitations([pending(TOKEN, 'ada@example.com')]);
    await expect(browser().ports.auth.acceptInvitation(TOKEN, person('ada@example.com'))).rejects.toMatchObject({
      code: 'auth/email-already-in-use',
      message: EMAIL_IN_USE,
    });
  });
});
