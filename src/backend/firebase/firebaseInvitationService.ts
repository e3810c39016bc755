import type { InvitationService } from '../ports.ts';
import type { Call } from './call.ts';

/**
 * Invitations on Firebase, through the callables of functions/src/callables/invitations.ts: the
 * link is on the site's own origin; the token is stored only as its SHA-256, so "Copy link" and
 * "Resend" both make a new link (the earlier one stops working). Creating and resending also write
 * the invitation's e-mail for Firebase's "Trigger Email" extension (functions/src/invitationMail.ts);
 * whether it is installed is not known here, so `mailed` is false and the §7 mail-compose link and
 * "Copy link" stay the way.
 */
export function createFirebaseInvitationService(call: Call): InvitationService {
  const link = (mail: boolean) => async (graphId: string, id: string) => {
    const { inviteUrl, invitation, mailed } = await call('renewInvitation', { graphId, id, mail });
    return { inviteUrl, invitation, mailed };
  };
  return {
    async create({ inviterUid, graphUid, nodeId, email, role }) {
      const { inviteUrl, invitation, mailed } = await call('createInvitation', { inviterUid, graphUid, nodeId, email, role });
      return { inviteUrl, invitation, mailed };
    },
    details: (token) => call('getInvitation', { token }),
    accept: (token) => call('joinInvitation', { token }),
    async list(graphId) {
      return (await call('listInvitations', { graphId })).invitations;
    },
    renewLink: link(false),
    resend: link(true),
    async revoke(graphId, id) {
      await call('revokeInvitation', { graphId, id });
    },
  };
}
