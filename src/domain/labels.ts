import type { Gender, Profile } from './types.ts';

/** §3 derived display rules. */

type BirthParts = Pick<Profile, 'birthYear' | 'birthMonth' | 'birthDay' | 'birthDateText'>;

/**
 * Year, year-month or year-month-day, by which parts are filled. A part only counts when every
 * larger part is there too (a day without a month shows the year alone). No year: the date an
 * import kept as written ('ABT 1850'), shown as written; else no label.
 */
export function birthLabel({ birthYear, birthMonth, birthDay, birthDateText }: BirthParts): string {
  const y = birthYear.trim();
  const m = birthMonth.trim();
  const d = birthDay.trim();
  if (!y) return (birthDateText ?? '').trim();
  const year = yearLabel(y);
  if (!m) return year;
  if (!d) return `${year}-${m}`;
  return `${year}-${m}-${d}`;
}

/** The card line: 'Born {date}', or '' when there is no birth year to show. */
export function bornLine(p: BirthParts): string {
  const label = birthLabel(p);
  return label ? `Born ${label}` : '';
}

/**
 * The death field's value for "died, date unknown" (owner's decision: a recorded death without a
 * date means deceased). GEDCOM writes it `1 DEAT Y`, so the field holds the same letter.
 */
export const DECEASED = 'Y';
export const DECEASED_LABEL = 'Deceased';

/** The form's "Death" date box and "Deceased" box for a stored death field. */
export function deathFormOf(death: string): { date: string; deceased: boolean } {
  const d = death.trim();
  return d === DECEASED ? { date: '', deceased: true } : { date: d, deceased: !!d };
}

/**
 * The death field from the form: the date typed, else DECEASED when "Deceased" is ticked, else
 * empty. A death an import kept as written (`keptText`) stays while nothing is typed or ticked anew.
 */
export function deathFieldOf(date: string, deceased: boolean, keptText = ''): string {
  const d = date.trim();
  if (d) return d;
  return deceased && !keptText.trim() ? DECEASED : '';
}

/** A year without leading zeros ('0946' → '946'), as people write it. */
export function yearLabel(year: string): string {
  return year.replace(/^0+(?=\d)/, '');
}

/** A date field's value ('0946', '1850-03-12') with its year written without leading zeros. */
function dateLabel(date: string): string {
  return date.replace(/^0+(?=\d)/, '');
}

/** Died: the death field ("Deceased" for one without a date), else the date an import kept as written. */
export function deathLabel({ death, deathDateText }: Pick<Profile, 'death' | 'deathDateText'>): string {
  const d = death.trim();
  if (d === DECEASED) return (deathDateText ?? '').trim() || DECEASED_LABEL;
  return dateLabel(d) || (deathDateText ?? '').trim();
}

/** The year a death is shown by on a card ('1901'), "Deceased" without one, or ''. */
export function deathYearLabel(p: Pick<Profile, 'death' | 'deathDateText'>): string {
  const d = p.death.trim();
  if (/^\d{4}/.test(d)) return yearLabel(d.slice(0, 4));
  const text = (p.deathDateText ?? '').trim();
  if (text) return text;
  return d === DECEASED ? DECEASED_LABEL : '';
}

/** The card's death line: "Died {year}" ("Died ABT 1901" as an import kept it), "Deceased", or ''. */
export function diedLine(p: Pick<Profile, 'death' | 'deathDateText'>): string {
  const death = deathYearLabel(p);
  return !death || death === DECEASED_LABEL ? death : `Died ${death}`;
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

/** A name part as written, its surrounding and repeated spaces removed ('Henry  III' → 'Henry III'). */
function asWritten(name: string): string {
  return name.trim().split(/\s+/).filter(Boolean).join(' ');
}

/**
 * A person's first and last name as written, or '' when both are empty: names on the tree keep
 * their case ("Elizabeth II", "van Gogh", "MacDonald", "ní Tuathail"; issue 20).
 */
export function fullName(p: Pick<Profile, 'firstName' | 'lastName'>): string {
  return [asWritten(p.firstName), asWritten(p.lastName)].filter(Boolean).join(' ');
}

/** A member's own name, capitalised as §3 asks (their sign-up and their profile). */
export function memberName(p: Pick<Profile, 'firstName' | 'lastName'>): string {
  return [capitaliseName(p.firstName), capitaliseName(p.lastName)].filter(Boolean).join(' ');
}

/** Header, menu, welcome line: the member's name, else the e-mail, else 'User'. */
export function displayName(p: { firstName?: string; lastName?: string; displayName?: string; email?: string }): string {
  const name = memberName({ firstName: p.firstName ?? '', lastName: p.lastName ?? '' }) || (p.displayName ?? '').trim();
  return name || (p.email ?? '').trim() || 'User';
}

export const UNNAMED = 'Unnamed';

/**
 * Cards and the details dialog: the name, else 'Unnamed' (no e-mail on a card). A member's own
 * profile (it has an owner) shows capitalised as §3 asks; everyone else's as written.
 */
export function cardName(p: NamedPerson | undefined | null): string {
  return (p && personName(p)) || UNNAMED;
}

type NamedPerson = Pick<Profile, 'firstName' | 'lastName'> & { ownerUid?: string };

/** A person's name as the tree shows it ('' without one): a member's own capitalised (§3), anyone else's as written. */
export function personName(p: NamedPerson): string {
  return p.ownerUid ? memberName(p) : fullName(p);
}

export function genderLabel(g: Gender | string): string {
  return g === 'M' ? 'Male' : g === 'F' ? 'Female' : DASH;
}

/** The profile's gender choice as form options (none is the select's placeholder). */
export const GENDER_OPTIONS: readonly { value: Gender; label: string }[] = (['M', 'F'] as const).map((value) => ({ value, label: genderLabel(value) }));

export function linkedToProfileMessage(p: Pick<Profile, 'firstName' | 'lastName'>): string {
  return `Linked to profile ${cardName(p)}`;
}
