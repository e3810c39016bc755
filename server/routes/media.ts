import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, type ErrorCode } from '../../src/domain/errors.ts';
import { isProfileId } from '../../src/domain/ids.ts';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '../../src/domain/media/limits.ts';
import { isMediaId, MEDIA_FILE_NAME, uploadLimitProblem } from '../../src/domain/media/model.ts';
import { canEditTree, ROLE_MESSAGES } from '../../src/domain/roles.ts';
import type { AppContext } from '../context.ts';
import { readStoredFile } from '../files/avatarStorage.ts';
import { MediaFileError, prepareMedia } from '../files/mediaFiles.ts';
import { mediaFilePath, readMediaRecord, readMediaRecords, sweepMediaOrphans, writeMediaFiles } from '../files/mediaStorage.ts';
import { errorBody } from '../http/errors.ts';
import { requireUser } from '../http/session.ts';
import type { GraphService } from '../graphs/service.ts';
import { findProfile } from '../profiles.ts';
import { oneAtATime } from '../files/avatarImages.ts';
import { IMMUTABLE } from './avatars.ts';
import { requireRole } from './graphs.ts';

function sendCoded(reply: FastifyReply, status: number, code: ErrorCode, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(code, message));
}

const NOT_FOUND = 'Not found';
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * POST /api/graphs/:graphId/media/:mediaId (multipart: `people`, the profile ids in it joined by
 * commas, then `file`) stores a photo's or a document's files and answers what the record needs;
 * the save that follows adds the record (one revision, one live event), as with avatars.
 * GET /files/media/:graphId/:mediaId/:name serves them to the tree's members, to a viewer only
 * when everyone in it shows whole.
 */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext, graphs: GraphService): void {
  const { db } = ctx;
  // Files no record can bring back go (src/domain/media/orphans.ts): a tree's after each upload
  // to it, every tree's a few times a day (a quiet tree's deleted photos too).
  const sweep = (graphId?: string) => void sweepMediaOrphans(db, new Date(), graphId).catch((e: unknown) => app.log.warn({ err: e }, 'media orphan sweep'));
  const timer = setInterval(() => sweep(), SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MEDIA_LIMITS.fileBytes, files: 1, fields: 1, parts: 2, headerPairs: 50, fieldSize: 40_000 } });

    scope.post<{ Params: { graphId: string; mediaId: string } }>('/api/graphs/:graphId/media/:mediaId', async (request, reply) => {
      const user = await requireUser(request, db);
      const { graphId, mediaId } = request.params;
      await requireRole(graphs, graphId, user.uid, canEditTree, ROLE_MESSAGES.viewer);
      if (!isMediaId(mediaId)) throw new AppError('invalid-argument', 'The media id is invalid.');
      if (!request.isMultipart()) return sendCoded(reply, 400, 'invalid-argument', MEDIA_MESSAGES.missingFile);
      const existing = await readMediaRecords(db, graphId);
      if (Object.hasOwn(existing, mediaId)) throw new AppError('already-exists', 'A photo or document with this id already exists.');

      let people: string[] = [];
      let prepared;
      try {
        let file: { name: string; bytes: Buffer } | null = null;
        for await (const part of request.parts()) {
          if (part.type === 'field' && part.fieldname === 'people' && !file) people = String(part.value).split(',').filter(Boolean);
          else if (part.type === 'file' && part.fieldname === 'file' && !file) file = { name: part.filename, bytes: await part.toBuffer() };
          else return sendCoded(reply, 400, 'invalid-argument', MEDIA_MESSAGES.missingFile);
        }
        if (!file) return sendCoded(reply, 400, 'invalid-argument', MEDIA_MESSAGES.missingFile);
        if (!people.every(isProfileId)) return sendCoded(reply, 400, 'invalid-argument', MEDIA_MESSAGES.noPerson);
        const limit = uploadLimitProblem(existing, people, file.bytes.length);
        if (limit) return sendCoded(reply, limit.code === 'resource-exhausted' ? 413 : 400, limit.code, limit.message);
        const { name, bytes } = file;
        prepared = await oneAtATime(() => prepareMedia(name, bytes));
      } catch (e) {
        if (e instanceof MediaFileError) return sendCoded(reply, e.status, 'invalid-argument', e.message);
        const code = (e as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return sendCoded(reply, 413, 'invalid-argument', MEDIA_MESSAGES.tooLarge);
        if (code?.startsWith('FST_')) return sendCoded(reply, 400, 'invalid-argument', MEDIA_MESSAGES.missingFile);
        throw e;
      }
      const bytes = prepared.files.reduce((n, f) => n + f.bytes.length, 0);
      const [url, thumb = '', thumbSmall = ''] = await writeMediaFiles(db, graphId, mediaId, prepared.files);
      sweep(graphId);
      return { kind: prepared.kind, url: url!, thumb, thumbSmall, contentType: prepared.files[0]!.contentType, bytes };
    });
  });

  app.get<{ Params: { graphId: string; mediaId: string; name: string }; Querystring: { v?: string } }>('/files/media/:graphId/:mediaId/:name', async (request, reply) => {
    const user = await requireUser(request, db);
    const { graphId, mediaId, name } = request.params;
    if (!isMediaId(mediaId) || !MEDIA_FILE_NAME.test(name)) return sendCoded(reply, 404, 'not-found', NOT_FOUND);
    const role = await requireRole(graphs, graphId, user.uid, () => true, '');
    if (!canEditTree(role)) {
      // A viewer: only a photo whose record is saved and whose people all show whole.
      const record = await readMediaRecord(db, graphId, mediaId);
      if (!record) return sendCoded(reply, 404, 'not-found', NOT_FOUND);
      for (const id of record.people) {
        const profile = await findProfile(db, id);
        if (!profile || !(await graphs.viewerSeesPhoto(profile, user.uid))) return sendCoded(reply, 404, 'not-found', NOT_FOUND);
      }
    }
    const file = await readStoredFile(db, mediaFilePath(graphId, mediaId, name));
    if (!file) return sendCoded(reply, 404, 'not-found', NOT_FOUND);
    reply
      .header('Content-Type', file.contentType)
      .header('Cache-Control', request.query.v === file.hash ? IMMUTABLE : 'private, no-cache')
      .header('ETag', `"${file.hash}"`)
      .header('X-Content-Type-Options', 'nosniff')
      // A document opens in the browser's own viewer, walled off from the app: no script, no forms.
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('Last-Modified', file.updatedAt.toUTCString());
    return reply.send(file.bytes);
  });
}
