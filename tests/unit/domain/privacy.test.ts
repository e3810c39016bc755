import { describe, expect, it } from 'vitest';
import {
  isPresumedLiving,
  latestYear,
  NO_RELATIVES,
  patchPrivacy,
  personPrivacy,
  PRIVATE_NAME,
  redactGraph,
  redactPatch,
  redactProfile,
  yearsIn,
  type PrivacyContext,
  type Visibility,
} from '../../../src/domain/privacy.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import type { Profile } from '../../../src/domain/types.ts';
import { makeGraph } from './helpers.ts';

const YEAR = 2025;
const dated = (birthYear = '', death = '') => ({ birthYear, death });

describe('dates through one helper (yearsIn, latestYear)', () => {
  it.each([
    ['1950', [1950]],
    ['1950-03-04', [1950]],
    ['ABT 1850', [1850]],
    ['12 MAR 1950', [1950]],
    ['BET 1890 AND 1900', [1890, 1900]],
    ['1649/50', [1649]],
    ['@#DJULIAN@ 950', [950]],
    ['', []],
    ['unknown', []],
    ['12', []],
  ])('%j names the years %j', (text, years) => expect(yearsIn(text)).toEqual(years));

  it.each([
    ['ABT 1850', 1850],
    ['between 1840 and 1845', 1845],
    ['BEF 1900', 1900],
    ['AFT 1900', null],
    ['JULIAN 11 FEB 1731/32', 1732],
    ['44 BCE', -43],
    ['Spring 1850', 1850],
  ])('latestYear(%j) reads the date grammar: %j', (text, year) => expect(latestYear(text)).toBe(year));

  it('reads a range by its latest year (the cautious reading)', () => {
    expect(latestYear('BET 1890 AND 1920')).toBe(1920);
    expect(latestYear('')).toBeNull();
  });
});

describe('isPresumedLiving: a birth of their own settles it (webtrees)', () => {
  it.each([
    ['born 1990, a parent born 1700', dated('1990'), { parents: [dated('1700')], children: [] }, true],
    ['born 1990, a child recorded as born 1900', dated('1990'), { parents: [], children: [dated('1900')] }, true],
    ['born 1800, young relatives', dated('1800'), { parents: [dated('2000')], children: [dated('2010')] }, false],
  ])('%s → living %s', (_name, person, relatives, living) => expect(isPresumedLiving(person, relatives, YEAR)).toBe(living));
});

