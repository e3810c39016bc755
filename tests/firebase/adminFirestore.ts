import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { paths, type InvitationDoc } from '../../src/backend/firebase/paths.ts';
import { hashInvitationToken } from '../../functions/src/invitations.ts';
import type { RunningEmulators } from './emulators.ts';

/**
 * The Admin SDK on emulators a test started (Firestore and Auth), to put in place what the test
 * needs (invitations in each state, a tree to join) and to read back what the functions wrote.
 */
export interface Admin {
  db: Firestore;
  auth: Auth;
  /** Replaces every invitation with these. */
  setInvitations(list: readonly InvitationDoc[]): Promise<void>;
  invitation(id: string): Promise<InvitationDoc | null>;
  close(): Promise<void>;
}

export function adminOn(emulators: RunningEmulators): Admin {
  process.env.FIRESTORE_EMULATOR_HOST = emulators.hosts.firestore;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.hosts.auth;
  const app: App = initializeApp({ projectId: emulators.projectId }, `admin-${process.pid}-${Date.now()}`);
  const db = getFirestore(app);
  db.settings({ ignoreUndefinedProperties: true });
  return {
    db,
    auth: getAuth(app),
    async setInvitations(list) {
      await db.recursiveDelete(db.collection(paths.invitations()));
      const batch = db.batch();
      for (const doc of list) batch.set(db.doc(paths.invitation(doc.id)), doc);
      await batch.commit();
    },
    async invitation(id) {
      return ((await db.doc(paths.invitation(id)).get()).data() as InvitationDoc | undefined) ?? null;
    },
    close: () => deleteApp(app),
  };
}

/** A pending invitation for `email` behind `token` (no tree unless `graphUid` and `nodeId` are given), as createInvitation stores one. */
export function pendingInvitation(token: string, email: string, extra: Partial<InvitationDoc> = {}): InvitationDoc {
  return {
    id: token.slice(0, 24),
    tokenHash: hashInvitationToken(token),
    email,
    nodeId: '',
    inviterUid: '',
    graphUid: '',
    role: 'editor',
    status: 'pending',
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    firstAccount: false,
    ...extra,
  };
}
