import type { Profile } from '../types.ts';
import { toGedcomDate } from './gedcom.ts';
import { parseDate } from './parse.ts';
import type { DateValue } from './types.ts';

/**
 * Birth and death as one date each, over the §3 profile fields that hold them: birthYear/Month/Day
 * (or `death`, a year or a whole date) when the date is exactly that, else the GEDCOM text in
 * birthDateText (deathDateText). The tree's forms type one date; these split it and join it back.
 */

/**
 * The death field's value for "died, date unknown" (owner's decision: a recorded death without a
 * date means deceased). GEDCOM writes it `1 DEAT Y`, so the field holds the same letter.
 */
export const DECEASED = 'Y';

type BirthFields = Pick<Profile, 'birthYear' | 'birthMonth' | 'birthDay'> & { birthDateText?: string };
type DeathFields = Pick<Profile, 'death'> & { deathDateText?: string };

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * The birth as GEDCOM text ('' when none): the parts when there is a year (a part counts only with
 * every larger part, as §2 shows them), else the date kept as text.
 */
export function birthGedcom(p: BirthFields): string {
  const y = p.birthYear.trim();
  if (!y) return (p.birthDateText ?? '').trim();
  const m = Number(p.birthMonth.trim());
  const d = Number(p.birthDay.trim());
  const year = String(Number(y) || y);
  if (!(m >= 1 && m <= 12)) return year;
  return d ? `${d} ${MONTHS[m - 1]} ${year}` : `${MONTHS[m - 1]} ${year}`;
}

/** The death as GEDCOM text ('' when none, or deceased without a date): `death` read, else the date kept as text. */
export function deathGedcom(p: DeathFields): string {
  const d = p.death.trim();
  if (!d || d === DECEASED) return (p.deathDateText ?? '').trim();
  const parsed = parseDate(d);
  return parsed.ok ? toGedcomDate(parsed.value) : d;
}

/** Whether a date is what the parts hold: a Gregorian year (A.D., not after this year), maybe its month, maybe its day. */
function fitsParts(value: DateValue, currentYear: number): value is Extract<DateValue, { kind: 'exact' }> {
  if (value.kind !== 'exact') return false;
  const p = value.date;
  return p.calendar === 'GREGORIAN' && !p.bc && !p.dualYear && p.year <= currentYear && p.year <= 9999;
}

const two = (n: number) => (n ? String(n).padStart(2, '0') : '');

/** The kept text of a date the parts cannot hold: canonical GEDCOM when it reads, else as written. */
function asText(text: string): string {
  const parsed = parseDate(text);
  return parsed.ok ? toGedcomDate(parsed.value) : text;
}

/** The birth fields for a date typed or stored as text ('' empties them all). */
export function birthFields(text: string, currentYear: number): Required<BirthFields> {
  const t = text.trim();
  const parsed = parseDate(t);
  if (parsed.ok && fitsParts(parsed.value, currentYear)) {
    const { year, month, day } = parsed.value.date;
    return { birthYear: String(year).padStart(4, '0'), birthMonth: two(month), birthDay: two(day), birthDateText: '' };
  }
  return { birthYear: '', birthMonth: '', birthDay: '', birthDateText: t && asText(t) };
}

/**
 * The death fields for a date typed or stored as text: `death` holds a year or a whole date
 * ('1901', '1901-03-05'); anything else (a month and year too) is kept as text. No date: DECEASED
 * when the person is known to have died, else nothing.
 */
export function deathFields(text: string, deceased: boolean, currentYear: number): Required<DeathFields> {
  const t = text.trim();
  if (!t) return { death: deceased ? DECEASED : '', deathDateText: '' };
  const parsed = parseDate(t);
  if (parsed.ok && fitsParts(parsed.value, currentYear) && (parsed.value.date.day || !parsed.value.date.month)) {
    const { year, month, day } = parsed.value.date;
    const y = String(year).padStart(4, '0');
    return { death: day ? `${y}-${two(month)}-${two(day)}` : y, deathDateText: '' };
  }
  return { death: '', deathDateText: asText(t) };
}
