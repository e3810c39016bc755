import { describe, expect, it } from 'vitest';
import { parseGedcom } from '../../../src/gedcom/parse.ts';
import { splitPoint, writeGedcom } from '../../../src/gedcom/write.ts';
import type { GedcomNode } from '../../../src/gedcom/types.ts';
import { seededRandom } from '../../../bench/scene/random.ts';
import { at, byXref, utf8 } from './fixtures.ts';

const node = (tag: string, value?: string, children: GedcomNode[] = [], extra: Partial<GedcomNode> = {}): GedcomNode => ({
  tag,
  value,
  children,
  line: 0,
  ...extra,
});

const person = (value: string) => [node('INDI', undefined, [node('NAME', 'Ann /Lee/'), node('NOTE', value)], { xref: 'I1' })];
const noteOf = (text: string) => at(byXref(parseGedcom(utf8(text)), 'I1'), 'NOTE')?.value;
const lines = (text: string) => text.replace(/^\ufeff/, '').split('\n').slice(0, -1);

describe('writeGedcom 7.0', () => {
  it('a header with GEDC.VERS 7.0 first, records as given, TRLR last, a byte-order mark', () => {
    const text = writeGedcom({ version: '7.0', records: person('hello') });
    expect(text.startsWith('\ufeff0 HEAD\n1 GEDC\n2 VERS 7.0\n1 SOUR KINFOLK\n')).toBe(true);
    expect(lines(text).slice(4)).toEqual(['0 @I1@ INDI', '1 NAME Ann /Lee/', '1 NOTE hello', '0 TRLR']);
    expect(text.endsWith('0 TRLR\n')).toBe(true);
  });

  it('newlines become CONT lines and a long line is never split (no CONC in 7.0)', () => {
    const long = 'word '.repeat(2000).trim();
    const text = writeGedcom({ version: '7.0', records: person(`first\n\n${long}\nlast`) });
    expect(text).not.toContain('CONC');
    expect(lines(text).slice(6, 10)).toEqual(['1 NOTE first', '2 CONT', `2 CONT ${long}`, '2 CONT last']);
    expect(noteOf(text)).toBe(`first\n\n${long}\nlast`);
  });

  it('only a leading @ is doubled, on every line', () => {
    const value = '@home and me@example.org\n@@two\nmiddle @ stays';
    const text = writeGedcom({ version: '7.0', records: person(value) });
    expect(lines(text).slice(6, 9)).toEqual(['1 NOTE @@home and me@example.org', '2 CONT @@@two', '2 CONT middle @ stays']);
    expect(noteOf(text)).toBe(value);
  });

  it('xrefs, pointers and custom tags written as given', () => {
    const records = [
      node('INDI', undefined, [node('FAMC', undefined, [node('PEDI', 'ADOPTED')], { pointer: 'F_1' }), node('_FOO', 'bar', [node('_BAZ', undefined, [], { pointer: 'I_2' })])], { xref: 'I_1' }),
      node('FAM', undefined, [node('CHIL', undefined, [], { pointer: 'I_1' })], { xref: 'F_1' }),
    ];
    const text = writeGedcom({ version: '7.0', records });
    expect(lines(text).slice(4)).toEqual(['0 @I_1@ INDI', '1 FAMC @F_1@', '2 PEDI ADOPTED', '1 _FOO bar', '2 _BAZ @I_2@', '0 @F_1@ FAM', '1 CHIL @I_1@', '0 TRLR']);
  });

  it('keeps a HEAD given in the records, replacing GEDC and dropping CHAR', () => {
    const head = node('HEAD', undefined, [node('GEDC', undefined, [node('VERS', '5.5.1')]), node('CHAR', 'ANSEL'), node('SOUR', 'PAF'), node('SCHMA', undefined, [node('TAG', '_FOO http://x')])]);
    const text = writeGedcom({ version: '7.0', records: [head, ...person('x'), node('TRLR')] });
    expect(lines(text).slice(0, 6)).toEqual(['0 HEAD', '1 GEDC', '2 VERS 7.0', '1 SOUR PAF', '1 SCHMA', '2 TAG _FOO http://x']);
    expect(lines(text).filter((l) => l === '0 TRLR')).toHaveLength(1);
  });

  it('does not change the records it is given', () => {
    const records = person('a\nb');
    const before = JSON.stringify(records);
    writeGedcom({ version: '5.5.1', records });
    writeGedcom({ version: '7.0', records });
    expect(JSON.stringify(records)).toBe(before);
  });
});

