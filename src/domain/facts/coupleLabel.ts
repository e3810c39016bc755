import { dateValue, formatDate, type DatePoint, type DateValue } from '../dates/index.ts';
import type { Couple } from './types.ts';

/**
 * The small label on a couple's line on the canvas: "m. 1840" from the couple's first marriage
 * event with a date (its year in words: "m. about 1840", "m. between 1840 and 1845"); "m." for a
 * marriage with no date; '' for a couple with no marriage. Only the year: the line is short.
 */
export function marriageLabel(couple: Pick<Couple, 'events'> | undefined): string {
  const marriages = couple?.events.filter((e) => e.type === 'MARR') ?? [];
  if (!marriages.length) return '';
  for (const m of marriages) {
    const value = dateValue(m.date);
    if (value && value.kind !== 'phrase') return `m. ${formatDate(yearsOf(value))}`;
  }
  return 'm.';
}

const year = (p: DatePoint): DatePoint => ({ ...p, month: 0, day: 0 });

/** The same date said to the year. */
function yearsOf(v: Exclude<DateValue, { kind: 'phrase' }>): DateValue {
  switch (v.kind) {
    case 'between':
    case 'period':
      return { ...v, from: year(v.from), to: year(v.to) };
    case 'from':
      return { ...v, from: year(v.from) };
    case 'to':
      return { ...v, to: year(v.to) };
    case 'interpreted':
      return { kind: 'exact', date: year(v.date) };
    default:
      return { ...v, date: year(v.date) };
  }
}
