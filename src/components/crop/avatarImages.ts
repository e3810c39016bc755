import type { AvatarUpload } from '../../backend/ports.ts';
import { AVATAR_TARGETS, PREVIEW_ENCODING, avatarEncoding, squareCropRect, workingSize, type Encoding, type Rect } from './cropMath.ts';

/**
 * The browser half of the §9 pipeline. The chosen file is decoded once (upright, EXIF orientation
 * applied) into a working canvas; the crop dialog shows a preview of it; each avatar size is then
 * drawn from those pixels and encoded once. The server re-encodes once more (it strips metadata and
 * checks the format).
 */

export interface Picture {
  /** The decoded pixels at working size, on white (a JPEG avatar has no transparency). */
  readonly pixels: HTMLCanvasElement;
  readonly width: number;
  readonly height: number;
  /** Object URL of the preview the crop dialog shows; its pixel grid is that of `pixels`. */
  readonly previewUrl: string;
}

function canvasOf(width: number, height: number): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('The image could not be drawn.');
  ctx.imageSmoothingQuality = 'high';
  return { canvas, ctx };
}

function toBlob(canvas: HTMLCanvasElement, { type, quality }: Encoding): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))), type, quality),
  );
}

/** Decodes the chosen file, once. Rejects when the browser cannot read it as an image. */
export async function decodePicture(file: Blob): Promise<Picture> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  let pixels: HTMLCanvasElement;
  try {
    const size = workingSize(bitmap.width, bitmap.height);
    const { canvas, ctx } = canvasOf(size.width, size.height);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    pixels = canvas;
  } finally {
    bitmap.close();
  }
  const preview = await toBlob(pixels, PREVIEW_ENCODING);
  return { pixels, width: pixels.width, height: pixels.height, previewUrl: URL.createObjectURL(preview) };
}

/** Lets go of a picture's preview URL and pixels. */
export function releasePicture(picture: Picture): void {
  URL.revokeObjectURL(picture.previewUrl);
  picture.pixels.width = 0;
  picture.pixels.height = 0;
}

let webp: boolean | undefined;
/** Whether this browser's canvas encodes WebP (one that cannot answers a PNG data URL instead). */
function canEncodeWebp(): boolean {
  webp ??= canvasOf(1, 1).canvas.toDataURL('image/webp').startsWith('data:image/webp');
  return webp;
}

/** The two avatar files of the chosen square: 320 and 170 px, each drawn from the pixels and encoded once. */
export async function avatarFiles(picture: Picture, area: Rect): Promise<AvatarUpload> {
  const from = squareCropRect(area, picture);
  const encoding = avatarEncoding(canEncodeWebp());
  const [large, small] = await Promise.all(
    AVATAR_TARGETS.map(({ size }) => {
      const { canvas, ctx } = canvasOf(size, size);
      ctx.drawImage(picture.pixels, from.x, from.y, from.width, from.height, 0, 0, size, size);
      return toBlob(canvas, encoding);
    }),
  );
  return { large: large!, small: small! };
}
