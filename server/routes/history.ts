import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listHistory, previewRevert, recentlyDeleted, restoreDeleted, revert } from '../../src/domain/history/service.ts';
import { HISTORY_PAGE_MAX } from '../../src/domain/history/types.ts';
import type { DeletedPerson, HistoryPage, RevertPlan } from '../../src/domain/history/wire.ts';
import type { AppContext } from '../context.ts';
import { actorNames, sqlHistoryDeps } from '../graphs/historyService.ts';
import type { GraphService } from '../graphs/service.ts';
import { parseBody } from '../http/errors.ts';
import { requireUser } from '../http/session.ts';
import { checkGraphId } from './graphs.ts';

const ISO = z.string().max(40).refine((v) => !Number.isNaN(Date.parse(v)), 'a date is not valid.');
const HistoryQuery = z.strictObject({
  profileId: z.string().min(1).max(200).optional(),
  actorUid: z.string().min(1).max(128).optional(),
  from: ISO.optional(),
  to: ISO.optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).optional(),
});
const RevertBody = z.strictObject({
  revision: z.number().int().positive('revision is not valid.'),
  mode: z.enum(['one', 'after'], 'mode must be one or after.'),
  clientId: z.string().min(1, 'clientId is required.').max(100, 'clientId is too long.'),
  preview: z.boolean().optional(),
});
const RestoreBody = z.strictObject({
  revision: z.number().int().positive('revision is not valid.'),
  profileId: z.string().min(1).max(200),
  clientId: z.string().min(1, 'clientId is required.').max(100, 'clientId is too long.'),
});

/**
 * A tree's history (issue 24; src/domain/history): GET …/history (the activity, or one person's
 * with ?profileId), POST …/history/revert (a preview, or the revert as a new change), GET
 * …/deleted (Recently deleted) and POST …/deleted/restore.
 */
export function historyRoutes(app: FastifyInstance, ctx: AppContext, graphs: GraphService): void {
  const { db } = ctx;
  const deps = sqlHistoryDeps(db, graphs);

  app.get<{ Params: { graphId: string } }>('/api/graphs/:graphId/history', async (request): Promise<HistoryPage> => {
    const user = await requireUser(request, db);
    checkGraphId(request.params.graphId);
    const q = parseBody(HistoryQuery, request.query);
    const entries = await listHistory(deps, user.uid, request.params.graphId, {
      profileId: q.profileId,
      actorUid: q.actorUid,
      from: q.from,
      to: q.to,
      beforeRevision: q.before,
      limit: q.limit ?? 50,
    });
    return { entries, actors: await actorNames(db, entries.map((e) => e.actorUid)) };
  });

  app.post<{ Params: { graphId: string } }>('/api/graphs/:graphId/history/revert', async (request): Promise<{ plan: RevertPlan } | { revision: number }> => {
    const user = await requireUser(request, db);
    checkGraphId(request.params.graphId);
    const body = parseBody(RevertBody, request.body);
    if (body.preview) return { plan: await previewRevert(deps, user.uid, request.params.graphId, body.revision, body.mode) };
    return revert(deps, user.uid, request.params.graphId, body);
  });

  app.get<{ Params: { graphId: string } }>('/api/graphs/:graphId/deleted', async (request): Promise<{ people: DeletedPerson[]; actors: Record<string, string> }> => {
    const user = await requireUser(request, db);
    checkGraphId(request.params.graphId);
    const people = await recentlyDeleted(deps, user.uid, request.params.graphId);
    return { people, actors: await actorNames(db, people.map((p) => p.actorUid)) };
  });

  app.post<{ Params: { graphId: string } }>('/api/graphs/:graphId/deleted/restore', async (request): Promise<{ revision: number }> => {
    const user = await requireUser(request, db);
    checkGraphId(request.params.graphId);
    return restoreDeleted(deps, user.uid, request.params.graphId, parseBody(RestoreBody, request.body));
  });
}
