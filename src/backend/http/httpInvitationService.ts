import type { InvitationService } from '../ports.ts';
import { request } from './request.ts';

/**
 * §7 invitation function on the self-hosted server. The inviter is whoever is signed in (the
 * server ignores any other inviterUid); the answer's link is on the site's own origin.
 */
export function createHttpInvitationService(): InvitationService {
  return {
    async create({ graphUid, nodeId, email }) {
      const { inviteUrl } = await request<{ token: string; inviteUrl: string }>('POST', '/api/invitations', { graphUid, nodeId, email });
      return { inviteUrl };
    },
  };
}
