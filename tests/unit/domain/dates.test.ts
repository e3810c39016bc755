import { describe, expect, it } from 'vitest';
import {
  birthFields,
  birthGedcom,
  dateSortKey,
  dateValue,
  deathFields,
  deathGedcom,
  editableDate,
  formatDate,
  parseDate,
  toGedcomDate,
  yearBounds,
} from '../../../src/domain/dates/index.ts';

/** typed (or GEDCOM) → stored GEDCOM → words. */
const FORMS: [string, string, string][] = [
  // plain dates, §2: only the parts that are there
  ['1840', '1840', '1840'],
  ['Feb 1840', 'FEB 1840', 'February 1840'],
  ['10 Feb 1840', '10 FEB 1840', '10 February 1840'],
  ['10 FEB 1840', '10 FEB 1840', '10 February 1840'],
  ['10 february 1840', '10 FEB 1840', '10 February 1840'],
  ['10th Feb. 1840', '10 FEB 1840', '10 February 1840'],
  ['February 10, 1840', '10 FEB 1840', '10 February 1840'],
  ['Sept 1850', 'SEP 1850', 'September 1850'],
  ['10/02/1840', '10 FEB 1840', '10 February 1840'],
  ['10.02.1840', '10 FEB 1840', '10 February 1840'],
  ['3-4-1850', '3 APR 1850', '3 April 1850'],
  ['1840-02-10', '10 FEB 1840', '10 February 1840'],
  ['1840-02', 'FEB 1840', 'February 1840'],
  ['0946', '946', '946'],
  ['946', '946', '946'],
  ['  10   feb  1840 ', '10 FEB 1840', '10 February 1840'],
  ['29 Feb 2000', '29 FEB 2000', '29 February 2000'],
  // approximate
  ['abt 1850', 'ABT 1850', 'about 1850'],
  ['ABT 1850', 'ABT 1850', 'about 1850'],
  ['about 1850', 'ABT 1850', 'about 1850'],
  ['Abt. 1850', 'ABT 1850', 'about 1850'],
  ['c. 1850', 'ABT 1850', 'about 1850'],
  ['c1850', 'ABT 1850', 'about 1850'],
  ['ca 1850', 'ABT 1850', 'about 1850'],
  ['circa 1850', 'ABT 1850', 'about 1850'],
  ['around Mar 1850', 'ABT MAR 1850', 'about March 1850'],
  ['~1850', 'ABT 1850', 'about 1850'],
  ['CAL 1850', 'CAL 1850', 'calculated 1850'],
  ['calculated 1850', 'CAL 1850', 'calculated 1850'],
  ['EST 1850', 'EST 1850', 'estimated 1850'],
  ['est. 12 May 1850', 'EST 12 MAY 1850', 'estimated 12 May 1850'],
  // ranges
  ['before May 1900', 'BEF MAY 1900', 'before May 1900'],
  ['BEF 1900', 'BEF 1900', 'before 1900'],
  ['bef. 1900', 'BEF 1900', 'before 1900'],
  ['after 1901', 'AFT 1901', 'after 1901'],
  ['AFT 3 JUN 1901', 'AFT 3 JUN 1901', 'after 3 June 1901'],
  ['between 1840 and 1845', 'BET 1840 AND 1845', 'between 1840 and 1845'],
  ['bet 1840 and 1845', 'BET 1840 AND 1845', 'between 1840 and 1845'],
  ['BET JAN 1840 AND 1840', 'BET JAN 1840 AND 1840', 'between January 1840 and 1840'],
  ['between 1840 & Mar 1845', 'BET 1840 AND MAR 1845', 'between 1840 and March 1845'],
  // periods
  ['from 1900 to 1910', 'FROM 1900 TO 1910', 'from 1900 to 1910'],
  ['FROM 1900 TO 1910', 'FROM 1900 TO 1910', 'from 1900 to 1910'],
  ['from 1900 until 1910', 'FROM 1900 TO 1910', 'from 1900 to 1910'],
  ['from 1900', 'FROM 1900', 'from 1900'],
  ['TO 1910', 'TO 1910', 'until 1910'],
  ['until 1910', 'TO 1910', 'until 1910'],
  // dual years, calendars, B.C.
  ['1731/32', '1731/32', '1731/32'],
  ['1731/1732', '1731/32', '1731/32'],
  ['1799/00', '1799/00', '1799/00'],
  ['11 Feb 1731/32', '11 FEB 1731/32', '11 February 1731/32'],
  ['@#DJULIAN@ 11 FEB 1731/32', 'JULIAN 11 FEB 1731/32', '11 February 1731/32 (Julian)'],
  ['JULIAN 29 FEB 1700', 'JULIAN 29 FEB 1700', '29 February 1700 (Julian)'],
  ['11 February 1731/32 (Julian)', 'JULIAN 11 FEB 1731/32', '11 February 1731/32 (Julian)'],
  ['@#DGREGORIAN@ 1850', '1850', '1850'],
  ['@#DHEBREW@ 1 TSH 5600', 'HEBREW 1 TSH 5600', '1 Tishrei 5600 (Hebrew)'],
  ['HEBREW ADS 5600', 'HEBREW ADS 5600', 'Adar II 5600 (Hebrew)'],
  ['@#DFRENCH R@ 18 BRUM 8', 'FRENCH_R 18 BRUM 8', '18 Brumaire 8 (French Republican)'],
  ['ABT @#DJULIAN@ 1700', 'ABT JULIAN 1700', 'about 1700 (Julian)'],
  ['44 B.C.', '44 BCE', '44 BC'],
  ['44 BC', '44 BCE', '44 BC'],
  ['15 MAR 44 BCE', '15 MAR 44 BCE', '15 March 44 BC'],
  ['AD 800', '800', '800'],
  // phrases
  ['(a phrase)', '(a phrase)', 'a phrase'],
  ['(Spring, the year of the flood)', '(Spring, the year of the flood)', 'Spring, the year of the flood'],
  ['INT 1850 (about the time of the fire)', 'INT 1850 (about the time of the fire)', '1850 (about the time of the fire)'],
  ['int 5 jan 1850 (Twelfth Night)', 'INT 5 JAN 1850 (Twelfth Night)', '5 January 1850 (Twelfth Night)'],
];

