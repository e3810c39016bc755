import { MONTH_CODES } from './calendars.ts';
import type { DatePoint, DateValue } from './types.ts';

/**
 * A date as stored: the GEDCOM 7 date grammar (calendar names as words, `JULIAN 1700`; B.C. as
 * `BCE`), upper case, single spaces. Two forms 7.0 moved out of the date itself stay in it as
 * 5.5.1 writes them, so one text holds the whole date: a dual year (`1731/32`) and a phrase
 * (`INT 1850 (phrase)`, `(phrase)`).
 */
export function toGedcomDate(value: DateValue): string {
  switch (value.kind) {
    case 'exact':
      return pointText(value.date);
    case 'about':
      return `ABT ${pointText(value.date)}`;
    case 'calculated':
      return `CAL ${pointText(value.date)}`;
    case 'estimated':
      return `EST ${pointText(value.date)}`;
    case 'before':
      return `BEF ${pointText(value.date)}`;
    case 'after':
      return `AFT ${pointText(value.date)}`;
    case 'between':
      return `BET ${pointText(value.from)} AND ${pointText(value.to)}`;
    case 'period':
      return `FROM ${pointText(value.from)} TO ${pointText(value.to)}`;
    case 'from':
      return `FROM ${pointText(value.from)}`;
    case 'to':
      return `TO ${pointText(value.to)}`;
    case 'interpreted':
      return `INT ${pointText(value.date)} (${value.phrase})`;
    case 'phrase':
      return `(${value.phrase})`;
  }
}

function pointText(p: DatePoint): string {
  const parts: string[] = [];
  if (p.calendar !== 'GREGORIAN') parts.push(p.calendar);
  if (p.day) parts.push(String(p.day));
  if (p.month) parts.push(MONTH_CODES[p.calendar][p.month - 1]!);
  parts.push(p.dualYear ? `${p.year}/${p.dualYear}` : String(p.year));
  if (p.bc) parts.push('BCE');
  return parts.join(' ');
}
