import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LoadingState } from '../components/LoadingState.tsx';
import { authState } from '../state/auth.ts';

export const AUTH_INITIALISING = 'Initializing authentication...';

/** §2: /app/* needs a member; while the auth listener has not answered, say so. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, initialising } = useSnapshot(authState);
  if (initialising) return <LoadingState text={AUTH_INITIALISING} />;
  if (!user) return <Navigate to="/" replace />;
  return children;
}
