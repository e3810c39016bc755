import { describe, expect, it } from 'vitest';
import { decodeAnsel, encodeAnsel } from '../../../src/gedcom/ansel.ts';
import { decodeCp1252 } from '../../../src/gedcom/singleByte.ts';
import { decodeGedcomBytes, prescanHeader } from '../../../src/gedcom/decode.ts';
import { parseGedcom } from '../../../src/gedcom/parse.ts';
import { utf8 } from './fixtures.ts';

const head = (char: string) => `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n${char ? `1 CHAR ${char}\n` : ''}0 @I1@ INDI\n1 NAME `;
const bytesOf = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...utf8(p)] : p)));

describe('ANSEL', () => {
  it.each([
    [0xa1, 'Ł'], [0xa2, 'Ø'], [0xa3, 'Đ'], [0xa4, 'Þ'], [0xa5, 'Æ'], [0xa6, 'Œ'], [0xa7, 'ʹ'], [0xa8, '·'],
    [0xa9, '♭'], [0xaa, '®'], [0xab, '±'], [0xac, 'Ơ'], [0xad, 'Ư'], [0xae, 'ʼ'], [0xb0, 'ʻ'], [0xb1, 'ł'],
    [0xb2, 'ø'], [0xb3, 'đ'], [0xb4, 'þ'], [0xb5, 'æ'], [0xb6, 'œ'], [0xb7, 'ʺ'], [0xb8, 'ı'], [0xb9, '£'],
    [0xba, 'ð'], [0xbc, 'ơ'], [0xbd, 'ư'], [0xbe, '□'], [0xbf, '■'], [0xc0, '°'], [0xc1, 'ℓ'], [0xc2, '℗'],
    [0xc3, '©'], [0xc4, '♯'], [0xc5, '¿'], [0xc6, '¡'], [0xc7, 'ß'], [0xc8, '€'], [0xcd, 'e'], [0xce, 'o'], [0xcf, 'ß'],
    [0x8d, '\u200d'], [0x8e, '\u200c'],
  ])('byte %i is %s', (byte, expected) => {
    expect(decodeAnsel(new Uint8Array([byte])).text).toBe(expected);
  });

  it.each([
    [0xe0, '\u0309'], [0xe1, '\u0300'], [0xe2, '\u0301'], [0xe3, '\u0302'], [0xe4, '\u0303'], [0xe5, '\u0304'],
    [0xe6, '\u0306'], [0xe7, '\u0307'], [0xe8, '\u0308'], [0xe9, '\u030c'], [0xea, '\u030a'], [0xeb, '\ufe20'],
    [0xec, '\ufe21'], [0xed, '\u0315'], [0xee, '\u030b'], [0xef, '\u0310'], [0xf0, '\u0327'], [0xf1, '\u0328'],
    [0xf2, '\u0323'], [0xf3, '\u0324'], [0xf4, '\u0325'], [0xf5, '\u0333'], [0xf6, '\u0332'], [0xf7, '\u0326'],
    [0xf8, '\u031c'], [0xf9, '\u032e'], [0xfa, '\ufe22'], [0xfb, '\ufe23'], [0xfc, '\u0338'], [0xfe, '\u0313'],
  ])('mark byte %i comes after its letter', (byte, mark) => {
    expect(decodeAnsel(new Uint8Array([0x61, byte, 0x62])).text).toBe(`ab${mark}`);
  });

  it('keeps the order of several marks on one letter', () => {
    expect(decodeAnsel(new Uint8Array([0xe3, 0xf2, 0x65])).text).toBe('e\u0302\u0323');
  });

  it('bytes that are not ANSEL are read as Windows-1252 and reported', () => {
    const { text, foreignBytes } = decodeAnsel(new Uint8Array([0x92, 0x41, 0xd6]));
    expect(text).toBe('’AÖ');
    expect(foreignBytes).toEqual([0, 2]);
  });

  it('encodeAnsel and the parser agree on every letter with every mark', () => {
    const marks = '\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u030a\u030b\u030c\u0323\u0327\u0328';
    const text = [...'AEIOUYaeiouyCcGgNnSsZz'].flatMap((c) => [...marks].map((m) => (c + m).normalize('NFC'))).join(' ');
    const file = new Uint8Array([...utf8(head('ANSEL')), ...encodeAnsel(text), ...utf8('\n0 TRLR\n')]);
    const doc = parseGedcom(file);
    expect(doc.encoding).toBe('ANSEL');
    expect(doc.records[1].children[0].value).toBe(text);
  });
});