describe('isPresumedLiving (§6: living unless a death, a birth over 110 years ago, a parent born over 155 or a child born over 95 years ago)', () => {
  it.each([
    ['no dates at all', dated(), [], true],
    ['a death recorded (any text)', dated('1990', '2001'), [], false],
    ['a death phrase from an import', dated('', 'Y'), [], false],
    ['born 110 years ago exactly', dated('1915'), [], true],
    ['born 111 years ago', dated('1914'), [], false],
    ['born long ago, as an imported phrase', dated('ABT 1820'), [], false],
    ['a range reaching into the last 110 years', dated('BET 1900 AND 1920'), [], true],
    ['a child born 96 years ago', dated(), [dated('1929')], false],
    ['a child born 95 years ago exactly', dated(), [dated('1930')], true],
    ['young children only', dated('1980'), [dated('2010'), dated('')], true],
    // GEDCOM import keeps dates the fields cannot hold as written, in their own fields.
    ['born long ago, kept as written by an import', { ...dated(), birthDateText: 'ABT 1820' }, [], false],
    ['a death kept as written by an import', { ...dated('1990'), deathDateText: 'BEF 2001' }, [], false],
    ['a child born long ago, kept as written', dated(), [{ ...dated(), birthDateText: 'BET 1900 AND 1902' }], false],
    ['a recent range kept as written', { ...dated(), birthDateText: 'BET 1900 AND 1990' }, [], true],
    ['"deceased" without a date (GEDCOM DEAT Y)', dated('1990', 'Y'), [], false],
    // Dates as genealogists write them (typed on the tree or imported) count by the years they allow.
    ['born about 1850', { ...dated(), birthDateText: 'ABT 1850' }, [], false],
    ['born about 1950', { ...dated(), birthDateText: 'ABT 1950' }, [], true],
    ['born between 1840 and 1845', { ...dated(), birthDateText: 'BET 1840 AND 1845' }, [], false],
    ['born before 1900', { ...dated(), birthDateText: 'BEF 1900' }, [], false],
    ['born after 1900 (may be recent)', { ...dated(), birthDateText: 'AFT 1900' }, [], true],
    ['born after 1900, a child born 1910 (a birth of their own settles it)', { ...dated(), birthDateText: 'AFT 1900' }, [dated('1910')], true],
    ['born in the Julian calendar', { ...dated(), birthDateText: 'JULIAN 11 FEB 1731/32' }, [], false],
    ['born B.C.', { ...dated(), birthDateText: '44 BCE' }, [], false],
    ['a child born about 1920', dated(), [{ ...dated(), birthDateText: 'ABT 1920' }], false],
    ['a child born after 1920', dated(), [{ ...dated(), birthDateText: 'AFT 1920' }], true],
    ['a death kept as text', { ...dated(), deathDateText: 'ABT 1990' }, [], false],
  ])('%s → living %s', (_name, person, children, living) => expect(isPresumedLiving(person, { parents: [], children }, YEAR)).toBe(living));

  it.each([
    ['a parent born 156 years ago', [dated('1869')], false],
    ['a parent born 155 years ago exactly', [dated('1870')], true],
    ['one of two parents born long ago, kept as written', [dated('1960'), { ...dated(), birthDateText: 'ABT 1700' }], false],
    ['parents born recently', [dated('1960'), dated('1962')], true],
    ['parents without dates', [dated(), dated('', '1990')], true],
  ])('no birth of their own, %s → living %s', (_name, parents, living) => expect(isPresumedLiving(dated(), { parents, children: [] }, YEAR)).toBe(living));
});

const profile = (id: string, fields: Partial<Profile> = {}): Profile => ({
  ...emptyProfile(id),
  firstName: 'Mary',
  lastName: 'Hopper',
  gender: 'F',
  birthYear: '1980',
  birthMonth: '05',
  birthDay: '17',
  bio: 'Loves sailing',
  photoURL: 'https://example.com/p.jpg',
  photoURLSmall: 'https://example.com/s.jpg',
  email: 'mary@example.com',
  mothersMaidenName: 'Smith',
  createdBy: 'u-owner',
  createdAt: '2025-01-01T00:00:00.000Z',
  ...fields,
});

const ctx = (audienceUid: string, choices: Record<string, Visibility> = {}): PrivacyContext => ({
  audienceUid,
  currentYear: YEAR,
  visibilityOf: (uid) => choices[uid] ?? 'name',
});

