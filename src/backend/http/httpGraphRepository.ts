import type { ChangeSet } from '../../domain/changeSet.ts';
import { AppError, ERROR_CODES, type ErrorBody, type ErrorCode } from '../../domain/errors.ts';
import { SAVE_BODY_LIMIT, STREAM_CLOSED_EVENT, type TreesResponse } from '../api.ts';
import type { GraphChangeEvent, GraphImporter, GraphRepository, NetworkState, TreeSummary } from '../ports.ts';
import { loadGraph } from './graphLoad.ts';
import { readPersonEventsAnswer } from '../../domain/facts/personEvents.ts';
import { overLimit } from '../saveSize.ts';
import { request, requestJson } from './request.ts';

/** The parts of the browser's EventSource the adapter uses (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

export interface HttpGraphRepositoryOptions {
  eventSource?: EventSourceFactory;
  /** The window whose online/offline events are followed; none outside a browser. */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /** First wait before re-opening a stream the server closed; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /**
   * The bulk path, for a save whose body is over `saveBodyLimit` (the server's SAVE_BODY_LIMIT):
   * Tidy up of a whole tree of 100,000 people moves every card, some 21 MB.
   */
  bulk?: GraphImporter;
  saveBodyLimit?: number;
}

const CLOSED = 2;

/**
 * The self-hosted graph API (src/backend/api.ts): load, save change sets, and the live stream.
 *
 * The stream starts at the revision the caller loaded, so nothing saved between the load and the
 * subscription is missed. The server sends every revision once and in order; the adapter keeps
 * only the last revision it delivered and checks that each event is the next one. An event it
 * already delivered (a replay) is skipped; a gap re-opens the stream from the last delivered
 * revision, and the server replays from its change log. After a dropped connection the browser
 * reconnects by itself (Last-Event-ID) and the server replays likewise. Where the log cannot fill
 * a gap the server sends `reload`: the adapter loads the graph and hands it to `onReload`, and
 * goes on from the revision it loaded. It keeps no copy of the graph.
 */
