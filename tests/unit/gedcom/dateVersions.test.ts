import { describe, expect, it } from 'vitest';
import { formatDate, parseDate, toGedcomDate } from '../../../src/domain/dates/index.ts';
import { dateForVersion } from '../../../src/gedcom/dates.ts';

describe('dateForVersion: a stored date in the syntax of the version written', () => {
  it.each([
    ['JULIAN 11 FEB 1731/32', '7.0', 'JULIAN 11 FEB 1731/32'],
    ['JULIAN 11 FEB 1731/32', '5.5.1', '@#DJULIAN@ 11 FEB 1731/32'],
    ['@#DJULIAN@ 1700', '7.0', 'JULIAN 1700'],
    ['44 BCE', '5.5.1', '44 B.C.'],
    ['BET 100 BCE AND 44 BCE', '5.5.1', 'BET 100 B.C. AND 44 B.C.'],
    ['44 B.C.', '7.0', '44 BCE'],
    ['44 BCE', '7.0', '44 BCE'],
    ['INT 44 BCE (the Ides)', '5.5.1', 'INT 44 B.C. (the Ides)'],
    ['(44 BCE, they say)', '5.5.1', '(44 BCE, they say)'],
  ] as const)('%j in %s: %j', (text, version, written) => {
    expect(dateForVersion(text, version)).toBe(written);
  });

  it('what the tree stores reads back from either version as the same date', () => {
    for (const stored of ['JULIAN 11 FEB 1731/32', '44 BCE', 'ABT HEBREW 5600', 'FRENCH_R 18 BRUM 8', 'BET 1840 AND 1845']) {
      for (const version of ['7.0', '5.5.1'] as const) {
        const read = parseDate(dateForVersion(stored, version));
        expect(read.ok && toGedcomDate(read.value)).toBe(stored);
      }
    }
    expect(formatDate('@#DFRENCH R@ 18 BRUM 8')).toBe('18 Brumaire 8 (French Republican)');
  });
});
