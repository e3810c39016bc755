import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { GraphChangeEvent } from '../../src/backend/ports.ts';
import { AppError } from '../../src/domain/errors.ts';
import { NOT_A_MEMBER } from '../../src/domain/permissions.ts';
import type { AppContext } from '../context.ts';
import type { GraphService } from '../graphs/service.ts';
import { changesSince, graphRevision } from '../graphs/store.ts';
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
 * - `event: change`, `id: {revision}`, `data: GraphChangeEvent` for every applied change set.
 * - Replay: with `Last-Event-ID` (EventSource sends it when it reconnects) or `?since=revision`
 *   the logged change sets after that revision come first. When the log no longer reaches back
 *   that far (or a change set was too large to log) the stream sends `event: reload` with
 *   `{ revision }` and the client reloads the graph.
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
    if (!(await graphs.isMember(graphId, user.uid))) throw new AppError('permission-denied', NOT_A_MEMBER);
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

    let last = since ?? -1;
    let replaying = since !== null;
    const held: GraphChangeEvent[] = [];
    const write = (text: string) => {
      if (res.writableEnded || res.destroyed) return;
      res.write(text);
      if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
    };
    const send = (event: GraphChangeEvent) => {
      if (event.revision <= last) return;
      last = event.revision;
      write(`id: ${event.revision}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`);
    };
    const reload = (revision: number) => {
      last = Math.max(last, revision);
      write(`id: ${revision}\nevent: reload\ndata: ${JSON.stringify({ revision })}\n\n`);
    };

    const unsubscribe = graphs.feed.subscribe(graphId, (event) => (replaying ? held.push(event) : send(event)));
    const unsubscribeGaps = graphs.feed.onGap?.(graphId, (revision) => reload(revision));
    const keepAlive = setInterval(() => write(': ping\n\n'), options.keepAliveMs ?? KEEP_ALIVE_MS);
    const cleanup = () => {
      clearInterval(keepAlive);
      unsubscribe();
      unsubscribeGaps?.();
      open.delete(res);
    };
    res.on('close', cleanup);
    request.raw.on('close', () => {
      if (!res.writableEnded) res.end();
    });

    if (since !== null) {
      try {
        const current = (await graphRevision(db, graphId)) ?? 0;
        if (since < current) {
          const logged = await changesSince(db, graphId, since);
          const complete = logged.length > 0 && logged[0]!.revision === since + 1 && logged.every((c, i) => c.changes !== null && c.revision === since + 1 + i);
          if (!complete) reload(current);
          else for (const c of logged) send({ revision: c.revision, changes: JSON.parse(c.changes!), clientId: c.clientId, actorUid: c.actorUid });
        }
      } catch {
        reload(0);
      }
      replaying = false;
      for (const event of held.splice(0)) send(event);
    }
  });
}
