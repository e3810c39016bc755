import { describe, expect, it } from 'vitest';
import { parseGedcom } from '../../../src/gedcom/parse.ts';
import { GedcomError } from '../../../src/gedcom/errors.ts';
import type { GedcomNode } from '../../../src/gedcom/types.ts';
import { all, at, byXref, fixture, records, utf8 } from './fixtures.ts';

describe('parseGedcom on the sample files', () => {
  it.each([
    // file, version, encoding, INDI, FAM
    ['royal92.ged', '5.5', 'ANSEL', 3010, 1422],
    ['willis.ged', '5.5', 'UTF-8', 761, 293],
    ['5.5.1_sample_1.ged', '5.5.1', 'UTF-8', 845, 271],
    ['Harry_Potter.ged', '5.5', 'UTF-8', 23, 7],
    ['kennedy.ged', '5.5.1', 'UTF-8', 208, 75],
    ['ANSEL.GED', '5.5', 'ANSEL', 35, 1],
    ['TGC551.ged', '5.5', 'ANSEL', 15, 7],
    ['TGC551LF.ged', '5.5', 'ANSEL', 15, 7],
    ['TGC55C.ged', '5.5', 'ANSEL', 15, 7],
    ['allged.ged', '5.5', 'ASCII', 8, 4],
    ['utf16le.ged', '5.5', 'UTF-16LE', 0, 0],
    ['utf16be.ged', '5.5', 'UTF-16BE', 0, 0],
    ['utf8_crlf_bom.ged', '5.5.1', 'UTF-8', 10, 4],
    ['minimal55.ged', '5.5', 'ANSEL', 0, 0],
    ['issue102_99levels.ged', '5.5', 'ANSEL', 0, 0],
    ['k_remarriage70.ged', '7.0', 'UTF-8', 5, 2],
    ['k_same_sex70.ged', '7.0', 'UTF-8', 3, 1],
    ['k_xrefs70.ged', '7.0', 'UTF-8', 5, 0],
    ['k_cp1252.ged', '5.5.1', 'CP1252', 2, 0],
    ['k_utf16le_accents.ged', '5.5.1', 'UTF-16LE', 2, 0],
    ['k_utf16be_nobom.ged', '5.5.1', 'UTF-16BE', 2, 0],
  ])('%s: GEDCOM %s in %s, %i people and %i families', (file, version, encoding, people, families) => {
    const doc = parseGedcom(fixture(file));
    expect(doc.version).toBe(version);
    expect(doc.encoding).toBe(encoding);
    expect(records(doc, 'INDI')).toHaveLength(people);
    expect(records(doc, 'FAM')).toHaveLength(families);
    expect(doc.records[0].tag).toBe('HEAD');
    expect(doc.records.some((r) => r.tag === 'TRLR')).toBe(false);
    expect(JSON.stringify(doc.records)).not.toContain('\ufffd');
  });

  it('keeps xrefs and pointers without their @ signs', () => {
    const doc = parseGedcom(fixture('kennedy.ged'));
    const indi = records(doc, 'INDI')[0];
    expect(indi.xref).toMatch(/^[^@]+$/);
    const fams = doc.records.flatMap((r) => all(r, 'FAMS'));
    expect(fams.length).toBeGreaterThan(0);
    for (const f of fams) {
      expect(f.value).toBeUndefined();
      expect(byXref(doc, f.pointer!).tag).toBe('FAM');
    }
  });

  it('each node has its own children array, also in a copy sent from a worker', () => {
    const copy = structuredClone(parseGedcom(fixture('minimal55.ged')));
    at(copy.records[1], 'NAME', 'GIVN')!.children.push({ tag: '_X', children: [], line: 0 });
    expect(at(copy.records[1], 'NAME', 'SURN')!.children).toEqual([]);
  });

  it('gives each structure its 1-based line', () => {
    const doc = parseGedcom(fixture('minimal55.ged'));
    expect(doc.records.map((r) => [r.tag, r.line])).toEqual([
      ['HEAD', 1],
      ['SUBM', 8],
    ]);
    expect(at(doc.records[1], 'NAME', 'SURN')?.line).toBe(11);
  });
});

