import { describe, expect, it } from 'vitest';
import { birthLabel, bornLine, capitaliseName, cardName, deathLabel, DECEASED, diedLine, displayName, fullName, genderLabel, linkedToProfileMessage, memberName, orDash } from '../../../src/domain/labels.ts';

describe('birthLabel', () => {
  it.each([
    ['', '', '', ''],
    ['1950', '', '', '1950'],
    ['1950', '03', '', 'March 1950'],
    ['1950', '03', '07', '7 March 1950'],
    ['1950', '', '07', '1950'],
    ['', '03', '07', ''],
    [' 1950 ', ' 03 ', '', 'March 1950'],
  ])('%j %j %j → %j', (birthYear, birthMonth, birthDay, expected) => {
    expect(birthLabel({ birthYear, birthMonth, birthDay })).toBe(expected);
  });

  it('shows a date kept as text, in words, when the fields are empty', () => {
    expect(birthLabel({ birthYear: '', birthMonth: '', birthDay: '', birthDateText: 'BET 1750 AND 1752' })).toBe('between 1750 and 1752');
    expect(bornLine({ birthYear: '', birthMonth: '', birthDay: '', birthDateText: '@#DJULIAN@ 11 FEB 1731/32' })).toBe('Born 11 February 1731/32 (Julian)');
    expect(birthLabel({ birthYear: '', birthMonth: '', birthDay: '', birthDateText: 'Spring 1850' })).toBe('Spring 1850');
    expect(birthLabel({ birthYear: '1750', birthMonth: '', birthDay: '', birthDateText: 'ABT 1750' })).toBe('1750');
    expect(deathLabel({ death: '', deathDateText: 'AFT 1801' })).toBe('after 1801');
    expect(deathLabel({ death: '1801-02-03', deathDateText: '' })).toBe('3 February 1801');
    expect(deathLabel({ death: '' })).toBe('');
  });

  it('card line', () => {
    expect(bornLine({ birthYear: '1950', birthMonth: '03', birthDay: '' })).toBe('Born March 1950');
    expect(bornLine({ birthYear: '', birthMonth: '', birthDay: '' })).toBe('');
  });

  it('dash fallback', () => {
    expect(orDash('')).toBe('—');
    expect(orDash('1950')).toBe('1950');
  });
});

describe('years without a leading zero, deaths and "Deceased" (issue 20)', () => {
  it.each([
    [{ birthYear: '0946', birthMonth: '', birthDay: '' }, 'Born 946'],
    [{ birthYear: '0946', birthMonth: '03', birthDay: '07' }, 'Born 7 March 946'],
    [{ birthYear: '1819', birthMonth: '05', birthDay: '24' }, 'Born 24 May 1819'],
  ])('bornLine(%j) → %j', (parts, expected) => expect(bornLine(parts)).toBe(expected));

  it.each([
    ['1901-01-22', '', '22 January 1901', 'Died 1901'],
    ['1901', '', '1901', 'Died 1901'],
    ['0975', '', '975', 'Died 975'],
    ['0975-07-08', '', '8 July 975', 'Died 975'],
    [DECEASED, '', 'Deceased', 'Deceased'],
    ['', 'ABT 1066', 'about 1066', 'Died about 1066'],
    ['', 'MAR 1066', 'March 1066', 'Died March 1066'],
    [DECEASED, 'BEF 1900', 'before 1900', 'Died before 1900'],
    ['', '', '', ''],
  ])('death %j (kept as written %j): label %j, card %j', (death, deathDateText, label, card) => {
    expect(deathLabel({ death, deathDateText })).toBe(label);
    expect(diedLine({ death, deathDateText })).toBe(card);
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
    [{ firstName: 'anna', lastName: 'smith' }, 'anna smith'],
    [{ firstName: ' Anna ', lastName: 'Smith' }, 'Anna Smith'],
    [{ firstName: 'anna', lastName: 'smith', ownerUid: 'u-anna' }, 'Anna Smith'],
    [{ firstName: '', lastName: '' }, 'Unnamed'],
    [undefined, 'Unnamed'],
  ])('cardName(%j) → %j', (input, expected) => expect(cardName(input)).toBe(expected));

  it('link message', () => expect(linkedToProfileMessage({ firstName: 'Anna', lastName: 'Smith' })).toBe('Linked to profile Anna Smith'));

  // Issue 20: names on the tree keep the case they were written in; §3's capitalisation is the member's own.
  it.each([
    ['Elizabeth II', '', 'Elizabeth II'],
    ['Henry III', '', 'Henry III'],
    ['Vincent', 'van Gogh', 'Vincent van Gogh'],
    ['Alexander', 'MacDonald', 'Alexander MacDonald'],
    ['Gráinne', 'ní Tuathail', 'Gráinne ní Tuathail'],
    ['Albert (Adalbert) I', 'de Namur', 'Albert (Adalbert) I de Namur'],
    ['  Mary   Ann ', ' de  la Cruz', 'Mary Ann de la Cruz'],
  ])('fullName and cardName keep %j %j as written', (firstName, lastName, expected) => {
    expect(fullName({ firstName, lastName })).toBe(expected);
    expect(cardName({ firstName, lastName })).toBe(expected);
  });

  it.each([
    [{ firstName: 'anna', lastName: 'SMITH' }, 'Anna Smith'],
    [{ firstName: 'mary-jane', lastName: "o'neil" }, "Mary-Jane O'Neil"],
  ])('memberName(%j) capitalises a member\'s own name → %j', (input, expected) => expect(memberName(input)).toBe(expected));
});

describe('genderLabel', () => {
  it.each([
    ['M', 'Male'],
    ['F', 'Female'],
    ['', '—'],
    ['X', '—'],
  ])('%j → %j', (g, expected) => expect(genderLabel(g)).toBe(expected));
});
