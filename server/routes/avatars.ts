import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, type ErrorCode } from '../../src/domain/errors.ts';
import { isProfileId, PROFILE_ID_INVALID, PROFILE_ID_PREFIX } from '../../src/domain/ids.ts';
import { canEditProfile } from '../../src/domain/permissions.ts';
import { PHOTO_REFUSED, PROFILE_NOT_FOUND } from '../../src/domain/profile.ts';
import { PROFILE_ON_TREE_LEFT } from '../../src/domain/save/treesLeft.ts';
import { AVATAR_SIZES } from '../../src/domain/timing.ts';
import type { Profile } from '../../src/domain/types.ts';
import type { AppContext } from '../context.ts';
import {
  AVATAR_MESSAGES,
  AvatarImageError,
  MAX_AVATAR_UPLOAD_BYTES,
  encodeAvatar,
  inspectAvatar,
  oneAtATime,
  outputFormatFor,
  type AvatarFormat,
} from '../files/avatarImages.ts';
import { AVATAR_FILE_NAME, avatarPath, readStoredFile, writeAvatarFiles } from '../files/avatarStorage.ts';
import { errorBody } from '../http/errors.ts';
import { requireUser } from '../http/session.ts';
import { findProfile } from '../profiles.ts';
import type { GraphService } from '../graphs/service.ts';
import { ROLE_MESSAGES, type TreeRole } from '../../src/domain/roles.ts';
import { NO_ACCESS } from './profiles.ts';

export const IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * Whether `uid`, with `role` in a tree showing the profile, may replace its photo: a profile they
 * may edit (§6), and never another member's own profile, whether by id (a member's uid) or by
 * claim (owned by someone else).
 */
export function mayReplacePhoto(profile: Pick<Profile, 'id' | 'ownerUid'>, uid: string, role: TreeRole | null): boolean {
  if (!uid) return false;
  if (profile.id === uid) return true;
  if (!profile.id.startsWith(PROFILE_ID_PREFIX)) return false;
  if (profile.ownerUid && profile.ownerUid !== uid) return false;
  return canEditProfile(profile, uid, role);
}

function sendCoded(reply: FastifyReply, status: number, code: ErrorCode, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(code, message));
}

const MULTIPART_LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** The two uploaded files, read fully (each at most 10 MB); anything else in the form is refused. */
async function readUpload(parts: AsyncIterable<import('@fastify/multipart').Multipart>): Promise<{ large: Buffer; small: Buffer }> {
  const files: Partial<Record<'large' | 'small', Buffer>> = {};
  for await (const part of parts) {
    if (part.type !== 'file' || (part.fieldname !== 'large' && part.fieldname !== 'small') || files[part.fieldname]) {
      throw new AvatarImageError(400, AVATAR_MESSAGES.missingFiles);
    }
    files[part.fieldname] = await part.toBuffer();
  }
  if (!files.large || !files.small) throw new AvatarImageError(400, AVATAR_MESSAGES.missingFiles);
  return { large: files.large, small: files.small };
}

/**
 * PUT /api/profiles/:id/avatar (multipart `large`, `small`) and GET /files/profiles/:id/avatar_*:
 * the §7 file storage of the self-hosted server. Storing a photo writes only the files and answers
 * their URLs; the profile save that follows carries them (one revision, one live event).
 */
