import { describe, expect, it } from 'vitest';
import { emptyProfile } from '../../../src/domain/profile.ts';
import { foldWord, foldWords, indexProfiles, profileEntry, reindexProfiles, SearchIndex, sortKey, type SearchEntry } from '../../../src/domain/search/index.ts';
import type { Profile } from '../../../src/domain/types.ts';

describe('foldWord', () => {
  it.each([
    ['Anna', ['anna']],
    ['ÉLODIE', ['elodie']],
    ['Müller', ['muller', 'mueller']],
    ['Mueller', ['mueller']],
    ['Görög', ['gorog', 'goeroeg']],
    ['Bräuer', ['brauer', 'braeuer']],
    ['Łukasz', ['lukasz']],
    ['Wałęsa', ['walesa']],
    ['Strauß', ['strauss']],
    ['STRAUẞ', ['strauss']],
    ['Søren', ['soren', 'soeren']],
    ['Ærø', ['aero', 'aeroe']],
    ['Ångström', ['angstrom', 'aangstroem']],
    ['Đorđević', ['dordevic']],
    ['Þórður', ['thordur']],
    ['Œuvre', ['oeuvre']],
    ['İsmail', ['ismail']],
    ['Işık', ['isik']],
    ['Nguyễn', ['nguyen']],
    ['Dvořák', ['dvorak']],
    ['Müller'.normalize('NFD'), ['muller', 'mueller']],
    ['1845', ['1845']],
    ['', []],
  ])('%j → %j', (word, expected) => expect(foldWord(word)).toEqual(expected));
});

describe('foldWords', () => {
  it.each([
    ['  Queen   Victoria ', false, [['queen'], ['victoria']]],
    ["Mary-Jane O'Neil", false, [['mary'], ['jane'], ['o'], ['neil']]],
    ["Mary-Jane O'Neil", true, [['mary'], ['jane'], ['maryjane'], ['o'], ['neil'], ['oneil']]],
    ['Lord.Byron@Example.com', false, [['lord'], ['byron'], ['example'], ['com']]],
    ['Jürgen Müller-Lüdenscheidt', false, [['jurgen', 'juergen'], ['muller', 'mueller'], ['ludenscheidt', 'luedenscheidt']]],
    ['— ? —', false, []],
  ])('%j (joined %j) → %j', (text, joined, expected) => expect(foldWords(text, joined)).toEqual(expected));

  it('sort keys ignore accents and case and order numbers by value', () => {
    expect(sortKey(['Élodie', 'Durand'])).toBe('elodie durand');
    expect(sortKey(['Smith 9']) < sortKey(['Smith 10'])).toBe(true);
  });
});

function entry(names: string, fields: Partial<SearchEntry> & { id: string }): SearchEntry {
  return { names: names.split('|'), shownName: names.split('|'), ...fields };
}

/** An index over people written 'first|last' (optionally '|maiden'), keyed by the ids given. */
function indexOf(people: Record<string, string | (Omit<SearchEntry, 'id' | 'names' | 'shownName'> & { names: string })>) {
  const index = new SearchIndex();
  for (const [id, p] of Object.entries(people)) {
    const { names, ...fields } = typeof p === 'string' ? { names: p } : p;
    index.set(entry(names, { ...fields, id }));
  }
  return index;
}

const PEOPLE = {
  mueller: 'Jürgen|Müller',
  mueller2: 'Hans|Mueller',
  muller: 'Anna|Muller',
  lukasz: 'Łukasz|Wałęsa',
  strauss: 'Johann|Strauß',
  strauss2: 'Eduard|Strauss',
  soren: 'Søren|Kierkegaard',
  aang: 'Anders|Ångström',
  victoria: { names: 'Victoria|Hanover', birthYear: '1819' },
  victoria2: { names: 'Victoria Adelaide|Saxe-Coburg', birthYear: '1840' },
  queen: { names: 'Mary|Queen', birthYear: '1867' },
  oneil: { names: "Mary-Jane|O'Neil", birthYear: '1901' },
  maiden: { names: 'Clara|Schumann|Wieck', birthYear: '1819' },
  email: { names: 'Bob|Smith', email: 'bob@elodie.fr' },
};

