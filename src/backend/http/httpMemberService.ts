import type { MembersResponse } from '../api.ts';
import type { MemberService, TreeMember } from '../ports.ts';
import { request } from './request.ts';

const membersOf = (graphId: string) => `/api/graphs/${encodeURIComponent(graphId)}/members`;

/** The owner's member management on the self-hosted server (src/backend/api.ts). */
export function createHttpMemberService(): MemberService {
  return {
    async list(graphId) {
      return (await request<MembersResponse>('GET', membersOf(graphId))).members;
    },
    async setRole(graphId, uid, role) {
      return (await request<{ member: TreeMember }>('PATCH', `${membersOf(graphId)}/${encodeURIComponent(uid)}`, { role })).member;
    },
    remove: (graphId, uid) => request<void>('DELETE', `${membersOf(graphId)}/${encodeURIComponent(uid)}`),
  };
}
