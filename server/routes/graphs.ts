import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GRAPH_COLUMNS_TYPE } from '../../src/backend/graphColumns.ts';
import { AppError } from '../../src/domain/errors.ts';
import { MIGRATION_IDS } from '../../src/domain/migrations.ts';
import type { AppContext } from '../context.ts';
import type { GraphService } from '../graphs/service.ts';
import { compress, pickEncoding } from '../http/compress.ts';
import { parseBody } from '../http/errors.ts';
import { requireUser } from '../http/session.ts';

/** A first save of a large imported tree carries every person: 50,000 people fit in about 20 MB. */
export const CHANGES_BODY_LIMIT = 20 * 1024 * 1024;

const GRAPH_ID = /^[A-Za-z0-9_-]{1,128}$/;

const ChangesBody = z.strictObject({
  // The change set's own shape is checked by the domain (changeSetShapeProblem) with exact messages.
  changes: z.custom<unknown>((v) => v !== undefined, 'a change set is required.'),
  clientId: z.string().min(1, 'clientId is required.').max(100, 'clientId is too long.'),
  migrations: z.array(z.enum(MIGRATION_IDS)).max(MIGRATION_IDS.length * 2).optional(),
});

export function checkGraphId(graphId: string): void {
  if (!GRAPH_ID.test(graphId)) throw new AppError('invalid-argument', 'The family tree id is not valid.');
}

export function graphRoutes(app: FastifyInstance, ctx: AppContext, graphs: GraphService): void {
  const { db } = ctx;

  // The compact form for clients that ask for it (the HTTP adapter) when a snapshot is at hand,
  // the LoadedGraph otherwise; either compressed when the request accepts it.
  app.get('/api/graph', async (request, reply) => {
    const user = await requireUser(request, db);
    const wantsColumns = (request.headers.accept ?? '').includes(GRAPH_COLUMNS_TYPE);
    const { json, columns } = await graphs.loadForMember(user.uid, wantsColumns ? 'columns' : 'plain');
    const { body, encoding } = await compress(json, pickEncoding(request.headers['accept-encoding']));
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Accept, Accept-Encoding')
      .type(`${columns ? GRAPH_COLUMNS_TYPE : 'application/json'}; charset=utf-8`)
      .send(body);
  });

  app.post<{ Params: { graphId: string } }>(
    '/api/graphs/:graphId/changes',
    { bodyLimit: CHANGES_BODY_LIMIT },
    async (request): Promise<{ revision: number }> => {
      const user = await requireUser(request, db);
      checkGraphId(request.params.graphId);
      const body = parseBody(ChangesBody, request.body);
      return graphs.save(user.uid, request.params.graphId, body);
    },
  );
}
