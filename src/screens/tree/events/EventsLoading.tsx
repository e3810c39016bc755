import type { ReactNode } from 'react';
import { useTree } from '../treeContext.ts';
import { useEventsLoaded } from './useEventsLoaded.ts';

export const EVENTS_LOADING_TEXTS = {
  loading: 'Loading events…',
  loadingTree: (done: number, total: number) => `Loading the tree’s events… ${done.toLocaleString('en')} of ${total.toLocaleString('en')} people`,
  failed: 'The events could not be loaded.',
  retry: 'Try again',
} as const;

/**
 * Shows `children` once the events of these people (everyone's when `ids` is absent) are loaded
 * (domain/facts/eventsLoading.ts), and until then what is happening: a reader that needs events
 * never sees "not loaded" as "none".
 */
export function WithEventsLoaded({ ids, children }: { ids?: readonly string[]; children: ReactNode }) {
  const { session } = useTree();
  const load = useEventsLoaded(session, ids);
  if (load.loaded) return <>{children}</>;
  if (load.failed) {
    return (
      <p className="facts-empty" role="alert" data-testid="events-failed">
        {EVENTS_LOADING_TEXTS.failed}{' '}
        <button type="button" className="btn btn-ghost" onClick={load.retry}>
          {EVENTS_LOADING_TEXTS.retry}
        </button>
      </p>
    );
  }
  return (
    <p className="facts-empty" role="status" data-testid="events-loading">
      {!ids && load.progress ? EVENTS_LOADING_TEXTS.loadingTree(load.progress.done, load.progress.total) : EVENTS_LOADING_TEXTS.loading}
    </p>
  );
}
