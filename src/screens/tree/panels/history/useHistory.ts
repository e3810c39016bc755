import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { backend } from '../../../../backend/index.ts';
import type { HistoryListQuery } from '../../../../backend/ports.ts';
import type { HistoryEntry } from '../../../../domain/history/types.ts';
import { historyUi } from './historyUi.ts';

export const PAGE = 50;

export interface HistoryState {
  entries: HistoryEntry[];
  actors: Record<string, string>;
  status: 'loading' | 'ready' | 'failed';
  more: boolean;
  loadOlder(): void;
}

/** A page of history for the query, read again after a revert; "Show older" appends the next page. */
export function useHistory(graphId: string, query: HistoryListQuery, enabled = true): HistoryState {
  const { version } = useSnapshot(historyUi);
  const [state, setState] = useState<Omit<HistoryState, 'loadOlder'>>({ entries: [], actors: {}, status: 'loading', more: false });
  const key = JSON.stringify(query);
  useEffect(() => {
    if (!enabled || !graphId) return;
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    backend.history.list(graphId, { ...query, limit: PAGE }).then(
      (page) => live && setState({ entries: page.entries, actors: page.actors, status: 'ready', more: page.entries.length === PAGE }),
      () => live && setState({ entries: [], actors: {}, status: 'failed', more: false }),
    );
    return () => {
      live = false;
    };
  }, [graphId, key, enabled, version]);
  const loadOlder = () => {
    const last = state.entries[state.entries.length - 1];
    if (!last) return;
    void backend.history.list(graphId, { ...query, limit: PAGE, before: last.revision }).then((page) =>
      setState((s) => ({ entries: [...s.entries, ...page.entries], actors: { ...s.actors, ...page.actors }, status: 'ready', more: page.entries.length === PAGE })),
    );
  };
  return { ...state, loadOlder };
}
