import { describe, expect, it } from 'vitest';
import { emptyProfile } from '../../../src/domain/profile.ts';
import {
  checkProfileRecord,
  MAX_PHOTO_BYTES,
  padDatePart,
  validateBirth,
  validateDeath,
  validateGender,
  validatePhotoFile,
  validatePhotoUrl,
  validateProfileForm,
} from '../../../src/domain/validation/profile.ts';

const YEAR = 2025;

describe('validateBirth (§5)', () => {
  it.each([
    ['all empty', '', '', '', {}],
    ['year only', '1950', '', '', {}],
    ['year and month', '1950', '3', '', {}],
    ['full date', '1950', '03', '07', {}],
    ['1900 is the first year', '1900', '', '', {}],
    ['the current year', '2025', '', '', {}],
    ['2 digits', '50', '', '', { birthYear: 'Enter a valid 4-digit year' }],
    ['5 digits', '19500', '', '', { birthYear: 'Enter a valid 4-digit year' }],
    ['letters', '19a0', '', '', { birthYear: 'Enter a valid 4-digit year' }],
    ['before 1900', '1899', '', '', { birthYear: 'Enter a year between 1900 and 2025' }],
    ['next year', '2026', '', '', { birthYear: 'Enter a year between 1900 and 2025' }],
    ['month 00', '1950', '00', '', { birthMonth: 'Invalid month' }],
    ['month 13', '1950', '13', '', { birthMonth: 'Invalid month' }],
    ['month text', '1950', 'ma', '', { birthMonth: 'Invalid month' }],
    ['month 3 digits', '1950', '012', '', { birthMonth: 'Invalid month' }],
    ['month 12', '1950', '12', '', {}],
    ['day 00', '1950', '01', '00', { birthDay: 'Invalid day' }],
    ['day 32', '1950', '01', '32', { birthDay: 'Invalid day' }],
    ['day 31', '1950', '01', '31', {}],
    ['31 April', '1950', '04', '31', { birthDate: 'Invalid date' }],
    ['29 Feb 1950', '1950', '02', '29', { birthDate: 'Invalid date' }],
    ['29 Feb 2000 (leap)', '2000', '02', '29', {}],
    ['29 Feb 1900 (not leap)', '1900', '02', '29', { birthDate: 'Invalid date' }],
    ['month and day without year', '', '02', '30', {}],
    ['bad year hides the date check', '19', '02', '30', { birthYear: 'Enter a valid 4-digit year' }],
  ])('%s (the own profile page: 1900 on)', (_name, birthYear, birthMonth, birthDay, expected) => {
    expect(validateBirth({ birthYear, birthMonth, birthDay }, { currentYear: YEAR, minYear: 1900 })).toEqual(expected);
  });

  // Owner's decision (issue 9, item 6): a person on the tree may be an ancestor born long before 1900.
  it.each([
    ['1899', '1899', '', '', {}],
    ['1066', '1066', '10', '14', {}],
    ['the year 0800', '0800', '', '', {}],
    ['0001', '0001', '01', '01', {}],
    ['the current year', '2025', '', '', {}],
    ['next year', '2026', '', '', { birthYear: 'Enter a year no later than 2025' }],
    ['0000 is no year', '0000', '', '', { birthYear: 'Enter a valid 4-digit year' }],
    ['3 digits', '800', '', '', { birthYear: 'Enter a valid 4-digit year' }],
    ['29 Feb 1600 (leap)', '1600', '02', '29', {}],
    ['29 Feb 1700 (not leap)', '1700', '02', '29', { birthDate: 'Invalid date' }],
    ['29 Feb 0048 (leap; not read as 1948)', '0048', '02', '29', {}],
    ['29 Feb 0100 (not leap; not read as 2000)', '0100', '02', '29', { birthDate: 'Invalid date' }],
    ['month 13', '1750', '13', '', { birthMonth: 'Invalid month' }],
  ])('%s (a person on the tree)', (_name, birthYear, birthMonth, birthDay, expected) => {
    expect(validateBirth({ birthYear, birthMonth, birthDay }, { currentYear: YEAR })).toEqual(expected);
  });

  it.each([
    ['3', '03'],
    ['03', '03'],
    ['', ''],
    [' 7 ', '07'],
    ['12', '12'],
  ])('padDatePart(%j) → %j', (input, expected) => expect(padDatePart(input)).toBe(expected));
});