describe('text decoded exactly', () => {
  const value = (node: GedcomNode | undefined) => node?.value;

  it('ANSEL: spacing characters and marks moved after their letter, then NFC', () => {
    const doc = parseGedcom(fixture('ANSEL.GED'));
    expect(value(at(byXref(doc, 'CHILD0'), 'BIRT', 'PLAC'))).toBe(
      'slash l - uppercase (Ł), slash o - uppercase (Ø), slash d - uppercase (Đ), thorn - uppercase (Þ)',
    );
    expect(value(at(byXref(doc, 'CHILD1'), 'DEAT', 'PLAC'))).toBe(
      'alif (ʼ), ayn (ʻ), slash l - lowercase (ł), slash o - lowercase (ø), slash d - lowercase (đ)',
    );
    expect(value(at(byXref(doc, 'CHILD3'), 'DEAT', 'PLAC'))).toBe(
      'musical sharp (♯), inverted question mark (¿), inverted exclamation mark (¡), es zet (ß)',
    );
    // Every mark on every letter, after it: precomposed where Unicode has the letter (á = U+00E1),
    // letter + mark where it has not (b + U+0301).
    const marked = (letters: string, mark: string) => [...letters].map((c) => (c + mark).normalize('NFC')).join('');
    const lower = 'abcdefghijklmnopqrstuvwxyz';
    expect(value(at(byXref(doc, 'CHILD6'), 'DEAT', 'PLAC'))).toBe(marked(lower, '\u0301'));
    expect(value(at(byXref(doc, 'CHILD6'), 'DEAT', 'PLAC'))?.slice(0, 4)).toBe('\u00e1b\u0301\u0107');
    expect(value(at(byXref(doc, 'CHILD13'), 'BIRT', 'PLAC'))).toBe(marked(lower.toUpperCase(), '\u030c'));
    expect(value(at(byXref(doc, 'CHILD13'), 'BIRT', 'PLAC'))?.slice(0, 4)).toBe('\u01cdB\u030c\u010c');
    expect(value(at(byXref(doc, 'CHILD20'), 'BIRT', 'PLAC'))).toBe(marked(lower.toUpperCase(), '\u0327'));
    expect(value(at(byXref(doc, 'CHILD20'), 'DEAT', 'PLAC'))).toBe(marked(lower, '\u0327'));
  });

  it('ANSEL: a mark at a line end goes onto the first letter of the CONC line', () => {
    const doc = parseGedcom(fixture('k_ansel_marks.ged'));
    expect(at(byXref(doc, 'I1'), 'NAME')?.value).toBe('Antonín /Dvořak/');
    expect(at(byXref(doc, 'I1'), 'NOTE')?.value).toBe('Antonin Dvořak was born in Nelahozeves; Vi\u1ec7t Nam; \u00e9\u0301');
    expect(at(byXref(doc, 'I2'), 'NAME')?.value).toBe('Łukasz /Świàtek/');
  });

  it('ANSEL: the torture test header and special-character note', () => {
    const doc = parseGedcom(fixture('TGC55C.ged'));
    expect(at(doc.records[0], 'COPR')?.value).toBe('© 1997 by H. Eichmann, parts © 1999-2000 by J. A. Nairn.');
    const lucy = doc.records.find((r) => r.tag === 'NOTE' && r.value?.startsWith('Comments on "Lucy Special ANSEL"'));
    expect(lucy?.value).toContain('\nBE empty box - LDS extension (□)\nBF black box - LDS extensions (■)\nCO degree sign (°)');
    expect(lucy?.value).toContain('\nCF es zet (ß)');
  });

  it('UTF-16 with and without a byte-order mark, little- and big-endian', () => {
    for (const file of ['k_utf16le_accents.ged', 'k_utf16be_nobom.ged']) {
      const doc = parseGedcom(fixture(file));
      expect(at(byXref(doc, 'I1'), 'NAME')?.value).toBe('Renée /Ångström/');
      expect(at(byXref(doc, 'I1'), 'NOTE')?.value).toBe('Šárka wrote from Łódź:\n“Dvořák’s Ωmega” — 𝔊 is outside the BMP.');
      expect(at(byXref(doc, 'I2'), 'NAME')?.value).toBe('Jürgen /Çelik/');
    }
    expect(at(byXref(parseGedcom(fixture('utf16be.ged')), 'SUBM001'), 'NAME')?.value).toBe('Matt /Harrah/');
    expect(at(byXref(parseGedcom(fixture('utf16le.ged')), 'SUBM001'), 'NAME', 'GIVN')?.value).toBe('Matt');
  });

  it('UTF-8 with a byte-order mark and mixed CR LF / LF line ends', () => {
    const doc = parseGedcom(fixture('utf8_crlf_bom.ged'));
    expect(records(doc, 'INDI').map((i) => at(i, 'NAME')?.value)).toEqual([
      'John /Grüber/',
      'Mary /Hægermann/',
      'Abraham /Smîth/',
      'Betsy /Großmann/',
      'Cleo /Nôrden/',
      'Elizabeth /Jåckson/',
      'Daniel /Ćuarón/',
      'Michael /Garçon/',
      'Ellen /Łowenstėin/',
      'Fred /Ûlrich/',
    ]);
  });

  it('Windows-1252, declared or recognised from its bytes', () => {
    const declared = parseGedcom(fixture('k_cp1252.ged'));
    expect(at(byXref(declared, 'I1'), 'NAME')?.value).toBe('José /Müller/');
    expect(at(byXref(declared, 'I1'), 'NOTE')?.value).toBe('“Renée” paid 5 € for the church’s roof – in 1873.');
    expect(at(byXref(declared, 'I2'), 'NAME')?.value).toBe('Søren /Ærø/');
    const guessed = parseGedcom(fixture('k_cp1252_undeclared.ged'));
    expect(guessed.encoding).toBe('CP1252');
    expect(at(byXref(guessed, 'I1'), 'NAME')?.value).toBe('François /Gérard/');
    expect(at(byXref(guessed, 'I1'), 'NOTE')?.value).toBe('Née à Besançon; baptisée l’été suivant.');
    expect(guessed.warnings).toEqual([
      { line: 0, code: 'encoding', message: 'The header has no CHAR line; the bytes look like Windows-1252, read as such.' },
    ]);
  });

  it('UTF-8 bytes under a wrong CHAR are read as UTF-8, with a warning', () => {
    const doc = parseGedcom(fixture('k_utf8_says_ansel.ged'));
    expect(doc.encoding).toBe('UTF-8');
    expect(at(byXref(doc, 'I1'), 'NAME')?.value).toBe('Zoë /Dvořák/');
    expect(doc.warnings).toEqual([{ line: 0, code: 'encoding', message: 'The header says CHAR ANSEL but the bytes are UTF-8; read as UTF-8.' }]);
  });

  it('UTF-8 names from real files', () => {
    const willis = parseGedcom(fixture('willis.ged'));
    const text = JSON.stringify(willis.records);
    expect(text).toContain('Brøderbund Family Archive #110');
    expect(text).toContain('VICTOR — Almeda Wills, 105, of Victor');
    const kennedy = parseGedcom(fixture('kennedy.ged'));
    expect(records(kennedy, 'INDI').map((i) => at(i, 'NAME')?.value)).toContain('Joseph Patrick /Kennedy/');
  });
});

