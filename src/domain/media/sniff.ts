import { MEDIA_LIMITS, MEDIA_MESSAGES } from './limits.ts';

/**
 * What an uploaded file really is, read from its first bytes (its "magic"), never from its name
 * or the content type the browser claims; and the checks that refuse active content. Pure, so the
 * server, the Cloud Functions and the browser (which refuses before uploading to Storage) share it.
 */

export const MEDIA_FORMATS = ['jpeg', 'png', 'gif', 'webp', 'svg', 'pdf'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const CONTENT_TYPE_OF: Record<MediaFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

/** File name extensions and the format each promises. */
const EXTENSIONS: Record<string, MediaFormat> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jfif: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  svg: 'svg',
  pdf: 'pdf',
};

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The format the bytes are, or null when none we accept. */
export function sniffFormat(bytes: Uint8Array): MediaFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  // A PDF reader finds the header within the first KB; we ask for it first (after a BOM at most).
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (looksLikeSvg(bytes)) return 'svg';
  return null;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  // An XML declaration, comments and a doctype may come before the root element.
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '');
  return /^<svg[\s>]/i.test(rest);
}

/** The format a file name promises, or null when its extension is not one we know. */
export function formatOfName(name: string): MediaFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return ext ? (EXTENSIONS[ext] ?? null) : null;
}

/**
 * An SVG that could run code when opened: script elements, event handlers, javascript: URLs,
 * foreign HTML, links or references outside itself, or entity declarations (the "billion laughs"
 * expansion bomb). SVGs are rasterised before they are stored; this refuses those before that.
 */
export function svgActiveContent(text: string): string | null {
  const checks: [RegExp, string][] = [
    [/<script[\s>/]/i, 'script'],
    [/\son[a-z]+\s*=/i, 'event handler'],
    [/javascript\s*:/i, 'javascript: URL'],
    [/<foreignObject[\s>/]/i, 'foreignObject'],
    [/<!ENTITY/i, 'entity declaration'],
    [/\b(?:xlink:)?href\s*=\s*["']?\s*(?!#)[^"'\s>]/i, 'external link'],
    [/url\(\s*["']?\s*(?!#)[^)"'\s]/i, 'external url()'],
  ];
  for (const [re, what] of checks) if (re.test(text)) return what;
  return null;
}

/** PDF names that run code or carry other files; `#xx` escapes in names are undone first. */
const PDF_ACTIVE = /\/(JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData|GoToE)(?![A-Za-z0-9])/;

/** PDF names as a reader sees them: `/J#61vaScript` is `/JavaScript`. */
export function undoPdfNameEscapes(text: string): string {
  return text.replace(/\/[^\s/<>[\]()%{}]*/g, (name) => name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

/**
 * The active content a PDF's uncompressed text names, or null. (The server also walks every object
 * of the parsed file, compressed object streams included: `server/files/mediaFiles.ts`.)
 */
export function pdfActiveContent(bytes: Uint8Array): string | null {
  let text = '';
  // latin1: every byte one character, so names are matched wherever they are.
  for (let i = 0; i < bytes.length; i += 65536) text += String.fromCharCode(...bytes.subarray(i, i + 65536));
  return PDF_ACTIVE.exec(undoPdfNameEscapes(text))?.[1] ?? null;
}

export type UploadCheck = { ok: true; format: MediaFormat; contentType: string } | { ok: false; code: 'invalid-argument'; message: string };

/**
 * The checks every upload passes before anything is stored, whatever the backend: its size, what
 * its bytes are (a file named .jpg must be a JPEG), and no active content in an SVG or a PDF.
 */
export function checkUpload(name: string, bytes: Uint8Array): UploadCheck {
  const refuse = (message: string): UploadCheck => ({ ok: false, code: 'invalid-argument', message });
  if (bytes.length > MEDIA_LIMITS.fileBytes) return refuse(MEDIA_MESSAGES.tooLarge);
  const format = sniffFormat(bytes);
  const named = formatOfName(name);
  if (!format) return refuse(named ? MEDIA_MESSAGES.mismatch : MEDIA_MESSAGES.notAccepted);
  // A JPEG named .jpeg or .jfif is still a JPEG; anything else must be what its name says.
  if (named && named !== format) return refuse(MEDIA_MESSAGES.mismatch);
  if (format === 'svg' && svgActiveContent(new TextDecoder().decode(bytes))) return refuse(MEDIA_MESSAGES.svgScript);
  if (format === 'pdf' && pdfActiveContent(bytes)) return refuse(MEDIA_MESSAGES.pdfScript);
  return { ok: true, format, contentType: CONTENT_TYPE_OF[format] };
}

/** Whether a format is stored as a photo (with thumbnails) rather than a document. */
export const isPhotoFormat = (f: MediaFormat) => f !== 'pdf';
