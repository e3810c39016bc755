import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GRAPH_COLUMNS_TYPE } from '../../src/backend/graphColumns.ts';
import { AppError } from '../../src/domain/errors.ts';
import { MIGRATION_IDS } from '../../src/domain/migrations.ts';
import { NOT_A_MEMBER } from '../../src/domain/permissions.ts';
import { canManageTree, ROLE_MESSAGES, TREE_NAME_MAX, TREE_NAME_TOO_LONG, type TreeRole } from '../../src/domain/roles.ts';
import { SAVE_BODY_LIMIT, type TreesResponse } from '../../src/backend/api.ts';
import type { TreeSummary } from '../../src/backend/ports.ts';
import { rememberSeen, withActivity } from '../activity/sqlActivity.ts';
import { renameGraph, treeSummaries, treeSummary } from '../graphs/trees.ts';
import { GRAPH_NOT_FOUND } from '../../src/domain/save/saveChangeSet.ts';
import type { AppContext } from '../context.ts';
import type { GraphService } from '../graphs/service.ts';
import { compress, pickEncoding } from '../http/compress.ts';
import { parseBody } from '../http/errors.ts';
import { requireUser } from '../http/session.ts';
import { checkPersonEventsIds, PERSON_EVENTS_MESSAGES, type PersonEventsAnswer } from '../../src/domain/facts/personEvents.ts';


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

const PersonEventsBody = z.strictObject({ ids: z.custom<unknown>((v) => v !== undefined, PERSON_EVENTS_MESSAGES.ids) });

const RenameBody = z.strictObject({ name: z.string().max(TREE_NAME_MAX, TREE_NAME_TOO_LONG) });

/**
 * The member's role in the graph when `allowed` accepts it; permission-denied otherwise: "You are
 * not a member of this family tree." for anyone else, `refusal` for a member whose role may not.
 */
export async function requireRole(graphs: GraphService, graphId: string, uid: string, allowed: (role: TreeRole) => boolean, refusal: string): Promise<TreeRole> {
  const role = await graphs.role(graphId, uid);
  if (!role) throw new AppError('permission-denied', NOT_A_MEMBER);
  if (!allowed(role)) throw new AppError('permission-denied', refusal);
  return role;
}

export function graphRoutes(app: FastifyInstance, ctx: AppContext, graphs: GraphService, saveBodyLimit = SAVE_BODY_LIMIT): void {
  const { db } = ctx;

  // The compact form for clients that ask for it (the HTTP adapter) when a snapshot is at hand,
  // the LoadedGraph otherwise; either compressed when the request accepts it.
  async function sendTree(request: FastifyRequest, reply: FastifyReply, graphId: string | null) {
    const user = await requireUser(request, db);
    const wantsColumns = (request.headers.accept ?? '').includes(GRAPH_COLUMNS_TYPE);
    const { json, columns } = await graphs.load(user.uid, graphId, wantsColumns ? 'columns' : 'plain');
    const { body, encoding } = await compress(json, pickEncoding(request.headers['accept-encoding']));
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Accept, Accept-Encoding')
      .type(`${columns ? GRAPH_COLUMNS_TYPE : 'application/json'}; charset=utf-8`)
      .send(body);
  }

  app.get('/api/graph', (request, reply) => sendTree(request, reply, null));

  app.get('/api/graphs', async (request): Promise<TreesResponse> => {
    const user = await requireUser(request, db);
    const trees = await db.transaction((tx) => treeSummaries(tx, user.uid));
    return { trees: await withActivity(db, user.uid, trees) };
  });

  /** The member has seen the tree as it is now (the tree screen closing): Home's activity and the badge start again from here. */
  app.post<{ Params: { graphId: string } }>('/api/graphs/:graphId/seen', async (request, reply) => {
    const user = await requireUser(request, db);
    const { graphId } = request.params;
    checkGraphId(graphId);
    await requireRole(graphs, graphId, user.uid, () => true, NOT_A_MEMBER);
    await rememberSeen(db, user.uid, graphId, new Date());
    return reply.code(204).send();
  });

  app.patch<{ Params: { graphId: string } }>('/api/graphs/:graphId', async (request): Promise<{ tree: TreeSummary }> => {
    const user = await requireUser(request, db);
    const { graphId } = request.params;
    checkGraphId(graphId);
    const { name } = parseBody(RenameBody, request.body);
    await requireRole(graphs, graphId, user.uid, canManageTree, ROLE_MESSAGES.ownerOnly);
    await renameGraph(db, graphId, name);
    const tree = await treeSummary(db, user.uid, graphId);
    if (!tree) throw new AppError('not-found', GRAPH_NOT_FOUND);
    return { tree };
  });

  app.get<{ Params: { graphId: string } }>('/api/graphs/:graphId', (request, reply) => {
    checkGraphId(request.params.graphId);
    return sendTree(request, reply, request.params.graphId);
  });

  // Events loaded per person after the open (src/domain/facts/personEvents.ts). POST, since a
  // tree-wide reader asks for thousands of ids at a time.
  app.post<{ Params: { graphId: string } }>('/api/graphs/:graphId/person-events', async (request): Promise<PersonEventsAnswer> => {
    const user = await requireUser(request, db);
    checkGraphId(request.params.graphId);
    const { ids } = parseBody(PersonEventsBody, request.body);
    return graphs.personEvents(user.uid, request.params.graphId, checkPersonEventsIds(ids));
  });

  app.post<{ Params: { graphId: string } }>(
    '/api/graphs/:graphId/changes',
    { bodyLimit: saveBodyLimit },
    async (request): Promise<{ revision: number }> => {
      const user = await requireUser(request, db);
      checkGraphId(request.params.graphId);
      const body = parseBody(ChangesBody, request.body);
      return graphs.save(user.uid, request.params.graphId, body);
    },
  );
}
