import { deleteApp } from 'firebase/app';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION } from '../../src/backend/firebase/callables.ts';
import { firebasePorts } from '../../src/backend/firebase/firebaseBackend.ts';
import { paths, type MembersDoc, type NodeDoc } from '../../src/backend/firebase/paths.ts';
import { createFirebaseServices, type FirebaseServices } from '../../src/backend/firebase/services.ts';
import type { SignUpInput } from '../../src/backend/ports.ts';
import { EMAIL_IN_USE, INVITATION_EXPIRED, INVITATION_REVOKED, INVITATION_USED, newOwnProfile, OTHER_EMAIL } from '../../src/domain/invitations.ts';
import { saveChangeSet } from '../../src/domain/save/saveChangeSet.ts';
import type { AuthUser } from '../../src/domain/types.ts';
import { AUTH_MESSAGES, PASSWORD_TOO_SHORT } from '../../src/domain/validation/auth.ts';
import { BULK_WRITE_RUNNING, bulkLockPath, type BulkLockDoc } from '../../functions/src/store/bulkLock.ts';
import { firestoreGraphStore } from '../../functions/src/store/firestoreGraphStore.ts';
import { familyGraph } from '../../bench/scene/familyGraph.ts';
import { asChangeSet } from '../contract/graphStore.contract.ts';
import { eventually } from '../integration/helpers.ts';
import { adminOn, pendingInvitation as pending, type Admin } from './adminFirestore.ts';
import { startEmulators, type RunningEmulators } from './emulators.ts';

/**
 * Joining by invitation through the Firebase AuthService, against the Auth, Functions and
 * Firestore emulators: the app's own functions (functions/src/index.ts: the blocking function
 * reading pending invitations from Firestore, getInvitation and acceptInvitation), invitations put
 * in each state with the Admin SDK. What is under test is the browser adapter's sequence: the
 * invitation, the form, the e-mail, the account, the accept call, the display name, and taking
 * the account back when the accept call refuses; and what the functions wrote in Firestore.
 */

let emulators: RunningEmulators;
let admin: Admin;
const apps: FirebaseServices[] = [];

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
  emulators = await startEmulators({ only: ['auth', 'functions', 'firestore'] });
  admin = adminOn(emulators);
}, 240_000);
beforeEach(async () => {
  await fetch(`http://${emulators.hosts.auth}/emulator/v1/projects/${emulators.projectId}/accounts`, { method: 'DELETE' });
});
afterEach(async () => {
  for (const services of apps.splice(0)) await deleteApp(services.app);
});
afterAll(async () => {
  await admin?.close();
  await emulators?.stop();
});

/** The inviter's tree (three people, saved through the one save path): the card to be claimed is a relative's. */
async function inviterTree(inviter: string): Promise<{ nodeId: string; profileId: string }> {
  const now = new Date().toISOString();
  const store = firestoreGraphStore(admin.db);
  await store.transaction((tx) => tx.writeProfiles([newOwnProfile({ uid: inviter, firstName: 'Grace', lastName: 'Hopper', email: `${inviter}@example.com`, gender: 'F', now })]));
  const family = familyGraph(3, inviter, 'rows', 7, now, `${inviter}-`);
  await saveChangeSet(store, { uid: inviter, graphId: inviter, changes: asChangeSet(family, inviter), clientId: 'test' }, { now: new Date(), publish: () => undefined });
  const card = family.nodes.find((n) => n.data.profileId !== inviter)!;
  return { nodeId: card.id, profileId: card.data.profileId };
}