describe('validateDeath', () => {
  const message = 'Enter a year or a full date (YYYY or YYYY-MM-DD)';
  it.each([
    ['', null],
    ['1987', null],
    ['1987-06-30', null],
    ['1788', null],
    ['Y', null], // issue 20: deceased, date unknown
    ['y', message],
    ['deceased', message],
    ['1987-06-31', message],
    ['1987-6-3', message],
    ['87', message],
    ['1987-06', message],
    ['June 1987', message],
  ])('%j → %j', (death, expected) => expect(validateDeath(death)).toBe(expected));
});

describe('validateGender', () => {
  it.each([
    ['M', null],
    ['F', null],
    ['', null],
    ['Male', 'Choose Male, Female or leave it empty'],
    ['X', 'Choose Male, Female or leave it empty'],
  ])('%j → %j', (g, expected) => expect(validateGender(g)).toBe(expected));
});

describe('photo', () => {
  it.each([
    ['', null],
    ['https://example.org/a.png', null],
    ['http://example.org/a.png', null],
    ['/files/profiles/u1/avatar_320.webp?v=3', null],
    ['//evil.example/a.png', 'Enter a valid image URL'],
    ['javascript:alert(1)', 'Enter a valid image URL'],
    ['data:image/png;base64,AAAA', 'Enter a valid image URL'],
    ['not a url', 'Enter a valid image URL'],
    [`https://x.org/${'a'.repeat(2100)}`, 'Enter a valid image URL'],
  ])('url %j → %j', (url, expected) => expect(validatePhotoUrl(url)).toBe(expected));

  it.each([
    [{ type: 'image/jpeg', size: 1000 }, null],
    [{ type: 'image/heic', size: 1000 }, null],
    [{ type: 'application/pdf', size: 1000 }, 'Choose an image file'],
    [{ type: '', size: 1000 }, 'Choose an image file'],
    [{ type: 'image/png', size: MAX_PHOTO_BYTES }, null],
    [{ type: 'image/png', size: MAX_PHOTO_BYTES + 1 }, 'The image is too large (10 MB at most)'],
  ])('file %j → %j', (file, expected) => expect(validatePhotoFile(file)).toBe(expected));
});

describe('validateProfileForm', () => {
  it('collects a message per field', () => {
    expect(
      validateProfileForm({ birthYear: '19', birthMonth: '13', birthDay: '40', gender: 'Q', death: 'soon', photoURL: 'ftp://x' }, { currentYear: YEAR }),
    ).toEqual({
      birthYear: 'Enter a valid 4-digit year',
      birthMonth: 'Invalid month',
      birthDay: 'Invalid day',
      gender: 'Choose Male, Female or leave it empty',
      death: 'Enter a year or a full date (YYYY or YYYY-MM-DD)',
      photoURL: 'Enter a valid image URL',
    });
  });

  it('is empty for a valid form', () => {
    expect(validateProfileForm({ birthYear: '1960', birthMonth: '02', birthDay: '29', gender: 'F', death: '2020' }, { currentYear: YEAR })).toEqual({});
  });
});

