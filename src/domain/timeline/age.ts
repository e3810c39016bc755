import { dateValue, pointEnd, pointStart, type DatePoint, type DateValue } from '../dates/index.ts';

/**
 * A person's age at an event, in words, from two genealogists' dates (issue "Evidence and
 * memories", item 4): "34" when the dates say it exactly, "about 34" when they allow more than
 * one age or say "about", "under 1" for a baby, '' when it cannot be said (a date missing, a
 * phrase, "before"/"after" with no other end, an event before the birth).
 */

/** The span of time a date covers, in years (`order.ts`), and whether it is only roughly known. */
interface Span {
  start: number;
  end: number;
  rough: boolean;
  /** The calendar date, when the value is one point with a day (ages by the calendar then). */
  day: DatePoint | null;
}

const ROUGH = new Set<DateValue['kind']>(['about', 'estimated', 'calculated']);

function spanOf(value: DateValue | null): Span | null {
  if (!value) return null;
  switch (value.kind) {
    case 'phrase':
    case 'before':
    case 'after':
    case 'from':
    case 'to':
      // One end open: an age would be a guess the dates do not make.
      return null;
    case 'between':
    case 'period':
      return { start: pointStart(value.from), end: pointEnd(value.to), rough: true, day: null };
    default: {
      const d = value.date;
      return { start: pointStart(d), end: pointEnd(d), rough: ROUGH.has(value.kind), day: d.day && d.month ? d : null };
    }
  }
}

/** Whole years from one calendar date to another of the same calendar: birthdays counted exactly. */
function yearsBetween(from: DatePoint, to: DatePoint): number | null {
  if (from.calendar !== to.calendar || from.dualYear || to.dualYear) return null;
  const y = (p: DatePoint) => (p.bc ? 1 - p.year : p.year);
  const before = to.month < from.month || (to.month === from.month && to.day < from.day);
  return y(to) - y(from) - (before ? 1 : 0);
}

/** Ages a hair under a whole number stay under it (fractions of days in `order.ts` are approximate). */
const HAIR = 1e-9;

export function ageAt(birth: string, at: string): string {
  return ageBetween(dateValue(birth), dateValue(at));
}

/** `ageAt` of dates already read (a timeline reads each date once). */
export function ageBetween(birth: DateValue | null, at: DateValue | null): string {
  const b = spanOf(birth);
  const e = spanOf(at);
  if (!b || !e) return '';
  if (b.day && e.day && !b.rough && !e.rough) {
    const exact = yearsBetween(b.day, e.day);
    if (exact !== null) return exact < 0 ? '' : exact === 0 ? 'under 1' : String(exact);
  }
  const least = Math.floor(e.start - b.end + HAIR);
  const most = Math.floor(e.end - b.start - HAIR);
  if (most < 0) return '';
  if (most < 1) return 'under 1';
  if (least === most && !b.rough && !e.rough) return String(least);
  const middle = Math.round((e.start + e.end) / 2 - (b.start + b.end) / 2);
  return middle < 1 ? 'under 1' : `about ${middle}`;
}
