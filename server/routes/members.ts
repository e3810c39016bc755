import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MembersResponse } from '../../src/backend/api.ts';
import type { TreeMember } from '../../src/backend/ports.ts';
import { AppError } from '../../src/domain/errors.ts';
import { canManageTree, MEMBER_ID_INVALID, MEMBER_ROLES, MEMBER_UID, ROLE_CHOICE_INVALID, ROLE_MESSAGES } from '../../src/domain/roles.ts';
import type { AppContext } from '../context.ts';
import { findMember, listMembers, removeMember, setMemberRole } from '../graphs/members.ts';
import type { GraphService } from '../graphs/service.ts';
import { parseBody } from '../http/errors.ts';
import { requireUser } from '../http/session.ts';
import { checkGraphId, requireRole } from './graphs.ts';

const RoleBody = z.strictObject({ role: z.enum(MEMBER_ROLES, ROLE_CHOICE_INVALID) });


/**
 * The owner's management of a tree's members (src/backend/api.ts "members"). A removed member's
 * live streams of the tree end at once and their next call is refused (they are no longer a
 * member); a member whose role changed gets their streams reloaded under the new role.
 */
export function memberRoutes(app: FastifyInstance, ctx: AppContext, graphs: GraphService): void {
  const { db, streams } = ctx;

  async function ownerOf(graphId: string, uid: string) {
    checkGraphId(graphId);
    await requireRole(graphs, graphId, uid, canManageTree, ROLE_MESSAGES.ownerOnly);
  }

  function checkMember(target: string, actingUid: string): void {
    if (!MEMBER_UID.test(target)) throw new AppError('invalid-argument', MEMBER_ID_INVALID);
    if (target === actingUid) throw new AppError('failed-precondition', ROLE_MESSAGES.ownRole);
  }

  app.get<{ Params: { graphId: string } }>('/api/graphs/:graphId/members', async (request): Promise<MembersResponse> => {
    const user = await requireUser(request, db);
    await ownerOf(request.params.graphId, user.uid);
    return { members: await listMembers(db, request.params.graphId) };
  });

  app.patch<{ Params: { graphId: string; uid: string } }>('/api/graphs/:graphId/members/:uid', async (request): Promise<{ member: TreeMember }> => {
    const user = await requireUser(request, db);
    const { graphId, uid } = request.params;
    await ownerOf(graphId, user.uid);
    checkMember(uid, user.uid);
    const { role } = parseBody(RoleBody, request.body);
    if (!(await setMemberRole(db, graphId, uid, role))) throw new AppError('not-found', ROLE_MESSAGES.notAMemberOfTree);
    await streams.end({ uid, graphId }, 'reload');
    return { member: (await findMember(db, graphId, uid))! };
  });

  app.delete<{ Params: { graphId: string; uid: string } }>('/api/graphs/:graphId/members/:uid', async (request, reply) => {
    const user = await requireUser(request, db);
    const { graphId, uid } = request.params;
    await ownerOf(graphId, user.uid);
    checkMember(uid, user.uid);
    if (!(await removeMember(db, graphId, uid))) throw new AppError('not-found', ROLE_MESSAGES.notAMemberOfTree);
    await streams.end({ uid, graphId }, 'removed');
    return reply.code(204).send();
  });
}
