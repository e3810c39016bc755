import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { chunkTooLarge, IMPORT_LIMITS, type ImportLimits } from '../../src/domain/changeSetChunks.ts';
import { AppError } from '../../src/domain/errors.ts';
import type { ImportTiming } from '../../src/domain/importLease.ts';
import { MIGRATION_IDS } from '../../src/domain/migrations.ts';
import type { AppContext } from '../context.ts';
import { IMPORT_ID } from '../../src/domain/importUpload.ts';
import { createImportService } from '../graphs/bulkImport.ts';
import type { GraphService } from '../graphs/service.ts';
import { handleError, parseBody } from '../http/errors.ts';
import { requireUser } from '../http/session.ts';
import { checkGraphId } from './graphs.ts';

const BeginBody = z.strictObject({
  clientId: z.string().min(1, 'clientId is required.').max(100, 'clientId is too long.'),
  chunks: z.number().int().min(1, 'An import has at least one chunk.'),
  migrations: z.array(z.enum(MIGRATION_IDS)).max(MIGRATION_IDS.length * 2).optional(),
  people: z.number().int().min(0).optional(),
  bytes: z.number().int().min(0).optional(),
});

type ImportParams = { graphId: string; importId: string };
type ChunkParams = ImportParams & { index: string };

function importKey(request: FastifyRequest<{ Params: ImportParams }>, uid: string) {
  const { graphId, importId } = request.params;
  checkGraphId(graphId);
  if (!IMPORT_ID.test(importId)) throw new AppError('invalid-argument', 'The import id is not valid.');
  return { uid, graphId, importId };
}

function chunkIndex(value: string): number {
  if (!/^\d{1,5}$/.test(value)) throw new AppError('invalid-argument', 'The chunk number is not valid.');
  return Number(value);
}

/**
 * Bulk import (src/backend/api.ts): begin, send chunks (each a change set holding a slice of the
 * lists), commit. The chunk route takes its body as text, so what is stored is exactly what was
 * sent and a retried chunk can be recognised.
 */
export function importRoutes(app: FastifyInstance, ctx: AppContext, graphs: GraphService, limits: ImportLimits = IMPORT_LIMITS, timing?: ImportTiming): void {
  const { db } = ctx;
  const imports = createImportService(db, graphs, limits, timing);

  app.post<{ Params: { graphId: string } }>('/api/graphs/:graphId/imports', async (request) => {
    const user = await requireUser(request, db);
    checkGraphId(request.params.graphId);
    const body = parseBody(BeginBody, request.body);
    const { importId } = await imports.begin(user.uid, request.params.graphId, body);
    // The tree as it stands gets its snapshot now (a new member's tree has none until opened), so
    // the snapshot after the commit is made from it and the import, not by reading back the whole
    // imported tree: 100,000 people with events is more text than PGlite can join in one read.
    await graphs.renewSnapshot(request.params.graphId);
    return { importId, limits };
  });

  app.register(async (chunks) => {
    chunks.removeContentTypeParser('application/json');
    chunks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: limits.chunkBytes }, (_request, body, done) => done(null, body));
    // A chunk over the size limit never reaches the handler; it still breaks the upload whole.
    chunks.setErrorHandler(async (error, request, reply) => {
      const { code } = error as { code?: string };
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        try {
          const user = await requireUser(request, db);
          const params = request.params as ChunkParams;
          const message = chunkTooLarge(chunkIndex(params.index), limits);
          await imports.refuseChunk(importKey(request as FastifyRequest<{ Params: ImportParams }>, user.uid), message);
        } catch (e) {
          return handleError(e, request, reply);
        }
      }
      return handleError(error, request, reply);
    });
    chunks.put<{ Params: ChunkParams }>('/api/graphs/:graphId/imports/:importId/chunks/:index', async (request) => {
      const user = await requireUser(request, db);
      const key = importKey(request, user.uid);
      const index = chunkIndex(request.params.index);
      if (typeof request.body !== 'string') throw new AppError('invalid-argument', 'Send the chunk as JSON (Content-Type: application/json).');
      return imports.putChunk(key, index, request.body);
    });
  });

  app.post<{ Params: ImportParams }>('/api/graphs/:graphId/imports/:importId/commit', async (request) => {
    const user = await requireUser(request, db);
    const { revision, applied } = await imports.commit(importKey(request, user.uid));
    // An import too large for the change log makes every open view reload the graph at once.
    ctx.background(graphs.renewSnapshot(request.params.graphId, applied));
    return { revision };
  });

  app.delete<{ Params: ImportParams }>('/api/graphs/:graphId/imports/:importId', async (request, reply) => {
    const user = await requireUser(request, db);
    await imports.cancel(importKey(request, user.uid));
    return reply.code(204).send();
  });
}
