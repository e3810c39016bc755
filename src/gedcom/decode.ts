/**
 * Bytes to text. The encoding comes from the byte-order mark, then from HEAD.CHAR (and GEDC.VERS:
 * 7.0 is always UTF-8), then from the bytes themselves: declarations are often wrong in real files
 * (UTF-8 labelled ANSEL or ASCII, Windows-1252 labelled UTF-8), so a declaration the bytes contradict
 * is overruled with a warning instead of producing U+FFFD.
 */
import { anselEvidence, decodeAnsel } from './ansel.ts';
import { cp1252High, decodeCp1252, decodeCp850 } from './singleByte.ts';
import { codeUnitsToString } from './units.ts';

export interface Decoded {
  text: string;
  encoding: string;
  /** HEAD.GEDC.VERS as found by the pre-scan of the header ('' if none). */
  declaredVersion: string;
  /** Whether the text has a control character other than tab, CR and LF (rare: the parser then checks each line). */
  hasControls: boolean;
  /** Encoding notes; `at` is a character offset in `text`, or -1 for the file as a whole. */
  notes: { at: number; code: 'encoding' | 'bad-byte'; message: string }[];
}

const utf8Fatal = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextDecoder('utf-8');

export function decodeGedcomBytes(bytes: Uint8Array): Decoded {
  const notes: Decoded['notes'] = [];
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xff && b1 === 0xfe) return utf16(bytes, 'utf-16le', notes);
  if (b0 === 0xfe && b1 === 0xff) return utf16(bytes, 'utf-16be', notes);
  // UTF-16 without a byte-order mark: the file starts with "0" and a zero byte.
  if (b0 === 0x30 && b1 === 0) return utf16(bytes, 'utf-16le', notes);
  if (b0 === 0 && b1 === 0x30) return utf16(bytes, 'utf-16be', notes);

  const bom = b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const header = prescanHeader(latin1Prefix(bytes, bom, 65536));
  const declared = header.char.toUpperCase().replace(/[\s_]+/g, '-');
  const declaredVersion = header.version;
  const highStart = firstHighByte(bytes, bom);
  // In every 8-bit encoding and in UTF-8, a control character is its own byte: a byte loop is far
  // cheaper than a regular expression over the decoded text.
  const hasControls = hasControlByte(bytes);
  const done = (text: string, encoding: string): Decoded => ({ text, encoding, declaredVersion, hasControls, notes });

  if (bom > 0 || declaredVersion.startsWith('7')) {
    return done(decodeUtf8(bytes, bom, highStart, notes), 'UTF-8');
  }
  if (declared === 'UTF-8' || declared === 'UTF8' || declared === 'UNICODE' || declared === 'UTF-16') {
    return done(decodeUtf8(bytes, 0, highStart, notes), 'UTF-8');
  }
  const label = declared === '' ? 'no CHAR' : `CHAR ${header.char}`;
  // Plain ASCII bytes read the same in every encoding a GEDCOM file may declare.
  if (highStart < 0) return done(utf8.decode(bytes), declared === '' ? 'ASCII' : knownName(declared));
  const asUtf8 = tryUtf8(bytes, highStart);
  if (asUtf8 !== null && declared !== 'UTF-8') {
    if (declared !== '') notes.push({ at: -1, code: 'encoding', message: `The header says ${label} but the bytes are UTF-8; read as UTF-8.` });
    return done(asUtf8, 'UTF-8');
  }
  if (declared === 'ANSEL') {
    const evidence = anselEvidence(bytes, highStart);
    if (evidence.notAnsel <= evidence.ansel) return done(ansel(bytes, notes), 'ANSEL');
    notes.push({ at: -1, code: 'encoding', message: `The header says ${label} but the bytes are Windows-1252; read as Windows-1252.` });
    return done(decodeCp1252(bytes), 'CP1252');
  }
  if (declared === 'MACINTOSH' || declared === 'MAC') return done(new TextDecoder('macintosh').decode(bytes), 'MACINTOSH');
  if (isCp1252Label(declared)) return done(decodeCp1252(bytes), 'CP1252');
  if (isCp850Label(declared)) return done(decodeCp850(bytes), 'CP850');
  const evidence = anselEvidence(bytes, highStart);
  // A proper ANSEL writer never emits what counts against it, so a little of it means Windows-1252.
  const guess = evidence.ansel > 0 && evidence.notAnsel <= evidence.ansel * 0.1 ? 'ANSEL' : 'CP1252';
  const says = declared === '' ? 'The header has no CHAR line' : `The header says ${label}`;
  notes.push({ at: -1, code: 'encoding', message: `${says}; the bytes look like ${guess === 'ANSEL' ? 'ANSEL' : 'Windows-1252'}, read as such.` });
  return done(guess === 'ANSEL' ? ansel(bytes, notes) : decodeCp1252(bytes), guess);
}

function utf16(bytes: Uint8Array, label: 'utf-16le' | 'utf-16be', notes: Decoded['notes']): Decoded {
  const text = new TextDecoder(label).decode(bytes);
  const header = prescanHeader(text.slice(0, 65536));
  return { text, encoding: label.toUpperCase(), declaredVersion: header.version, hasControls: CONTROL.test(text), notes };
}

/** A control character other than tab, LF and CR: never meaningful in GEDCOM text. */
export const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

