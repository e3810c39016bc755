import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { paths, type InvitationDoc } from '../../src/backend/firebase/paths.ts';
import { accountsIn } from './accounts.ts';
import { invitationExpired } from '../../src/domain/invitations.ts';
import type { SignUpSources } from './signUpGate.ts';

/** The sign-up gate's facts from Firestore (invitations; indexes in firestore.indexes.json) and Firebase Auth. */
export function firestoreSignUpSources(db: Firestore, auth: Auth): SignUpSources {
  const invitations = db.collection(paths.invitations());
  return {
    async hasPendingInvitation(email) {
      // Revoked and accepted ones are not 'pending'; an expired one is, until renewed.
      const found = await invitations.where('email', '==', email).where('status', '==', 'pending').where('firstAccount', '==', false).get();
      const now = new Date();
      return found.docs.some((d) => !invitationExpired(d.data() as InvitationDoc, now));
    },
    async firstAccountEmail() {
      const found = await invitations.where('firstAccount', '==', true).where('status', '==', 'pending').limit(1).get();
      return found.empty ? null : (found.docs[0]!.data() as InvitationDoc).email;
    },
    ...accountsIn(auth),
  };
}
