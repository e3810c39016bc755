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
  const simple = readSimple(value, currentYear);
  if (simple) return simple;
  const text = value.trim().replace(/\s+/g, ' ');
  const plain = text.replace(GREGORIAN, '');
  const m = EXACT.exec(plain);
  if (!m) return { fits: false, reason: whyText(plain) };
  const [, d, mon, y] = m;
  return exactDate(plain, d, mon ? monthNumber(mon, 0) : 0, mon !== undefined, y!, currentYear);
}

/**
 * The forms nearly every date has ('12 MAR 1850', 'MAR 1850', '12 1850', '1850': ASCII words
 * split by single spaces, nothing around them) read without regular expressions, as EXACT would:
 * an import reads hundreds of thousands of them. Undefined for anything else, which the general
 * reading then takes.
 */
function readSimple(v: string, currentYear: number): ReadDate | undefined {
  const n = v.length;
  if (n === 0 || n > 11) return undefined;
  // Up to three words: where the first two end and the last starts, and whether each is all
  // digits (else all letters).
  let words = 0;
  let end0 = 0;
  let end1 = 0;
  let digits0 = false;
  let digits1 = false;
  let digits2 = false;
  let start = 0;
  let last = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? v.charCodeAt(i) : 32;
    if (c === 32) {
      if (i === start || words === 3) return undefined;
      if (words === 0) end0 = i;
      else if (words === 1) end1 = i;
      words++;
      last = start;
      start = i + 1;
      continue;
    }
    const digit = c >= 48 && c <= 57;
    if (!digit && !((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return undefined;
    if (i === start) {
      if (words === 0) digits0 = digit;
      else if (words === 1) digits1 = digit;
      else digits2 = digit;
    } else if ((words === 0 ? digits0 : words === 1 ? digits1 : digits2) !== digit) return undefined;
  }
  // The last word is the year: at most four digits.
  if (!(words === 1 ? digits0 : words === 2 ? digits1 : digits2) || n - last > 4) return undefined;
  if (words === 1) return exactDate(v, undefined, 0, false, v, currentYear);
  const y = v.slice(last);
  const day = digits0 && end0 <= 2;
  if (words === 2 && day) return exactDate(v, v.slice(0, end0), 0, false, y, currentYear);
  if (words === 2 && !digits0 && end0 === 3) return exactDate(v, undefined, monthNumber(v, 0), true, y, currentYear);
  if (words === 3 && day && !digits1 && end1 - end0 - 1 === 3) return exactDate(v, v.slice(0, end0), monthNumber(v, end0 + 1), true, y, currentYear);
  return undefined;
}

/** The number (1–12) of the three letters at `at` read as a month, 0 if they are not one. */
function monthNumber(text: string, at: number): number {
  const upper = (k: number) => text.charCodeAt(at + k) & ~32;
  for (let m = 0; m < 12; m++) {
    const name = MONTHS[m]!;
    if (upper(0) === name.charCodeAt(0) && upper(1) === name.charCodeAt(1) && upper(2) === name.charCodeAt(2)) return m + 1;
  }
  return 0;
}

const TWO_DIGITS = Array.from({ length: 32 }, (_, k) => String(k).padStart(2, '0'));

/** A date of EXACT's shape (`plain` whole, its day, month and year) as parts, or why not. */
function exactDate(plain: string, d: string | undefined, month: number, hasMonth: boolean, y: string, currentYear: number): ReadDate {
  // 'ABT 1850' has the shape of 'MAR 1850': a word that is not a month is a qualifier.
  if (hasMonth && month === 0) return { fits: false, reason: d ? 'other' : whyText(plain) };
  const year = Number(y);
  if (year === 0) return { fits: false, reason: 'other' };
  if (year > currentYear) return { fits: false, reason: 'future' };
  const day = d ? Number(d) : 0;
  if (d && !isRealDate(year, month, day)) return { fits: false, reason: 'impossible' };
  return { fits: true, parts: { year: y.padStart(4, '0'), month: month ? TWO_DIGITS[month]! : '', day: d ? TWO_DIGITS[day]! : '' } };
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
 * A date kept as written, in the syntax of the version being written: calendar escapes and the
 * B.C. epoch are the differences the two versions' date grammars have for dates written by their
 * own rules ('@#DJULIAN@ 1700' in 5.5.1 is 'JULIAN 1700' in 7.0, '44 B.C.' is '44 BCE'; the tree's
 * date input stores 7.0). Anything else is written as it was read.
 */
export function dateForVersion(text: string, version: '7.0' | '5.5.1'): string {
  // A phrase in parentheses is words, not syntax.
  const open = text.indexOf('(');
  const syntax = open < 0 ? text : text.slice(0, open);
  const converted =
    version === '7.0'
      ? syntax.replace(/@#D(?:GREGORIAN|JULIAN|HEBREW|FRENCH R)@/gi, (m) => CALENDARS_70[m.toUpperCase()] ?? m).replace(/(\d)\s*B\.C\.(?=\s|$)/gi, '$1 BCE')
      : syntax.replace(/(^|\s)(GREGORIAN|JULIAN|HEBREW|FRENCH_R)(?=\s)/g, (_m, space: string, cal: string) => space + CALENDARS_551[cal]!).replace(/(\d) BCE(?=\s|$)/g, '$1 B.C.');
  return open < 0 ? converted : converted + text.slice(open);
}
