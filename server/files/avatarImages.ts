import sharp, { type Metadata } from 'sharp';
import { AVATAR_JPEG_QUALITY, AVATAR_SIZES, AVATAR_WEBP_QUALITY } from '../../src/domain/timing.ts';
import { MAX_PHOTO_BYTES } from '../../src/domain/validation/profile.ts';

/**
 * Server side of §9 avatars: every upload is decoded and re-encoded here, whatever the browser sent,
 * so what we store and serve is a real image of the exact size with no metadata (no EXIF location).
 */

export type AvatarFormat = 'webp' | 'jpg';

export const AVATAR_FILE_SIZES = [AVATAR_SIZES.large, AVATAR_SIZES.small] as const;
export type AvatarSize = (typeof AVATAR_FILE_SIZES)[number];

/**
 * Pixels in one uploaded image beyond which it is refused from its header, before any decoding (a
 * decompression-bomb guard: a 125 KB PNG can declare 40 megapixels). Our browser sends 320 and
 * 170 px squares; 24 megapixels still lets a script upload a photo straight off a 24-megapixel
 * camera (6000 × 4000), the largest original worth re-encoding into a 320 px avatar.
 */
export const MAX_AVATAR_INPUT_PIXELS = 24_000_000;
export const MAX_AVATAR_UPLOAD_BYTES = MAX_PHOTO_BYTES;

/** Raster formats we decode. SVG and PDF are refused: they are documents, not photos. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export const AVATAR_MESSAGES = {
  notAnImage: 'The photo is not an image we can read. Choose a JPEG, PNG or WebP file.',
  tooLarge: 'The photo is too large (10 MB at most).',
  tooManyPixels: `The photo has too many pixels (${MAX_AVATAR_INPUT_PIXELS / 1_000_000} megapixels at most). Make it smaller and try again.`,
  missingFiles: 'Send the photo as two files, large and small.',
  notMultipart: 'Send the photo as multipart/form-data with the files large and small.',
} as const;

export class AvatarImageError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'AvatarImageError';
  }
}

/** WebP uploads are kept as WebP (q90, §9); everything else becomes JPEG. */
export function outputFormatFor(inputFormat: string | undefined): AvatarFormat {
  return inputFormat === 'webp' ? 'webp' : 'jpg';
}

/** Reads an upload's header and refuses what is not an acceptable image; answers its format. */
export async function inspectAvatar(input: Buffer): Promise<string> {
  if (input.length > MAX_AVATAR_UPLOAD_BYTES) throw new AvatarImageError(413, AVATAR_MESSAGES.tooLarge);
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AvatarImageError(400, AVATAR_MESSAGES.notAnImage);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new AvatarImageError(400, AVATAR_MESSAGES.notAnImage);
  }
  // metadata() reads the header only; the pixels are never decoded for a refused image.
  if (metadata.width * metadata.height > MAX_AVATAR_INPUT_PIXELS) throw new AvatarImageError(400, AVATAR_MESSAGES.tooManyPixels);
  return metadata.format;
}

let encoding: Promise<unknown> = Promise.resolve();

/**
 * Runs one upload's re-encoding after those already running have finished. Decoding a large image
 * takes tens of megabytes, and uploads are rare: one at a time per process keeps a burst of
 * uploads from multiplying that.
 */
export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = encoding.then(work, work);
  encoding = run.catch(() => undefined);
  return run;
}

/**
 * An exact size × size square, centre-cropped, upright (EXIF orientation applied before it is
 * dropped), metadata stripped; transparent areas become white in a JPEG.
 */
export async function encodeAvatar(input: Buffer, size: AvatarSize, format: AvatarFormat): Promise<Buffer> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_AVATAR_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'centre' });
    return format === 'webp'
      ? await image.webp({ quality: Math.round(AVATAR_WEBP_QUALITY * 100) }).toBuffer()
      : await image.flatten({ background: '#ffffff' }).jpeg({ quality: Math.round(AVATAR_JPEG_QUALITY * 100), mozjpeg: true }).toBuffer();
  } catch {
    throw new AvatarImageError(400, AVATAR_MESSAGES.notAnImage);
  }
}
