import { randomFillSync } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { paths, type InvitationDoc } from '../src/backend/firebase/paths.ts';
import { normaliseEmail } from '../src/domain/validation/auth.ts';
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
    let token = pending.docs[0]?.id;
    if (token) await db.doc(paths.invitation(token)).update({ email: normaliseEmail(email) });
    else {
      const invitation: InvitationDoc = firstAccountInvitation(email, (bytes) => randomFillSync(bytes), FieldValue.serverTimestamp());
      await db.doc(paths.invitation(invitation.token)).create(invitation);
      token = invitation.token;
    }
    return inviteUrl(origins[0]!, token);
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