describe('SearchIndex matching', () => {
  const index = indexOf(PEOPLE);
  const find = (q: string) => index.search(q).ids;

  it.each([
    // ü, ö, ä: the plain letter and the long spelling both find it, and back.
    ['müller', ['muller', 'mueller2', 'mueller']],
    ['mueller', ['mueller2', 'mueller']],
    ['muller', ['muller', 'mueller']],
    ['jurgen', ['mueller']],
    ['juergen', ['mueller']],
    // ł, ß, ø, å
    ['lukasz walesa', ['lukasz']],
    ['łukasz', ['lukasz']],
    ['strauss', ['strauss2', 'strauss']],
    ['strauß', ['strauss2', 'strauss']],
    ['straus', ['strauss2', 'strauss']],
    ['soren', ['soren']],
    ['soeren', ['soren']],
    ['angstrom', ['aang']],
    ['aangstr', ['aang']],
    // partial words, any order, case
    ['vic', ['victoria2', 'victoria']],
    ['VICTORIA QUEEN', []],
    ['victoria hanover', ['victoria']],
    ['hanover victoria', ['victoria']],
    ['han vic', ['victoria']],
    ['adel vic', ['victoria2']],
    ['coburg', ['victoria2']],
    ['saxecoburg', ['victoria2']],
    // punctuation inside a name: found with it, without it, or by its parts
    ["o'neil", ['oneil']],
    ['oneil', ['oneil']],
    ['mary-jane', ['oneil']],
    // mother's maiden name, e-mail parts
    ['wieck', ['maiden']],
    ['elodie', ['email']],
    ['bob@elodie.fr', ['email']],
    // birth years: exact four digits, and the beginning while typing
    ['1819', ['maiden', 'victoria']],
    ['victoria 1819', ['victoria']],
    ['1819 victoria', ['victoria']],
    ['18', ['maiden', 'queen', 'victoria2', 'victoria']],
    ['victoria 184', ['victoria2']],
    ['victoria 1900', []],
    ['19', ['oneil']],
    // nothing
    ['zzz', []],
    ['', Object.keys(PEOPLE).length],
  ])('%j finds %j', (query, expected) => {
    if (typeof expected === 'number') expect(find(query)).toHaveLength(expected);
    else expect(find(query)).toEqual(expected);
  });

  it('finds "victoria queen" as "Queen Victoria"', () => {
    const royals = indexOf({ qv: 'Queen Victoria|Hanover', v: 'Victoria|Queensbury', m: 'Mary|Queen' });
    expect(royals.search('victoria queen').ids).toEqual(['qv', 'v']);
  });

  it('finds a word from three letters inside it, after those it begins', () => {
    const people = indexOf({ a: 'Anna|Ria', b: 'Maria|Lopez', c: 'Victoria|Hanover', d: 'Rianne|Smit' });
    expect(people.search('ria').ids).toEqual(['a', 'd', 'b', 'c']);
    // Shorter, only beginnings: "ri" is inside Maria but finds only Ria and Rianne.
    expect(people.search('ri').ids).toEqual(['a', 'd']);
  });

  it('ranks an exact word above the start of one, above inside one, then by name', () => {
    const people = indexOf({
      inside: 'Zoe|Wanders',
      prefix: 'Andrea|Zimmer',
      exact: 'Zack|Ander',
      exact2: 'Abel|Ander',
      prefix2: 'Bert|Andersen',
    });
    expect(people.search('ander').ids).toEqual(['exact2', 'exact', 'prefix2', 'inside']);
    expect(people.search('and').ids).toEqual(['exact2', 'prefix', 'prefix2', 'exact', 'inside']);
    // Two words: the sum of both.
    const two = indexOf({ a: 'Anna|Berg', b: 'Annabel|Bergman', c: 'Anna|Bergman' });
    expect(two.search('anna berg').ids).toEqual(['a', 'c', 'b']);
  });

  it('orders names with numbers by value, caps results and says there are more', () => {
    const many = new SearchIndex();
    for (let i = 1; i <= 120; i++) many.set({ id: `s${i}`, names: ['Anna', `Smith${i}`], shownName: ['Anna', `Smith${i}`] });
    const r = many.search('anna smith1');
    expect(r.ids[0]).toBe('s1');
    expect(r.ids.slice(1, 4)).toEqual(['s10', 's11', 's12']);
    expect(many.search('smith').ids).toHaveLength(50);
    expect(many.search('smith').more).toBe(true);
    expect(many.search('smith', { limit: 5 }).ids).toEqual(['s1', 's2', 's3', 's4', 's5']);
    expect(many.search('smith11').ids).toEqual(['s11', 's110', 's111', 's112', 's113', 's114', 's115', 's116', 's117', 's118', 's119']);
    expect(many.search('smith11').more).toBe(false);
    expect(many.search('', { limit: 500 }).ids).toHaveLength(50);
  });

  it('leaves out what `accept` refuses, and counts only what it accepts as more', () => {
    const r = index.search('victoria', { accept: (id) => id !== 'victoria' });
    expect(r).toEqual({ ids: ['victoria2'], more: false });
    const few = index.search('m', { limit: 1, accept: (id) => id === 'muller' || id === 'queen' });
    expect(few).toEqual({ ids: ['muller'], more: true });
  });
});

