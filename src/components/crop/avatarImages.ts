import type { AvatarUpload } from '../../backend/ports.ts';
import {
  AVATAR_TARGETS,
  CROP_ENCODING,
  WEBP_ENCODING,
  centreSquare,
  cropOutputSide,
  fallbackEncoding,
  squareCropRect,
  type Encoding,
  type Rect,
} from './cropMath.ts';

/** The browser half of the §9 pipeline: crop → JPEG 0.92 → 320 and 170 squares in WebP or JPEG. */

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = src;
  });
}

function toBlob(canvas: HTMLCanvasElement, { type, quality }: Encoding): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))), type, quality),
  );
}

function draw(source: CanvasImageSource, from: Rect, side: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('The image could not be drawn.');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, from.x, from.y, from.width, from.height, 0, 0, side, side);
  return canvas;
}

/** The chosen square of the image as a JPEG at 0.92. */
export async function cropToJpeg(image: HTMLImageElement, area: Rect): Promise<Blob> {
  const rect = squareCropRect(area, { width: image.naturalWidth, height: image.naturalHeight });
  return toBlob(draw(image, rect, cropOutputSide(rect.width)), CROP_ENCODING);
}

async function encodeAvatar(canvas: HTMLCanvasElement): Promise<Blob> {
  const webp = await toBlob(canvas, WEBP_ENCODING);
  const fallback = fallbackEncoding(webp.type);
  return fallback ? toBlob(canvas, fallback) : webp;
}

/** The two avatar files from the crop JPEG: square, centre-cropped, 320 and 170 px. */
export async function avatarFilesFromCrop(crop: Blob): Promise<AvatarUpload> {
  const url = URL.createObjectURL(crop);
  try {
    const image = await loadImage(url);
    const from = centreSquare(image.naturalWidth, image.naturalHeight);
    const [large, small] = await Promise.all(AVATAR_TARGETS.map(({ size }) => encodeAvatar(draw(image, from, size))));
    return { large: large!, small: small! };
  } finally {
    URL.revokeObjectURL(url);
  }
}
