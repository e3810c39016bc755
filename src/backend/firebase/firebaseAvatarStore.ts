import { deleteObject, getDownloadURL, ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import type { AvatarStore } from '../ports.ts';
import { fromFirebase } from './errors.ts';
import { AVATAR_CACHE_CONTROL, avatarStoragePath, type AvatarExtension } from './paths.ts';

/** WebP stays WebP; anything else was encoded as JPEG (§9). */
export const avatarFormat = (blob: Blob): { ext: AvatarExtension; contentType: string } =>
  blob.type === 'image/webp' ? { ext: 'webp', contentType: 'image/webp' } : { ext: 'jpg', contentType: 'image/jpeg' };

/**
 * §7 avatar upload on Cloud Storage, in §7's order: delete the old avatar_320 and avatar_170 of
 * the other format (so a profile never keeps two photos), upload avatar_320.{ext} and
 * avatar_170.{ext} under profiles/{id}/ with their content type and
 * 'public, max-age=31536000, immutable', then fetch their download URLs. A new upload gets a new
 * download token, so the URLs change with the photo and a year's caching never shows an old one.
 * storage.rules let only the profile's owner write there, only images, only below a size.
 */
export function createFirebaseAvatarStore(storage: () => FirebaseStorage): AvatarStore {
  return {
    async upload(profileId, { large, small }) {
      const files = [
        { size: 320 as const, blob: large, ...avatarFormat(large) },
        { size: 170 as const, blob: small, ...avatarFormat(small) },
      ];
      try {
        await Promise.all(
          files.map(({ size, ext }) =>
            deleteObject(ref(storage(), avatarStoragePath(profileId, size, ext === 'webp' ? 'jpg' : 'webp'))).catch((e: unknown) => {
              if ((e as { code?: string }).code !== 'storage/object-not-found') throw e;
            }),
          ),
        );
        const uploaded = await Promise.all(
          files.map(({ size, blob, ext, contentType }) =>
            uploadBytes(ref(storage(), avatarStoragePath(profileId, size, ext)), blob, { contentType, cacheControl: AVATAR_CACHE_CONTROL }),
          ),
        );
        const [photoURL, photoURLSmall] = await Promise.all(uploaded.map((u) => getDownloadURL(u.ref)));
        return { photoURL: photoURL!, photoURLSmall: photoURLSmall! };
      } catch (e) {
        throw fromFirebase(e, 'upload');
      }
    },
  };
}
