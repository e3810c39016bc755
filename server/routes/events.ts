import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { AppError } from '../../src/domain/errors.ts';
import { NOT_A_MEMBER } from '../../src/domain/permissions.ts';
import type { AppContext } from '../context.ts';
import type { GraphService } from '../graphs/service.ts';
import { requireUser } from '../http/session.ts';
import { checkGraphId } from './graphs.ts';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
export const KEEP_ALIVE_MS = 25_000;
/** What EventSource waits before reconnecting. */
const RETRY_MS = 3000;
/** A reader this far behind is cut off; it reconnects and replays from the log. */
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;

function parseRevision(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * GET /api/graphs/:graphId/events: Server-Sent Events for the members of a graph.
 * - `event: change`, `id: {revision}`, `data: GraphChangeEvent` for every applied change set,
 *   strictly in revision order, each exactly once (the feed reads from the change log whatever
 *   this process did not see by itself).
 * - Replay: with `Last-Event-ID` (EventSource sends it when it reconnects) or `?since=revision`
 *   the change sets after that revision come first. Where the log cannot fill a gap (it no longer
 *   reaches back that far, or a change set was too large to log) the stream sends
 *   `event: reload`, `id: {revision}` with `{ revision }`: the client loads the graph, which is at
 *   that revision or later, and the stream goes on after it.
 * - `: ping` every 25 s. Closing the server ends every stream.
 */
export function eventRoutes(app: FastifyInstance, ctx: AppContext, graphs: GraphService, options: { keepAliveMs?: number } = {}): void {
  const { db } = ctx;
  const open = new Set<ServerResponse>();

  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });

  app.get<{ Params: { graphId: string }; Querystring: { since?: string } }>('/api/graphs/:graphId/events', async (request, reply) => {
    const user = await requireUser(request, db);
    const { graphId } = request.params;
    checkGraphId(graphId);
    const role = await graphs.role(graphId, user.uid);
    if (!role) throw new AppError('permission-denied', NOT_A_MEMBER);
    const since = parseRevision(request.headers['last-event-id']) ?? parseRevision(request.query.since);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    open.add(res);

    const write = (text: string) => {
      if (res.writableEnded || res.destroyed) return;
      res.write(text);
      if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
    };
    const unsubscribe = graphs.feed.subscribe(graphId, since, {
      change: (event) => write(`id: ${event.revision}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`),
      reload: (revision) => write(`id: ${revision}\nevent: reload\ndata: ${JSON.stringify({ revision })}\n\n`),
      // The browser reconnects with Last-Event-ID and the replay starts over.
      fail: () => res.end(),
    });
    const keepAlive = setInterval(() => write(': ping\n\n'), options.keepAliveMs ?? KEEP_ALIVE_MS);
    res.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      open.delete(res);
    });
    request.raw.on('close', () => {
      if (!res.writableEnded) res.end();
    });
  });
}
