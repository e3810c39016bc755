import { proxy } from 'valtio';
import { backend } from '../backend/index.ts';
import type { Profile } from '../domain/types.ts';
import { authState } from './auth.ts';

/**
 * The signed-in member's own profile, shared by the header, home and profile screens so a saved
 * change shows everywhere at once. A copy is kept in browser storage under profile:{uid} (§3) and
 * shown while the server answers.
 */
export const ownProfileState = proxy<{ profile: Profile | null; status: 'idle' | 'loading' | 'ready' | 'error' }>({
  profile: null,
  status: 'idle',
});

export const profileStorageKey = (uid: string) => `profile:${uid}`;

function readCopy(uid: string): Profile | null {
  try {
    const raw = localStorage.getItem(profileStorageKey(uid));
    return raw ? (JSON.parse(raw) as Profile) : null;
  } catch {
    return null;
  }
}

export function storeOwnProfile(profile: Profile) {
  ownProfileState.profile = profile;
  ownProfileState.status = 'ready';
  try {
    localStorage.setItem(profileStorageKey(profile.id), JSON.stringify(profile));
  } catch {
    // Storage full or disabled: the server copy is the one that counts.
  }
}

let loadingFor: string | null = null;
export async function loadOwnProfile(uid: string) {
  if (loadingFor === uid) return;
  loadingFor = uid;
  ownProfileState.profile = readCopy(uid);
  ownProfileState.status = 'loading';
  try {
    const profile = await backend.profiles.get(uid);
    if (authState.user?.uid === uid) storeOwnProfile(profile);
  } catch {
    if (authState.user?.uid === uid) ownProfileState.status = 'error';
    loadingFor = null;
  }
}

export function clearOwnProfile() {
  loadingFor = null;
  ownProfileState.profile = null;
  ownProfileState.status = 'idle';
}
