import type { FastifyInstance } from 'fastify';
import { AppError } from '../../src/domain/errors.ts';
import type { Profile } from '../../src/domain/types.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/session.ts';
import { findProfile } from '../profiles.ts';

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get<{ Params: { id: string } }>('/api/profiles/:id', async (request): Promise<{ profile: Profile }> => {
    const user = await requireUser(request, db);
    const { id } = request.params;
    if (id.length > 200) throw new AppError('invalid-argument', 'The profile id is too long.');
    const profile = await findProfile(db, id);
    if (!profile) throw new AppError('not-found', 'Profile not found.');
    // Graph membership (a later issue) widens this to the profiles of the member's graphs.
    if (profile.id !== user.uid && profile.ownerUid !== user.uid) {
      throw new AppError('permission-denied', 'You do not have access to this profile.');
    }
    return { profile };
  });
}