describe('encoding detection', () => {
  it('Windows-1252 by table, the same in Node and browsers', () => {
    expect(decodeCp1252(new Uint8Array([0x80, 0x93, 0x94, 0x96, 0x9f, 0xe9, 0x81]))).toBe('€“”–Ÿé\u0081');
  });

  it.each([
    ['ANSI', 'CP1252'],
    ['WINDOWS-1252', 'CP1252'],
    ['ISO-8859-1', 'CP1252'],
    ['IBM WINDOWS', 'CP1252'],
  ])('CHAR %s is read as %s', (char, encoding) => {
    const doc = parseGedcom(bytesOf(head(char), [0x4a, 0xfc, 0x72, 0x67, 0x65, 0x6e], '\n0 TRLR\n'));
    expect(doc.encoding).toBe(encoding);
    expect(doc.records[1].children[0].value).toBe('Jürgen');
  });

  it('CHAR IBMPC is code page 850', () => {
    const doc = parseGedcom(bytesOf(head('IBMPC'), [0x4a, 0x81, 0x72, 0x67, 0x65, 0x6e, 0x20, 0x90, 0x9d], '\n0 TRLR\n'));
    expect(doc.encoding).toBe('CP850');
    expect(doc.records[1].children[0].value).toBe('Jürgen ÉØ');
  });

  it('CHAR MACINTOSH', () => {
    const doc = parseGedcom(bytesOf(head('MACINTOSH'), [0x4a, 0x9f, 0x72, 0x67, 0x65, 0x6e], '\n0 TRLR\n'));
    expect(doc.encoding).toBe('MACINTOSH');
    expect(doc.records[1].children[0].value).toBe('Jürgen');
  });

  it('ASCII with 8-bit bytes: Windows-1252 when they look like it, with a warning', () => {
    const doc = parseGedcom(bytesOf(head('ASCII'), 'Ren', [0xe9, 0x65], ' ', [0x93], 'Bo', [0x94], '\n0 TRLR\n'));
    expect(doc.encoding).toBe('CP1252');
    expect(doc.records[1].children[0].value).toBe('Renée “Bo”');
    expect(doc.warnings.map((w) => w.code)).toEqual(['encoding']);
  });

  it('ANSEL with no CHAR line is recognised by its marks', () => {
    const doc = parseGedcom(bytesOf(head(''), 'Ren', [0xe2], 'ee /Dvo', [0xe9], 'r', [0xe2], 'ak/ ', [0xe8], 'uber M', [0xe8], 'uller\n0 TRLR\n'));
    expect(doc.encoding).toBe('ANSEL');
    expect(doc.records[1].children[0].value).toBe('Renée /Dvořák/ über Müller');
  });

  it('a file that says ANSEL but is plainly Windows-1252 is read as Windows-1252', () => {
    const doc = parseGedcom(bytesOf(head('ANSEL'), 'N', [0xe9], 'e ', [0xe0], ' Besan', [0xe7], 'on, ', [0x93], 'l', [0x92], [0xe9], 't', [0xe9], [0x94], '\n0 TRLR\n'));
    expect(doc.encoding).toBe('CP1252');
    expect(doc.records[1].children[0].value).toBe('Née à Besançon, “l’été”');
  });

  it('text after TRLR is ignored with a warning; a DOS end-of-file mark is not', () => {
    const start = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 TRLR\n';
    expect(parseGedcom(utf8(`${start}\u001a`)).warnings).toEqual([]);
    expect(parseGedcom(utf8(`${start}0 @I1@ INDI\n`)).warnings).toEqual([
      { line: 5, code: 'after-trailer', message: 'Lines after "0 TRLR" (line 4) were ignored.' },
    ]);
  });

  it('UTF-16 without a byte-order mark and 7.0 files are UTF-8 whatever they say', () => {
    expect(decodeGedcomBytes(new Uint8Array([0x30, 0, 0x20, 0])).encoding).toBe('UTF-16LE');
    expect(decodeGedcomBytes(new Uint8Array([0, 0x30, 0, 0x20])).encoding).toBe('UTF-16BE');
    expect(decodeGedcomBytes(utf8('0 HEAD\n1 GEDC\n2 VERS 7.0\n1 CHAR ANSEL\n0 TRLR\n')).encoding).toBe('UTF-8');
  });

  it('the header pre-scan finds CHAR and GEDC.VERS, not a VERS elsewhere', () => {
    expect(prescanHeader('0 HEAD\r1 SOUR X\r2 VERS 9.9\r1 GEDC\r2 VERS 5.5.1\r1 CHAR ANSEL\r0 @I1@ INDI\r1 CHAR no')).toEqual({ char: 'ANSEL', version: '5.5.1' });
    expect(prescanHeader('0 HEAD\n1 CHAR UTF-8\n2 VERS 1.0\n')).toEqual({ char: 'UTF-8', version: '' });
  });
});