describe('writeGedcom 5.5.1', () => {
  it('a header with GEDC 5.5.1, CHAR UTF-8 and a submitter', () => {
    const text = writeGedcom({ version: '5.5.1', records: person('hello'), submitter: 'Ann Lee' });
    expect(text.startsWith('0 HEAD\n')).toBe(true);
    expect(lines(text).slice(0, 10)).toEqual([
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '2 FORM LINEAGE-LINKED',
      '1 CHAR UTF-8',
      '1 SOUR KINFOLK',
      '1 SUBM @SUBM@',
      '0 @SUBM@ SUBM',
      '1 NAME Ann Lee',
      '0 @I1@ INDI',
    ]);
  });

  it('uses a submitter the records have', () => {
    const records = [node('SUBM', undefined, [node('NAME', 'Bo')], { xref: 'U1' }), ...person('x')];
    const text = writeGedcom({ version: '5.5.1', records });
    expect(lines(text)).toContain('1 SUBM @U1@');
    expect(lines(text).filter((l) => l.endsWith(' SUBM'))).toEqual(['0 @U1@ SUBM']);
  });

  it('every @ doubled, except in a calendar escape', () => {
    const text = writeGedcom({
      version: '5.5.1',
      records: [node('INDI', undefined, [node('NOTE', 'me@example.org @@ @'), node('BIRT', undefined, [node('DATE', '@#DJULIAN@ 11 FEB 1731/32')])], { xref: 'I1' })],
    });
    expect(lines(text)).toContain('1 NOTE me@@example.org @@@@ @@');
    expect(lines(text)).toContain('2 DATE @#DJULIAN@ 11 FEB 1731/32');
    const doc = parseGedcom(utf8(text));
    expect(at(byXref(doc, 'I1'), 'NOTE')?.value).toBe('me@example.org @@ @');
    expect(at(byXref(doc, 'I1'), 'BIRT', 'DATE')?.value).toBe('@#DJULIAN@ 11 FEB 1731/32');
  });

  it('lines of at most 255 characters with the line end; CONC splits between two non-spaces', () => {
    const sentence = 'The quick brown fox jumps over the lazy dog, then rests under an apple tree. ';
    const value = sentence.repeat(40).trim();
    const text = writeGedcom({ version: '5.5.1', records: person(value) });
    const all = lines(text);
    expect(Math.max(...all.map((l) => l.length + 1))).toBeLessThanOrEqual(255);
    const note = all.findIndex((l) => l.startsWith('1 NOTE '));
    const conc = all.slice(note + 1).filter((l) => l.startsWith('2 CONC '));
    expect(conc.length).toBeGreaterThan(5);
    for (let k = note; k < note + conc.length; k++) {
      expect(all[k]).toMatch(/\S$/);
      expect(all[k + 1].slice('2 CONC '.length)).toMatch(/^\S/);
    }
    expect(all[note].length + 1).toBeGreaterThan(245);
    expect(noteOf(text)).toBe(value);
  });

  it('never splits a surrogate pair, a letter from its mark, or an escaped @@', () => {
    const value = `${'𝔊'.repeat(200)} ${'e\u0301'.repeat(200)} ${'@'.repeat(300)}`;
    const text = writeGedcom({ version: '5.5.1', records: person(value) });
    for (const line of lines(text)) {
      expect(line.length + 1).toBeLessThanOrEqual(255);
      expect(line).not.toMatch(/^2 CONC [\udc00-\udfff\u0300-\u036f]/);
      expect(line).not.toMatch(/[\ud800-\udbff]$/);
      if (line.startsWith('2 CONC @')) expect(line.slice(7).match(/^@+/)![0].length % 2).toBe(0);
    }
    expect(noteOf(text)).toBe(value);
  });

  it('a run of spaces longer than a line still round-trips', () => {
    const value = `a${' '.repeat(600)}b`;
    expect(noteOf(writeGedcom({ version: '5.5.1', records: person(value) }))).toBe(value);
  });

  it('random text of every kind comes back exactly (seeded)', () => {
    const random = seededRandom(7);
    const alphabet = ['a', 'Z', ' ', '  ', '@', '@@', '\n', 'é', 'e\u0301', '𝔊', 'ß', '\t', '—', '.', 'x'.repeat(40)];
    for (let k = 0; k < 200; k++) {
      let value = '';
      const length = Math.floor(random() * 120);
      for (let i = 0; i < length; i++) value += alphabet[Math.floor(random() * alphabet.length)];
      // A value that is only line ends and nothing else is written as no value at all.
      if (value.replace(/\n/g, '') === '' && value !== '') value = `x${value}`;
      const expected = value === '' ? undefined : value;
      for (const version of ['5.5.1', '7.0'] as const) {
        expect(noteOf(writeGedcom({ version, records: person(value) })), `${version} ${JSON.stringify(value)}`).toBe(expected);
      }
    }
  });
});

describe('splitPoint', () => {
  it.each([
    ['abcdef ghij', 0, 8, 8],
    ['abcdef ghij', 0, 7, 5],
    ['abc def', 0, 4, 2],
    ['ab      cd', 0, 6, 1],
    ['        cd', 0, 6, 6],
    ['𝔊𝔊𝔊', 0, 3, 2],
    ['a@@@@b', 0, 2, 1],
    ['a@@@@b', 0, 3, 3],
    ['a@@@@b', 0, 4, 3],
  ])('%j from %i with room %i ends at %i', (text, start, room, expected) => {
    expect(splitPoint(text, start, room)).toBe(expected);
  });
});
