import { describe, expect, it } from 'vitest';
import { duplicatePairKey, findDuplicates, soundex } from '../../../src/domain/duplicates/index.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import type { Place } from '../../../src/domain/facts/types.ts';
import type { Profile } from '../../../src/domain/types.ts';

function person(id: string, fields: Partial<Profile>): Profile {
  return { ...emptyProfile(id), ...fields };
}

function tree(...people: Profile[]): Record<string, Profile> {
  return Object.fromEntries(people.map((p) => [p.id, p]));
}

const link = (t: Record<string, Profile>, parent: string, child: string) => {
  t[parent]!.children.push(child);
  t[child]!.parents.push(parent);
};

const places: Record<string, Place> = {
  de: { id: 'de', name: 'Germany', parentId: '', kind: 'country', latitude: null, longitude: null, altNames: [] },
  ham: { id: 'ham', name: 'Hamburg', parentId: 'de', kind: 'city', latitude: null, longitude: null, altNames: [] },
  ber: { id: 'ber', name: 'Berlin', parentId: 'de', kind: 'city', latitude: null, longitude: null, altNames: [] },
};
const bornIn = (placeId: string) => [{ id: `ev-${placeId}`, type: 'BIRT' as const, customType: '', date: '', placeId, description: '', age: '' }];

describe('soundex', () => {
  it.each([
    ['robert', 'R163'], ['rupert', 'R163'], ['ashcraft', 'A261'], ['tymczak', 'T522'], ['pfister', 'P236'], ['muller', 'M460'], ['mueller', 'M460'], ['lee', 'L000'], ['', ''],
  ])('%s → %s', (w, code) => expect(soundex(w)).toBe(code));
});

describe('findDuplicates', () => {
  it('scores names folded, dates, places and parents, and says why', () => {
    const t = tree(
      person('a', { firstName: 'Johann', lastName: 'Müller', gender: 'M', birthYear: '1850', death: '1910', events: bornIn('ham') }),
      person('b', { firstName: 'Johann', lastName: 'Mueller', gender: 'M', birthYear: '1850', death: '1910', events: bornIn('ham') }),
      person('pa', { firstName: 'Karl', lastName: 'Müller' }),
      person('pb', { firstName: 'Karl', lastName: 'Müller' }),
    );
    link(t, 'pa', 'a');
    link(t, 'pb', 'b');
    const pairs = findDuplicates(t, places);
    expect(pairs[0]).toEqual({ a: 'a', b: 'b', score: 4.5, reasons: ['same-given-names', 'same-birth', 'same-death', 'same-birth-place', 'parents-alike'] });
    // The two fathers: same names, nothing else known.
    expect(pairs.find((p) => p.a === 'pa')).toMatchObject({ b: 'pb', reasons: ['same-given-names', 'same-surname'] });
  });

  it.each([
    ['a different sex', { gender: 'F' }],
    ['given names with nothing in common', { firstName: 'Peter' }],
    ['births years apart', { birthYear: '1860' }],
    ['deaths years apart', { death: '1930' }],
  ] as const)('vetoes %s', (_, change) => {
    const t = tree(
      person('a', { firstName: 'Johann', lastName: 'Müller', gender: 'M', birthYear: '1850', death: '1910' }),
      person('b', { firstName: 'Johann', lastName: 'Müller', gender: 'M', birthYear: '1850', death: '1910', ...change }),
    );
    expect(findDuplicates(t)).toEqual([]);
  });

  it('takes near dates, shared given names, initials and open ranges at lower scores', () => {
    const t = tree(
      person('a', { firstName: 'Johann Georg', lastName: 'Schmidt', birthYear: '1850' }),
      person('b', { firstName: 'Georg', lastName: 'Schmitt', birthDateText: 'BET 1849 AND 1852' }),
      person('c', { firstName: 'J. G.', lastName: 'Schmid', birthYear: '1852' }),
    );
    const pairs = findDuplicates(t, {}, { threshold: 0.25 });
    expect(pairs).toEqual([
      { a: 'a', b: 'b', score: 1, reasons: ['given-name-in-common', 'birth-close'] },
      { a: 'a', b: 'c', score: 0.5, reasons: ['given-initials', 'birth-close'] },
    ]);
  });

  it('vetoes a parent, a spouse and an ancestor of the same name', () => {
    const t = tree(
      person('g', { firstName: 'Hans', lastName: 'Berg', birthYear: '1800' }),
      person('f', { firstName: 'Hans', lastName: 'Berg', birthYear: '1801' }),
      person('s', { firstName: 'Hans', lastName: 'Berg', birthYear: '1802' }),
    );
    link(t, 'g', 'f');
    link(t, 'f', 's');
    expect(findDuplicates(t)).toEqual([]);
  });

  it('leaves out a pair marked not a duplicate, and keeps to an import when asked', () => {
    const t = tree(
      person('a', { firstName: 'Eva', lastName: 'Lind', birthYear: '1900' }),
      person('b', { firstName: 'Eva', lastName: 'Lind', birthYear: '1900' }),
      person('c', { firstName: 'Eva', lastName: 'Lind', birthYear: '1900' }),
    );
    expect(findDuplicates(t).map((p) => p.a + p.b)).toEqual(['ab', 'ac', 'bc']);
    expect(findDuplicates(t, {}, { dismissed: new Set([duplicatePairKey('b', 'a')]) }).map((p) => p.a + p.b)).toEqual(['ac', 'bc']);
    expect(findDuplicates(t, {}, { among: new Set(['c']) }).map((p) => p.a + p.b)).toEqual(['ac', 'bc']);
  });

  it('compares births across a decade boundary and people of unknown birth', () => {
    const t = tree(
      person('a', { firstName: 'Ole', lastName: 'Dahl', birthYear: '1859' }),
      person('b', { firstName: 'Ole', lastName: 'Dahl', birthYear: '1860' }),
      person('c', { firstName: 'Ole', lastName: 'Dahl' }),
    );
    expect(findDuplicates(t).map((p) => p.a + p.b)).toEqual(['ab', 'ac', 'bc']);
  });
});
