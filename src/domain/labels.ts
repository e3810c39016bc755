import type { Gender, Profile } from './types.ts';

/** §3 derived display rules. */

type BirthParts = Pick<Profile, 'birthYear' | 'birthMonth' | 'birthDay'>;

/**
 * Year, year-month or year-month-day, by which parts are filled. A part only counts when every
 * larger part is there too (a day without a month shows the year alone); no year, no label.
 */
export function birthLabel({ birthYear, birthMonth, birthDay }: BirthParts): string {
  const y = birthYear.trim();
  const m = birthMonth.trim();
  const d = birthDay.trim();
  if (!y) return '';
  if (!m) return y;
  if (!d) return `${y}-${m}`;
  return `${y}-${m}-${d}`;
}

/** The card line: 'Born {date}', or '' when there is no birth year to show. */
export function bornLine(p: BirthParts): string {
  const label = birthLabel(p);
  return label ? `Born ${label}` : '';
}

export const DASH = '—';

/** The details dialog shows a dash where there is no value. */
export function orDash(value: string): string {
  return value.trim() ? value : DASH;
}

/**
 * First letter upper, rest lower, for every part of a name: parts are split at spaces, hyphens and
 * apostrophes, which are kept ('mary-jane o'neil' → 'Mary-Jane O'Neil'). Surrounding and repeated
 * spaces are removed. Names like 'McDonald' become 'Mcdonald'; that is the §3 rule.
 */
export function capitaliseName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      word
        .split(/([-'’])/)
        .map((part) => (part.length ? part[0]!.toLocaleUpperCase() + part.slice(1).toLocaleLowerCase() : part))
        .join(''),
    )
    .join(' ');
}

/** Capitalised first and last name, or '' when both are empty. */
export function fullName(p: Pick<Profile, 'firstName' | 'lastName'>): string {
  return [capitaliseName(p.firstName), capitaliseName(p.lastName)].filter(Boolean).join(' ');
}

/** Header, menu, welcome line: the name, else the e-mail, else 'User'. */
export function displayName(p: { firstName?: string; lastName?: string; displayName?: string; email?: string }): string {
  const name = fullName({ firstName: p.firstName ?? '', lastName: p.lastName ?? '' }) || (p.displayName ?? '').trim();
  return name || (p.email ?? '').trim() || 'User';
}

export const UNNAMED = 'Unnamed';

/** Cards and the details dialog: the name, else 'Unnamed' (no e-mail on a card). */
export function cardName(p: Pick<Profile, 'firstName' | 'lastName'> | undefined | null): string {
  return (p && fullName(p)) || UNNAMED;
}

export function genderLabel(g: Gender | string): string {
  return g === 'M' ? 'Male' : g === 'F' ? 'Female' : DASH;
}

/** The profile's gender choice as form options (none is the select's placeholder). */
export const GENDER_OPTIONS: readonly { value: Gender; label: string }[] = (['M', 'F'] as const).map((value) => ({ value, label: genderLabel(value) }));

export function linkedToProfileMessage(p: Pick<Profile, 'firstName' | 'lastName'>): string {
  return `Linked to profile ${cardName(p)}`;
}
