import type { AvatarStore, AvatarUpload, ProfileRepository } from '../../backend/ports.ts';
import type { ProfileScalars } from '../../domain/profile.ts';
import type { Profile } from '../../domain/types.ts';
import { PROFILE_SAVE_TIMEOUT_MS } from '../../domain/timing.ts';
import { PROFILE_PAGE_MESSAGES } from './messages.ts';

export class SaveTimeoutError extends Error {
  constructor() {
    super(PROFILE_PAGE_MESSAGES.timedOut);
    this.name = 'SaveTimeoutError';
  }
}

/** Rejects with the §8 time-out message when `work` takes longer than `ms`. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SaveTimeoutError()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface SaveInput {
  id: string;
  set: Partial<ProfileScalars>;
  /** A new photo from the crop dialog, uploaded first; its URLs join the saved fields. */
  photo?: AvatarUpload | null;
}

/**
 * The profile page's save (§4): upload the photo if there is one, then store the changed fields
 * (with the new photo URLs) so every graph showing the profile gets them. 15 s at most, all told.
 */
export function saveProfile(
  ports: { profiles: Pick<ProfileRepository, 'update'>; avatars: AvatarStore },
  { id, set, photo }: SaveInput,
  timeoutMs: number = PROFILE_SAVE_TIMEOUT_MS,
): Promise<Profile> {
  const work = (async () => {
    const urls = photo ? await ports.avatars.upload(id, photo) : {};
    return ports.profiles.update(id, { ...set, ...urls });
  })();
  return withTimeout(work, timeoutMs);
}
