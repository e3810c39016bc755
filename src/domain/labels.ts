import { birthGedcom, dateValue, deathGedcom, DECEASED, formatDate, yearBounds } from './dates/index.ts';
import type { Gender, Profile } from './types.ts';

/** §3 derived display rules. */

type BirthParts = Pick<Profile, 'birthYear' | 'birthMonth' | 'birthDay' | 'birthDateText'>;
type DeathParts = Pick<Profile, 'death' | 'deathDateText'>;

/**
 * The birth date in words (`formatDate`, the one way dates show): only the parts that are filled
 * ('1950', 'March 1950', '7 March 1950'; §2), a part counting only with every larger part (a day
 * without a month shows the year alone); without a year, the date kept as text ('about 1850',
 * 'between 1750 and 1752'); else no label.
 */
export function birthLabel(p: BirthParts): string {
  return formatDate(birthGedcom(p));
}

/** The card line: 'Born {date}', or '' when there is no birth date to show. */
export function bornLine(p: BirthParts): string {
  const label = birthLabel(p);
  return label ? `Born ${label}` : '';
}

export { DECEASED };
export const DECEASED_LABEL = 'Deceased';

/** Died: the date in words, "Deceased" for a death without a date, or ''. */
export function deathLabel(p: DeathParts): string {
  const date = formatDate(deathGedcom(p));
  return date || (p.death.trim() === DECEASED ? DECEASED_LABEL : '');
}

/** A card is small: a death on the `death` field shows by its year ('1901'); a date kept as text in words ('about 1901'). */
export function deathYearLabel(p: DeathParts): string {
  const d = p.death.trim();
  if (d && d !== DECEASED) {
    const bounds = yearBounds(dateValue(d));
    if (bounds.earliest !== null && bounds.earliest === bounds.latest) return String(bounds.earliest);
  }
  return deathLabel(p);
}

/** The card's death line: "Died {year}" ("Died about 1901" for a date kept as text), "Deceased", or ''. */
export function diedLine(p: DeathParts): string {
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
