import { describe, expect, it } from 'vitest';
import { birthLabel, bornLine, capitaliseName, cardName, deathLabel, displayName, genderLabel, linkedToProfileMessage, orDash } from '../../../src/domain/labels.ts';

describe('birthLabel', () => {
  it.each([
    ['', '', '', ''],
    ['1950', '', '', '1950'],
    ['1950', '03', '', '1950-03'],
    ['1950', '03', '07', '1950-03-07'],
    ['1950', '', '07', '1950'],
    ['', '03', '07', ''],
    [' 1950 ', ' 03 ', '', '1950-03'],
  ])('%j %j %j → %j', (birthYear, birthMonth, birthDay, expected) => {
    expect(birthLabel({ birthYear, birthMonth, birthDay })).toBe(expected);
  });

  it('shows an imported date kept as written when the fields are empty', () => {
    expect(birthLabel({ birthYear: '', birthMonth: '', birthDay: '', birthDateText: 'BET 1750 AND 1752' })).toBe('BET 1750 AND 1752');
    expect(bornLine({ birthYear: '', birthMonth: '', birthDay: '', birthDateText: '@#DJULIAN@ 11 FEB 1731/32' })).toBe('Born @#DJULIAN@ 11 FEB 1731/32');
    expect(birthLabel({ birthYear: '1750', birthMonth: '', birthDay: '', birthDateText: 'ABT 1750' })).toBe('1750');
    expect(deathLabel({ death: '', deathDateText: 'AFT 1801' })).toBe('AFT 1801');
    expect(deathLabel({ death: '1801-02-03', deathDateText: '' })).toBe('1801-02-03');
    expect(deathLabel({ death: '' })).toBe('');
  });

  it('card line', () => {
    expect(bornLine({ birthYear: '1950', birthMonth: '03', birthDay: '' })).toBe('Born 1950-03');
    expect(bornLine({ birthYear: '', birthMonth: '', birthDay: '' })).toBe('');
  });

  it('dash fallback', () => {
    expect(orDash('')).toBe('—');
    expect(orDash('1950')).toBe('1950');
  });
});

describe('capitaliseName', () => {
  it.each([
    ['anna', 'Anna'],
    ['ANNA', 'Anna'],
    ['aNNA', 'Anna'],
    ['  anna  ', 'Anna'],
    ['mary jane', 'Mary Jane'],
    ['mary   jane', 'Mary Jane'],
    ['mary-jane', 'Mary-Jane'],
    ["o'neil", "O'Neil"],
    ['van der berg', 'Van Der Berg'],
    ['ÉLODIE', 'Élodie'],
    ['mcdonald', 'Mcdonald'],
    ['', ''],
  ])('%j → %j', (input, expected) => expect(capitaliseName(input)).toBe(expected));
});

describe('names shown', () => {
  it.each([
    [{ firstName: 'anna', lastName: 'SMITH', email: 'a@x.org' }, 'Anna Smith'],
    [{ firstName: 'anna', lastName: '', email: 'a@x.org' }, 'Anna'],
    [{ firstName: '', lastName: '', email: 'a@x.org' }, 'a@x.org'],
    [{ firstName: ' ', lastName: '', email: '' }, 'User'],
    [{ displayName: 'Anna Smith', email: 'a@x.org' }, 'Anna Smith'],
    [{}, 'User'],
  ])('displayName(%j) → %j', (input, expected) => expect(displayName(input)).toBe(expected));

  it.each([
    [{ firstName: 'anna', lastName: 'smith' }, 'Anna Smith'],
    [{ firstName: '', lastName: '' }, 'Unnamed'],
    [undefined, 'Unnamed'],
  ])('cardName(%j) → %j', (input, expected) => expect(cardName(input)).toBe(expected));

  it('link message', () => expect(linkedToProfileMessage({ firstName: 'anna', lastName: 'smith' })).toBe('Linked to profile Anna Smith'));
});

describe('genderLabel', () => {
  it.each([
    ['M', 'Male'],
    ['F', 'Female'],
    ['', '—'],
    ['X', '—'],
  ])('%j → %j', (g, expected) => expect(genderLabel(g)).toBe(expected));
});
