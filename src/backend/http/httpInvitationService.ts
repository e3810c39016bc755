import type { InvitationResponse, InvitationsResponse } from '../api.ts';
import type { InvitationLink, InvitationService } from '../ports.ts';
import { request } from './request.ts';

const invitationsOf = (graphId: string) => `/api/graphs/${encodeURIComponent(graphId)}/invitations`;

/**
 * Invitations on the self-hosted server. The inviter is whoever is signed in (the server ignores
 * any other inviterUid); every link is on the site's own origin.
 */
export function createHttpInvitationService(): InvitationService {
  return {
    async create({ graphUid, nodeId, email, role }) {
      const { inviteUrl, invitation, mailed } = await request<InvitationLink & { token: string }>('POST', '/api/invitations', {
        graphUid,
        nodeId,
        email,
        ...(role ? { role } : {}),
      });
      return { inviteUrl, invitation, mailed };
    },
    details: (token) => request<InvitationResponse>('GET', `/api/invitations/${encodeURIComponent(token)}`),
    accept: (token) => request<{ graphId: string }>('POST', `/api/invitations/${encodeURIComponent(token)}/join`),
    async list(graphId) {
      return (await request<InvitationsResponse>('GET', invitationsOf(graphId))).invitations;
    },
    renewLink: (graphId, id) => request<InvitationLink>('POST', `${invitationsOf(graphId)}/${encodeURIComponent(id)}/link`),
    resend: (graphId, id) => request<InvitationLink>('POST', `${invitationsOf(graphId)}/${encodeURIComponent(id)}/resend`),
    revoke: (graphId, id) => request<void>('DELETE', `${invitationsOf(graphId)}/${encodeURIComponent(id)}`),
  };
}
