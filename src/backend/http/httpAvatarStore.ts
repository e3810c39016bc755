import type { AvatarStore } from '../ports.ts';
import { request } from './request.ts';

const extensionFor = (blob: Blob) => (blob.type === 'image/webp' ? 'webp' : 'jpg');

/** AvatarStore over `PUT /api/profiles/:id/avatar` (multipart); the server re-encodes and stores. */
export function createHttpAvatarStore(): AvatarStore {
  return {
    upload(profileId, { large, small }) {
      const form = new FormData();
      form.append('large', large, `avatar_320.${extensionFor(large)}`);
      form.append('small', small, `avatar_170.${extensionFor(small)}`);
      return request<{ photoURL: string; photoURLSmall: string }>('PUT', `/api/profiles/${encodeURIComponent(profileId)}/avatar`, form);
    },
  };
}
