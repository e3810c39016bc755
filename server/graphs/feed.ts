import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { GraphChangeEvent } from '../../src/backend/ports.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Delivers applied change sets to the live streams open on this process. The embedded server
 * fans out in memory; several app processes sharing one PostgreSQL use `createPgFeed`
 * (LISTEN/NOTIFY), which delivers what the other processes applied too. Publishing happens after
 * the transaction committed, so a stream never shows a change that was rolled back.
 */
export interface ChangeFeed {
  publish(graphId: string, event: GraphChangeEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(graphId: string, listener: (event: GraphChangeEvent) => void): () => void;
  /** Revisions that could not be delivered (another process's change set too large to log). */
  onGap?(graphId: string, listener: (revision: number) => void): () => void;
  close(): Promise<void>;
}

/** Listeners per graph; shared by every feed implementation for the local fan-out. */
export class Listeners {
  private readonly byGraph = new Map<string, Set<(event: GraphChangeEvent) => void>>();

  add(graphId: string, listener: (event: GraphChangeEvent) => void): () => void {
    let set = this.byGraph.get(graphId);
    if (!set) this.byGraph.set(graphId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size && this.byGraph.get(graphId) === set) this.byGraph.delete(graphId);
    };
  }

  deliver(graphId: string, event: GraphChangeEvent): void {
    for (const listener of [...(this.byGraph.get(graphId) ?? [])]) {
      try {
        listener(event);
      } catch {
        // One broken stream must not keep the event from the others.
      }
    }
  }

  has(graphId: string): boolean {
    return this.byGraph.has(graphId);
  }

  clear(): void {
    this.byGraph.clear();
  }
}

export function createMemoryFeed(): ChangeFeed {
  const listeners = new Listeners();
  return {
    publish: (graphId, event) => listeners.deliver(graphId, event),
    subscribe: (graphId, listener) => listeners.add(graphId, listener),
    async close() {
      listeners.clear();
    },
  };
}

export const NOTIFY_CHANNEL = 'kinfolk_graph_changes';

/**
 * For several app processes on one PostgreSQL: each process delivers its own events at once and
 * announces them with NOTIFY (graph id and revision only: payloads are capped at 8000 bytes);
 * the others read the change set from the graph_changes log and deliver it to their streams, one
 * notification after another so revisions stay in order. A change set too large to be logged
 * reaches other processes' streams as a gap, which the stream turns into `reload`.
 */
export async function createPgFeed(
  connectionString: string,
  log: Queryable,
  options: { onError?: (e: unknown) => void } = {},
): Promise<ChangeFeed> {
  const origin = randomUUID();
  const listeners = new Listeners();
  const gaps = new Map<string, Set<(revision: number) => void>>();
  let client: pg.Client | null = null;
  let closed = false;
  let chain: Promise<void> = Promise.resolve();
  let retry: ReturnType<typeof setTimeout> | null = null;

  const receive = async (payload: string) => {
    const { o, g, r } = JSON.parse(payload) as { o: string; g: string; r: number };
    if (o === origin || (!listeners.has(g) && !gaps.has(g))) return;
    const rows = await log.query<{ client_id: string; actor_uid: string; changes: string | null }>(
      'SELECT client_id, actor_uid, changes FROM graph_changes WHERE graph_id = $1 AND revision = $2',
      [g, r],
    );
    const row = rows[0];
    if (row?.changes) listeners.deliver(g, { revision: r, changes: JSON.parse(row.changes), clientId: row.client_id, actorUid: row.actor_uid });
    else for (const l of gaps.get(g) ?? []) l(r);
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString });
    c.on('error', (e) => {
      options.onError?.(e);
      c.end().catch(() => undefined);
      if (client === c) client = null;
      if (!closed) retry = setTimeout(() => void connect().catch(options.onError), 1000);
    });
    c.on('notification', (msg) => {
      if (msg.channel !== NOTIFY_CHANNEL || !msg.payload) return;
      const payload = msg.payload;
      chain = chain.then(() => receive(payload)).catch((e) => options.onError?.(e));
    });
    await c.connect();
    await c.query(`LISTEN ${NOTIFY_CHANNEL}`);
    client = c;
  };
  await connect();

  return {
    publish(graphId, event) {
      listeners.deliver(graphId, event);
      log.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, JSON.stringify({ o: origin, g: graphId, r: event.revision })]).catch((e) => options.onError?.(e));
    },
    subscribe: (graphId, listener) => listeners.add(graphId, listener),
    onGap(graphId, listener) {
      let set = gaps.get(graphId);
      if (!set) gaps.set(graphId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size) gaps.delete(graphId);
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      listeners.clear();
      gaps.clear();
      await client?.end().catch(() => undefined);
    },
  };
}
