import { AVATAR_JPEG_QUALITY, AVATAR_SIZES, AVATAR_WEBP_QUALITY, CROP_JPEG_QUALITY } from '../../domain/timing.ts';

/** Pure geometry and format choices of the avatar pipeline (§9), kept apart from the canvas. */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The intermediate crop JPEG is at most this many pixels a side: plenty for a 320 px avatar, and
 * it keeps a 50-megapixel phone photo from needing a canvas of the same size.
 */
export const CROP_MAX_SIDE = 1280;

/**
 * The square the member chose, in whole image pixels and inside the image. The cropper reports
 * fractional areas that can poke a pixel past an edge or be a pixel off square.
 */
export function squareCropRect(area: Rect, image: { width: number; height: number }): Rect {
  const side = Math.max(1, Math.min(Math.round(Math.min(area.width, area.height)), image.width, image.height));
  const x = Math.min(Math.max(0, Math.round(area.x)), image.width - side);
  const y = Math.min(Math.max(0, Math.round(area.y)), image.height - side);
  return { x, y, width: side, height: side };
}

/** Side of the crop JPEG for a crop of `side` pixels: never upscaled, never above CROP_MAX_SIDE. */
export function cropOutputSide(side: number, max: number = CROP_MAX_SIDE): number {
  return Math.max(1, Math.min(Math.round(side), max));
}

/** The centred square of an image of any shape: the source rectangle for a square avatar. */
export function centreSquare(width: number, height: number): Rect {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), width: side, height: side };
}

export interface Encoding {
  type: 'image/webp' | 'image/jpeg';
  quality: number;
}

export const CROP_ENCODING: Encoding = { type: 'image/jpeg', quality: CROP_JPEG_QUALITY };
export const WEBP_ENCODING: Encoding = { type: 'image/webp', quality: AVATAR_WEBP_QUALITY };
export const JPEG_ENCODING: Encoding = { type: 'image/jpeg', quality: AVATAR_JPEG_QUALITY };

/**
 * What to do after asking the canvas for WebP: a browser that cannot encode WebP hands back a PNG
 * (canvas.toBlob's fallback), so anything but an image/webp blob means "encode JPEG instead".
 */
export function fallbackEncoding(blobType: string | undefined): Encoding | null {
  return blobType === WEBP_ENCODING.type ? null : JPEG_ENCODING;
}

export const AVATAR_TARGETS = [
  { key: 'large', size: AVATAR_SIZES.large },
  { key: 'small', size: AVATAR_SIZES.small },
] as const;
