import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvatarStore } from '../../../src/backend/ports.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import { PROFILE_SAVE_TIMEOUT_MS } from '../../../src/domain/timing.ts';
import { saveProfile } from '../../../src/screens/profile/saveProfile.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const urls = { photoURL: '/files/profiles/u/avatar_320.webp?v=1', photoURLSmall: '/files/profiles/u/avatar_170.webp?v=1' };

function ports(options: { updateNever?: boolean } = {}) {
  const calls: string[] = [];
  const avatars: AvatarStore = {
    upload: vi.fn(async () => {
      calls.push('upload');
      return urls;
    }),
  };
  const profiles = {
    update: vi.fn((id: string, set: object) => {
      calls.push('update');
      return options.updateNever ? new Promise<never>(() => undefined) : Promise.resolve({ ...emptyProfile(id), ...set });
    }),
  };
  return { calls, avatars, profiles };
}

describe('saveProfile', () => {
  it('sends only the changed fields when there is no new photo', async () => {
    const p = ports();
    const saved = await saveProfile(p, { id: 'u', set: { bio: 'Hi' } });
    expect(p.calls).toEqual(['update']);
    expect(p.profiles.update).toHaveBeenCalledWith('u', { bio: 'Hi' });
    expect(saved.bio).toBe('Hi');
  });

  it('uploads the photo first and saves its URLs with the fields', async () => {
    const p = ports();
    const photo = { large: new Blob(['l']), small: new Blob(['s']) };
    const saved = await saveProfile(p, { id: 'u', set: { firstName: 'Ada' }, photo });
    expect(p.calls).toEqual(['upload', 'update']);
    expect(p.avatars.upload).toHaveBeenCalledWith('u', photo);
    expect(p.profiles.update).toHaveBeenCalledWith('u', { firstName: 'Ada', ...urls });
    expect(saved.photoURLSmall).toBe(urls.photoURLSmall);
  });

  it('gives up after 15 s with the §8 message, not before', async () => {
    const p = ports({ updateNever: true });
    const outcome = saveProfile(p, { id: 'u', set: { bio: 'x' } }).then(
      () => 'saved',
      (e: Error) => e.message,
    );
    await vi.advanceTimersByTimeAsync(PROFILE_SAVE_TIMEOUT_MS - 1);
    const early = await Promise.race([outcome, Promise.resolve('pending')]);
    expect(early).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('Save timed out, please try again.');
  });

  it('passes a failure through with its own message', async () => {
    const p = ports();
    p.profiles.update.mockImplementationOnce(() => Promise.reject(new Error('You cannot edit this profile.')));
    await expect(saveProfile(p, { id: 'u', set: { bio: 'x' } })).rejects.toThrow('You cannot edit this profile.');
  });
});
