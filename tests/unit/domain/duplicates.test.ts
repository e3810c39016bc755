import { describe, expect, it } from 'vitest';
import { duplicatePairKey, findDuplicates, isNickname, jaroWinkler, soundex } from '../../../src/domain/duplicates/index.ts';
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
  hol: { id: 'hol', name: 'Holstein', parentId: 'de', kind: 'region', latitude: null, longitude: null, altNames: [] },
  kiel: { id: 'kiel', name: 'Kiel', parentId: 'hol', kind: 'city', latitude: null, longitude: null, altNames: [] },
  plon: { id: 'plon', name: 'Plön', parentId: 'hol', kind: 'town', latitude: null, longitude: null, altNames: [] },
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

describe('given names, places and relatives', () => {
  it.each([
    ['martha', 'marhta', 0.961], ['dwayne', 'duane', 0.84], ['catharina', 'catherina', 0.956], ['anna', 'peter', 0],
  ])('Jaro–Winkler %s / %s ≈ %s', (a, b, v) => expect(jaroWinkler(a, b)).toBeCloseTo(v, 2));

  it.each([
    ['william', 'bill', true], ['johann', 'hans', true], ['elizabeth', 'betty', true], ['margaret', 'peggy', true], ['william', 'robert', false], ['zed', 'zed', false],
  ])('nickname %s / %s: %s', (a, b, yes) => expect(isNickname(a, b)).toBe(yes));

  const pair = (a: Partial<Profile>, b: Partial<Profile>, extra: Profile[] = []) => {
    const t = tree(person('a', { lastName: 'Brandt', birthYear: '1850', ...a }), person('b', { lastName: 'Brandt', birthYear: '1850', ...b }), ...extra);
    return findDuplicates(t, places, { threshold: 0 }).find((p) => p.a === 'a' && p.b === 'b');
  };

  it.each([
    ['a nickname', { firstName: 'William' }, { firstName: 'Bill' }, 'nickname'],
    ['a nickname among other names', { firstName: 'Albert' }, { firstName: 'Edward', names: [{ id: 'nm1', kind: 'nickname', prefix: '', given: '', surnamePrefix: '', surname: '', suffix: '', nickname: 'Bertie' }] }, 'nickname'],
    ['names spelt alike', { firstName: 'Catharina' }, { firstName: 'Catherina' }, 'given-names-alike'],
    ['one birth place within the other', { firstName: 'Ute', events: bornIn('kiel') }, { firstName: 'Ute', events: bornIn('hol') }, 'birth-place-within'],
    ['birth places of one region', { firstName: 'Ute', events: bornIn('kiel') }, { firstName: 'Ute', events: bornIn('plon') }, 'birth-place-region'],
  ] as [string, Partial<Profile>, Partial<Profile>, string][])('scores %s', (_, a, b, reason) => {
    expect(pair(a, b)?.reasons).toContain(reason);
  });

  it('two cities of one country are not a region in common', () => {
    expect(pair({ firstName: 'Ute', events: bornIn('ham') }, { firstName: 'Ute', events: bornIn('ber') })?.reasons).toEqual(['same-given-names', 'same-surname', 'same-birth']);
  });

  it('vetoes given names neither alike nor nicknames', () => {
    expect(pair({ firstName: 'William' }, { firstName: 'Robert' })).toBeUndefined();
  });

  it('counts children and spouses with the same names', () => {
    const t = tree(
      person('a', { firstName: 'Ute', lastName: 'Brandt', birthYear: '1850', gender: 'F' }),
      person('b', { firstName: 'Ute', lastName: 'Brandt', birthYear: '1850', gender: 'F' }),
      person('ca', { firstName: 'Otto', lastName: 'Voss', birthYear: '1875' }),
      person('cb', { firstName: 'Otto', lastName: 'Voss', birthYear: '1875' }),
      person('ha', { firstName: 'Emil', lastName: 'Voss', gender: 'M' }),
      person('hb', { firstName: 'Emil', lastName: 'Voss', gender: 'M' }),
    );
    link(t, 'a', 'ca');
    link(t, 'b', 'cb');
    t.a!.spouses.push('ha');
    t.ha!.spouses.push('a');
    t.b!.spouses.push('hb');
    t.hb!.spouses.push('b');
    expect(findDuplicates(t).find((p) => p.a === 'a')).toMatchObject({ b: 'b', reasons: ['same-given-names', 'same-surname', 'same-birth', 'spouses-alike', 'children-alike'] });
  });
});
