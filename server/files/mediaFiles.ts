import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from 'pdf-lib';
import sharp, { type Metadata } from 'sharp';
import { AVATAR_SIZES } from '../../src/domain/timing.ts';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '../../src/domain/media/limits.ts';
import { checkUpload, isPhotoFormat, type MediaFormat } from '../../src/domain/media/sniff.ts';
import type { MediaKind } from '../../src/domain/media/types.ts';

/**
 * An uploaded photo or document made safe to store and serve (issue 23): its magic bytes say what
 * it is (`checkUpload`: a .jpg must be a JPEG, an SVG without script, a PDF without JavaScript);
 * a photo's header is read before any pixel is decoded (a decompression bomb is refused there);
 * photos are re-encoded without their metadata (no EXIF location) and an SVG is drawn to a PNG,
 * so no script ever reaches a browser; thumbnails of the avatar's sizes are made once, here.
 */

export class MediaFileError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'MediaFileError';
  }
}

export interface MediaFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

export interface PreparedMedia {
  kind: MediaKind;
  /** The original first, then the thumbnails (none for a document). */
  files: MediaFile[];
}

/** The thumbnails' names, sizes as the avatar's (§9: 320 and 170 px squares). */
export const THUMB_SIZES = [AVATAR_SIZES.large, AVATAR_SIZES.small] as const;
export const thumbName = (size: number) => `thumb_${size}.webp`;

/** PDF names that run code or carry other files, looked for in every parsed object. */
const PDF_ACTIVE_NAMES = new Set(['/JavaScript', '/JS', '/Launch', '/EmbeddedFile', '/EmbeddedFiles', '/RichMedia', '/XFA', '/SubmitForm', '/ImportData', '/GoToE']);

/**
 * Whether any object of a parsed PDF (those in compressed object streams included, which a byte
 * scan cannot see) names active content. A PDF that cannot be parsed is refused.
 */
export async function pdfHasActiveContent(bytes: Uint8Array): Promise<boolean> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    throw new MediaFileError(400, MEDIA_MESSAGES.unreadable);
  }
  const names = (o: PDFObject | undefined, depth: number): boolean => {
    if (!o || depth > 50) return false;
    if (o instanceof PDFName) return PDF_ACTIVE_NAMES.has(o.asString());
    const dict = o instanceof PDFStream ? o.dict : o instanceof PDFDict ? o : null;
    if (dict) {
      for (const [key, value] of dict.entries()) if (PDF_ACTIVE_NAMES.has(key.asString()) || names(value, depth + 1)) return true;
      return false;
    }
    if (o instanceof PDFArray) return o.asArray().some((x) => names(x, depth + 1));
    return false;
  };
  return doc.context.enumerateIndirectObjects().some(([, o]) => names(o, 0));
}

async function header(input: Buffer, format: MediaFormat): Promise<Metadata> {
  try {
    // SVG: drawn at 150 dpi at most, so a tiny SVG claiming a huge canvas is measured as drawn.
    const metadata = await sharp(input, { limitInputPixels: false, ...(format === 'svg' ? { density: 150 } : {}) }).metadata();
    if (!metadata.width || !metadata.height) throw new Error('no size');
    return metadata;
  } catch {
    throw new MediaFileError(400, MEDIA_MESSAGES.unreadable);
  }
}

/** The original as stored: re-encoded in its own format (GIF and SVG as PNG), metadata dropped. */
async function encodeOriginal(input: Buffer, format: MediaFormat): Promise<MediaFile> {
  const image = sharp(input, { limitInputPixels: MEDIA_LIMITS.pixels, failOn: 'error' }).rotate();
  if (format === 'jpeg') return { name: 'original.jpg', contentType: 'image/jpeg', bytes: await image.jpeg({ quality: 92, mozjpeg: true }).toBuffer() };
  if (format === 'webp') return { name: 'original.webp', contentType: 'image/webp', bytes: await image.webp({ quality: 92 }).toBuffer() };
  return { name: 'original.png', contentType: 'image/png', bytes: await image.png({ compressionLevel: 9 }).toBuffer() };
}

async function encodeThumb(input: Buffer, size: number): Promise<MediaFile> {
  const bytes = await sharp(input, { limitInputPixels: MEDIA_LIMITS.pixels, failOn: 'error' })
    .rotate()
    .resize(size, size, { fit: 'cover', position: 'attention' })
    .webp({ quality: 85 })
    .toBuffer();
  return { name: thumbName(size), contentType: 'image/webp', bytes };
}

/**
 * Checks an upload and makes what is stored of it. Throws MediaFileError (400, or 413 over the
 * size limit) with the §8-style message; nothing is stored by then.
 */
export async function prepareMedia(fileName: string, input: Buffer): Promise<PreparedMedia> {
  if (input.length > MEDIA_LIMITS.fileBytes) throw new MediaFileError(413, MEDIA_MESSAGES.tooLarge);
  const checked = checkUpload(fileName, input);
  if (!checked.ok) throw new MediaFileError(400, checked.message);
  if (!isPhotoFormat(checked.format)) {
    if (await pdfHasActiveContent(input)) throw new MediaFileError(400, MEDIA_MESSAGES.pdfScript);
    return { kind: 'document', files: [{ name: 'original.pdf', contentType: 'application/pdf', bytes: input }] };
  }
  const { width, height } = await header(input, checked.format);
  // Read from the header only: a refused image's pixels are never decoded.
  if (width! * height! > MEDIA_LIMITS.pixels) throw new MediaFileError(400, MEDIA_MESSAGES.tooManyPixels);
  try {
    // An SVG is drawn once to a PNG; everything after works from that raster.
    const raster = checked.format === 'svg' ? await sharp(input, { density: 150, limitInputPixels: MEDIA_LIMITS.pixels }).png().toBuffer() : input;
    const original = await encodeOriginal(raster, checked.format);
    const thumbs = await Promise.all(THUMB_SIZES.map((size) => encodeThumb(raster, size)));
    return { kind: 'photo', files: [original, ...thumbs] };
  } catch {
    throw new MediaFileError(400, MEDIA_MESSAGES.unreadable);
  }
}
