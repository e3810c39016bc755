import { CALENDAR_NAMES, MONTH_NAMES } from './calendars.ts';
import { toGedcomDate } from './gedcom.ts';
import { parseDate } from './parse.ts';
import type { DatePoint, DateValue } from './types.ts';

/**
 * A date in words, the one way the app shows dates: only the parts that are there (§2: '1850',
 * 'March 1850', '14 March 1850'), years without leading zeros, qualifiers in words ('about 1850',
 * 'between 1840 and 1845', 'before May 1900', 'from 1900 to 1910', 'until 1910'), a dual year as
 * written ('1731/32'), 'BC', and another calendar named after the date ('11 February 1731/32 (Julian)').
 * Text that is not a date (an import's own words) shows as written; '' stays ''.
 */
export function formatDate(input: string | DateValue): string {
  if (typeof input === 'string') {
    const text = input.trim();
    if (!text) return '';
    const parsed = parseDate(text);
    return parsed.ok ? formatDate(parsed.value) : text;
  }
  switch (input.kind) {
    case 'exact':
      return words(input.date);
    case 'about':
    case 'calculated':
    case 'estimated':
    case 'before':
    case 'after':
      return `${input.kind} ${words(input.date)}`;
    case 'between':
      return `between ${words(input.from)} and ${words(input.to)}`;
    case 'period':
      return `from ${words(input.from)} to ${words(input.to)}`;
    case 'from':
      return `from ${words(input.from)}`;
    case 'to':
      return `until ${words(input.to)}`;
    case 'interpreted':
      return `${words(input.date)} (${input.phrase})`;
    case 'phrase':
      return input.phrase;
  }
}

function words(p: DatePoint): string {
  const parts: string[] = [];
  if (p.day) parts.push(String(p.day));
  if (p.month) parts.push(MONTH_NAMES[p.calendar][p.month - 1]!);
  parts.push(p.dualYear ? `${p.year}/${p.dualYear}` : String(p.year));
  if (p.bc) parts.push('BC');
  if (p.calendar !== 'GREGORIAN') parts.push(`(${CALENDAR_NAMES[p.calendar]})`);
  return parts.join(' ');
}

/**
 * What a date input shows for a stored date: its words when they read back as the same date
 * ('about 1850'), else the stored text (a phrase, an import's own words), so editing starts from
 * something that saves unchanged.
 */
export function editableDate(stored: string): string {
  const text = stored.trim();
  const parsed = parseDate(text);
  if (!parsed.ok) return text;
  const shown = formatDate(parsed.value);
  const again = parseDate(shown);
  return again.ok && toGedcomDate(again.value) === toGedcomDate(parsed.value) ? shown : text;
}
