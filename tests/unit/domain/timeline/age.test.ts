import { describe, expect, it } from 'vitest';
import { ageAt } from '../../../../src/domain/timeline/age.ts';

describe('ageAt: a person’s age at an event in words', () => {
  it.each([
    // Exact days: birthdays counted by the calendar.
    ['10 FEB 1850', '10 FEB 1884', '34'],
    ['10 FEB 1850', '9 FEB 1884', '33'],
    ['24 MAY 1819', '22 JAN 1901', '81'],
    ['10 FEB 1850', '1 MAR 1850', 'under 1'],
    // Years only: one year or the next, so "about".
    ['1850', '1884', 'about 34'],
    ['1850', '10 FEB 1884', 'about 34'],
    // Months that settle it.
    ['MAR 1850', 'FEB 1884', '33'],
    ['MAR 1850', 'MAR 1884', 'about 34'],
    // Qualifiers and ranges.
    ['ABT 1850', '10 FEB 1884', 'about 34'],
    ['10 FEB 1850', 'EST 1884', 'about 34'],
    ['10 FEB 1850', 'CAL 1884', 'about 34'],
    ['1800', 'BET 1840 AND 1845', 'about 43'],
    ['1800', 'FROM 1830 TO 1834', 'about 32'],
    ['1800', 'INT 1834 (in the spring)', 'about 34'],
    // Nothing to say.
    ['', '1884', ''],
    ['1850', '', ''],
    ['1850', 'BEF 1884', ''],
    ['1850', 'AFT 1884', ''],
    ['1850', '(the year of the flood)', ''],
    ['1850', '1840', ''],
    ['not a date', '1884', ''],
  ])('born %j, at %j: %j', (birth, at, age) => {
    expect(ageAt(birth, at)).toBe(age);
  });
});
