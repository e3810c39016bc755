import pg from 'pg';
import type { GraphChangeEvent } from '../../src/backend/ports.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Delivers applied change sets to the live streams open on this process, strictly in revision
 * order and each exactly once. The change log (`graph_changes`) is the replication contract:
 * every applied change set has the next revision of its graph and is in the log, so whatever this
 * process did not see by itself (another process's save, one published out of order, anything
 * sent while the LISTEN connection was down) is read from the log, and where the log cannot fill
 * a gap (pruned, or a change set too large to keep) listeners are told to reload.
 *
 * Revisions reach the feed three ways: `publish` after this process's own commit (the fast path,
 * the event in hand), NOTIFY from any process's commit (PostgreSQL only: a revision number), and
 * a check of the latest revision after a LISTEN reconnect. Per graph they pass one queue, so a
 * revision is delivered once, after all those before it.
 */
export interface ChangeFeed {
  /** This process committed `event`. */
  publish(graphId: string, event: GraphChangeEvent): void;
  /**
   * Every change set after revision `since` (null: from now on), in order, each once. A
   * `since` the log no longer reaches back to (or one ahead of the graph) gets `reload` first.
   * Returns the unsubscribe function.
   */
  subscribe(graphId: string, since: number | null, listener: FeedListener): () => void;
  close(): Promise<void>;
}

export interface FeedListener {
  change(event: GraphChangeEvent): void;
  /** The log cannot fill the gap before `revision`: load the whole graph (it is at least there). */
  reload(revision: number): void;
  /** The database failed while reading the log: this subscription is over (subscribe again). */
  fail(): void;
}

/** What the feed reads from the database (`sqlChangeLog` in changeLog.ts). */
export interface ChangeLog {
  latest(graphId: string): Promise<number>;
  /** The change events after `after` up to `upTo`, or null when the log lacks any of them. */
  between(graphId: string, after: number, upTo: number): Promise<GraphChangeEvent[] | null>;
}

export const NOTIFY_CHANNEL = 'kinfolk_graph_changes';

/**
 * Announces a revision to every process listening on the database. Called by the change log append
 * inside the saving transaction, so a notification goes out exactly when the revision commits
 * (never for a rolled-back one, never lost between commit and send). Payloads stay tiny (they are
 * capped at 8000 bytes): listeners read the change set from the log. On PGlite nobody else
 * listens; the statement costs about 0.05 ms there.
 */
export async function notifyInTransaction(q: Queryable, graphId: string, revision: number): Promise<void> {
  await q.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, JSON.stringify({ g: graphId, r: revision })]);
}

/** One graph's queue: what was delivered last, and the listeners that receive what comes next. */
class GraphLine {
  private last = 0;
  private chain: Promise<void>;
  private dead = false;
  /** Every subscriber, also those whose join is still queued. */
  readonly subscribed = new Set<FeedListener>();
  /** Those that joined: they receive every revision after `last`. */
  private readonly listeners = new Set<FeedListener>();

  constructor(
    private readonly graphId: string,
    private readonly log: ChangeLog,
    private readonly onDead: (line: GraphLine) => void,
    private readonly onError: (e: unknown) => void,
  ) {
    this.chain = Promise.resolve();
    this.enqueue(async () => {
      this.last = await log.latest(graphId);
    });
  }

  /** A revision known to be committed, with its event when it is in hand. */
  advance(revision: number, event?: GraphChangeEvent): void {
    this.enqueue(() => this.advanceTo(revision, event));
  }

  /** Catches up with the latest revision (after notifications may have been missed). */
  sync(): void {
    this.enqueue(async () => this.advanceTo(await this.log.latest(this.graphId)));
  }

  join(since: number | null, listener: FeedListener): void {
    this.subscribed.add(listener);
    this.enqueue(async () => {
      if (since !== null && since !== this.last) {
        const missed = since < this.last ? await this.log.between(this.graphId, since, this.last) : null;
        if (!this.subscribed.has(listener)) return;
        if (missed) for (const e of missed) listener.change(e);
        else listener.reload(this.last);
      }
      if (this.subscribed.has(listener)) this.listeners.add(listener);
    });
  }

  leave(listener: FeedListener): void {
    this.subscribed.delete(listener);
    this.listeners.delete(listener);
  }

  kill(): void {
    this.dead = true;
    this.subscribed.clear();
    this.listeners.clear();
  }

  private async advanceTo(revision: number, event?: GraphChangeEvent): Promise<void> {
    if (revision <= this.last) return;
    const unseen = event ? revision - 1 : revision;
    if (unseen > this.last) {
      const missed = await this.log.between(this.graphId, this.last, unseen);
      if (!missed) {
        this.last = revision;
        for (const l of [...this.listeners]) l.reload(revision);
        return;
      }
      for (const e of missed) this.deliver(e);
    }
    if (event) this.deliver(event);
  }

