import { parseDate, yearBounds, type DateProblem } from '../dates/index.ts';
import { DECEASED } from '../labels.ts';
import type { Profile } from '../types.ts';
import { MIN_BIRTH_YEAR, MAX_PARENTS } from '../timing.ts';
import { isProfileId } from '../ids.ts';
import { FACT_FIELDS, OPTIONAL_SCALAR_FIELDS, RELATION_FIELDS, SCALAR_FIELDS } from '../profile.ts';
import { FACT_LIMITS } from '../facts/limits.ts';
import { AUTH_MESSAGES } from './auth.ts';

/**
 * §5 profile rules, written once for the profile editor, the Edit/Create Person modals and the
 * server. The messages are the product's (docs/PRODUCT.md §5), verbatim.
 */
export const PROFILE_MESSAGES = {
  year: 'Enter a valid 4-digit year',
  month: 'Invalid month',
  day: 'Invalid day',
  date: 'Invalid date',
  parentType: 'Please choose a Parent type (Mother or Father)',
  noProfileWithEmail: 'No profile found with that email',
  yearRange: (currentYear: number) => `Enter a year between ${MIN_BIRTH_YEAR} and ${currentYear}`,
  /** A person on the tree may be born in any year up to this one (ancestors are older than 1900). */
  yearNotAfter: (currentYear: number) => `Enter a year no later than ${currentYear}`,
  death: 'Enter a year or a full date (YYYY or YYYY-MM-DD)',
  gender: 'Choose Male, Female or leave it empty',
  photoUrl: 'Enter a valid image URL',
  photoFile: 'Choose an image file',
  photoTooLarge: 'The image is too large (10 MB at most)',
  /** The tree's one date input (dates as genealogists write them). */
  dateUnreadable: 'Enter a date such as 10 Feb 1840, abt 1850, bet 1840 and 1845 or before May 1900',
  dateOrder: 'The first date must come before the second',
} as const;

/** What the tree's date input says under a date it cannot take. */
const DATE_PROBLEMS: Record<DateProblem, string> = {
  unreadable: PROFILE_MESSAGES.dateUnreadable,
  'not-on-calendar': PROFILE_MESSAGES.date,
  order: PROFILE_MESSAGES.dateOrder,
};

/**
 * A date typed on the tree (birth, death, an event): empty, or any date of the GEDCOM grammar or
 * typed English (src/domain/dates) that is not wholly after this year. The message, or null.
 */
export function validateTreeDate(text: string, currentYear: number): string | null {
  if (!text.trim()) return null;
  const parsed = parseDate(text);
  if (!parsed.ok) return DATE_PROBLEMS[parsed.problem];
  const { earliest } = yearBounds(parsed.value);
  return earliest !== null && earliest > currentYear ? PROFILE_MESSAGES.yearNotAfter(currentYear) : null;
}

export const DEATH_PLACEHOLDER = 'YYYY or YYYY-MM-DD';

/** Longest accepted value of each text field (§5): these fit any real person. */
export const PROFILE_LIMITS = {
  firstName: 100,
  lastName: 100,
  mothersMaidenName: 100,
  email: 254,
  bio: 5000,
  photoURL: 2048,
  photoURLSmall: 2048,
  /** A date as written (GEDCOM 5.5.1 allows 35 characters; a 7.0 date phrase more). */
  dateText: 200,
  /** One person's kept GEDCOM lines: well under a Firestore document's 1 MiB. */
  gedcom: 100_000,
  uid: 128,
  timestamp: 40,
  /** Spouses or children of one person. */
  relations: 500,
} as const;

/** Uploads larger than this are refused (issue 5: "say 10 MB"). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export interface BirthInput {
  birthYear: string;
  birthMonth: string;
  birthDay: string;
}

export type ProfileFormField = 'firstName' | 'lastName' | 'birthYear' | 'birthMonth' | 'birthDay' | 'birthDate' | 'gender' | 'death' | 'photoURL';
export type ProfileFieldErrors = Partial<Record<ProfileFormField, string>>;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Gregorian, for any year (Date.UTC would read the years 0–99 as 1900–1999). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!);
}

/** Pads a one-digit month or day the way the stored form wants it ('3' → '03'); else unchanged. */
export function padDatePart(value: string): string {
  const v = value.trim();
  return /^\d$/.test(v) ? `0${v}` : v;
}

