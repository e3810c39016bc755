import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../src/domain/errors.ts';
import { isProfileId, PROFILE_ID_INVALID } from '../../src/domain/ids.ts';
import { PROFILE_NO_ACCESS, PROFILE_NOT_FOUND, profileSetProblem } from '../../src/domain/profile.ts';
import type { Profile } from '../../src/domain/types.ts';
import type { AppContext } from '../context.ts';
import type { GraphService } from '../graphs/service.ts';
import { parseBody } from '../http/errors.ts';
import { requireUser } from '../http/session.ts';
import { findProfile } from '../profiles.ts';

export const NO_ACCESS = PROFILE_NO_ACCESS;

// `set` is checked by the domain's rule (profileSetProblem), in the words Firebase answers too.
const PatchBody = z.strictObject({ set: z.unknown() });

function checkId(id: string): void {
  if (id.length > 200) throw new AppError('invalid-argument', 'The profile id is too long.');
  if (!isProfileId(id)) throw new AppError('invalid-argument', PROFILE_ID_INVALID);
}

export function profileRoutes(app: FastifyInstance, ctx: AppContext, graphs: GraphService): void {
  const { db } = ctx;
  app.get<{ Params: { id: string } }>('/api/profiles/:id', async (request): Promise<{ profile: Profile }> => {
    const user = await requireUser(request, db);
    const { id } = request.params;
    checkId(id);
    const profile = await findProfile(db, id);
    if (!profile) throw new AppError('not-found', PROFILE_NOT_FOUND);
    const access = await graphs.profileAccess(profile, user.uid);
    if (!access) throw new AppError('permission-denied', NO_ACCESS);
    return { profile: access === 'viewer' ? await graphs.profileForViewer(profile, user.uid) : profile };
  });

  app.patch<{ Params: { id: string } }>('/api/profiles/:id', async (request): Promise<{ profile: Profile }> => {
    const user = await requireUser(request, db);
    const { id } = request.params;
    checkId(id);
    const { set } = parseBody(PatchBody, request.body);
    const problem = profileSetProblem(set);
    if (problem) throw new AppError('invalid-argument', problem);
    return { profile: await graphs.updateProfile(user.uid, id, set as Record<string, string>) };
  });
}
