/**
 * ANSEL (ANSI Z39.47, the GEDCOM 5.x default) with the MARC-8 and GEDCOM additions, decoded to
 * Unicode. ANSEL writes a combining mark BEFORE its letter; Unicode after it, so marks are held
 * back and emitted after the next letter. The caller normalises to NFC.
 */
import { cp1252High } from './singleByte.ts';
import { codeUnitsToString } from './units.ts';

/** Spacing characters 0x80–0xDF; 0 = not ANSEL (read as Windows-1252 by the decoder). */
const SPACING: Record<number, number> = {
  0x8d: 0x200d, // zero width joiner (MARC-8)
  0x8e: 0x200c, // zero width non-joiner (MARC-8)
  0xa1: 0x0141, // Ł
  0xa2: 0x00d8, // Ø
  0xa3: 0x0110, // Đ
  0xa4: 0x00de, // Þ
  0xa5: 0x00c6, // Æ
  0xa6: 0x0152, // Œ
  0xa7: 0x02b9, // ʹ soft sign
  0xa8: 0x00b7, // · middle dot
  0xa9: 0x266d, // ♭ music flat
  0xaa: 0x00ae, // ®
  0xab: 0x00b1, // ±
  0xac: 0x01a0, // Ơ
  0xad: 0x01af, // Ư
  0xae: 0x02bc, // ʼ alif
  0xb0: 0x02bb, // ʻ ayn
  0xb1: 0x0142, // ł
  0xb2: 0x00f8, // ø
  0xb3: 0x0111, // đ
  0xb4: 0x00fe, // þ
  0xb5: 0x00e6, // æ
  0xb6: 0x0153, // œ
  0xb7: 0x02ba, // ʺ hard sign
  0xb8: 0x0131, // ı dotless i
  0xb9: 0x00a3, // £
  0xba: 0x00f0, // ð
  0xbc: 0x01a1, // ơ
  0xbd: 0x01b0, // ư
  0xbe: 0x25a1, // □ empty box (GEDCOM)
  0xbf: 0x25a0, // ■ black box (GEDCOM)
  0xc0: 0x00b0, // ° degree
  0xc1: 0x2113, // ℓ script small l
  0xc2: 0x2117, // ℗ sound recording copyright
  0xc3: 0x00a9, // ©
  0xc4: 0x266f, // ♯ music sharp
  0xc5: 0x00bf, // ¿
  0xc6: 0x00a1, // ¡
  0xc7: 0x00df, // ß (MARC-8)
  0xc8: 0x20ac, // € (MARC-8)
  0xcd: 0x0065, // midline e (GEDCOM)
  0xce: 0x006f, // midline o (GEDCOM)
  0xcf: 0x00df, // ß (GEDCOM)
};

/** Combining marks 0xE0–0xFE, written before the letter they sit on. */
const COMBINING: Record<number, number> = {
  0xe0: 0x0309, // hook above
  0xe1: 0x0300, // grave
  0xe2: 0x0301, // acute
  0xe3: 0x0302, // circumflex
  0xe4: 0x0303, // tilde
  0xe5: 0x0304, // macron
  0xe6: 0x0306, // breve
  0xe7: 0x0307, // dot above
  0xe8: 0x0308, // diaeresis (umlaut)
  0xe9: 0x030c, // caron (háček)
  0xea: 0x030a, // ring above
  0xeb: 0xfe20, // ligature, left half
  0xec: 0xfe21, // ligature, right half
  0xed: 0x0315, // comma above right
  0xee: 0x030b, // double acute
  0xef: 0x0310, // candrabindu
  0xf0: 0x0327, // cedilla
  0xf1: 0x0328, // ogonek (right hook)
  0xf2: 0x0323, // dot below
  0xf3: 0x0324, // diaeresis below
  0xf4: 0x0325, // ring below
  0xf5: 0x0333, // double low line
  0xf6: 0x0332, // low line
  0xf7: 0x0326, // comma below (left hook)
  0xf8: 0x031c, // left half ring below (right cedilla)
  0xf9: 0x032e, // breve below
  0xfa: 0xfe22, // double tilde, left half
  0xfb: 0xfe23, // double tilde, right half
  0xfc: 0x0338, // slash through (GEDCOM)
  0xfe: 0x0313, // comma above (high comma, centred)
};

/** For each byte 0x80–0xFF: the code unit, or 0 if the byte is a combining mark, or -1 if not ANSEL. */
const SINGLE = new Int32Array(128).fill(-1);
const MARK = new Uint16Array(128);
for (const [b, u] of Object.entries(SPACING)) SINGLE[Number(b) - 0x80] = u;
for (const [b, u] of Object.entries(COMBINING)) {
  SINGLE[Number(b) - 0x80] = 0;
  MARK[Number(b) - 0x80] = u;
}
/** MARC-8 non-sort begin/end markers carry no text. */
const DROPPED = new Set([0x88, 0x89]);