describe('parseDate, toGedcomDate, formatDate', () => {
  it.each(FORMS)('%j → %j → %j, and both read back the same', (typed, gedcom, words) => {
    const parsed = parseDate(typed);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(toGedcomDate(parsed.value)).toBe(gedcom);
    expect(formatDate(parsed.value)).toBe(words);
    expect(formatDate(typed)).toBe(words);
    // Round trip: the stored text reads as the same date.
    const again = parseDate(gedcom);
    expect(again.ok && toGedcomDate(again.value)).toBe(gedcom);
    expect(again.ok && formatDate(again.value)).toBe(words);
  });

  const REFUSED: [string, string][] = [
    ['', 'unreadable'],
    ['   ', 'unreadable'],
    ['soon', 'unreadable'],
    ['abt', 'unreadable'],
    ['about soon', 'unreadable'],
    ['Foo 1850', 'unreadable'],
    ['10 1850', 'unreadable'],
    ['bet 1840', 'unreadable'],
    ['1731/33', 'unreadable'],
    ['44 B.C./45', 'unreadable'],
    ['()', 'unreadable'],
    ['10/02/40', 'unreadable'],
    ['2/3', 'unreadable'],
    ['HEBREW 10/02/5600', 'unreadable'],
    ['31 Feb 1840', 'not-on-calendar'],
    ['29 Feb 1900', 'not-on-calendar'],
    ['31/04/1850', 'not-on-calendar'],
    ['0', 'not-on-calendar'],
    ['1850-13', 'not-on-calendar'],
    ['bet 1845 and 1840', 'order'],
    ['from 1910 to 1900', 'order'],
    ['bet 1850 and Dec 1849', 'order'],
  ];
  it.each(REFUSED)('%j is refused: %s', (text, problem) => {
    expect(parseDate(text)).toEqual({ ok: false, problem });
  });

  it('reads the structure', () => {
    expect(dateValue('bet 1840 and 1845')).toEqual({
      kind: 'between',
      from: { calendar: 'GREGORIAN', year: 1840, month: 0, day: 0, dualYear: '', bc: false },
      to: { calendar: 'GREGORIAN', year: 1845, month: 0, day: 0, dualYear: '', bc: false },
    });
    expect(dateValue('nonsense')).toBeNull();
  });

  it('shows text that is not a date as written, and nothing as nothing', () => {
    expect(formatDate('Spring 1850')).toBe('Spring 1850');
    expect(formatDate('  ')).toBe('');
  });

  it('editableDate: words that read back as the same date, else the stored text', () => {
    expect(editableDate('ABT 1850')).toBe('about 1850');
    expect(editableDate('JULIAN 11 FEB 1731/32')).toBe('11 February 1731/32 (Julian)');
    expect(editableDate('(a phrase)')).toBe('(a phrase)');
    expect(editableDate('INT 1850 (fire)')).toBe('INT 1850 (fire)');
    expect(editableDate('Spring 1850')).toBe('Spring 1850');
    expect(editableDate('')).toBe('');
  });
});

