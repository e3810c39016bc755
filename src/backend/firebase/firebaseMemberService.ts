import type { MemberService } from '../ports.ts';
import type { Call } from './call.ts';

/** The owner's member management on Firebase (functions/src/callables/members.ts). */
export function createFirebaseMemberService(call: Call): MemberService {
  return {
    async list(graphId) {
      return (await call('listMembers', { graphId })).members;
    },
    async setRole(graphId, uid, role) {
      return (await call('setMemberRole', { graphId, uid, role })).member;
    },
    async remove(graphId, uid) {
      await call('removeMember', { graphId, uid });
    },
  };
}
