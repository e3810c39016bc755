import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { STREAM_CLOSED_EVENT } from '../../src/backend/api.ts';
import type { GraphChangeEvent } from '../../src/backend/ports.ts';
import { errorBody } from '../http/errors.ts';
import { AppError, SIGN_IN_NEEDED } from '../../src/domain/errors.ts';
import { NOT_A_MEMBER } from '../../src/domain/permissions.ts';
import type { AppContext } from '../context.ts';
import { eventFacts, redactEventForViewer, type EventFacts } from '../graphs/privacy.ts';
import type { GraphService } from '../graphs/service.ts';
import { streamVerdict, type StreamEnd, type StreamRight } from '../graphs/streams.ts';
import { requireUser, sessionHash } from '../http/session.ts';
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

const CLOSED: Record<Exclude<StreamEnd, 'reload'>, ReturnType<typeof errorBody>['error']> = {
  'signed-out': errorBody('unauthenticated', SIGN_IN_NEEDED).error,
  removed: errorBody('permission-denied', NOT_A_MEMBER).error,
};

/**
 * GET /api/graphs/:graphId/events: Server-Sent Events for the members of a graph.
 * - `event: change`, `id: {revision}`, `data: GraphChangeEvent` for every applied change set,
 *   strictly in revision order, each exactly once (the feed reads from the change log whatever
 *   this process did not see by itself). To a viewer each event is redacted
 *   (`redactEventForViewer`) by what is stored when it goes out, never by what a cache remembers:
 *   private fields never reach them, here as in the load, also for people since deleted.
 * - Replay: with `Last-Event-ID` (EventSource sends it when it reconnects) or `?since=revision`
 *   the change sets after that revision come first. Where the log cannot fill a gap (it no longer
 *   reaches back that far, or a change set was too large to log) the stream sends
 *   `event: reload`, `id: {revision}` with `{ revision }`: the client loads the graph, which is at
 *   that revision or later, and the stream goes on after it.
 * - Ended by what ends the member's right to it (streams.ts): `event: closed` with `{ code,
 *   message }` then the end (signed out, password changed or reset, removed from the tree); a
 *   role change sends `event: reload` and ends, so the browser reconnects under the new role.
 *   At once where the notice arrives, and in any case before the next change: each is delivered
 *   only after the rights were read again (`streamVerdict`).
 * - `: ping` every 25 s. Closing the server ends every stream.
 */
export function eventRoutes(app: FastifyInstance, ctx: AppContext, graphs: GraphService, options: { keepAliveMs?: number } = {}): void {
  const { db, streams } = ctx;
  const open = new Set<ServerResponse>();
  // Redaction facts being read: viewers receiving one event together read them once. Dropped as
  // soon as read, never kept: each delivery is redacted by what is stored when it goes out.
  const reading = new Map<string, Promise<EventFacts | null>>();

  function factsOf(graphId: string, event: GraphChangeEvent): Promise<EventFacts | null> {
    const key = `${graphId}:${event.revision}`;
    let found = reading.get(key);
    if (!found) {
      found = eventFacts(db, event);
      reading.set(key, found);
      const drop = () => void reading.delete(key);
      found.then(drop, drop);
    }
    return found;
  }

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
    const right: StreamRight = { uid: user.uid, session: sessionHash(request), graphId, role };

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
    let last = since;
    const send = (event: GraphChangeEvent) => {
      last = event.revision;
      write(`id: ${event.revision}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`);
    };
    const finish = (why: StreamEnd) => {
      if (res.writableEnded) return;
      if (why === 'reload') write(`${last === null ? '' : `id: ${last}\n`}event: reload\ndata: ${JSON.stringify({ revision: last ?? 0 })}\n\n`);
      else write(`event: ${STREAM_CLOSED_EVENT}\ndata: ${JSON.stringify(CLOSED[why])}\n\n`);
      res.end();
    };

    // Each change goes out only after the member's rights were read again, after it arrived (a
    // notice that ended them may never have reached this process); one read serves every change
    // that had arrived when it started, so a replay asks once. Changes pass one queue (a viewer's
    // are redacted reading the database), so they still leave in revision order.
    let arrived = 0;
    let verdict: { covers: number; answer: Promise<StreamEnd | null> } | null = null;
    const verdictFor = (n: number) => {
      if (!verdict || verdict.covers < n) verdict = { covers: arrived, answer: streamVerdict(db, right) };
      return verdict.answer;
    };
    let queue = Promise.resolve();
    const inOrder = (step: () => Promise<void> | void) => {
      queue = queue.then(step);
    };
    const change = (event: GraphChangeEvent) => {
      const n = ++arrived;
      inOrder(async () => {
        if (res.writableEnded) return;
        try {
          const end = await verdictFor(n);
          if (end) return finish(end);
          send(role === 'viewer' ? redactEventForViewer(event, await factsOf(graphId, event), user.uid, new Date().getUTCFullYear()) : event);
        } catch {
          // The browser reconnects with Last-Event-ID and the replay starts over.
          res.end();
        }
      });
    };

    const unsubscribe = graphs.feed.subscribe(graphId, since, {
      change,
      reload: (revision) =>
        inOrder(() => {
          last = revision;
          write(`id: ${revision}\nevent: reload\ndata: ${JSON.stringify({ revision })}\n\n`);
        }),
      // The browser reconnects with Last-Event-ID and the replay starts over.
      fail: () => res.end(),
    });
    const unregister = streams.add({ ...right, end: finish });
    const keepAlive = setInterval(() => write(': ping\n\n'), options.keepAliveMs ?? KEEP_ALIVE_MS);
    res.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      unregister();
      open.delete(res);
    });
    request.raw.on('close', () => {
      if (!res.writableEnded) res.end();
    });
  });
}
