import type { ChangeSet } from '../../domain/changeSet.ts';
import type { GraphChangeEvent, GraphRepository, LoadedGraph, NetworkState } from '../ports.ts';
import { request } from './request.ts';

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
}

const CLOSED = 2;

/**
 * The self-hosted graph API (src/backend/api.ts): load, save change sets, and the live stream.
 *
 * The stream starts at the revision the subscriber names, so nothing saved between the load and
 * the subscription is missed. After a dropped connection the browser reconnects by itself and the
 * server replays what was missed (Last-Event-ID); when the server cannot (its log no longer
 * reaches back that far) it sends `reload`, and the adapter loads the graph again and hands it to
 * the subscriber (`onReload`). It keeps no copy of the graph, only the last revision delivered.
 */
export function createHttpGraphRepository(options: HttpGraphRepositoryOptions = {}): GraphRepository {
  const makeSource: EventSourceFactory = options.eventSource ?? ((url) => new EventSource(url, { withCredentials: true }));
  const win = options.window === undefined ? (typeof window === 'undefined' ? null : window) : options.window;
  const retryMs = options.retryMs ?? 3000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const load = () => request<LoadedGraph>('GET', '/api/graph');

  return {
    load,

    save(graphId: string, changes: ChangeSet, clientId: string, markMigrations?: string[]) {
      const body = { changes, clientId, ...(markMigrations?.length ? { migrations: markMigrations } : {}) };
      return request<{ revision: number }>('POST', `/api/graphs/${encodeURIComponent(graphId)}/changes`, body);
    },

    subscribe(graphId, since, { onChange, onReload, onNetwork }) {
      let source: EventSourceLike | null = null;
      let retryTimer: ReturnType<typeof setTimeout> | null = null;
      let wait = retryMs;
      let stopped = false;
      let state: NetworkState | null = null;
      const report = (next: NetworkState) => {
        if (next === state) return;
        state = next;
        onNetwork?.(next);
      };
      let last = since;

      const deliver = (event: GraphChangeEvent) => {
        if (event.revision <= last) return;
        last = event.revision;
        onChange(event);
      };

      const reload = async () => {
        try {
          const fresh = await load();
          if (stopped || fresh.graph.revision <= last) return;
          last = fresh.graph.revision;
          onReload(fresh);
        } catch {
          // The next reconnect tries again.
        }
      };

      const open = () => {
        if (stopped) return;
        const url = `/api/graphs/${encodeURIComponent(graphId)}/events?since=${last}`;
        const es = makeSource(url);
        source = es;
        es.addEventListener('open', () => {
          wait = retryMs;
          report('online');
        });
        es.addEventListener('change', (e) => {
          try {
            deliver(JSON.parse(e.data) as GraphChangeEvent);
          } catch {
            // A malformed event is dropped; the next reload repairs the view.
          }
        });
        es.addEventListener('reload', () => void reload());
        es.addEventListener('error', () => {
          report('offline');
          // The browser reconnects by itself unless the server refused the stream (signed out,
          // not a member, server gone): then retry ourselves, from the last revision seen.
          if (es.readyState === CLOSED && !stopped) {
            es.close();
            retryTimer = setTimeout(open, wait);
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

      return () => {
        stopped = true;
        if (retryTimer) clearTimeout(retryTimer);
        source?.close();
        win?.removeEventListener('offline', wentOffline);
        win?.removeEventListener('online', cameOnline);
      };
    },
  };
}
