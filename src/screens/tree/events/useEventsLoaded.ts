import { useEffect, useMemo, useState } from 'react';
import { idsWithoutEvents } from '../../../domain/facts/eventsLoading.ts';
import type { TreeSession } from '../session/treeSession.ts';
import { useSessionVersion } from '../useSessionVersion.ts';

/** Where loading some people's events stands (`progress` counts people, for a tree-wide reader). */
export interface EventsLoad {
  loaded: boolean;
  failed: boolean;
  progress: { done: number; total: number } | null;
  /** Tries again after a failure. */
  retry(): void;
}

/**
 * The events the open left out (domain/facts/eventsLoading.ts) of these people, or of everyone
 * when `ids` is absent, loaded while the caller is shown: the details panel and Timeline ask for
 * a few people, the places, sources and duplicates dialogs and the export for everyone.
 */
export function useEventsLoaded(session: TreeSession, ids?: readonly string[]): EventsLoad {
  // Edits change profiles in place: the session's version says when to look again.
  const version = useSessionVersion(session);
  const key = ids ? ids.join('\u0000') : null;
  const profiles = session.graph.profiles;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `ids`
  const missing = useMemo(() => idsWithoutEvents(profiles, ids).length, [profiles, key, version]);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [progress, setProgress] = useState<EventsLoad['progress']>(null);
  useEffect(() => {
    if (!missing) return;
    let live = true;
    setFailed(false);
    session
      .loadEvents(ids, (done, total) => live && setProgress({ done, total }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `ids`
  }, [session, key, attempt, missing > 0]);
  return { loaded: missing === 0, failed, progress: missing ? progress : null, retry: () => setAttempt((a) => a + 1) };
}