describe('SearchIndex while typing', () => {
  it('gives the same answers narrowing the previous results as from scratch, on a few thousand people', () => {
    const first = ['Anna', 'Jürgen', 'Łukasz', 'Søren', 'Victoria', 'Viktor', 'Johann', 'Ida'];
    const last = ['Müller', 'Mueller', 'Kowalski', 'Strauß', 'Berg', 'Bergström', 'Ødegård', 'Holm', 'Wiśniewski'];
    const build = () => {
      const index = new SearchIndex();
      for (let i = 0; i < 3000; i++) {
        const names = [first[i % first.length]!, `${last[(i * 7) % last.length]!}${i % 5 ? '' : '-Holm'}`];
        index.set({ id: `p${i}`, names, shownName: names, birthYear: String(1800 + (i % 220)) });
      }
      return index;
    };
    const people = build();
    // Searched after an empty query each time: nothing to narrow.
    const fresh = build();
    for (const query of ['anna kowalski 18', 'müller jür', 'strauss lukasz 19', 'holm ida 1850', 'vikt ødeg', 'berg victoria']) {
      for (let i = 1; i <= query.length; i++) {
        const q = query.slice(0, i);
        fresh.search('');
        expect(people.search(q), q).toEqual(fresh.search(q));
      }
    }
  });

  it('gives the same answers narrowing the previous results as from scratch', () => {
    const typed = indexOf(PEOPLE);
    const fresh = () => indexOf(PEOPLE);
    for (const query of ['victoria 1819', 'mary jane 1901', 'müller', 'strauß 18', 'saxe-coburg', 'an', 'hans m']) {
      for (let i = 1; i <= query.length; i++) {
        const q = query.slice(0, i);
        expect(typed.search(q).ids, q).toEqual(fresh().search(q).ids);
      }
    }
  });
});

