import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SessionResponse } from '../../src/backend/api.ts';
import type { AppContext } from '../context.ts';
import { parseBody } from '../http/errors.ts';
import { requireUser, toAuthUser } from '../http/session.ts';

/** A photo is an absolute http(s) URL or a path on this site (uploaded avatars); '' removes it. */
const PhotoURL = z
  .string()
  .max(2048, 'The photo URL is too long.')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), {
    message: 'The photo URL must be an http(s) address or a path on this site.',
  });

const MeBody = z.object({
  displayName: z.string().trim().max(200, 'The display name is too long.').optional(),
  photoURL: PhotoURL.optional(),
});

export function meRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.patch('/api/me', async (request): Promise<SessionResponse> => {
    const user = await requireUser(request, db);
    const body = parseBody(MeBody, request.body);
    const rows = await db.query<{ uid: string; email: string; display_name: string; photo_url: string }>(
      `UPDATE users
          SET display_name = COALESCE($2, display_name), photo_url = COALESCE($3, photo_url), updated_at = now()
        WHERE uid = $1
        RETURNING uid, email, display_name, photo_url`,
      [user.uid, body.displayName ?? null, body.photoURL ?? null],
    );
    return { user: toAuthUser(rows[0]!) };
  });
}
