/**
 * Limits of photos and documents (docs/PRODUCT.md "Photos and documents"), checked on upload by
 * both backends and on the save path for the record's fields.
 */
export const MEDIA_LIMITS = {
  /** One uploaded file. */
  fileBytes: 20 * 1024 * 1024,
  /** Photos and documents showing one person (a wedding photo counts for each spouse). */
  perPerson: 100,
  /** All stored files of one tree (originals and thumbnails). */
  treeBytes: 2 * 1024 * 1024 * 1024,
  /**
   * Pixels of one photo, read from its header before anything is decoded: a decompression-bomb
   * guard (a 100 KB PNG can declare 40 megapixels). The avatar's limit (server/files/avatarImages.ts):
   * making the thumbnails decodes the photo, and decodes past it cost too much memory (issue 19).
   */
  pixels: 24_000_000,
  title: 300,
  description: 5000,
  date: 100,
  /** People and couples in one photo. */
  people: 100,
  url: 2000,
} as const;

const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The §8-style messages of an upload refused (code invalid-argument or resource-exhausted). */
export const MEDIA_MESSAGES = {
  tooLarge: `The file is too large (${MB(MEDIA_LIMITS.fileBytes)} at most).`,
  tooManyForPerson: `This person already has ${MEDIA_LIMITS.perPerson} photos and documents, the most one person can have. Remove one first.`,
  treeFull: `This family tree's photos and documents already use ${MB(MEDIA_LIMITS.treeBytes)}, the most one tree can hold. Remove some first.`,
  tooManyPixels: `The photo has too many pixels (${MEDIA_LIMITS.pixels / 1_000_000} megapixels at most). Make it smaller and try again.`,
  notAccepted: 'The file is not a photo or a document we accept. Choose a JPEG, PNG, WebP, GIF or SVG image, or a PDF.',
  mismatch: 'The file is not what its name says. Choose the file again, or save it in its real format.',
  svgScript: 'The SVG image contains script or links that run code. Save it without them, or as a PNG.',
  pdfScript: 'The PDF contains JavaScript, a launch action or embedded files. Print it to a new PDF and try again.',
  unreadable: 'The file could not be read. It may be damaged.',
  missingFile: 'Send one file, named file, as multipart/form-data.',
  noPerson: 'Choose who is in the photo.',
  notFound: 'This photo or document no longer exists.',
} as const;
