import { AVATAR_JPEG_QUALITY, AVATAR_SIZES, AVATAR_WEBP_QUALITY, CROP_JPEG_QUALITY, CROP_ZOOM } from '../../domain/timing.ts';

/** Pure geometry and format choices of the avatar pipeline (§9), kept apart from the canvas. */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The chosen picture is kept with its shorter side at most this long: at the largest zoom the crop
 * is a third of that side, still the 320 px of the large avatar, so nothing is lost; and a
 * 50-megapixel phone photo does not stay in memory at full size while the member crops.
 */
export const WORKING_SHORT_SIDE = AVATAR_SIZES.large * CROP_ZOOM.max;

/** The working size of a picture: scaled down so its shorter side fits, never scaled up. */
export function workingSize(width: number, height: number, maxShort: number = WORKING_SHORT_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxShort / Math.min(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

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

export interface Encoding {
  type: 'image/webp' | 'image/jpeg';
  quality: number;
}

/**
 * The crop dialog shows the working picture as a JPEG at 0.92 (§9's crop JPEG). It is only looked
 * at: the avatars are drawn from the decoded pixels, so they go through one lossy encoding, not two.
 */
export const PREVIEW_ENCODING: Encoding = { type: 'image/jpeg', quality: CROP_JPEG_QUALITY };
export const WEBP_ENCODING: Encoding = { type: 'image/webp', quality: AVATAR_WEBP_QUALITY };
export const JPEG_ENCODING: Encoding = { type: 'image/jpeg', quality: AVATAR_JPEG_QUALITY };

/** §9: WebP at 0.9 where the browser can encode it, else JPEG at 0.9. */
export function avatarEncoding(webpSupported: boolean): Encoding {
  return webpSupported ? WEBP_ENCODING : JPEG_ENCODING;
}

export const AVATAR_TARGETS = [
  { key: 'large', size: AVATAR_SIZES.large },
  { key: 'small', size: AVATAR_SIZES.small },
] as const;
