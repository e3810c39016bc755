import { AppError } from '../../domain/errors.ts';
import type { AvatarStore } from '../ports.ts';
import { safeJson, toAppError } from './request.ts';

const extensionFor = (blob: Blob) => (blob.type === 'image/webp' ? 'webp' : 'jpg');

/** AvatarStore over `PUT /api/profiles/:id/avatar` (multipart); the server re-encodes and stores. */
export function createHttpAvatarStore(): AvatarStore {
  return {
    async upload(profileId, { large, small }) {
      const form = new FormData();
      form.append('large', large, `avatar_320.${extensionFor(large)}`);
      form.append('small', small, `avatar_170.${extensionFor(small)}`);
      let response: Response;
      try {
        response = await fetch(`/api/profiles/${encodeURIComponent(profileId)}/avatar`, {
          method: 'PUT',
          credentials: 'same-origin',
          body: form,
        });
      } catch {
        throw new AppError('unavailable', 'The server could not be reached. Check your internet connection.');
      }
      const text = await response.text();
      const parsed = text ? safeJson(text) : undefined;
      if (!response.ok) throw toAppError(response.status, parsed);
      return parsed as { photoURL: string; photoURLSmall: string };
    },
  };
}
