import { MONTH_CODES } from './calendars.ts';
import type { DatePoint, DateValue } from './types.ts';

/**
 * Dates in time, for ordering (`dateSortKey`) and for rules about years (`yearBounds`: privacy of
 * the living, layout). Years are astronomical Gregorian-era numbers: 1 B.C. is 0, 44 B.C. is −43.
 * The other calendars are placed by their year's start: a Hebrew year begins in the autumn of
 * Gregorian year − 3761, a French Republican one in the autumn of 1791 + year. Julian dates are
 * taken as Gregorian (the days between them do not move a year).
 */

/** The Gregorian year in which the date's calendar year begins, and where in that year it begins (0–1). */
function yearStart(p: DatePoint): { year: number; at: number } {
  const y = p.bc ? 1 - p.year : p.year;
  if (p.calendar === 'HEBREW') return { year: y - 3761, at: 0.72 };
  if (p.calendar === 'FRENCH_R') return { year: y + 1791, at: 0.72 };
  // 1731/32 is a date between 1 January and 24 March 1732 as we count years.
  return { year: p.dualYear ? y + 1 : y, at: 0 };
}

/** Where the date starts, in years (a year alone at its start). */
export function pointStart(p: DatePoint): number {
  const { year, at } = yearStart(p);
  const months = MONTH_CODES[p.calendar].length;
  return year + at + ((p.month ? p.month - 1 : 0) + (p.day ? (p.day - 1) / 31 : 0)) / months;
}

/** Where the date ends, in years (a year alone at its end, a month at the end of the month). */
export function pointEnd(p: DatePoint): number {
  const months = MONTH_CODES[p.calendar].length;
  if (!p.month) return pointStart(p) + 1;
  return pointStart(p) + (p.day ? 1 / 31 : 1) / months;
}

/** Whether `a` lies wholly after `b` (a range from `a` to `b` would end before it starts). */
export function isAfter(a: DatePoint, b: DatePoint): boolean {
  return pointStart(a) >= pointEnd(b);
}

/** A hair before or after a date: "before 1900" sorts just before 1900, "after 1900" just after all of it. */
const HAIR = 1e-6;

/**
 * A number that orders dates in time: ranges and periods by their start, "before X" just before
 * X, "after X" just after X ends; a date phrase or nothing last (Infinity).
 */
export function dateSortKey(value: DateValue | null): number {
  if (!value) return Infinity;
  switch (value.kind) {
    case 'phrase':
      return Infinity;
    case 'before':
      return pointStart(value.date) - HAIR;
    case 'after':
      return pointEnd(value.date);
    case 'between':
    case 'period':
    case 'from':
      return pointStart(value.from);
    case 'to':
      return pointStart(value.to) - HAIR;
    default:
      return pointStart(value.date);
  }
}

/** The earliest and latest year a date may be in; null where it is open ("before 1900" has no earliest). */
export interface YearBounds {
  earliest: number | null;
  latest: number | null;
}

export const NO_BOUNDS: YearBounds = { earliest: null, latest: null };

function pointBounds(p: DatePoint): { earliest: number; latest: number } {
  const { year, at } = yearStart(p);
  if (p.dualYear) return { earliest: year - 1, latest: year };
  if (!at) return { earliest: year, latest: year };
  // A year of another calendar spans two Gregorian years; its months from January on fall in the second.
  if (!p.month) return { earliest: year, latest: year + 1 };
  const inSecond = pointStart(p) >= year + 1;
  return inSecond ? { earliest: year + 1, latest: year + 1 } : { earliest: year, latest: year };
}

/**
 * The years a date allows. "About", "calculated" and "estimated" dates count as their year (the
 * best estimate there is); "before X" may be any year up to X's, "after X" any from X's on.
 */
export function yearBounds(value: DateValue | null): YearBounds {
  if (!value) return NO_BOUNDS;
  switch (value.kind) {
    case 'phrase':
      return NO_BOUNDS;
    case 'before':
      return { earliest: null, latest: pointBounds(value.date).latest };
    case 'after':
      return { earliest: pointBounds(value.date).earliest, latest: null };
    case 'between':
    case 'period':
      return { earliest: pointBounds(value.from).earliest, latest: pointBounds(value.to).latest };
    case 'from':
      return { earliest: pointBounds(value.from).earliest, latest: null };
    case 'to':
      return { earliest: null, latest: pointBounds(value.to).latest };
    default:
      return pointBounds(value.date);
  }
}