describe('structures and values as written', () => {
  it('dates stay exactly as written', () => {
    const doc = parseGedcom(fixture('TGC55C.ged'));
    const dates = new Set<string>();
    const walk = (n: GedcomNode) => {
      if (n.tag === 'DATE' && n.value) dates.add(n.value);
      n.children.forEach(walk);
    };
    doc.records.forEach(walk);
    for (const d of [
      'BEF 1970',
      'AFT 2000',
      'BET MAY 1979 AND AUG 1979',
      'FROM APR 2000 TO 5 MAR 2001',
      'ABT 15 JAN 2001',
      'CAL 31 DEC 1997',
      'EST 30 DEC 1997',
      'INT 31 DEC 1997 (a test)',
      '(No idea of the date)',
      'FROM 25 SVN 5757 TO 26 IYR 5757',
      'BET 5 APR 1712/13 AND 28 SEP 1714/15',
    ]) {
      expect(dates).toContain(d);
    }
    const allged = parseGedcom(fixture('allged.ged'));
    expect(JSON.stringify(allged.records)).toContain('"value":"@#DGREGORIAN@ 31 DEC 1997"');
    const royal = parseGedcom(fixture('royal92.ged'));
    expect(JSON.stringify(royal.records)).toContain('"value":"ABT    1969"');
  });

  it('CONC and CONT joined with every space kept', () => {
    const doc = parseGedcom(fixture('TGC55C.ged'));
    const joseph = byXref(doc, 'PERSON1');
    const [first, second] = all(joseph, 'NAME');
    expect(at(first, 'NOTE')?.value).toBe(
      'These are notes about the first NAME structure in this record. These notes are embedded in the INDIVIDUAL record itself.\n' +
        '\n' +
        'The second name structure in this record uses all possible tags for a personal name structure.\n' +
        '\n' +
        'NOTE: many applications are confused by two NAME structures.',
    );
    expect(at(second, 'NOTE')?.value).toBe(
      'This is a second personal NAME structure in a single INDIVIDUAL record which is allowed in GEDCOM. ' +
        'This second NAME structure has all possible fields for a NAME structure.\n\nThese notes are embedded in the INDIVIDUAL record.',
    );
    const escapes = parseGedcom(fixture('k_escapes551.ged'));
    expect(at(byXref(escapes, 'I1'), 'NOTE')?.value).toBe(
      'mail ada@example.org and @@ here then a CONC that starts with a spaceand one that splits a word\n\n  two spaces lead this line and two end it  ',
    );
  });

  it('a CONC that splits a word mid-word (5.5.1_sample_1)', () => {
    const doc = parseGedcom(fixture('5.5.1_sample_1.ged'));
    const note = doc.records.flatMap((r) => all(r, 'NOTE')).find((n) => n.line === 1285);
    expect(note?.value).toBe(
      'BIOGRAPHY: Served in the Royal Artillery and V-Force in the 1939-45 war. Won a MC in Burma and was at the seige of Kohima and Imphal. ' +
        'Trained with the Forestry Commission and then qualified as a Chartered Surveyor. Became a Land Agent and was Factor to the Marquis of Lothian 1956 - 1984. ' +
        'FRICS and FRICLA He was the land agent for Lady Helen O\'Brien on the Arderne Estate, Tarporley and met his wife through Tarporley Lawn Tennis Club. ',
    );
  });

  it('both NAME structures of TGC55C, each with its own parts', () => {
    const joseph = byXref(parseGedcom(fixture('TGC55C.ged')), 'PERSON1');
    const names = all(joseph, 'NAME');
    expect(names.map((n) => n.value)).toEqual(['Joseph Tag /Torture/', 'William John /Smith/']);
    expect(names[0].children.map((c) => [c.tag, c.value ?? c.pointer])).toEqual([
      ['NPFX', 'Prof.'],
      ['GIVN', 'Joseph'],
      ['NICK', 'Joe'],
      ['SPFX', 'Le'],
      ['SURN', 'Torture'],
      ['NSFX', 'Jr.'],
      ['SOUR', 'SOURCE1'],
      ['NOTE', expect.stringContaining('These are notes about the first NAME')],
    ]);
    expect(at(names[1], 'SOUR', 'DATA', 'TEXT')?.value).toBe(
      'Here is some text from the source specific to this source citation.\nHere is more text but on a new line.',
    );
  });

  it('adoption: PEDI kept under FAMC', () => {
    const joseph = byXref(parseGedcom(fixture('TGC55C.ged')), 'PERSON1');
    const adoptive = all(joseph, 'FAMC').find((f) => f.pointer === 'ADOPTIVE_PARENTS');
    expect(at(adoptive!, 'PEDI')?.value).toBe('adopted');
    expect(at(joseph, 'ADOP', 'FAMC', 'ADOP')?.value).toBe('BOTH');
    const lena = byXref(parseGedcom(fixture('k_remarriage70.ged')), 'I5');
    expect(at(lena, 'FAMC', 'PEDI')?.value).toBe('ADOPTED');
    expect(at(lena, 'FAMC', 'PEDI', 'PHRASE')?.value).toBe('Taken in after the flood');
  });

  it('unknown and extension tags kept in order, with values, nesting and pointers', () => {
    const harry = parseGedcom(fixture('Harry_Potter.ged'));
    expect(records(harry, 'INDI')[0].children.map((c) => c.tag).slice(0, 3)).toEqual(['NAME', 'WAND', 'SEX']);
    const ext = parseGedcom(fixture('k_extensions70.ged'));
    expect(at(ext.records[0], 'SCHMA')?.children.map((c) => c.value)).toEqual([
      '_FOO https://example.com/gedcom/foo',
      '_LOC https://example.com/gedcom/loc',
    ]);
    const olga = byXref(ext, 'I1');
    expect(at(olga, '_FOO')?.value).toBe('A value of an extension');
    expect(at(olga, '_FOO', '_BAR', 'DATE')?.value).toBe('1 JAN 1900');
    expect(at(olga, 'BIRT', '_FOO')?.pointer).toBe('L1');
    expect(byXref(ext, 'L1').tag).toBe('_LOC');
  });

  it('the 99-level nesting', () => {
    const doc = parseGedcom(fixture('issue102_99levels.ged'));
    let node: GedcomNode | undefined = byXref(doc, 'SUBM001');
    let depth = 0;
    while (node?.children.length) {
      node = node.children.find((c) => c.children.length > 0) ?? node.children[0];
      depth++;
    }
    expect(depth).toBe(99);
    expect(node?.tag).toBe('_CUST');
    expect(node?.value).toBe('Custom tag to test double-digit levels. Nesting absurdly.');
  });

  it('CR-only line ends (TGC551.ged, TGC55C.ged) read like CR LF (TGC551LF.ged)', () => {
    const cr = parseGedcom(fixture('TGC551.ged'));
    const crlf = parseGedcom(fixture('TGC551LF.ged'));
    expect(records(cr, 'INDI').map((i) => at(i, 'NAME')?.value)).toEqual(records(crlf, 'INDI').map((i) => at(i, 'NAME')?.value));
    expect(cr.records.at(-1)?.line).toBeGreaterThan(2000);
  });

  it('GEDCOM 7.0 @@: only a leading one is an escape, per line', () => {
    const doc = parseGedcom(fixture('k_escapes70.ged'));
    expect(at(byXref(doc, 'I1'), 'NOTE')?.value).toBe(
      'user@example.org writes @@ inside a line, kept as two.\n@handle starts a line: one @ removed.\n@@@ four become three.\n leading space kept, trailing kept ',
    );
    expect(byXref(doc, 'N1').value).toBe('@ a shared note starting with an at sign');
    expect(byXref(doc, 'N2').value).toBe('@I1@ looks like a pointer but has text after it');
    expect(byXref(doc, 'N2').pointer).toBeUndefined();
  });

  it('GEDCOM 5.5.1 @@: every one is an escape; a calendar escape stays', () => {
    const doc = parseGedcom(fixture('TGC55C.ged'));
    expect(at(byXref(doc, 'SM3'), 'ADDR')?.value).toBe('email: h.eichmann@mbox.iqo.uni-hannover.de\nor: heiner_eichmann@h.maus.de (no more than 16k!!!!)');
    expect(at(byXref(parseGedcom(fixture('k_escapes551.ged')), 'I1'), 'BIRT', 'DATE')?.value).toBe('@#DJULIAN@ 11 FEB 1731/32');
  });

  it('xref forms and @VOID@', () => {
    const doc = parseGedcom(fixture('k_xrefs70.ged'));
    expect(records(doc, 'INDI').map((r) => r.xref)).toEqual([
      undefined,
      'I',
      '1',
      '_',
      'ID_WITH_UNDERSCORES_AND_0123456789_THAT_IS_RATHER_LONG',
    ]);
    const last = records(doc, 'INDI')[4];
    expect(at(last, 'FAMC')?.pointer).toBe('VOID');
    expect(at(last, 'ASSO', 'PHRASE')?.value).toBe('Mr Stockdale');
  });
});

