import { isRealDate } from '../domain/validation/profile.ts';

/**
 * GEDCOM dates and the profile's date fields. A date goes into birthYear/Month/Day (or `death`)
 * only when it says exactly that: a Gregorian day, month and year, a month and year, or a year,
 * not after this year. Anything else (ABT, BEF, AFT, BET … AND …, FROM … TO …, CAL, EST, INT,
 * another calendar, a dual year such as 1750/51, B.C., a date phrase) is kept as written in
 * birthDateText/deathDateText, and the reason is told in the import's summary.
 */

export const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

/** A date split into the profile's parts (year four digits, month and day two, '' when absent). */
export interface DateParts {
  year: string;
  month: string;
  day: string;
}

/** Why a date stays text: the summary says it in these words. */
export type DateTextReason = 'approximate' | 'range' | 'period' | 'calendar' | 'dual-year' | 'phrase' | 'future' | 'impossible' | 'month-year' | 'other';

export const DATE_TEXT_REASONS: Record<DateTextReason, string> = {
  approximate: 'an approximate date (ABT, CAL, EST)',
  range: 'a range (BEF, AFT, BET … AND …)',
  period: 'a period (FROM … TO …)',
  calendar: 'a date in another calendar',
  'dual-year': 'a dual year (such as 1750/51)',
  phrase: 'a date phrase',
  future: 'a date after this year',
  impossible: 'a date that is not on the calendar',
  'month-year': 'a month and year (a death date is a year or a whole date)',
  other: 'a date the fields cannot hold',
};

export type ReadDate = { fits: true; parts: DateParts } | { fits: false; reason: DateTextReason };

const GREGORIAN = /^(?:@#DGREGORIAN@|GREGORIAN)\s+/i;
const EXACT = /^(?:(\d{1,2})\s+)?(?:([A-Z]{3})\s+)?(\d{1,4})$/i;

/** Reads a DATE value (5.5, 5.5.1 or 7.0 syntax) into parts when it fits them exactly. */
export function readDate(value: string, currentYear: number): ReadDate {
  const text = value.trim().replace(/\s+/g, ' ');
  const plain = text.replace(GREGORIAN, '');
  const m = EXACT.exec(plain);
  if (m) {
    const [, d, mon, y] = m;
    const month = mon ? MONTHS.indexOf(mon.toUpperCase() as (typeof MONTHS)[number]) + 1 : 0;
    // 'ABT 1850' has the shape of 'MAR 1850': a word that is not a month is a qualifier.
    if (mon && month === 0) return { fits: false, reason: d ? 'other' : whyText(plain) };
    const year = Number(y);
    if (year === 0) return { fits: false, reason: 'other' };
    if (year > currentYear) return { fits: false, reason: 'future' };
    if (d && !isRealDate(year, month, Number(d))) return { fits: false, reason: 'impossible' };
    return { fits: true, parts: { year: y!.padStart(4, '0'), month: month ? String(month).padStart(2, '0') : '', day: d ? d.padStart(2, '0') : '' } };
  }
  return { fits: false, reason: whyText(plain) };
}

function whyText(text: string): DateTextReason {
  const upper = text.toUpperCase();
  if (/^\(.*\)$/.test(text) || upper.startsWith('INT ')) return 'phrase';
  if (/^(ABT|CAL|EST)\b/.test(upper)) return 'approximate';
  if (/^(BEF|AFT|BET)\b/.test(upper)) return 'range';
  if (/^(FROM|TO)\b/.test(upper)) return 'period';
  if (/^@#D/.test(upper) || /^(JULIAN|HEBREW|FRENCH_R|_\w+)\s/.test(upper)) return 'calendar';
  if (/\d\/\d/.test(upper)) return 'dual-year';
  return 'other';
}

/** The DATE value for parts ('12 MAR 1850', 'MAR 1850', '1850'); '' without a year. */
export function writeDate({ year, month, day }: DateParts): string {
  if (!year) return '';
  const y = String(Number(year));
  const mon = month ? MONTHS[Number(month) - 1] : undefined;
  if (!mon) return y;
  return day ? `${Number(day)} ${mon} ${y}` : `${mon} ${y}`;
}

/** `death` ('1850' or '1850-03-12') as parts, for writing; an unreadable one as no date. */
export function deathParts(death: string): DateParts {
  const m = /^(\d{4})(?:-(\d{2})-(\d{2}))?$/.exec(death.trim());
  return m ? { year: m[1]!, month: m[2] ?? '', day: m[3] ?? '' } : { year: '', month: '', day: '' };
}

/** Parts in the form `death` holds: a year or a full date; year-month does not fit. */
export function deathValue(parts: DateParts): string | null {
  if (parts.month && !parts.day) return null;
  return parts.day ? `${parts.year}-${parts.month}-${parts.day}` : parts.year;
}

const CALENDARS_551: Record<string, string> = { GREGORIAN: '@#DGREGORIAN@', JULIAN: '@#DJULIAN@', HEBREW: '@#DHEBREW@', FRENCH_R: '@#DFRENCH R@' };
const CALENDARS_70: Record<string, string> = Object.fromEntries(Object.entries(CALENDARS_551).map(([k, v]) => [v, k]));

/**
 * A date kept as written, in the syntax of the version being written: calendar escapes are the
 * one difference the two versions' date grammars have for dates written by their own rules
 * ('@#DJULIAN@ 1700' in 5.5.1 is 'JULIAN 1700' in 7.0). Anything else is written as it was read.
 */
export function dateForVersion(text: string, version: '7.0' | '5.5.1'): string {
  // A phrase in parentheses is words, not syntax.
  const open = text.indexOf('(');
  const syntax = open < 0 ? text : text.slice(0, open);
  const converted =
    version === '7.0'
      ? syntax.replace(/@#D(?:GREGORIAN|JULIAN|HEBREW|FRENCH R)@/gi, (m) => CALENDARS_70[m.toUpperCase()] ?? m)
      : syntax.replace(/(^|\s)(GREGORIAN|JULIAN|HEBREW|FRENCH_R)(?=\s)/g, (_m, space: string, cal: string) => space + CALENDARS_551[cal]!);
  return open < 0 ? converted : converted + text.slice(open);
}
