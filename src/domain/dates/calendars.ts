import type { Calendar } from './types.ts';

/** GEDCOM month codes by calendar, in order (month n is index n − 1). */
export const MONTH_CODES: Record<Calendar, readonly string[]> = {
  GREGORIAN: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  JULIAN: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  HEBREW: ['TSH', 'CSH', 'KSL', 'TVT', 'SHV', 'ADR', 'ADS', 'NSN', 'IYR', 'SVN', 'TMZ', 'AAV', 'ELL'],
  FRENCH_R: ['VEND', 'BRUM', 'FRIM', 'NIVO', 'PLUV', 'VENT', 'GERM', 'FLOR', 'PRAI', 'MESS', 'THER', 'FRUC', 'COMP'],
};

const ENGLISH = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Month names in words, as the app shows them. */
export const MONTH_NAMES: Record<Calendar, readonly string[]> = {
  GREGORIAN: ENGLISH,
  JULIAN: ENGLISH,
  HEBREW: ['Tishrei', 'Cheshvan', 'Kislev', 'Tevet', 'Shevat', 'Adar', 'Adar II', 'Nisan', 'Iyar', 'Sivan', 'Tammuz', 'Av', 'Elul'],
  FRENCH_R: ['Vendémiaire', 'Brumaire', 'Frimaire', 'Nivôse', 'Pluviôse', 'Ventôse', 'Germinal', 'Floréal', 'Prairial', 'Messidor', 'Thermidor', 'Fructidor', 'jour complémentaire'],
};

/** The calendar's name in words, after a date in it ('11 February 1731/32 (Julian)'); none for Gregorian. */
export const CALENDAR_NAMES: Record<Calendar, string> = {
  GREGORIAN: 'Gregorian',
  JULIAN: 'Julian',
  HEBREW: 'Hebrew',
  FRENCH_R: 'French Republican',
};

/** The month numbered by a word in a calendar: its GEDCOM code, or (both Western calendars) an English name or abbreviation; 0 if none. */
export function monthOf(calendar: Calendar, word: string): number {
  const w = word.toUpperCase();
  const code = MONTH_CODES[calendar].indexOf(w);
  if (code >= 0) return code + 1;
  const names = MONTH_NAMES[calendar];
  const named = names.findIndex((n) => n.toUpperCase() === w);
  if (named >= 0) return named + 1;
  if (calendar === 'GREGORIAN' || calendar === 'JULIAN') {
    if (w === 'SEPT') return 9;
    // 'Febr', 'Janu': a longer start of the name is an abbreviation too.
    if (w.length >= 3) {
      const start = ENGLISH.findIndex((n) => n.toUpperCase().startsWith(w));
      if (start >= 0) return start + 1;
    }
  }
  return 0;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether a day is on the calendar. Gregorian and Julian by their leap-year rules (B.C. years by
 * the astronomical count, 1 B.C. being year 0); the Hebrew and French Republican months have at
 * most 30 days (the French complementary days at most 6).
 */
export function isOnCalendar(calendar: Calendar, year: number, month: number, day: number, bc: boolean): boolean {
  const months = MONTH_CODES[calendar].length;
  if (month < 1 || month > months || day < 0) return false;
  if (day === 0) return true;
  if (calendar === 'HEBREW') return day <= 30;
  if (calendar === 'FRENCH_R') return day <= (month === 13 ? 6 : 30);
  const y = bc ? 1 - year : year;
  const leap = calendar === 'JULIAN' ? y % 4 === 0 : (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return day <= (month === 2 && leap ? 29 : DAYS[month - 1]!);
}
