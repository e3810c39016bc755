import { describe, expect, it } from 'vitest';
import { generateGedcom, generateRecords } from '../../../bench/gedcom/generate.ts';
import { parseGedcom } from '../../../src/gedcom/parse.ts';
import type { GedcomNode } from '../../../src/gedcom/types.ts';
import { all, records, utf8 } from './fixtures.ts';

describe('generateGedcom (seeded bench files)', () => {
  it('the same seed gives the same file; another seed another', () => {
    expect(generateGedcom({ people: 300, seed: 5 })).toBe(generateGedcom({ people: 300, seed: 5 }));
    expect(generateGedcom({ people: 300, seed: 6 })).not.toBe(generateGedcom({ people: 300, seed: 5 }));
  });

  it.each(['5.5.1', '7.0'] as const)('%s: exactly the people asked for, read back without a warning', (version) => {
    const { stats } = generateRecords({ people: 2000, seed: 1, version });
    const doc = parseGedcom(utf8(generateGedcom({ people: 2000, seed: 1, version })));
    expect(doc.version).toBe(version);
    expect(doc.warnings).toEqual([]);
    expect(records(doc, 'INDI')).toHaveLength(2000);
    expect(records(doc, 'FAM')).toHaveLength(stats.families);
    expect(stats.remarriages).toBeGreaterThan(0);
    expect(stats.adoptions).toBeGreaterThan(0);
    // Issue 20: 4–8 events a person, over places in a hierarchy (town, region, country).
    expect(stats.events / stats.people).toBeGreaterThanOrEqual(4);
    expect(stats.events / stats.people).toBeLessThanOrEqual(8);
    expect(stats.places).toBeGreaterThan(60);
    // 1–3 citations an event.
    expect(stats.citations / stats.events).toBeGreaterThanOrEqual(1.5);
    expect(stats.citations / stats.events).toBeLessThanOrEqual(2.5);

    const text = generateGedcom({ people: 2000, seed: 1, version });
    for (const form of [/DATE ABT \d{4}\n/, /DATE BEF \d{4}\n/, /DATE AFT \d{4}\n/, /DATE BET \d{4} AND \d{4}\n/, /DATE FROM \d{4} TO \d{4}\n/, /DATE EST /, /DATE CAL /, /DATE INT \d{4} \(/, /DATE \d+ (JAN|FEB|MAR) \d{4}\/\d\d\n/]) {
      expect(text).toMatch(form);
    }
    expect(text).toMatch(version === '7.0' ? /DATE JULIAN \d/ : /DATE @#DJULIAN@ \d/);
    expect(text).toMatch(/\n2 CONT\n/);
    if (version === '5.5.1') expect(text).toMatch(/\n2 CONC \S/);
    else expect(text).not.toMatch(/CONC/);
    expect(text).toMatch(/\n1 _UID [0-9A-F]{32}\n/);
    expect(text).toMatch(/\n2 PEDI (adopted|ADOPTED)\n/);
    expect(text).toMatch(/\n1 RESI\n2 DATE .+\n2 PLAC [^,\n]+, [^\n]+\n/);
    expect(text).toMatch(/\n1 OCCU \S/);

    const names = records(doc, 'INDI').map((i) => i.children[0].value ?? '');
    expect(names.some((n) => /[^\x00-\x7f]/.test(n))).toBe(true);
    const sizes = records(doc, 'FAM').map((f) => all(f, 'CHIL').length);
    expect(Math.max(...sizes)).toBe(6);
    const twice = records(doc, 'INDI').filter((i: GedcomNode) => all(i, 'FAMS').length > 1);
    expect(twice.length).toBe(stats.remarriages);
  });
});