function hasControlByte(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if ((b < 0x20 && b !== 10 && b !== 13 && b !== 9) || b === 0x7f) return true;
  }
  return false;
}

function knownName(declared: string): string {
  if (declared === 'ANSEL' || declared === 'ASCII') return declared;
  if (isCp1252Label(declared)) return 'CP1252';
  if (declared === 'MACINTOSH' || declared === 'MAC') return 'MACINTOSH';
  if (isCp850Label(declared)) return 'CP850';
  return 'ASCII';
}

/** IBMPC is what DOS programs wrote; their code page in Western Europe was 850. */
function isCp850Label(declared: string): boolean {
  return /^(IBM-?PC|IBM-?DOS|MS-?DOS|DOS|CP-?850|IBM-?850)$/.test(declared);
}

function isCp1252Label(declared: string): boolean {
  return /^(ANSI|WINDOWS|CP-?1252|WINDOWS-1252|IBM-?WINDOWS|ISO-?8859-?1|LATIN-?1)$/.test(declared);
}

function ansel(bytes: Uint8Array, notes: Decoded['notes']): string {
  const { text, foreignBytes } = decodeAnsel(bytes);
  if (foreignBytes.length > 0) {
    const list = foreignBytes.slice(0, 5).map((i) => `0x${bytes[i].toString(16).toUpperCase()}`).join(', ');
    notes.push({
      // One code unit per byte in ANSEL, so the byte offset is (within a mark or two) the text offset.
      at: foreignBytes[0],
      code: 'bad-byte',
      message: `${foreignBytes.length} byte${foreignBytes.length === 1 ? ' is' : 's are'} not ANSEL (${list}${foreignBytes.length > 5 ? ', …' : ''}); read as Windows-1252.`,
    });
  }
  return text;
}

function firstHighByte(bytes: Uint8Array, from: number): number {
  for (let i = from; i < bytes.length; i++) if (bytes[i] >= 0x80) return i;
  return -1;
}

function tryUtf8(bytes: Uint8Array, highStart: number): string | null {
  if (highStart < 0) return utf8.decode(bytes);
  try {
    return utf8Fatal.decode(bytes);
  } catch {
    return null;
  }
}

/** UTF-8 as declared; bytes that are not UTF-8 are read as Windows-1252 (a letter, never U+FFFD). */
function decodeUtf8(bytes: Uint8Array, bom: number, highStart: number, notes: Decoded['notes']): string {
  const body = bom > 0 ? bytes.subarray(bom) : bytes;
  const ok = tryUtf8(body, highStart < 0 ? -1 : highStart - bom);
  if (ok !== null) return ok;
  const out = new Uint16Array(body.length);
  let o = 0;
  let bad = 0;
  let firstBad = -1;
  for (let i = 0; i < body.length; ) {
    const b = body[i];
    if (b < 0x80) {
      out[o++] = b;
      i++;
      continue;
    }
    const n = sequenceLength(body, i);
    if (n > 0) {
      let cp = n === 2 ? b & 0x1f : n === 3 ? b & 0x0f : b & 0x07;
      for (let k = 1; k < n; k++) cp = (cp << 6) | (body[i + k] & 0x3f);
      if (cp > 0xffff) {
        cp -= 0x10000;
        out[o++] = 0xd800 + (cp >> 10);
        out[o++] = 0xdc00 + (cp & 0x3ff);
      } else out[o++] = cp;
      i += n;
    } else {
      if (firstBad < 0) firstBad = o;
      bad++;
      out[o++] = cp1252High(b);
      i++;
    }
  }
  notes.push({
    at: firstBad,
    code: 'bad-byte',
    message: `${bad} byte${bad === 1 ? ' is' : 's are'} not UTF-8; read as Windows-1252.`,
  });
  return codeUnitsToString(out, o);
}

/** Length of a well-formed UTF-8 sequence at i (2–4), or 0. */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i];
  const cont = (k: number) => i + k < b.length && (b[i + k] & 0xc0) === 0x80;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    if (!cont(1) || !cont(2)) return 0;
    const c1 = b[i + 1];
    if ((c === 0xe0 && c1 < 0xa0) || (c === 0xed && c1 > 0x9f)) return 0;
    return 3;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    const c1 = b[i + 1];
    if ((c === 0xf0 && c1 < 0x90) || (c === 0xf4 && c1 > 0x8f)) return 0;
    return 4;
  }
  return 0;
}

function latin1Prefix(bytes: Uint8Array, from: number, max: number): string {
  const end = Math.min(bytes.length, from + max);
  return codeUnitsToString(Uint16Array.from(bytes.subarray(from, end)), end - from);
}

/** HEAD.CHAR and HEAD.GEDC.VERS from the text of the file's first lines. */
export function prescanHeader(prefix: string): { char: string; version: string } {
  let char = '';
  let version = '';
  let inGedc = false;
  const lines = prefix.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*(\d+)\s+(\S+)(?: (.*))?$/.exec(lines[i]);
    if (!m) continue;
    const level = Number(m[1]);
    const tag = m[2].toUpperCase();
    if (level === 0 && i > 0) break;
    if (level === 1) inGedc = tag === 'GEDC';
    if (level === 1 && tag === 'CHAR') char = (m[3] ?? '').trim();
    if (level === 2 && inGedc && tag === 'VERS') version = (m[3] ?? '').trim();
  }
  return { char, version };
}