describe('personPrivacy', () => {
  it.each([
    ['a living person nobody claimed', profile('pr:a'), 'u-viewer', {}, { visibility: 'private', reason: 'living' }],
    ['a person who died', profile('pr:a', { death: '2001' }), 'u-viewer', {}, { visibility: 'everything', reason: null }],
    ['born long ago', profile('pr:a', { birthYear: '1880' }), 'u-viewer', {}, { visibility: 'everything', reason: null }],
    ['a member who claimed their card (default: name)', profile('pr:a', { ownerUid: 'u-mary' }), 'u-viewer', {}, { visibility: 'name', reason: 'member-choice' }],
    ['a member who shows viewers nothing', profile('pr:a', { ownerUid: 'u-mary' }), 'u-viewer', { 'u-mary': 'private' }, { visibility: 'private', reason: 'member-choice' }],
    ['a member who shows viewers everything', profile('pr:a', { ownerUid: 'u-mary' }), 'u-viewer', { 'u-mary': 'everything' }, { visibility: 'everything', reason: null }],
    ['the audience’s own profile', profile('u-viewer', { ownerUid: 'u-viewer' }), 'u-viewer', { 'u-viewer': 'private' }, { visibility: 'everything', reason: null }],
    ['a card the audience claimed', profile('pr:a', { ownerUid: 'u-viewer' }), 'u-viewer', { 'u-viewer': 'private' }, { visibility: 'everything', reason: null }],
    ['an export to anyone ("" audience)', profile('u-viewer', { ownerUid: 'u-viewer' }), '', { 'u-viewer': 'private' }, { visibility: 'private', reason: 'member-choice' }],
  ] as const)('%s', (_name, p, audience, choices, expected) => expect(personPrivacy(p, NO_RELATIVES, ctx(audience, choices))).toEqual(expected));

  it('a parent of a child born over 95 years ago is not living, whatever else is missing', () => {
    expect(personPrivacy(profile('pr:a', { birthYear: '' }), { parents: [], children: [dated('1920')] }, ctx('u-viewer'))).toEqual({ visibility: 'everything', reason: null });
  });
});