export function createHttpGraphRepository(options: HttpGraphRepositoryOptions = {}): GraphRepository {
  const makeSource: EventSourceFactory = options.eventSource ?? ((url) => new EventSource(url, { withCredentials: true }));
  const win = options.window === undefined ? (typeof window === 'undefined' ? null : window) : options.window;
  const retryMs = options.retryMs ?? 3000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const saveBodyLimit = options.saveBodyLimit ?? SAVE_BODY_LIMIT;

  return {
    load: (graphId?: string) => loadGraph(graphId),

    async list() {
      return (await request<TreesResponse>('GET', '/api/graphs')).trees;
    },

    async markSeen(graphId: string) {
      await request<void>('POST', `/api/graphs/${encodeURIComponent(graphId)}/seen`);
    },

    async personEvents(graphId: string, ids: readonly string[]) {
      return readPersonEventsAnswer(await request<unknown>('POST', `/api/graphs/${encodeURIComponent(graphId)}/person-events`, { ids }));
    },

    async rename(graphId: string, name: string) {
      return (await request<{ tree: TreeSummary }>('PATCH', `/api/graphs/${encodeURIComponent(graphId)}`, { name })).tree;
    },

    save(graphId: string, changes: ChangeSet, clientId: string, markMigrations?: string[]) {
      const json = JSON.stringify({ changes, clientId, ...(markMigrations?.length ? { migrations: markMigrations } : {}) });
      // Too large for one request, it goes in chunks and is committed as one revision all the same.
      if (options.bulk && overLimit(json, saveBodyLimit)) return options.bulk.importChangeSet(graphId, changes, clientId, undefined, { markMigrations });
      return requestJson<{ revision: number }>('POST', `/api/graphs/${encodeURIComponent(graphId)}/changes`, json);
    },

    subscribe(graphId, since, handlers) {
      let source: EventSourceLike | null = null;
      let retryTimer: ReturnType<typeof setTimeout> | null = null;
      let wait = retryMs;
      let stopped = false;
      let state: NetworkState | null = null;
      /** The last revision handed to `onChange` (or loaded for `onReload`). */
      let last = since;
      /** Events that arrive while a reload is loading: they follow the loaded revision. */
      let held: GraphChangeEvent[] | null = null;

      const report = (next: NetworkState) => {
        if (next === state) return;
        state = next;
        handlers.onNetwork?.(next);
      };

      /** Delivers the next revision; false when `event` leaves a gap (the stream was re-opened). */
      const accept = (event: GraphChangeEvent): boolean => {
        if (event.revision <= last) return true;
        if (event.revision !== last + 1) {
          reopen(0);
          return false;
        }
        last = event.revision;
        handlers.onChange(event);
        return true;
      };

      /**
       * `reload` for `revision`: the graph is loaded for `onReload`, unless the subscriber holds
       * exactly that revision already (its own bulk import, which may still be answering: `holds`
       * may wait for it). Events arriving meanwhile follow, in order.
       */
      const reload = async (revision: number | null) => {
        if (held) return;
        held = [];
        try {
          const own = revision !== null && revision === last + 1 && (await handlers.holds?.(revision)) === true;
          if (stopped) return;
          if (own) last = revision;
          else {
            const loaded = await loadGraph(graphId);
            if (stopped) return;
            last = loaded.graph.revision;
            handlers.onReload(loaded);
          }
          const waiting = held;
          held = null;
          for (const event of waiting) if (!accept(event)) break;
        } catch {
          held = null;
          // Not loaded: the stream is re-opened from the last revision and the server says reload again.
          reopen(wait);
          wait = Math.min(wait * 2, maxRetryMs);
        }
      };

      const reopen = (after: number) => {
        source?.close();
        source = null;
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = setTimeout(open, after);
      };

      const open = () => {
        retryTimer = null;
        if (stopped) return;
        const es = makeSource(`/api/graphs/${encodeURIComponent(graphId)}/events?since=${last}`);
        source = es;
        es.addEventListener('open', () => {
          wait = retryMs;
          report('online');
        });
        es.addEventListener('change', (e) => {
          if (es !== source) return;
          let event: GraphChangeEvent;
          try {
            event = JSON.parse(e.data) as GraphChangeEvent;
          } catch {
            // Unreadable: the next event shows the gap and the stream is replayed from the log.
            return;
          }
          if (held) held.push(event);
          else accept(event);
        });
        es.addEventListener('reload', (e) => {
          if (es === source) void reload(readRevision(e.data));
        });
        // Signed out elsewhere, password changed, removed from the tree: the server will refuse
        // every reconnection, so the stream stops here and the screen is told why.
        es.addEventListener(STREAM_CLOSED_EVENT, (e) => {
          if (es !== source) return;
          stop();
          handlers.onClosed?.(closedError(e.data));
        });
        es.addEventListener('error', () => {
          if (es !== source) return;
          report('offline');
          // The browser reconnects by itself unless the server refused the stream (signed out,
          // not a member, server gone): then retry ourselves, from the last revision delivered.
          if (es.readyState === CLOSED && !stopped) {
            reopen(wait);
            wait = Math.min(wait * 2, maxRetryMs);
          }
        });
      };

      const wentOffline = () => report('offline');
      const cameOnline = () => report('unknown');
      win?.addEventListener('offline', wentOffline);
      win?.addEventListener('online', cameOnline);
      report('unknown');
      open();

      function stop() {
        stopped = true;
        if (retryTimer) clearTimeout(retryTimer);
        source?.close();
        source = null;
        win?.removeEventListener('offline', wentOffline);
        win?.removeEventListener('online', cameOnline);
      }
      return stop;
    },
  };
}

function readRevision(data: string): number | null {
  try {
    const revision = (JSON.parse(data) as { revision?: unknown }).revision;
    return typeof revision === 'number' ? revision : null;
  } catch {
    return null;
  }
}

/** The `{ code, message }` of an `event: closed`, as an AppError. */
function closedError(data: string): AppError {
  try {
    const error = JSON.parse(data) as Partial<ErrorBody['error']>;
    if (typeof error.message === 'string' && (ERROR_CODES as readonly string[]).includes(error.code as string)) {
      return new AppError(error.code as ErrorCode, error.message);
    }
  } catch {
    // Fall through to the generic reason.
  }
  return new AppError('unauthenticated', 'You must be signed in.');
}
