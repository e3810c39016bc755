import { getDownloadURL, ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import { AppError } from '../../domain/errors.ts';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '../../domain/media/limits.ts';
import { uploadLimitProblem } from '../../domain/media/model.ts';
import { checkUpload, isPhotoFormat } from '../../domain/media/sniff.ts';
import { AVATAR_SIZES } from '../../domain/timing.ts';
import type { MediaStore } from '../ports.ts';
import { fromFirebase } from './errors.ts';
import { AVATAR_CACHE_CONTROL, mediaStoragePath } from './paths.ts';

/**
 * Photos and documents on Cloud Storage. No server sees the bytes before they are stored, so the
 * browser runs the same checks as the self-hosted server (`checkUpload`: magic bytes, SVG script,
 * PDF JavaScript; the limits) and re-draws a photo itself: the original is re-encoded from its
 * pixels (no metadata, an SVG drawn to a PNG: no script survives) and the thumbnails are made
 * from the same decoded pixels, once. storage.rules let only the tree's owners and editors write
 * there, only these content types, only below the size limit.
 */

function canvas(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const ctx = c.getContext('2d');
  if (!ctx) throw new AppError('invalid-argument', MEDIA_MESSAGES.unreadable);
  ctx.imageSmoothingQuality = 'high';
  return [c, ctx];
}

const blobOf = (c: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob>((resolve, reject) => c.toBlob((b) => (b ? resolve(b) : reject(new AppError('invalid-argument', MEDIA_MESSAGES.unreadable))), type, quality));

async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new AppError('invalid-argument', MEDIA_MESSAGES.unreadable);
  }
}

export function createFirebaseMediaStore(storage: () => FirebaseStorage): MediaStore {
  return {
    async upload(graphId, mediaId, people, file, treeMedia) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const checked = checkUpload(file.name, bytes);
      if (!checked.ok) throw new AppError(checked.code, checked.message);
      const limit = uploadLimitProblem(treeMedia, people, bytes.length);
      if (limit) throw new AppError(limit.code, limit.message);
      const files: { name: string; blob: Blob; contentType: string }[] = [];
      if (!isPhotoFormat(checked.format)) {
        files.push({ name: 'original.pdf', blob: new Blob([bytes], { type: 'application/pdf' }), contentType: 'application/pdf' });
      } else {
        const bitmap = await decode(new Blob([bytes], { type: checked.contentType }));
        try {
          if (bitmap.width * bitmap.height > MEDIA_LIMITS.pixels) throw new AppError('invalid-argument', MEDIA_MESSAGES.tooManyPixels);
          const [full, ctx] = canvas(bitmap.width, bitmap.height);
          ctx.drawImage(bitmap, 0, 0);
          const jpeg = checked.format === 'jpeg';
          const type = jpeg ? 'image/jpeg' : checked.format === 'webp' ? 'image/webp' : 'image/png';
          files.push({ name: `original.${jpeg ? 'jpg' : checked.format === 'webp' ? 'webp' : 'png'}`, blob: await blobOf(full, type, 0.92), contentType: type });
          for (const size of [AVATAR_SIZES.large, AVATAR_SIZES.small]) {
            const [thumb, tctx] = canvas(size, size);
            const side = Math.min(bitmap.width, bitmap.height);
            tctx.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, size, size);
            // A canvas that cannot encode WebP answers a PNG; the name follows what it made.
            const blob = await blobOf(thumb, 'image/webp', 0.85);
            const webp = blob.type === 'image/webp';
            files.push({ name: `thumb_${size}.${webp ? 'webp' : 'jpg'}`, blob: webp ? blob : await blobOf(thumb, 'image/jpeg', 0.85), contentType: webp ? 'image/webp' : 'image/jpeg' });
          }
        } finally {
          bitmap.close();
        }
      }
      try {
        const urls = await Promise.all(
          files.map(async (f) => {
            const done = await uploadBytes(ref(storage(), mediaStoragePath(graphId, mediaId, f.name)), f.blob, { contentType: f.contentType, cacheControl: AVATAR_CACHE_CONTROL });
            return getDownloadURL(done.ref);
          }),
        );
        return {
          kind: isPhotoFormat(checked.format) ? 'photo' : 'document',
          url: urls[0]!,
          thumb: urls[1] ?? '',
          thumbSmall: urls[2] ?? '',
          contentType: files[0]!.contentType,
          bytes: files.reduce((n, f) => n + f.blob.size, 0),
        };
      } catch (e) {
        throw fromFirebase(e, 'upload');
      }
    },
  };
}