describe('redactProfile', () => {
  const mary = profile('pr:a', { spouses: ['pr:b'], children: ['pr:c'], ownerUid: 'u-mary' });

  it('private: "Private", no dates, bio, photo, e-mail, maiden name or gender; the shape stays', () => {
    expect(redactProfile(mary, 'private')).toEqual({
      ...emptyProfile('pr:a'),
      firstName: PRIVATE_NAME,
      spouses: ['pr:b'],
      children: ['pr:c'],
      ownerUid: 'u-mary',
      createdBy: 'u-owner',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
  });

  it('name: the name and gender only', () => {
    const shown = redactProfile(mary, 'name');
    expect([shown.firstName, shown.lastName, shown.gender]).toEqual(['Mary', 'Hopper', 'F']);
    for (const f of ['birthYear', 'birthMonth', 'birthDay', 'bio', 'photoURL', 'photoURLSmall', 'email', 'mothersMaidenName', 'death'] as const) expect(shown[f]).toBe('');
  });

  it('everything: the same object', () => expect(redactProfile(mary, 'everything')).toBe(mary));
});

describe('patchPrivacy: a person known only from one patch (they no longer exist) is living and private unless the patch proves otherwise', () => {
  const LIVING = { visibility: 'private', reason: 'living' };
  const WHOLE = { visibility: 'everything', reason: null };
  const created = (set: Partial<Profile>) => ({ id: 'pr:a', create: true as const, set });
  const edited = (set: Partial<Profile>) => ({ id: 'pr:a', set });
  it.each([
    ['a new living person with a bio', created({ firstName: 'Lena', birthYear: '1994', bio: 'bees' }), {}, LIVING],
    ['a bio added to someone (nothing else known)', edited({ bio: 'bees' }), {}, LIVING],
    ['a death recorded by the patch', edited({ death: '2001', bio: 'bees' }), {}, WHOLE],
    ['a death kept as written by an import', edited({ deathDateText: 'BEF 2001' }), {}, WHOLE],
    ['born over 110 years ago, by the patch', edited({ birthYear: '1880' }), {}, WHOLE],
    ['a birth kept as written beside an emptied year', edited({ birthYear: '', birthDateText: 'ABT 1820' }), {}, WHOLE],
    ['a birth kept as written, the year not known', edited({ birthDateText: 'ABT 1820' }), {}, LIVING],
    ['a new person with an old birth kept as written', created({ birthDateText: 'ABT 1820' }), {}, WHOLE],
    ['a recent birth', edited({ birthYear: '1990' }), {}, LIVING],
    ['a card the patch says a member claimed: their choice now', created({ ownerUid: 'u-jo', bio: 'x' }), { 'u-jo': 'name' }, { visibility: 'name', reason: 'member-choice' }],
    ['…who shows everything', edited({ ownerUid: 'u-jo', bio: 'x' }), { 'u-jo': 'everything' }, WHOLE],
    ['the audience’s own card', created({ ownerUid: 'u-viewer', bio: 'x' }), {}, WHOLE],
  ] as const)('%s', (_name, patch, choices, expected) => expect(patchPrivacy(patch, ctx('u-viewer', choices))).toEqual(expected));

  it('a card whose claiming member is unknown to the context follows what the context answers (the server: private)', () => {
    const strict: PrivacyContext = { audienceUid: 'u-viewer', currentYear: YEAR, visibilityOf: () => 'private' };
    expect(patchPrivacy({ id: 'pr:a', create: true, set: { ownerUid: 'u-gone', firstName: 'Jo' } }, strict)).toEqual({ visibility: 'private', reason: 'member-choice' });
  });
});

describe('redactPatch', () => {
  const patch = { id: 'pr:a', create: true as const, set: { firstName: 'Lena', lastName: 'Hopper', bio: 'bees', birthYear: '1994', updatedBy: 'u-owner' }, add: { parents: ['pr:p'] } };

  it('private: every personal field emptied (also those the patch did not set), "Private", the stamps and lists stay', () => {
    const out = redactPatch(patch, 'private');
    expect(out).toMatchObject({ id: 'pr:a', create: true, add: { parents: ['pr:p'] } });
    expect(out.set).toMatchObject({ firstName: PRIVATE_NAME, lastName: '', bio: '', birthYear: '', email: '', photoURL: '', gender: '', updatedBy: 'u-owner' });
  });

  it('name: the name fields the patch set, nothing else', () => {
    expect(redactPatch(patch, 'name').set).toMatchObject({ firstName: 'Lena', lastName: 'Hopper', bio: '', birthYear: '' });
    expect(redactPatch({ id: 'pr:a', set: { bio: 'bees' } }, 'name').set).not.toHaveProperty('firstName');
  });

  it('everything: the same patch', () => expect(redactPatch(patch, 'everything')).toBe(patch));
});

describe('redactGraph', () => {
  it('redacts each person by the rule and says why, reading children from the graph', () => {
    const g = makeGraph({
      people: [
        { node: 'n1001', profile: 'u-owner', primary: true, fields: { ownerUid: 'u-owner', birthYear: '1960' } },
        { node: 'n1002', profile: 'pr:grandpa', fields: { birthYear: '' } },
        { node: 'n1003', profile: 'pr:dad', fields: { birthYear: '1925' } },
        { node: 'n1004', profile: 'u-viewer', fields: { ownerUid: 'u-viewer', bio: 'mine' } },
        { node: 'n1005', profile: 'pr:cousin', fields: { bio: 'secret' } },
      ],
      parents: [
        ['n1002', 'n1003'],
        ['n1003', 'n1001'],
        ['n1001', 'n1004'],
      ],
    });
    const { graph, privacy } = redactGraph(g, ctx('u-viewer', { 'u-owner': 'private' }));
    // Dad, born 1925, could still be alive at 100.
    expect(privacy).toEqual({ 'u-owner': 'member-choice', 'pr:dad': 'living', 'pr:cousin': 'living' });
    expect(graph.profiles['u-owner']!.firstName).toBe(PRIVATE_NAME);
    expect(graph.profiles['pr:cousin']).toMatchObject({ firstName: PRIVATE_NAME, bio: '' });
    // Grandpa has no dates, but his son was born in 1925: not living.
    expect(graph.profiles['pr:grandpa']!.firstName).toBe('n1002');
    expect(graph.profiles['u-viewer']!.bio).toBe('mine');
    expect(graph.nodes).toBe(g.nodes);
    expect(graph.edges).toBe(g.edges);
  });
});