describe('acceptInvitation on Firebase (Auth, Functions and Firestore emulators)', () => {
  it('makes the account, joins, and signs the member in with the name the function set; the app never sees the half-made account', async () => {
    await admin.setInvitations([pending(TOKEN, 'ada@example.com')]);
    const { ports, heard } = browser();
    expect(await ports.invitations.details(TOKEN)).toMatchObject({ email: 'ada@example.com', firstAccount: false, role: 'editor' });
    const result = await ports.auth.acceptInvitation(TOKEN, person('Ada@Example.com'));
    if (result.status !== 'signed-in') throw new Error(`expected signed-in, got ${result.status}`);
    const { user } = result;
    expect(user).toMatchObject({ email: 'ada@example.com', displayName: 'Ada Lovelace', photoURL: '' });
    await eventually(() => (heard.length >= 2 ? true : undefined));
    expect(heard).toEqual([null, user]);
    expect(await admin.invitation(TOKEN.slice(0, 24))).toMatchObject({ status: 'accepted', acceptedBy: user.uid });
    // Her own profile, in the names as §5 writes them, and her users document.
    expect((await admin.db.doc(paths.profile(user.uid)).get()).data()).toMatchObject({ profile: { id: user.uid, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', ownerUid: user.uid } });
    expect((await admin.db.doc(paths.user(user.uid)).get()).exists).toBe(true);
    await expect(ports.invitations.details(TOKEN)).rejects.toMatchObject({ code: 'auth/invitation-used', message: INVITATION_USED });
  });

  it('refuses, before any account is made: another e-mail, a form §5 refuses, a used invitation', async () => {
    await admin.setInvitations([pending(TOKEN, 'ada@example.com'), pending('ffffffffffffffffffffffffffffffff', 'used@example.com', { status: 'accepted' })]);
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

  it('refuses a revoked and an expired link, each with its own message, and makes no account', async () => {
    const REVOKED = 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
    const EXPIRED = 'dddddddddddddddddddddddddddddddd';
    await admin.setInvitations([
      pending(REVOKED, 'revoked@example.com', { status: 'revoked' }),
      pending(EXPIRED, 'expired@example.com', { expiresAt: '2026-01-15T00:00:00.000Z' }),
    ]);
    const { ports } = browser();
    await expect(ports.invitations.details(REVOKED)).rejects.toMatchObject({ code: 'auth/invitation-revoked', message: INVITATION_REVOKED });
    await expect(ports.auth.acceptInvitation(REVOKED, person('revoked@example.com'))).rejects.toMatchObject({ code: 'auth/invitation-revoked' });
    await expect(ports.auth.acceptInvitation(EXPIRED, person('expired@example.com'))).rejects.toMatchObject({ code: 'auth/invitation-expired', message: INVITATION_EXPIRED });
    expect(await accounts()).toEqual([]);
  });

  it('when the accept call refuses (an import is being written into the tree), the new account is taken back; the same link then joins the tree and claims the card', async () => {
    const inviter = `inviter${Date.now().toString(36)}`;
    const card = await inviterTree(inviter);
    await admin.setInvitations([pending(TOKEN, 'ada@example.com', { graphUid: inviter, nodeId: card.nodeId, inviterUid: inviter })]);
    // A bulk write holds the tree (functions/src/store/bulkLock.ts): the accept's transaction is refused, after the client's retries.
    await admin.db.doc(bulkLockPath(inviter)).set({ importId: 'ab'.repeat(12), uid: inviter, graphId: inviter } satisfies BulkLockDoc);
    await admin.db.doc(paths.import(inviter, 'ab'.repeat(12))).set({ uid: inviter, state: 'committing', createdAt: new Date().toISOString(), leaseEndsAt: new Date(Date.now() + 600_000).toISOString() });
    const first = browser();
    await expect(first.ports.auth.acceptInvitation(TOKEN, person('ada@example.com'))).rejects.toMatchObject({ code: 'unavailable', message: BULK_WRITE_RUNNING });
    expect(await accounts()).toEqual([]);
    await eventually(() => (first.heard.length >= 1 ? true : undefined));
    expect(first.heard.every((u) => u === null)).toBe(true);
    expect(await admin.invitation(TOKEN.slice(0, 24))).toMatchObject({ status: 'pending' });

    await admin.db.doc(bulkLockPath(inviter)).delete();
    const second = browser();
    const joined = await second.ports.auth.acceptInvitation(TOKEN, person('ada@example.com'));
    if (joined.status !== 'signed-in') throw new Error(`expected signed-in, got ${joined.status}`);
    expect(joined.user).toMatchObject({ displayName: 'Ada Lovelace' });
    expect(await accounts()).toEqual([expect.objectContaining({ email: 'ada@example.com', displayName: 'Ada Lovelace' })]);
    // Joined the inviter's tree as an editor, on the card she was invited to.
    const members = (await admin.db.doc(paths.members(inviter)).get()).data() as MembersDoc;
    expect(members.roles[joined.user.uid]).toBe('editor');
    expect(((await admin.db.doc(paths.node(inviter, card.nodeId)).get()).data() as NodeDoc).profileId).toBe(joined.user.uid);
    expect(await admin.invitation(TOKEN.slice(0, 24))).toMatchObject({ status: 'accepted', acceptedBy: joined.user.uid });
  });

  it('an address that already has an account is told to sign in', async () => {
    await admin.setInvitations([pending(TOKEN, 'ada@example.com')]);
    await browser().ports.auth.acceptInvitation(TOKEN, person('ada@example.com'));
    await admin.setInvitations([pending(TOKEN, 'ada@example.com')]);
    await expect(browser().ports.auth.acceptInvitation(TOKEN, person('ada@example.com'))).rejects.toMatchObject({
      code: 'auth/email-already-in-use',
      message: EMAIL_IN_USE,
    });
  });
});
