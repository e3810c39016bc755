import type { InvitationService } from '../ports.ts';
import type { Call } from './call.ts';

/** §7 invitation function: the `createInvitation` callable answers the link, on the site's own origin. */
export function createFirebaseInvitationService(call: Call): InvitationService {
  return {
    async create({ inviterUid, graphUid, nodeId, email }) {
      const { inviteUrl } = await call('createInvitation', { inviterUid, graphUid, nodeId, email });
      return { inviteUrl };
    },
  };
}
