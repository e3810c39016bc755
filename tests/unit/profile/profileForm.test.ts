import { describe, expect, it } from 'vitest';
import { emptyProfile } from '../../../src/domain/profile.ts';
import type { Profile } from '../../../src/domain/types.ts';
import {
  changedFields,
  formValuesFrom,
  validateProfileValues,
  type ProfileFormValues,
} from '../../../src/screens/profile/profileForm.ts';

const YEAR = 2026;
const stored: Profile = { ...emptyProfile('uid1'), firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', gender: 'F', birthYear: '1990', birthMonth: '03', birthDay: '07' };
const values = (over: Partial<ProfileFormValues> = {}): ProfileFormValues => ({ ...formValuesFrom(stored), ...over });

describe('the editor’s §5 rules, each with its exact message', () => {
  it.each<[string, Partial<ProfileFormValues>, Record<string, string>]>([
    ['all empty is fine', { birthYear: '', birthMonth: '', birthDay: '', gender: '', death: '' }, {}],
    ['year alone', { birthMonth: '', birthDay: '' }, {}],
    ['year and month', { birthDay: '' }, {}],
    ['one-digit month and day', { birthMonth: '3', birthDay: '7' }, {}],
    ['year of 3 digits', { birthYear: '199' }, { birthYear: 'Enter a valid 4-digit year' }],
    ['year with letters', { birthYear: '19a0' }, { birthYear: 'Enter a valid 4-digit year' }],
    ['year before 1900', { birthYear: '1899' }, { birthYear: `Enter a year between 1900 and ${YEAR}` }],
    ['year after this one', { birthYear: String(YEAR + 1) }, { birthYear: `Enter a year between 1900 and ${YEAR}` }],
    ['year 1900 and this year are in range', { birthYear: '1900' }, {}],
    ['month 00', { birthMonth: '00' }, { birthMonth: 'Invalid month' }],
    ['month 13', { birthMonth: '13' }, { birthMonth: 'Invalid month' }],
    ['day 00', { birthDay: '00' }, { birthDay: 'Invalid day' }],
    ['day 32', { birthDay: '32' }, { birthDay: 'Invalid day' }],
    ['31 February', { birthYear: '1990', birthMonth: '02', birthDay: '31' }, { birthDate: 'Invalid date' }],
    ['29 February of a common year', { birthYear: '1999', birthMonth: '02', birthDay: '29' }, { birthDate: 'Invalid date' }],
    ['29 February of a leap year', { birthYear: '2000', birthMonth: '02', birthDay: '29' }, {}],
    ['death as a year', { death: '2001' }, {}],
    ['death as a full date', { death: '2001-09-11' }, {}],
    ['death as year-month', { death: '2001-09' }, { death: 'Enter a year or a full date (YYYY or YYYY-MM-DD)' }],
    ['death on a day that does not exist', { death: '2001-02-30' }, { death: 'Enter a year or a full date (YYYY or YYYY-MM-DD)' }],
    ['death as words', { death: 'long ago' }, { death: 'Enter a year or a full date (YYYY or YYYY-MM-DD)' }],
    ['gender M, F or not set', { gender: 'M' }, {}],
    ['no first name (issue 19)', { firstName: '' }, { firstName: 'First name is required.' }],
    ['a first name of spaces', { firstName: '   ' }, { firstName: 'First name is required.' }],
    ['no last name', { lastName: '' }, { lastName: 'Last name is required.' }],
    ['neither, with a bad year', { firstName: '', lastName: ' ', birthYear: '19' }, { firstName: 'First name is required.', lastName: 'Last name is required.', birthYear: 'Enter a valid 4-digit year' }],
  ])('%s', (_, over, expected) => {
    expect(validateProfileValues(values(over), YEAR)).toEqual(expected);
  });
});

describe('changedFields: only what differs, as it would be stored', () => {
  it.each<[string, Partial<ProfileFormValues>, Record<string, string>]>([
    ['nothing typed', {}, {}],
    ['spaces around a name only', { firstName: '  Ada ' }, {}],
    ['one-digit month equal to the stored one', { birthMonth: '3' }, {}],
    ['a new last name, trimmed', { lastName: ' King ' }, { lastName: 'King' }],
    ['a padded day', { birthDay: '9' }, { birthDay: '09' }],
    ['gender cleared', { gender: '' }, { gender: '' }],
    ['bio and death', { bio: 'Mathematician.\nWriter.', death: '1852' }, { bio: 'Mathematician.\nWriter.', death: '1852' }],
  ])('%s', (_, over, expected) => {
    expect(changedFields(stored, values(over))).toEqual(expected);
  });

  it('never sends the e-mail or other read-only fields', () => {
    expect(Object.keys(formValuesFrom(stored))).not.toContain('email');
    expect(Object.keys(formValuesFrom(stored))).not.toContain('ownerUid');
  });
});