describe('dateSortKey', () => {
  it('orders dates in time: ranges by their start, before just before, after just after, unknown last', () => {
    const texts = [
      '(a phrase)',
      'AFT 1850',
      '1850',
      'BEF 1850',
      '31 DEC 1850',
      'BET 1849 AND 1851',
      'FROM 1851 TO 1852',
      'ABT 1849',
      'JAN 1850',
      '2 JAN 1850',
      '44 BCE',
      '1 BCE',
      '1',
      '1731/32',
      'DEC 1731',
      'TO 1849',
      '',
      'nonsense',
    ];
    const sorted = [...texts].sort((a, b) => dateSortKey(dateValue(a)) - dateSortKey(dateValue(b)) || texts.indexOf(a) - texts.indexOf(b));
    expect(sorted).toEqual([
      '44 BCE',
      '1 BCE',
      '1',
      'DEC 1731',
      '1731/32',
      'TO 1849',
      'BET 1849 AND 1851',
      'ABT 1849',
      'BEF 1850',
      '1850',
      'JAN 1850',
      '2 JAN 1850',
      '31 DEC 1850',
      'AFT 1850',
      'FROM 1851 TO 1852',
      '(a phrase)',
      '',
      'nonsense',
    ]);
    expect(dateSortKey(null)).toBe(Infinity);
  });

  it('places other calendars by their year', () => {
    // 1 Tishrei 5600 is in the autumn of 1839; the French year 8 began in September 1799.
    const key = (t: string) => dateSortKey(dateValue(t));
    expect(key('HEBREW 1 TSH 5600')).toBeGreaterThan(key('JUN 1839'));
    expect(key('HEBREW 1 TSH 5600')).toBeLessThan(key('1840'));
    expect(key('FRENCH_R 18 BRUM 8')).toBeGreaterThan(key('SEP 1799'));
    expect(key('FRENCH_R 18 BRUM 8')).toBeLessThan(key('1800'));
  });
});

describe('yearBounds', () => {
  const TABLE: [string, number | null, number | null][] = [
    ['1850', 1850, 1850],
    ['10 FEB 1850', 1850, 1850],
    ['ABT 1850', 1850, 1850],
    ['CAL 1850', 1850, 1850],
    ['EST 1850', 1850, 1850],
    ['BEF 1900', null, 1900],
    ['AFT 1900', 1900, null],
    ['BET 1840 AND 1845', 1840, 1845],
    ['FROM 1900 TO 1910', 1900, 1910],
    ['FROM 1900', 1900, null],
    ['TO 1910', null, 1910],
    ['1731/32', 1731, 1732],
    ['JULIAN 11 FEB 1731/32', 1731, 1732],
    ['INT 1850 (phrase)', 1850, 1850],
    ['44 BCE', -43, -43],
    ['HEBREW 5600', 1839, 1840],
    ['HEBREW 1 TSH 5600', 1839, 1839],
    ['HEBREW NSN 5600', 1840, 1840],
    ['FRENCH_R 8', 1799, 1800],
    ['FRENCH_R 18 BRUM 8', 1799, 1799],
    ['(a phrase)', null, null],
    ['nonsense', null, null],
  ];
  it.each(TABLE)('%j: %s to %s', (text, earliest, latest) => {
    expect(yearBounds(dateValue(text))).toEqual({ earliest, latest });
  });
});

