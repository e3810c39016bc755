import { CALENDAR_NAMES, isOnCalendar, monthOf } from './calendars.ts';
import { isAfter } from './order.ts';
import { CALENDARS, type Calendar, type DatePoint, type DateValue } from './types.ts';

/**
 * Reading a date: the GEDCOM date grammar (5.5.1 and 7.0: `ABT 1850`, `BET 1840 AND 1845`,
 * `@#DJULIAN@ 11 FEB 1731/32`, `JULIAN 1700`, `44 B.C.`, `44 BCE`, `INT 1850 (phrase)`,
 * `(phrase)`) and what a person types in English ('abt 1850', 'about 1850', 'c. 1850',
 * 'between 1840 and 1845', 'before May 1900', 'from 1900 to 1910', 'February 10, 1840',
 * '10th Feb 1840'), case aside. Also what `formatDate` writes, so a date shown can be typed back.
 *
 * Numbers alone are read day first, the order of the profile's Day, Month and Year fields:
 * '10/02/1840' (or 10.02.1840, 10-02-1840) is 10 February 1840; a four-digit year first is ISO
 * ('1840-02-10', '1840-02'), the form the death field has held.
 */

/** Why a text is not a date: it cannot be read, a day is not on the calendar, or a range ends before it starts. */
export type DateProblem = 'unreadable' | 'not-on-calendar' | 'order';
export type ParsedDate = { ok: true; value: DateValue } | { ok: false; problem: DateProblem };

type Point = DatePoint | DateProblem;

const QUALIFIERS: readonly [RegExp, 'about' | 'calculated' | 'estimated' | 'before' | 'after' | 'from' | 'to'][] = [
  [/^(?:CALCULATED|CAL)(?:\.\s*|\s+)(.+)$/i, 'calculated'],
  [/^(?:ESTIMATED|EST)(?:\.\s*|\s+)(.+)$/i, 'estimated'],
  [/^(?:ABOUT|ABT|AROUND|APPROXIMATELY|APPROX|CIRCA|CA|C)(?:\.\s*|\s+|(?=\d))(.+)$/i, 'about'],
  [/^~\s*(.+)$/, 'about'],
  [/^(?:BEFORE|BEF)(?:\.\s*|\s+)(.+)$/i, 'before'],
  [/^(?:AFTER|AFT)(?:\.\s*|\s+)(.+)$/i, 'after'],
  [/^FROM\s+(.+)$/i, 'from'],
  [/^(?:TO|UNTIL|TILL)\s+(.+)$/i, 'to'],
];

const BETWEEN = /^(?:BETWEEN|BET|BTW)\.?\s+(.+?)\s+(?:AND|&)\s+(.+)$/i;
const PERIOD = /^FROM\s+(.+?)\s+(?:TO|UNTIL|TILL)\s+(.+)$/i;
const INTERPRETED = /^INT\.?\s+(.+?)\s*\((.*)\)$/i;
const PHRASE = /^\((.*)\)$/;

/** A date from GEDCOM or typed text; '' and blank text are `unreadable` (callers treat empty as "no date" first). */
export function parseDate(text: string): ParsedDate {
  const s = text.trim().replace(/\s+/g, ' ');
  if (!s) return { ok: false, problem: 'unreadable' };
  const phrase = PHRASE.exec(s);
  if (phrase) return phrase[1]!.trim() && !phrase[1]!.includes(')') ? { ok: true, value: { kind: 'phrase', phrase: phrase[1]!.trim() } } : { ok: false, problem: 'unreadable' };
  const int = INTERPRETED.exec(s);
  if (int) return one(point(int[1]!), (date) => ({ kind: 'interpreted', date, phrase: int[2]!.trim() }));
  const between = BETWEEN.exec(s);
  if (between) return two(point(between[1]!), point(between[2]!), (from, to) => ({ kind: 'between', from, to }));
  const period = PERIOD.exec(s);
  if (period) return two(point(period[1]!), point(period[2]!), (from, to) => ({ kind: 'period', from, to }));
  for (const [re, kind] of QUALIFIERS) {
    const m = re.exec(s);
    if (!m) continue;
    const p = point(m[1]!);
    if (kind === 'from') return one(p, (from) => ({ kind, from }));
    if (kind === 'to') return one(p, (to) => ({ kind, to }));
    return one(p, (date) => ({ kind, date }));
  }
  return one(point(s), (date) => ({ kind: 'exact', date }));
}

function one(p: Point, make: (p: DatePoint) => DateValue): ParsedDate {
  return typeof p === 'string' ? { ok: false, problem: p } : { ok: true, value: make(p) };
}

function two(a: Point, b: Point, make: (a: DatePoint, b: DatePoint) => DateValue): ParsedDate {
  if (typeof a === 'string') return { ok: false, problem: a };
  if (typeof b === 'string') return { ok: false, problem: b };
  if (isAfter(a, b)) return { ok: false, problem: 'order' };
  return { ok: true, value: make(a, b) };
}

