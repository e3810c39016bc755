/**
 * Single-byte code pages by table. Windows-1252 is here although TextDecoder knows it: Node's
 * TextDecoder('windows-1252') decodes 0x80–0x9F as ISO-8859-1 control characters (browsers do
 * not), and the parser must give the same text in both. IBM code page 850 (files that say
 * CHAR IBMPC, from DOS programs) is not in the Encoding Standard at all.
 */
import { codeUnitsToString } from './units.ts';

/** Windows-1252 0x80–0x9F; the five bytes it leaves undefined keep their Latin-1 code point, as WHATWG says. */
const CP1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

/** IBM code page 850, 0x80–0xFF. */
const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

/** The code unit of a byte 0x80–0xFF in Windows-1252 (0xA0–0xFF are Latin-1). */
export function cp1252High(byte: number): number {
  return byte < 0xa0 ? CP1252_C1[byte - 0x80] : byte;
}

export function decodeCp1252(bytes: Uint8Array): string {
  const out = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    out[i] = b < 0x80 ? b : cp1252High(b);
  }
  return codeUnitsToString(out, bytes.length);
}

export function decodeCp850(bytes: Uint8Array): string {
  const out = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    out[i] = b < 0x80 ? b : CP850_HIGH.charCodeAt(b - 0x80);
  }
  return codeUnitsToString(out, bytes.length);
}
