import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGedcom } from '../../../src/gedcom/parse.ts';
import { writeGedcom } from '../../../src/gedcom/write.ts';
import type { GedcomDocument, GedcomNode } from '../../../src/gedcom/types.ts';
import { fixture, fixtureNames, shape, utf8 } from './fixtures.ts';

/** FamilySearch's GEDCOM 7 test files: no licence stated, so read from the shared folder, never copied. */
const GEDCOM7 = '/work/shared/data/gedcom/gedcom7/';

/**
 * What the writer may change, documented in write.ts: the header's GEDC and CHAR (set for the
 * target version), a SOUR and for 5.5.1 a SUBM added when missing. Everything else must come back.
 */
function comparable(doc: GedcomDocument, original: GedcomDocument) {
  const originalXrefs = new Set(original.records.map((r) => r.xref));
  const originalHeadTags = new Set(original.records[0].children.map((c) => c.tag));
  const head = doc.records[0].children.filter(
    (c) => c.tag !== 'GEDC' && c.tag !== 'CHAR' && (originalHeadTags.has(c.tag) || (c.tag !== 'SOUR' && c.tag !== 'SUBM')),
  );
  const body = doc.records.slice(1).filter((r) => r.tag !== 'SUBM' || originalXrefs.has(r.xref));
  return { head: head.map(shape), body: body.map(shape) };
}

function roundTrip(original: GedcomDocument, version: '7.0' | '5.5.1'): GedcomDocument {
  return parseGedcom(utf8(writeGedcom({ version, records: original.records })));
}

describe('parse(write(parse(file))) gives the same structures and values', () => {
  it.each(fixtureNames().flatMap((file) => [[file, '7.0'] as const, [file, '5.5.1'] as const]))('%s as %s', (file, version) => {
    const original = parseGedcom(fixture(file));
    const again = roundTrip(original, version);
    expect(again.version).toBe(version);
    expect(again.encoding).toBe('UTF-8');
    expect(again.warnings).toEqual([]);
    expect(comparable(again, original)).toEqual(comparable(original, original));
  });

  it('a second round trip changes nothing at all, header included', () => {
    for (const file of ['royal92.ged', 'TGC55C.ged', 'k_extensions70.ged']) {
      for (const version of ['7.0', '5.5.1'] as const) {
        const once = roundTrip(parseGedcom(fixture(file)), version);
        const twice = roundTrip(once, version);
        expect(twice.records.map(shape)).toEqual(once.records.map(shape));
      }
    }
  });

  it('5.5.1 output keeps every line within 255 characters and never uses a space at a CONC split', () => {
    const text = writeGedcom({ version: '5.5.1', records: parseGedcom(fixture('5.5.1_sample_1.ged')).records });
    const lines = text.split('\n');
    expect(Math.max(...lines.map((l) => l.length + 1))).toBeLessThanOrEqual(255);
    lines.forEach((line, k) => {
      if (!/^\d+ CONC /.test(line)) return;
      expect(line.slice(line.indexOf('CONC ') + 5)).toMatch(/^\S/);
      expect(lines[k - 1]).toMatch(/\S$/);
    });
  });
});

describe('FamilySearch GEDCOM 7 files (from the shared folder, when present)', () => {
  const files = existsSync(GEDCOM7) ? readdirSync(GEDCOM7).filter((f) => f.endsWith('.ged')) : [];
  if (files.length === 0) {
    it('did not run', () => {
      console.warn(`GEDCOM 7 conformance files not found at ${GEDCOM7}: the FamilySearch round-trip tests did not run.`);
    });
    return;
  }

  it.each(files)('%s comes back with the same structures and values as 7.0', (file) => {
    const original = parseGedcom(new Uint8Array(readFileSync(GEDCOM7 + file)));
    expect(original.warnings).toEqual([]);
    const again = roundTrip(original, '7.0');
    // The header too: these files already have GEDC.VERS 7.0 first and a SOUR or none needed.
    const strip = (records: GedcomNode[]) => records.map(shape);
    if (original.records[0].children.some((c) => c.tag === 'SOUR')) expect(strip(again.records)).toEqual(strip(original.records));
    else expect(comparable(again, original)).toEqual(comparable(original, original));
  });

  it('maximal70.ged: every record, header included, identical after a 7.0 round trip', () => {
    if (!files.includes('maximal70.ged')) return;
    const original = parseGedcom(new Uint8Array(readFileSync(GEDCOM7 + 'maximal70.ged')));
    expect(original.records.length).toBeGreaterThan(15);
    expect(roundTrip(original, '7.0').records.map(shape)).toEqual(original.records.map(shape));
  });

  it('escapes.ged: the 7.0 @@ rule', () => {
    if (!files.includes('escapes.ged')) return;
    const doc = parseGedcom(new Uint8Array(readFileSync(GEDCOM7 + 'escapes.ged')));
    const values = Object.fromEntries(doc.records.filter((r) => r.xref).map((r) => [r.xref, r.value ?? r.children.find((c) => c.tag === 'NOTE')?.value]));
    expect(values).toEqual({
      I1: 'me@example.com is an example email address.\n@me and @I are example social media handles.\n@@@@ has four @ characters where only the first is escaped.',
      N01: '@ one leading',
      N02: '@one leading no space',
      N05: 'doubled @@ internal has two @ characters, not escaped',
      N06: 'doubled@@internal no space',
      N07: 'single @ internal',
      N08: 'single@internal no space',
      N19: '@ at at front and @ inside line and \n@ at after CONT and @ inside CONT\'s line too.',
    });
  });
});