/**
 * The years a birth may have. §5's 1900 floor (`minYear: MIN_BIRTH_YEAR`) is for the member's own
 * profile on the profile page only; a person on the tree, and the server, take any 4-digit year
 * (0001 on) up to this one.
 */
export interface YearRule {
  currentYear: number;
  minYear?: number;
}

/**
 * Birth parts, each optional. Month and day accept one or two digits (the editor pads them with
 * `padDatePart` before saving); the stored form is always two.
 * 'birthDate' carries the complete-date message, shown under the whole date row.
 */
export function validateBirth(input: BirthInput, { currentYear, minYear }: YearRule): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {};
  const y = input.birthYear.trim();
  const m = input.birthMonth.trim();
  const d = input.birthDay.trim();
  if (y) {
    if (!/^\d{4}$/.test(y) || Number(y) === 0) errors.birthYear = PROFILE_MESSAGES.year;
    else if (minYear !== undefined && (Number(y) < minYear || Number(y) > currentYear)) errors.birthYear = PROFILE_MESSAGES.yearRange(currentYear);
    else if (Number(y) > currentYear) errors.birthYear = PROFILE_MESSAGES.yearNotAfter(currentYear);
  }
  if (m && !(/^\d{1,2}$/.test(m) && Number(m) >= 1 && Number(m) <= 12)) errors.birthMonth = PROFILE_MESSAGES.month;
  if (d && !(/^\d{1,2}$/.test(d) && Number(d) >= 1 && Number(d) <= 31)) errors.birthDay = PROFILE_MESSAGES.day;
  if (y && m && d && !errors.birthYear && !errors.birthMonth && !errors.birthDay) {
    if (!isRealDate(Number(y), Number(m), Number(d))) errors.birthDate = PROFILE_MESSAGES.date;
  }
  return errors;
}

/** Death: empty, a 4-digit year, a real YYYY-MM-DD date, or DECEASED (died, date unknown). */
export function validateDeath(death: string): string | null {
  const v = death.trim();
  if (!v || v === DECEASED || /^\d{4}$/.test(v)) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) return null;
  return PROFILE_MESSAGES.death;
}

export function validateGender(gender: string): string | null {
  return gender === 'M' || gender === 'F' || gender === '' ? null : PROFILE_MESSAGES.gender;
}

/**
 * A photo given as a URL: http(s) anywhere, or a path on this site (the server's avatar URLs).
 * Uploaded files go through `validatePhotoFile` instead.
 */
export function validatePhotoUrl(url: string): string | null {
  const v = url.trim();
  if (!v) return null;
  if (v.length > PROFILE_LIMITS.photoURL || /\s/.test(v)) return PROFILE_MESSAGES.photoUrl;
  if (/^\/(?!\/)/.test(v)) return null;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? null : PROFILE_MESSAGES.photoUrl;
  } catch {
    return PROFILE_MESSAGES.photoUrl;
  }
}

/** Any image type is accepted (§5); the server re-encodes it and checks it really is one. */
export function validatePhotoFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return PROFILE_MESSAGES.photoFile;
  if (file.size > MAX_PHOTO_BYTES) return PROFILE_MESSAGES.photoTooLarge;
  return null;
}

export interface ProfileFormInput extends BirthInput {
  gender: string;
  death: string;
  photoURL?: string;
}

/**
 * A member's own profile (their uid, or a card they claimed: it has an owner) keeps the first and
 * last name sign-up asked for (§5), on the profile page and wherever else it is saved; the people
 * members add to the tree may have no name yet.
 */
export function memberNameErrors(p: { firstName: string; lastName: string }): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {};
  if (!p.firstName.trim()) errors.firstName = AUTH_MESSAGES.firstNameRequired;
  if (!p.lastName.trim()) errors.lastName = AUTH_MESSAGES.lastNameRequired;
  return errors;
}

/** Every §5 rule of the editor at once: field → message, empty when the form may be saved. */
export function validateProfileForm(input: ProfileFormInput, years: YearRule): ProfileFieldErrors {
  const errors = validateBirth(input, years);
  const gender = validateGender(input.gender);
  if (gender) errors.gender = gender;
  const death = validateDeath(input.death);
  if (death) errors.death = death;
  const photo = validatePhotoUrl(input.photoURL ?? '');
  if (photo) errors.photoURL = photo;
  return errors;
}