  private deliver(event: GraphChangeEvent): void {
    this.last = event.revision;
    for (const l of [...this.listeners]) {
      try {
        l.change(event);
      } catch {
        // One broken stream must not keep the event from the others.
      }
    }
  }

  /** Steps run one after another; a failed read ends every subscription of the graph. */
  private enqueue(step: () => Promise<void> | void): void {
    this.chain = this.chain.then(async () => {
      if (this.dead) return;
      try {
        await step();
      } catch (e) {
        this.onError(e);
        const listeners = [...this.subscribed];
        this.kill();
        this.onDead(this);
        for (const l of listeners) l.fail();
      }
    });
  }
}

interface FeedCore extends ChangeFeed {
  announce(graphId: string, revision: number): void;
  /** Every graph with listeners catches up with its latest revision. */
  syncAll(): void;
}

function createFeedCore(log: ChangeLog, onError: (e: unknown) => void): FeedCore {
  const lines = new Map<string, GraphLine>();
  const forget = (graphId: string, line: GraphLine) => {
    if (lines.get(graphId) === line) lines.delete(graphId);
  };
  return {
    publish: (graphId, event) => lines.get(graphId)?.advance(event.revision, event),
    announce: (graphId, revision) => lines.get(graphId)?.advance(revision),
    syncAll() {
      for (const line of lines.values()) line.sync();
    },
    subscribe(graphId, since, listener) {
      let line = lines.get(graphId);
      if (!line) {
        const made = new GraphLine(graphId, log, (l) => forget(graphId, l), onError);
        lines.set(graphId, (line = made));
      }
      const joined = line;
      joined.join(since, listener);
      return () => {
        joined.leave(listener);
        if (!joined.subscribed.size) {
          joined.kill();
          forget(graphId, joined);
        }
      };
    },
    async close() {
      for (const line of lines.values()) line.kill();
      lines.clear();
    },
  };
}

/** One process on its own database (PGlite, or PostgreSQL without other processes). */
export function createLocalFeed(log: ChangeLog, options: { onError?: (e: unknown) => void } = {}): ChangeFeed {
  return createFeedCore(log, options.onError ?? (() => undefined));
}

/** Waits before re-opening a lost LISTEN connection: the first, then doubling up to the last. */
const RECONNECT_MS = [100, 5000] as const;

/**
 * For several app processes on one PostgreSQL: every process LISTENs, and every saving
 * transaction NOTIFYs (see `notifyInTransaction`). Notifications arrive in commit order, which per
 * graph is revision order (the graph's row is locked from read to commit). A lost LISTEN
 * connection is re-opened, and then every graph with listeners catches up from the log.
 */
export async function createPgFeed(
  connectionString: string,
  log: ChangeLog,
  options: {
    onError?: (e: unknown) => void;
    /** Other channels heard on the same connection (the stream registry's), by name. */
    channels?: Record<string, (payload: string) => void>;
  } = {},
): Promise<ChangeFeed> {
  const channels = options.channels ?? {};
  const onError = options.onError ?? (() => undefined);
  const core = createFeedCore(log, onError);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let wait: number = RECONNECT_MS[0];

  const connect = async () => {
    const c = new pg.Client({ connectionString });
    let listening = false;
    const lost = (e?: unknown) => {
      // Before LISTEN succeeded, connect() itself reports the failure.
      if (!listening) return;
      listening = false;
      if (e) onError(e);
      if (client === c) client = null;
      c.end().catch(() => undefined);
      if (!closed) reconnect();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (msg) => {
      if (!msg.payload) return;
      if (msg.channel !== NOTIFY_CHANNEL) return channels[msg.channel]?.(msg.payload);
      try {
        const { g, r } = JSON.parse(msg.payload) as { g: unknown; r: unknown };
        if (typeof g === 'string' && Number.isSafeInteger(r)) core.announce(g, r as number);
      } catch {
        // Not one of ours.
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${NOTIFY_CHANNEL}`);
      for (const channel of Object.keys(channels)) await c.query(`LISTEN ${channel}`);
    } catch (e) {
      c.end().catch(() => undefined);
      throw e;
    }
    if (closed) return void (await c.end().catch(() => undefined));
    listening = true;
    client = c;
  };

  const reconnect = () => {
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          wait = RECONNECT_MS[0];
          // Listening again: whatever was notified while nobody listened is read from the log.
          core.syncAll();
        },
        (e: unknown) => {
          onError(e);
          wait = Math.min(wait * 2, RECONNECT_MS[1]);
          if (!closed) reconnect();
        },
      );
    }, wait);
  };

  await connect();

  return {
    publish: core.publish,
    subscribe: core.subscribe,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await core.close();
      await client?.end().catch(() => undefined);
    },
  };
}
