import { useSyncExternalStore } from 'react';
import type { TreeSession } from './session/treeSession.ts';

/** Re-renders when the session changes (its version counter), and returns the session. */
export function useSessionVersion(session: TreeSession): number {
  return useSyncExternalStore(session.subscribe, session.getVersion, session.getVersion);
}

/** The member's role in the open tree, re-rendering only when it changes (the owner changed it). */
export function useSessionRole(session: TreeSession): TreeSession['role'] {
  const read = () => session.role;
  return useSyncExternalStore(session.subscribe, read, read);
}