const TEXT_LIMIT: Partial<Record<string, number>> = {
  firstName: PROFILE_LIMITS.firstName,
  lastName: PROFILE_LIMITS.lastName,
  mothersMaidenName: PROFILE_LIMITS.mothersMaidenName,
  email: PROFILE_LIMITS.email,
  bio: PROFILE_LIMITS.bio,
  photoURL: PROFILE_LIMITS.photoURL,
  photoURLSmall: PROFILE_LIMITS.photoURLSmall,
  birthDateText: PROFILE_LIMITS.dateText,
  deathDateText: PROFILE_LIMITS.dateText,
  gedcom: PROFILE_LIMITS.gedcom,
  note: FACT_LIMITS.note,
  createdBy: PROFILE_LIMITS.uid,
  updatedBy: PROFILE_LIMITS.uid,
  ownerUid: PROFILE_LIMITS.uid,
  createdAt: PROFILE_LIMITS.timestamp,
  updatedAt: PROFILE_LIMITS.timestamp,
};

const OPTIONAL = new Set<string>(OPTIONAL_SCALAR_FIELDS);
/** Made once: a 100,000-person import checks every profile at least twice. */
const KNOWN_FIELDS = new Set<string>(['id', ...SCALAR_FIELDS, ...RELATION_FIELDS, ...FACT_FIELDS]);

/**
 * The server's check of a whole stored profile: every field present with the right type and
 * length (the fields added later may be absent), and the stored formats (two-digit month and day,
 * §5 date rules for a person on the tree, ids in the lists, a member's names). The dates as written
 * (birthDateText, deathDateText) are kept as they came: only their length is checked.
 * Returns the first problem as a sentence naming the field, or null.
 */
export function checkProfileRecord(value: unknown, opts: { currentYear: number }): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'Profile must be an object';
  const p = value as Record<string, unknown>;
  if (!isProfileId(p.id)) return 'Profile id is invalid';
  for (const key of Object.keys(p)) if (!KNOWN_FIELDS.has(key)) return `Profile field ${key} is unknown`;
  // Their items are checked as they are patched (entityShapes.ts, save/validateFacts.ts).
  for (const f of FACT_FIELDS) if (p[f] !== undefined && !Array.isArray(p[f])) return `Profile field ${f} must be a list`;
  for (const f of SCALAR_FIELDS) {
    const v = p[f];
    if (v === undefined && OPTIONAL.has(f)) continue;
    if (typeof v !== 'string') return `Profile field ${f} must be a string`;
    const limit = TEXT_LIMIT[f];
    if (limit !== undefined && v.length > limit) return `Profile field ${f} is longer than ${limit} characters`;
  }
  for (const f of RELATION_FIELDS) {
    const list = p[f];
    if (!Array.isArray(list)) return `Profile field ${f} must be a list`;
    const max = f === 'parents' ? MAX_PARENTS : PROFILE_LIMITS.relations;
    if (list.length > max) return f === 'parents' ? 'A person can have at most 2 parents' : `Profile field ${f} has more than ${max} entries`;
    if (!list.every(isProfileId)) return `Profile field ${f} holds an invalid id`;
    if (new Set(list).size !== list.length) return `Profile field ${f} holds the same id twice`;
    if (list.includes(p.id)) return `Profile field ${f} refers to the person itself`;
  }
  const r = p as unknown as Profile;
  const birthYear = r.birthYear;
  if (r.birthMonth && !/^\d{2}$/.test(r.birthMonth)) return PROFILE_MESSAGES.month;
  if (r.birthDay && !/^\d{2}$/.test(r.birthDay)) return PROFILE_MESSAGES.day;
  const birth = validateBirth({ birthYear, birthMonth: r.birthMonth, birthDay: r.birthDay }, { currentYear: opts.currentYear });
  const birthProblem = birth.birthYear ?? birth.birthMonth ?? birth.birthDay ?? birth.birthDate;
  if (birthProblem) return birthProblem;
  const names = r.ownerUid ? memberNameErrors(r) : {};
  return names.firstName ?? names.lastName ?? validateGender(r.gender) ?? validateDeath(r.death) ?? validatePhotoUrl(r.photoURL) ?? validatePhotoUrl(r.photoURLSmall);
}
