import { randomFillSync } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { paths, type InvitationDoc } from '../src/backend/firebase/paths.ts';
import { firstAccountInvitation, inviteUrl, siteOrigins } from '../functions/src/invitations.ts';

/**
 * `GOOGLE_CLOUD_PROJECT=<id> npx tsx scripts/firebaseFirstInvitation.ts [email]`: the link that
 * makes a Firebase site's first account (sign-up is by invitation only, and nobody can invite
 * before an account exists). Like `npm start` on the self-hosted server: while the project has no
 * account, it keeps one pending first-account invitation (for `email`, or for whoever opens it)
 * and prints its link; once any account exists it says so and makes nothing. Runs with the
 * Admin SDK's application default credentials (`gcloud auth application-default login`), or
 * against the emulators when FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST are set.
 */

export async function ensureFirstInvitation(projectId: string, email: string, origins: readonly string[]): Promise<string | null> {
  const app = initializeApp({ projectId }, `first-invitation-${Date.now()}`);
  try {
    const db = getFirestore(app);
    if ((await getAuth(app).listUsers(1)).users.length) return null;
    const pending = await db.collection(paths.invitations()).where('firstAccount', '==', true).where('status', '==', 'pending').limit(1).get();
    // Only a token's hash is kept, so an earlier link cannot be printed again: the pending
    // first-account invitation gets a new token (the earlier printed link stops working).
    const made = firstAccountInvitation(email, (bytes) => randomFillSync(bytes), new Date());
    const existing = pending.docs[0];
    if (existing) await existing.ref.update({ email: made.doc.email, tokenHash: made.doc.tokenHash } satisfies Partial<InvitationDoc>);
    else await db.doc(paths.invitation(made.doc.id)).create(made.doc);
    return inviteUrl(origins[0]!, made.token);
  } finally {
    await deleteApp(app);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const projectId = process.env.GOOGLE_CLOUD_PROJECT ?? process.env.GCLOUD_PROJECT;
  if (!projectId) {
    console.error('Set GOOGLE_CLOUD_PROJECT to the Firebase project id.');
    process.exit(1);
  }
  const link = await ensureFirstInvitation(projectId, process.argv[2] ?? '', siteOrigins(process.env.SITE_ORIGINS, projectId));
  console.log(link ? `Open this link to create the first account:\n  ${link}` : 'This project has accounts already: invite people from the tree.');
}