const ESCAPES: Record<string, Calendar> = { '@#DGREGORIAN@': 'GREGORIAN', '@#DJULIAN@': 'JULIAN', '@#DHEBREW@': 'HEBREW', '@#DFRENCH R@': 'FRENCH_R' };
const CALENDAR_PREFIX = /^(@#D(?:GREGORIAN|JULIAN|HEBREW|FRENCH R)@|GREGORIAN|JULIAN|HEBREW|FRENCH_R)\s+/i;
/** The calendar named after a date in words, as `formatDate` writes it: '11 February 1731/32 (Julian)'. */
const CALENDAR_SUFFIX = new RegExp(`\\s*\\((${CALENDARS.map((c) => CALENDAR_NAMES[c]).join('|')})\\)$`, 'i');
const ERA = /\s*(?:B\.\s?C\.(?:E\.)?|B\.?C\.?E?|BCE)$/i;
const AD = /^(?:A\.?D\.?\s+)|\s+A\.?D\.?$/i;

const ISO = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$/;
/** Day first; a year of three or four digits ('10/02/40' might be 1940 or the year 40). */
const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{3,4})$/;
const ORDINAL = '(?:st|nd|rd|th)?';
/** [day] [month] year[/dual]: '10 FEB 1840', 'Feb 1840', '1840', '10th February, 1840', '1731/32'. */
const DAY_MONTH_YEAR = new RegExp(`^(?:(\\d{1,2})${ORDINAL}\\s+)?(?:(\\p{L}+(?: II)?)\\.?,?\\s+)?(\\d{1,4})(?:/(\\d{1,4}))?$`, 'iu');
/** month day, year: 'February 10, 1840'. */
const MONTH_DAY_YEAR = new RegExp(`^(\\p{L}+)\\.?\\s+(\\d{1,2})${ORDINAL},?\\s+(\\d{1,4})(?:/(\\d{1,4}))?$`, 'iu');

/** One calendar date, or why it is not one. */
function point(text: string): Point {
  let s = text.trim();
  let calendar: Calendar = 'GREGORIAN';
  const prefix = CALENDAR_PREFIX.exec(s);
  const suffix = prefix ? null : CALENDAR_SUFFIX.exec(s);
  if (prefix) {
    const word = prefix[1]!.toUpperCase();
    calendar = ESCAPES[word] ?? (word as Calendar);
    s = s.slice(prefix[0].length);
  } else if (suffix) {
    calendar = CALENDARS.find((c) => CALENDAR_NAMES[c].toUpperCase() === suffix[1]!.toUpperCase())!;
    s = s.slice(0, suffix.index);
  }
  const era = ERA.exec(s);
  const bc = !!era;
  if (era) s = s.slice(0, era.index);
  else s = s.replace(AD, '');
  s = s.trim();

  let day = '';
  let month = 0;
  let year = '';
  let dual = '';
  const iso = ISO.exec(s);
  const numeric = iso ? null : NUMERIC.exec(s);
  const mdy = iso || numeric ? null : MONTH_DAY_YEAR.exec(s);
  const dmy = iso || numeric || mdy ? null : DAY_MONTH_YEAR.exec(s);
  if (iso) {
    year = iso[1]!;
    month = Number(iso[2]);
    day = iso[3] ?? '';
  } else if (numeric) {
    day = numeric[1]!;
    month = Number(numeric[2]);
    year = numeric[3]!;
  } else if (mdy || dmy) {
    const [word, d, y, second] = mdy ? [mdy[1]!, mdy[2]!, mdy[3]!, mdy[4] ?? ''] : [dmy![2] ?? '', dmy![1] ?? '', dmy![3]!, dmy![4] ?? ''];
    if (word) {
      month = monthOf(calendar, word);
      if (!month) return 'unreadable';
    } else if (d) return 'unreadable';
    day = d;
    year = y;
    dual = second;
  } else return 'unreadable';
  if ((iso || numeric) && (calendar === 'HEBREW' || calendar === 'FRENCH_R')) return 'unreadable';

  const y = Number(year);
  if (!y) return 'not-on-calendar';
  let dualYear = '';
  if (dual) {
    // A dual year (Old Style/New Style, 1 Jan–24 Mar) names the next year: 1731/32, 1799/1800, 1731/1732.
    // '2/3' is not a year and its next: a dual year has three or four digits ('2/3' reads as no date).
    if (bc || year.length < 3 || (calendar !== 'GREGORIAN' && calendar !== 'JULIAN')) return 'unreadable';
    const next = String(y + 1);
    if (!next.endsWith(dual) || dual.length > next.length) return 'unreadable';
    dualYear = next.slice(-2).padStart(2, '0');
  }
  const d = day ? Number(day) : 0;
  if (day && !d) return 'not-on-calendar';
  if (month && !isOnCalendar(calendar, y, month, d, bc)) return 'not-on-calendar';
  return { calendar, year: y, month, day: d, dualYear, bc };
}

/** The date a text says, or null when it says none that can be read (a blank, an import's own words). */
export function dateValue(text: string): DateValue | null {
  const parsed = parseDate(text);
  return parsed.ok ? parsed.value : null;
}
