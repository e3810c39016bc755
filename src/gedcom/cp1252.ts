/**
 * Windows-1252, by table: Node's TextDecoder('windows-1252') decodes 0x80–0x9F as ISO-8859-1
 * control characters (browsers do not), and the parser must give the same text in both.
 */
import { codeUnitsToString } from './units.ts';

/** 0x80–0x9F; the five bytes Windows-1252 leaves undefined keep their Latin-1 code point, as WHATWG says. */
const C1 = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

/** The code unit of a byte 0x80–0xFF in Windows-1252 (0xA0–0xFF are Latin-1). */
export function cp1252High(byte: number): number {
  return byte < 0xa0 ? C1[byte - 0x80] : byte;
}

export function decodeCp1252(bytes: Uint8Array): string {
  const out = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    out[i] = b < 0x80 ? b : cp1252High(b);
  }
  return codeUnitsToString(out, bytes.length);
}