describe('birth and death over the profile fields', () => {
  const Y = 2026;
  it.each([
    ['10 Feb 1840', { birthYear: '1840', birthMonth: '02', birthDay: '10', birthDateText: '' }],
    ['Feb 1840', { birthYear: '1840', birthMonth: '02', birthDay: '', birthDateText: '' }],
    ['946', { birthYear: '0946', birthMonth: '', birthDay: '', birthDateText: '' }],
    ['abt 1850', { birthYear: '', birthMonth: '', birthDay: '', birthDateText: 'ABT 1850' }],
    ['between 1840 and 1845', { birthYear: '', birthMonth: '', birthDay: '', birthDateText: 'BET 1840 AND 1845' }],
    ['1731/32', { birthYear: '', birthMonth: '', birthDay: '', birthDateText: '1731/32' }],
    ['@#DJULIAN@ 1700', { birthYear: '', birthMonth: '', birthDay: '', birthDateText: 'JULIAN 1700' }],
    ['44 B.C.', { birthYear: '', birthMonth: '', birthDay: '', birthDateText: '44 BCE' }],
    ['2030', { birthYear: '', birthMonth: '', birthDay: '', birthDateText: '2030' }],
    ['Spring 1850', { birthYear: '', birthMonth: '', birthDay: '', birthDateText: 'Spring 1850' }],
    ['', { birthYear: '', birthMonth: '', birthDay: '', birthDateText: '' }],
  ])('birth %j → %j, and back', (typed, fields) => {
    expect(birthFields(typed, Y)).toEqual(fields);
    const back = birthGedcom(fields);
    expect(birthFields(back, Y)).toEqual(fields);
  });

  it.each([
    ['1901', false, { death: '1901', deathDateText: '' }],
    ['5 Mar 1901', false, { death: '1901-03-05', deathDateText: '' }],
    ['Mar 1901', false, { death: '', deathDateText: 'MAR 1901' }],
    ['abt 1901', false, { death: '', deathDateText: 'ABT 1901' }],
    ['', true, { death: 'Y', deathDateText: '' }],
    ['', false, { death: '', deathDateText: '' }],
    ['1901', true, { death: '1901', deathDateText: '' }],
  ] as const)('death %j (deceased %s) → %j, and back', (typed, deceased, fields) => {
    expect(deathFields(typed, deceased, Y)).toEqual(fields);
    expect(deathFields(deathGedcom(fields), deceased, Y)).toEqual(fields);
  });

  it('reads stored fields as GEDCOM (a part counts only with every larger part)', () => {
    expect(birthGedcom({ birthYear: '1961', birthMonth: '03', birthDay: '14' })).toBe('14 MAR 1961');
    expect(birthGedcom({ birthYear: '1961', birthMonth: '', birthDay: '14' })).toBe('1961');
    expect(birthGedcom({ birthYear: '0946', birthMonth: '', birthDay: '' })).toBe('946');
    expect(birthGedcom({ birthYear: '', birthMonth: '03', birthDay: '', birthDateText: ' ABT 1850 ' })).toBe('ABT 1850');
    expect(deathGedcom({ death: '1850-03-12' })).toBe('12 MAR 1850');
    expect(deathGedcom({ death: 'Y', deathDateText: 'BEF 1900' })).toBe('BEF 1900');
    expect(deathGedcom({ death: 'Y' })).toBe('');
  });
});