export function avatarRoutes(app: FastifyInstance, ctx: AppContext, graphs: GraphService): void {
  const { db } = ctx;

  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_AVATAR_UPLOAD_BYTES, files: 2, fields: 0, parts: 2, headerPairs: 50 },
    });

    scope.put<{ Params: { id: string } }>('/api/profiles/:id/avatar', async (request, reply) => {
      const user = await requireUser(request, db);
      const { id } = request.params;
      if (!isProfileId(id)) throw new AppError('invalid-argument', PROFILE_ID_INVALID);
      const profile = await findProfile(db, id);
      if (!profile) throw new AppError('not-found', PROFILE_NOT_FOUND);
      const access = await graphs.profileAccess(profile, user.uid);
      if (!access) throw new AppError('permission-denied', NO_ACCESS);
      if (access === 'viewer') throw new AppError('permission-denied', ROLE_MESSAGES.viewer);
      // 'whole': the member's own profile, or one a tree they own or edit shows.
      if (!mayReplacePhoto(profile, user.uid, access === 'whole' ? 'editor' : 'viewer')) {
        throw new AppError('permission-denied', PHOTO_REFUSED);
      }
      // An older photo URL gets the current bytes: a new photo would reach a tree the member left.
      if ((profile.id === user.uid || profile.ownerUid === user.uid) && (await graphs.onTreeLeft(id, user.uid))) {
        throw new AppError('permission-denied', PROFILE_ON_TREE_LEFT);
      }
      if (!request.isMultipart()) return sendCoded(reply, 400, 'invalid-argument', AVATAR_MESSAGES.notMultipart);

      let format: AvatarFormat;
      let large: Buffer;
      let small: Buffer;
      try {
        const upload = await readUpload(request.parts());
        const [largeFormat] = await Promise.all([inspectAvatar(upload.large), inspectAvatar(upload.small)]);
        format = outputFormatFor(largeFormat);
        [large, small] = await oneAtATime(async () => [
          await encodeAvatar(upload.large, AVATAR_SIZES.large, format),
          await encodeAvatar(upload.small, AVATAR_SIZES.small, format),
        ]);
      } catch (e) {
        if (e instanceof AvatarImageError) return sendCoded(reply, e.status, 'invalid-argument', e.message);
        const code = (e as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return sendCoded(reply, 413, 'invalid-argument', AVATAR_MESSAGES.tooLarge);
        if (code && MULTIPART_LIMIT_CODES.has(code)) return sendCoded(reply, 413, 'invalid-argument', AVATAR_MESSAGES.missingFiles);
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return sendCoded(reply, 400, 'invalid-argument', AVATAR_MESSAGES.notMultipart);
        throw e;
      }

      const [photoURL, photoURLSmall] = await writeAvatarFiles(db, id, format, [
        { size: AVATAR_SIZES.large, bytes: large },
        { size: AVATAR_SIZES.small, bytes: small },
      ]);
      return { photoURL: photoURL!, photoURLSmall: photoURLSmall! };
    });
  });

  /**
   * Only the four names the store writes are served: no listing, no other file, no path climbing,
   * and only to whoever may read the profile (a viewer not the photo of a private person). A URL
   * whose `v` is the stored bytes' hash never changes meaning, so this browser keeps it a year
   * (private: the answer depends on who asks); an older `v` (a photo replaced since) gets the
   * current bytes, revalidated each time.
   */
  app.get<{ Params: { id: string; name: string }; Querystring: { v?: string } }>('/files/profiles/:id/:name', async (request, reply) => {
    const user = await requireUser(request, db);
    const { id, name } = request.params;
    if (!isProfileId(id) || !AVATAR_FILE_NAME.test(name)) return sendCoded(reply, 404, 'not-found', 'Not found');
    const profile = await findProfile(db, id);
    if (!profile) return sendCoded(reply, 404, 'not-found', 'Not found');
    const access = await graphs.profileAccess(profile, user.uid);
    if (!access) throw new AppError('permission-denied', NO_ACCESS);
    if (access === 'viewer' && !(await graphs.viewerSeesPhoto(profile, user.uid))) return sendCoded(reply, 404, 'not-found', 'Not found');
    const file = await readStoredFile(db, avatarPath(id, name));
    if (!file) return sendCoded(reply, 404, 'not-found', 'Not found');
    reply
      .header('Content-Type', file.contentType)
      .header('Cache-Control', request.query.v === file.hash ? IMMUTABLE : 'private, no-cache')
      .header('ETag', `"${file.hash}"`)
      .header('Last-Modified', file.updatedAt.toUTCString());
    return reply.send(file.bytes);
  });
}