describe('SearchIndex updates', () => {
  it('adds, changes and removes one person, touching only that person', () => {
    const index = indexOf({ a: 'Anna|Berg', b: 'Bruno|Berg' });
    expect(index.search('berg').ids).toEqual(['a', 'b']);
    index.set(entry('Carl|Bergström', { id: 'c' }));
    expect(index.search('berg').ids).toEqual(['a', 'b', 'c']);
    expect(index.search('bergstroem').ids).toEqual(['c']);
    index.set(entry('Anna|Lind', { id: 'a' }));
    expect(index.search('berg').ids).toEqual(['b', 'c']);
    expect(index.search('lind').ids).toEqual(['a']);
    index.remove('b');
    expect(index.search('berg').ids).toEqual(['c']);
    expect(index.search('bruno').ids).toEqual([]);
    expect(index.size).toBe(2);
    // A freed slot is taken again.
    index.set(entry('Dora|Berg', { id: 'd', birthYear: '1901' }));
    expect(index.search('berg 1901').ids).toEqual(['d']);
    index.remove('d');
    expect(index.search('1901').ids).toEqual([]);
    index.remove('nobody');
    expect(index.size).toBe(2);
  });

  it('an update between keystrokes is seen by the next one', () => {
    const index = indexOf({ a: 'Anna|Berg' });
    expect(index.search('an').ids).toEqual(['a']);
    index.set(entry('Andreas|Holm', { id: 'b' }));
    expect(index.search('and').ids).toEqual(['b']);
    index.set(entry('Anna|Holm', { id: 'b' }));
    expect(index.search('and').ids).toEqual([]);
  });

  it('setting an unchanged person changes nothing', () => {
    const index = indexOf({ a: 'Anna|Berg' });
    const version = index.version;
    index.set(entry('Anna|Berg', { id: 'a' }));
    expect(index.version).toBe(version);
  });

  it('sorts in many new words at once, and words added later one by one', () => {
    const index = new SearchIndex();
    for (let i = 0; i < 1000; i++) index.set({ id: `p${i}`, names: [`N${(i * 7919) % 1000}x`], shownName: [`N${i}`] });
    expect(index.search('n17x').ids).toEqual([`p${[...Array(1000).keys()].find((i) => (i * 7919) % 1000 === 17)}`]);
    index.set({ id: 'late', names: ['N17xa'], shownName: ['Late'] });
    expect(index.search('n17x').ids).toHaveLength(2);
    for (let i = 0; i < 1000; i++) index.remove(`p${i}`);
    expect(index.search('n').ids).toEqual(['late']);
  });
});

describe('profiles in the index', () => {
  const profile = (id: string, f: Partial<Profile>): Profile => ({ ...emptyProfile(id), ...f });

  it('matches first and last name, maiden name, e-mail and birth year, sorted by the card name', () => {
    const profiles = {
      a: profile('a', { firstName: 'Élodie', lastName: 'Durand', birthYear: '1950' }),
      b: profile('b', { firstName: 'Bob', email: 'bob@elodie.fr' }),
      c: profile('c', { firstName: 'Carl', mothersMaidenName: 'Öberg' }),
    };
    const index = indexProfiles(Object.values(profiles));
    expect(index.search('elodie').ids).toEqual(['b', 'a']);
    expect(index.search('ELODIE dur').ids).toEqual(['a']);
    expect(index.search('oberg').ids).toEqual(['c']);
    expect(index.search('1950').ids).toEqual(['a']);
    expect(profileEntry(profiles.a).shownName).toEqual(['Élodie', 'Durand']);
    expect(profileEntry(profile('x', {})).shownName).toEqual(['Unnamed']);
  });

  it('takes the profiles an update touched as the graph has them', () => {
    const profiles: Record<string, Profile> = { a: profile('a', { firstName: 'Anna' }), b: profile('b', { firstName: 'Bruno' }) };
    const index = indexProfiles(Object.values(profiles));
    profiles.a = profile('a', { firstName: 'Astrid' });
    delete profiles.b;
    profiles.c = profile('c', { firstName: 'Anders' });
    reindexProfiles(index, profiles, ['a', 'b', 'c']);
    expect(index.search('a').ids).toEqual(['c', 'a']);
    expect(index.search('bruno').ids).toEqual([]);
  });
});