/** Whether a UTF-16 code unit is one of the marks ANSEL can produce (the NFC work is only needed then). */
export const ANSEL_MARKS = /[\u0300-\u036f\ufe20-\ufe23]/;

export interface AnselResult {
  text: string;
  /** Offsets (in bytes) of bytes that are not ANSEL and were read as Windows-1252. */
  foreignBytes: number[];
}

export function decodeAnsel(bytes: Uint8Array, start = 0): AnselResult {
  const out = new Uint16Array(bytes.length - start);
  const pending = new Uint16Array(16);
  let np = 0;
  let o = 0;
  const foreignBytes: number[] = [];
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x80) {
      // A mark before a line end stays before it: its letter is on the next (CONC) line, the parser joins them.
      if (np > 0 && (b === 10 || b === 13)) {
        for (let k = 0; k < np; k++) out[o++] = pending[k];
        np = 0;
      }
      out[o++] = b;
    } else {
      const u = SINGLE[b - 0x80];
      if (u === 0) {
        if (np === pending.length) {
          for (let k = 0; k < np; k++) out[o++] = pending[k];
          np = 0;
        }
        pending[np++] = MARK[b - 0x80];
        continue;
      }
      if (u > 0) out[o++] = u;
      else if (!DROPPED.has(b)) {
        foreignBytes.push(i);
        // Not ANSEL (mostly Windows-1252 punctuation in sloppy files): read as Windows-1252.
        out[o++] = cp1252High(b);
      }
    }
    if (np > 0) {
      for (let k = 0; k < np; k++) out[o++] = pending[k];
      np = 0;
    }
  }
  for (let k = 0; k < np; k++) out[o++] = pending[k];
  return { text: codeUnitsToString(out, o), foreignBytes };
}

/**
 * How well 8-bit bytes read as ANSEL: `ansel` counts marks followed by a letter they form an
 * accented letter with (á from E2 61); `notAnsel` counts what a proper ANSEL writer never emits:
 * bytes ANSEL leaves undefined (Windows-1252's quotes and dashes 0x80–0x9F, its capitals É Ñ Ö Ü
 * 0xC9–0xDF) and marks followed by a space or punctuation (Windows-1252's é at the end of "née").
 * A mark on a letter with no precomposed form counts for neither (ANSEL allows it; so does chance).
 */
export function anselEvidence(bytes: Uint8Array, from: number): { ansel: number; notAnsel: number } {
  let ansel = 0;
  let notAnsel = 0;
  for (let i = from; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x80) continue;
    const kind = SINGLE[b - 0x80];
    if (kind === 0) {
      const next = bytes[i + 1] ?? 0;
      if (next >= 0x80 && SINGLE[next - 0x80] === 0) continue;
      if (!isAsciiLetter(next)) notAnsel++;
      else if (composes(MARK[b - 0x80], next)) ansel++;
    } else if (kind < 0 && !DROPPED.has(b)) notAnsel++;
  }
  return { ansel, notAnsel };
}

function isAsciiLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

let composable: Set<number> | null = null;
/** Whether letter + mark has a precomposed form (built once, from Unicode's own NFC). */
function composes(mark: number, letter: number): boolean {
  if (!composable) {
    composable = new Set();
    for (const m of Object.values(COMBINING)) {
      for (let c = 0x41; c <= 0x7a; c++) {
        if (isAsciiLetter(c) && (String.fromCharCode(c) + String.fromCharCode(m)).normalize('NFC').length === 1) composable.add(m * 256 + c);
      }
    }
  }
  return composable.has(mark * 256 + letter);
}

/**
 * Text to ANSEL bytes, for test and bench files (our writer writes UTF-8 only): letters with
 * marks are decomposed and each mark put before its letter. Throws on a character ANSEL lacks.
 */
export function encodeAnsel(text: string): Uint8Array {
  const toByte = new Map<number, number>();
  for (const [b, u] of Object.entries(SPACING)) if (u > 0x7f && !toByte.has(u)) toByte.set(u, Number(b));
  const markByte = new Map<number, number>();
  for (const [b, u] of Object.entries(COMBINING)) markByte.set(u, Number(b));
  const nfd = text.normalize('NFD');
  const out = new Uint8Array(nfd.length);
  let o = 0;
  let i = 0;
  while (i < nfd.length) {
    const base = nfd.charCodeAt(i++);
    const marksFrom = i;
    while (i < nfd.length && markByte.has(nfd.charCodeAt(i))) i++;
    for (let k = marksFrom; k < i; k++) out[o++] = markByte.get(nfd.charCodeAt(k))!;
    const byte = base < 0x80 ? base : toByte.get(base);
    if (byte === undefined) throw new Error(`U+${base.toString(16).toUpperCase().padStart(4, '0')} has no ANSEL form`);
    out[o++] = byte;
  }
  return out.subarray(0, o);
}
