import type { MediaStore, StoredMedia } from '../ports.ts';
import { request } from './request.ts';

/** MediaStore over `POST /api/graphs/:graphId/media/:mediaId` (multipart `people`, `file`); the server checks and stores. */
export function createHttpMediaStore(): MediaStore {
  return {
    upload(graphId, mediaId, people, file) {
      const form = new FormData();
      form.append('people', people.join(','));
      form.append('file', file, file.name);
      return request<StoredMedia>('POST', `/api/graphs/${encodeURIComponent(graphId)}/media/${encodeURIComponent(mediaId)}`, form);
    },
  };
}