describe('checkProfileRecord (server)', () => {
  const ok = { ...emptyProfile('pr:a'), firstName: 'Anna', birthYear: '1960', birthMonth: '02', birthDay: '29' };
  const check = (p: unknown) => checkProfileRecord(p, { currentYear: YEAR });

  it('accepts a valid record', () => expect(check(ok)).toBeNull());

  it('accepts a relative nobody claimed without a name (only a member keeps theirs)', () => expect(check({ ...ok, firstName: '', lastName: '' })).toBeNull());

  it('accepts ancestors of any year up to this one, and imported dates as written whatever they say', () => {
    expect(check({ ...ok, birthYear: '1850', birthMonth: '', birthDay: '', death: '1901' })).toBeNull();
    expect(check({ ...ok, birthYear: '0800', birthMonth: '12', birthDay: '25', death: '0814-01-28' })).toBeNull();
    for (const text of ['ABT 1850', 'BET 1750 AND 1752', 'FROM 1900 TO 1910', '@#DJULIAN@ 11 FEB 1731/32', 'INT 1850 (in the year of the flood)', '(before the war)', 'whatever was written'])
      expect(check({ ...ok, birthYear: '', birthMonth: '', birthDay: '', birthDateText: text, deathDateText: text })).toBeNull();
  });

  it('reads a profile stored before the GEDCOM fields existed as having them empty', () => {
    const { birthDateText: _b, deathDateText: _d, gedcom: _g, ...older } = ok;
    expect(check(older)).toBeNull();
  });

  it.each([
    ['not an object', 'x', 'Profile must be an object'],
    ['bad id', { ...ok, id: 'a b' }, 'Profile id is invalid'],
    ['unknown field', { ...ok, admin: true }, 'Profile field admin is unknown'],
    ['number for a string', { ...ok, bio: 5 }, 'Profile field bio must be a string'],
    ['missing field', (({ bio: _bio, ...rest }) => rest)(ok), 'Profile field bio must be a string'],
    ['long first name', { ...ok, firstName: 'a'.repeat(101) }, 'Profile field firstName is longer than 100 characters'],
    ['long bio', { ...ok, bio: 'a'.repeat(5001) }, 'Profile field bio is longer than 5000 characters'],
    ['list not a list', { ...ok, spouses: 'pr:b' }, 'Profile field spouses must be a list'],
    ['three parents', { ...ok, parents: ['pr:b', 'pr:c', 'pr:d'] }, 'A person can have at most 2 parents'],
    ['bad id in list', { ...ok, children: ['a b'] }, 'Profile field children holds an invalid id'],
    ['duplicate in list', { ...ok, children: ['pr:b', 'pr:b'] }, 'Profile field children holds the same id twice'],
    ['itself in list', { ...ok, spouses: ['pr:a'] }, 'Profile field spouses refers to the person itself'],
    ['one-digit month stored', { ...ok, birthMonth: '2' }, 'Invalid month'],
    ['impossible date', { ...ok, birthYear: '1961' }, 'Invalid date'],
    ['a member without a first name (issue 19)', { ...ok, ownerUid: 'u1', lastName: 'Smith', firstName: ' ' }, 'First name is required.'],
    ['a member without a last name', { ...ok, ownerUid: 'u1', lastName: '' }, 'Last name is required.'],
    ['year in the future', { ...ok, birthYear: '2026', birthMonth: '', birthDay: '' }, 'Enter a year no later than 2025'],
    ['long date as written', { ...ok, birthDateText: `ABT ${'9'.repeat(200)}` }, 'Profile field birthDateText is longer than 200 characters'],
    ['date as written not text', { ...ok, deathDateText: 1850 }, 'Profile field deathDateText must be a string'],
    ['kept GEDCOM over its limit', { ...ok, gedcom: 'x'.repeat(100_001) }, 'Profile field gedcom is longer than 100000 characters'],
    ['gender', { ...ok, gender: 'X' }, 'Choose Male, Female or leave it empty'],
    ['death', { ...ok, death: '2020-02-30' }, 'Enter a year or a full date (YYYY or YYYY-MM-DD)'],
    ['photo', { ...ok, photoURLSmall: 'javascript:x' }, 'Enter a valid image URL'],
  ])('%s', (_name, value, expected) => expect(check(value)).toBe(expected));
});
