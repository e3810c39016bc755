import { useSyncExternalStore } from 'react';
import type { TreeSession } from './session/treeSession.ts';

/** Re-renders when the session changes (its version counter), and returns the session. */
export function useSessionVersion(session: TreeSession): number {
  return useSyncExternalStore(session.subscribe, session.getVersion, session.getVersion);
}
