import { proxy } from 'valtio';
import type { AuthUser } from '../domain/types.ts';
import { backend } from '../backend/index.ts';
import { clearOwnProfile, loadOwnProfile } from './ownProfile.ts';
import { clearTrees } from './trees.ts';

/** Who is signed in. `initialising` until the auth listener has answered once. */
export const authState = proxy<{ initialising: boolean; user: AuthUser | null }>({
  initialising: true,
  user: null,
});

let started = false;
export function startAuthListener() {
  if (started) return;
  started = true;
  backend.auth.onAuthStateChanged((user) => {
    authState.user = user;
    authState.initialising = false;
    if (user) void loadOwnProfile(user.uid);
    else {
      clearOwnProfile();
      clearTrees();
    }
  });
}