describe('warnings, not refusals', () => {
  it('a control character: a warning with its line, the character removed', () => {
    const doc = parseGedcom(fixture('5.5.1_sample_1.ged'));
    expect(doc.warnings[0]).toEqual({
      line: 1286,
      code: 'control-character',
      message: 'Line 1286 has a control character (U+000B); it was removed.',
    });
    expect(records(doc, 'INDI')).toHaveLength(845);
    expect(JSON.stringify(doc.records)).not.toMatch(/\\u000b/);
  });

  it('sloppy files: leading spaces, blank lines, lower-case tags, long lines, no TRLR', () => {
    const long = 'x'.repeat(300);
    const doc = parseGedcom(
      utf8(`0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n\n  0 @I1@ INDI\n  1 name Ann /Lee/\n1 NOTE ${long}\n1 _custom kept as written\n`),
    );
    expect(at(byXref(doc, 'I1'), 'NAME')?.value).toBe('Ann /Lee/');
    expect(at(byXref(doc, 'I1'), 'NOTE')?.value).toBe(long);
    expect(at(byXref(doc, 'I1'), '_custom')?.value).toBe('kept as written');
    expect(doc.warnings.map((w) => [w.line, w.code])).toEqual([
      [5, 'blank-line'],
      [6, 'leading-whitespace'],
      [7, 'leading-whitespace'],
      [7, 'lowercase-tag'],
      [8, 'long-line'],
      [9, 'no-trailer'],
    ]);
  });

  it('a file without GEDC.VERS is read as 5.5, with a warning', () => {
    const doc = parseGedcom(fixture('royal92.ged'));
    expect(doc.version).toBe('5.5');
    expect(doc.warnings).toEqual([{ line: 1, code: 'no-version', message: 'The header has no GEDC.VERS; read as GEDCOM 5.5.' }]);
  });

  it('many warnings of one kind: the first hundred, then one summary', () => {
    const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', ...Array.from({ length: 150 }, (_, k) => `0 @I${k}@ INDI\u0007`), '0 TRLR'];
    const doc = parseGedcom(utf8(lines.join('\n')));
    expect(doc.warnings.filter((w) => w.code === 'control-character')).toHaveLength(100);
    expect(doc.warnings.at(-1)).toEqual({ line: 103, code: 'more', message: '50 more warnings like "control-character" after line 103.' });
    expect(records(doc, 'INDI')).toHaveLength(150);
  });

  it('bytes that are not UTF-8 in a UTF-8 file are read as Windows-1252 letters', () => {
    const bytes = new Uint8Array([...utf8('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Ren'), 0xe9, ...utf8('e /Dvořák/\n0 TRLR\n')]);
    const doc = parseGedcom(bytes);
    expect(at(byXref(doc, 'I1'), 'NAME')?.value).toBe('Renée /Dvořák/');
    expect(doc.warnings).toEqual([{ line: 6, code: 'bad-byte', message: '1 byte is not UTF-8; read as Windows-1252.' }]);
  });

  it('progress from 0 to 1', () => {
    const seen: number[] = [];
    parseGedcom(fixture('royal92.ged'), { onProgress: (f) => seen.push(f) });
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(1);
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.every((f, k) => k === 0 || f >= seen[k - 1])).toBe(true);
  });
});

