import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGedcom } from '../../../src/gedcom/parse.ts';
import { shape, fixture, fixtureNames } from './fixtures.ts';
import { asGraph, exportText, importText, snapshot } from './graphHelpers.ts';

/** Files with people (the rest are codec cases: nothing to import). */
const families = fixtureNames().filter((f) => importText(fixture(f)).profiles.length > 0);
const majorOf = (file: string) => (parseGedcom(fixture(file)).version.startsWith('7') ? '7.0' : '5.5.1');

/** Big sample files on a shared two-core machine: generous, as no time is asserted. */
const SLOW = 120_000;

describe('import(export(import(file))) equals import(file)', { timeout: SLOW }, () => {
  it('covers the sample files that have people', () => {
    expect(families).toEqual(expect.arrayContaining(['royal92.ged', 'TGC55C.ged', 'willis.ged', 'kennedy.ged', 'Harry_Potter.ged', '5.5.1_sample_1.ged', 'allged.ged']));
  });

  it.each(families)('%s, exported in its own version: people, families, dates, notes and every kept structure', (file) => {
    const first = importText(fixture(file));
    const again = importText(exportText(asGraph(first), majorOf(file)));
    expect(snapshot(again)).toEqual(snapshot(first));
  });

  it.each(families)('%s, exported in the other version: people, families, dates and notes', (file) => {
    const first = importText(fixture(file));
    const other = majorOf(file) === '7.0' ? '5.5.1' : '7.0';
    const again = importText(exportText(asGraph(first), other));
    expect(snapshot(again, { keptTags: false })).toEqual(snapshot(first, { keptTags: false }));
  });

  it('a second export of the same tree is the same file', () => {
    for (const file of ['Harry_Potter.ged', 'TGC55C.ged', 'k_extensions70.ged']) {
      const graph = asGraph(importText(fixture(file)));
      expect(exportText(graph, '7.0')).toBe(exportText(graph, '7.0'));
      const once = exportText(asGraph(importText(exportText(graph, majorOf(file)))), majorOf(file));
      expect(exportText(asGraph(importText(once)), majorOf(file))).toBe(once);
    }
  });
});

/** FamilySearch's GEDCOM 7 files: no licence stated, so read from the shared folder, never copied. */
const MAXIMAL70 = '/work/shared/data/gedcom/gedcom7/maximal70.ged';

describe('maximal70.ged (from the shared folder, when present)', () => {
  if (!existsSync(MAXIMAL70)) {
    it('did not run', () => console.warn(`${MAXIMAL70} not found: the maximal70 import/export test did not run.`));
    return;
  }
  it('comes back with the same records, structures and values (the header aside, which the export writes itself)', () => {
    const original = parseGedcom(new Uint8Array(readFileSync(MAXIMAL70)));
    const exported = parseGedcom(new TextEncoder().encode(exportText(asGraph(importText(new Uint8Array(readFileSync(MAXIMAL70)))), '7.0')));
    const byXref = (records: typeof original.records) => Object.fromEntries(records.filter((r) => r.tag !== 'HEAD').map((r) => [r.xref, shape(r)]));
    expect(byXref(exported.records)).toEqual(byXref(original.records));
    // The header keeps the file's extension tags, notes, language, place form and submitter.
    const head = (records: typeof original.records, tags: string[]) => records[0]!.children.filter((c) => tags.includes(c.tag)).map(shape);
    expect(head(exported.records, ['SCHMA', 'NOTE', 'LANG', 'PLAC', 'COPR', 'SUBM'])).toEqual(head(original.records, ['SCHMA', 'NOTE', 'LANG', 'PLAC', 'COPR', 'SUBM']));
  });
});