describe('errors name the line', () => {
  const fails = (text: string | Uint8Array) => {
    try {
      parseGedcom(typeof text === 'string' ? utf8(text) : text);
    } catch (e) {
      expect(e).toBeInstanceOf(GedcomError);
      return { code: (e as GedcomError).code, line: (e as GedcomError).line, message: (e as GedcomError).message };
    }
    throw new Error('expected a GedcomError');
  };

  it.each([
    ['not GEDCOM at all', 'Hello, world\n', 'not-gedcom', 1, 'Line 1: this is not a GEDCOM file: it must start with "0 HEAD" but starts with "Hello, world".'],
    ['a PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'not-gedcom', 1, 'Line 1: this is not a GEDCOM file: it must start with "0 HEAD" but starts with "‰PNG".'],
    ['an empty file', '', 'not-gedcom', 1, 'Line 1: the file is empty; a GEDCOM file starts with "0 HEAD".'],
    ['a level jump', '0 HEAD\n1 GEDC\n3 VERS 5.5\n', 'level-jump', 3, 'Line 3: level 3 follows level 1; a line can be at most one level deeper than the line before it.'],
    ['a line without a tag', '0 HEAD\n1 GEDC\n2\n', 'no-tag', 3, 'Line 3: the line has a level but no tag ("2").'],
    ['an xref without a tag', '0 HEAD\n0 @I1@\n', 'no-tag', 2, 'Line 2: the line has a cross-reference id but no tag ("0 @I1@").'],
    ['a line without a level', '0 HEAD\n1 GEDC\nJohn Smith\n', 'bad-level', 3, 'Line 3: expected a level number at the start of the line, found "John Smith".'],
    ['an unclosed xref', '0 HEAD\n0 @I1 INDI\n', 'bad-xref', 2, 'Line 2: the cross-reference id is not closed by "@" ("0 @I1 INDI").'],
    ['CONT as a record', '0 HEAD\n0 CONT text\n', 'misplaced-cont', 2, 'Line 2: CONT cannot be a record (level 0); it continues the line before it.'],
    ['a line under a CONT', '0 HEAD\n1 NOTE a\n2 CONT b\n3 DATE 1900\n', 'misplaced-cont', 4, 'Line 4: a line cannot be nested under a CONC or CONT line.'],
  ])('%s', (_name, input, code, line, message) => {
    expect(fails(input)).toEqual({ code, line, message });
  });
});
