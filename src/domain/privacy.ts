import type { ItemPatch, ProfilePatch } from './changeSet.ts';
import { ENTITY_KINDS } from './entityKinds.ts';
import type { Couple, EventType, FactEvent, PersonName } from './facts/types.ts';
import { viewerSeesMedia } from './media/model.ts';
import type { Media } from './media/types.ts';
import { emptyProfile, PERSONAL_FIELDS, type ProfileScalars, type ScalarField } from './profile.ts';
import { dateValue, NO_BOUNDS, yearBounds, type YearBounds } from './dates/index.ts';
import { canEditTree, type TreeRole } from './roles.ts';
import type { Graph, Profile } from './types.ts';
import { citedSourceIds } from './facts/citations.ts';

/**
 * Privacy of the living (docs/PRODUCT.md §6), one pure rule for the server's answers to viewers,
 * every export and every shared chart.
 *
 * A person counts as living unless a death is recorded (a date, a date kept as written,
 * "deceased" without a date, or a death, burial or cremation event) or they were born more than
 * 110 years ago; without a birth date of their own, unless a parent of theirs was born more than
 * 155 years ago or they had a child more than 95 years ago (dates read by the GEDCOM grammar:
 * 'ABT 1850' and 'BET 1840 AND 1845' count): webtrees' `isDead` rules for the dates the profile
 * holds (the dates of other events do not count yet). A living person nobody has claimed shows
 * as "Private": no name, dates, bio or photo.
 * A member who claimed a card chooses what viewers see of it (`ViewerVisibility`). Whoever looks
 * at their own profile, or a profile they claimed, always sees it whole.
 */

export const LIVING_BIRTH_YEARS = 110;
export const LIVING_CHILD_YEARS = 95;
/** webtrees: a parent born more than the longest life plus 45 years ago (a late child) is no longer living's parent. */
export const LIVING_PARENT_YEARS = LIVING_BIRTH_YEARS + 45;

/** What viewers see of a person: nothing but "Private", the name (and gender), or everything. */
export const VISIBILITIES = ['private', 'name', 'everything'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const VISIBILITY_CHOICE_INVALID = 'viewerVisibility must be private, name or everything.';

/** A member's choice for the card they claimed (an account setting, shown on the profile page). */
export type ViewerVisibility = Visibility;
export const DEFAULT_VIEWER_VISIBILITY: ViewerVisibility = 'name';

export function isVisibility(v: unknown): v is Visibility {
  return typeof v === 'string' && (VISIBILITIES as readonly string[]).includes(v);
}

/** Why a person is shown private, for the details panel. */
export const PRIVACY_REASONS = ['living', 'member-choice'] as const;
export type PrivacyReason = (typeof PRIVACY_REASONS)[number];

export const PRIVACY_TEXTS: Record<PrivacyReason, string> = {
  living: 'Private: this person may be living. Only the editors of this family tree see their details.',
  'member-choice': 'Private: this member chose what viewers of this family tree see of them.',
};

/** The name a private person shows under. */
export const PRIVATE_NAME = 'Private';

/**
 * The years named in a text that is not a date the grammar reads (an import's own words, 'Spring
 * 1850'): days and months have at most two digits, so three- and four-digit numbers are years.
 */
export function yearsIn(text: string): number[] {
  return [...text.matchAll(/(?<!\d)(\d{3,4})(?:\/\d{1,2})?(?!\d)/g)].map((m) => Number(m[1]));
}

/**
 * The years a date text allows (`yearBounds`: 'ABT 1850' is 1850, 'BET 1890 AND 1900' 1890 to
 * 1900, 'BEF 1900' up to 1900, 'AFT 1900' from 1900 on); for text the grammar cannot read, the
 * years it names.
 */
export function dateYears(text: string): YearBounds {
  const value = dateValue(text);
  if (value) return yearBounds(value);
  const years = yearsIn(text);
  return years.length ? { earliest: Math.min(...years), latest: Math.max(...years) } : NO_BOUNDS;
}

/** The latest year a date text allows (the cautious reading for "born long ago"), or null. */
export function latestYear(text: string): number | null {
  return dateYears(text).latest;
}

/** A person's dates as the privacy rule reads them: the one place where new date fields join in. */
export interface LifeDates {
  birth: string;
  death: string;
}

/** The date fields, and the dates an import kept as written where the fields could not hold them. */
export function lifeDates(p: Dated): LifeDates {
  return { birth: p.birthYear || (p.birthDateText ?? ''), death: p.death || (p.deathDateText ?? '') };
}

/** The fields `lifeDates` reads a birth from: a change to one may end a parent's presumption. */
export const BIRTH_FIELDS: readonly ScalarField[] = ['birthYear', 'birthDateText'];

export type Dated = Pick<Profile, 'birthYear' | 'death' | 'birthDateText' | 'deathDateText'> & {
  events?: readonly Pick<FactEvent, 'type'>[];
  /** Events not loaded (facts/eventsLoading.ts): their outline keeps every death's type. */
  eventsNotLoaded?: readonly Pick<FactEvent, 'type'>[];
};

/** Events that say a person has died, dated or not (webtrees' `isDead` counts them too). */
export const DEATH_EVENT_TYPES: readonly EventType[] = ['DEAT', 'BURI', 'CREM'];

/** The people whose dates bear on whether someone is living. */
export interface Relatives {
  parents: readonly Dated[];
  children: readonly Dated[];
}

export const NO_RELATIVES: Relatives = { parents: [], children: [] };

function bornBefore(people: readonly Dated[], years: number, currentYear: number): boolean {
  return people.some((p) => {
    const year = latestYear(lifeDates(p).birth);
    return year !== null && currentYear - year > years;
  });
}

/**
 * §6: living unless a death is recorded (any death value, "deceased" included, or a death,
 * burial or cremation event) or born over 110
 * years ago; a person without a birth year of their own is also not living when a parent was born
 * over 155 years ago or a child over 95 years ago (webtrees: a known birth settles it).
 */
export function isPresumedLiving(person: Dated, relatives: Relatives, currentYear: number): boolean {
  const { birth, death } = lifeDates(person);
  if (death.trim()) return false;
  if ((person.eventsNotLoaded ?? person.events)?.some((e) => DEATH_EVENT_TYPES.includes(e.type))) return false;
  // Any year known settles it; a birth open at its end ('AFT 1900') may be recent.
  const born = dateYears(birth);
  if (born.earliest !== null || born.latest !== null) return born.latest === null || currentYear - born.latest <= LIVING_BIRTH_YEARS;
  if (bornBefore(relatives.parents, LIVING_PARENT_YEARS, currentYear)) return false;
  return !bornBefore(relatives.children, LIVING_CHILD_YEARS, currentYear);
}

export interface PrivacyContext {
  /** The member looking ('' for an export that may reach anyone): their own people stay whole. */
  audienceUid: string;
  currentYear: number;
  /** What the member who claimed a profile lets viewers see of it. */
  visibilityOf(ownerUid: string): Visibility;
}

export interface PersonPrivacy {
  visibility: Visibility;
  reason: PrivacyReason | null;
}

const WHOLE: PersonPrivacy = { visibility: 'everything', reason: null };

/** How much of `person` the audience sees, and why not all of it. */
export function personPrivacy(person: Profile, relatives: Relatives, ctx: PrivacyContext): PersonPrivacy {
  if (ctx.audienceUid && (person.id === ctx.audienceUid || person.ownerUid === ctx.audienceUid)) return WHOLE;
  if (!isPresumedLiving(person, relatives, ctx.currentYear)) return WHOLE;
  if (person.ownerUid) {
    const visibility = ctx.visibilityOf(person.ownerUid);
    return visibility === 'everything' ? WHOLE : { visibility, reason: 'member-choice' };
  }
  return { visibility: 'private', reason: 'living' };
}

/** What a name-only view keeps of the personal fields. */
const NAME_FIELDS: readonly ScalarField[] = ['firstName', 'lastName', 'gender'];

/**
 * The profile as the audience may see it. Ids, relationship lists, owner and stamps stay (the
 * tree keeps its shape); the personal fields the visibility does not show are emptied, and a
 * private person's first name is "Private".
 */
export function redactProfile(p: Profile, visibility: Visibility): Profile {
  if (visibility === 'everything') return p;
  const out: Profile = { ...p };
  const keep = visibility === 'name' ? NAME_FIELDS : [];
  for (const f of PERSONAL_FIELDS) if (!keep.includes(f)) (out as Record<ScalarField, string>)[f] = '';
  if (visibility === 'private') out.firstName = PRIVATE_NAME;
  // Events (dates, places) and what supports the person are details; other names go with the name.
  delete out.events;
  delete out.eventsNotLoaded;
  delete out.citations;
  if (visibility === 'private') delete out.names;
  else if (out.names?.some((n) => n.citations)) out.names = out.names.map(nameWithoutCitations);
  return out;
}

/**
 * A name without what supports it: a citation's page and transcribed text are details (a birth
 * register's entry), shown only with the person's events.
 */
export function nameWithoutCitations(n: PersonName): PersonName {
  if (!n.citations) return n;
  const { citations: _, ...rest } = n;
  return rest;
}

/** Whether a visibility shows a person's events, and their other names. */
export const showsEvents = (visibility: Visibility) => visibility === 'everything';
export const showsNames = (visibility: Visibility) => visibility !== 'private';

/**
 * A per-item patch a viewer may not see the items of: nothing upserted, and every item it names,
 * and every item `held` (what the viewer's copy may hold), removed, so their copy is emptied too.
 */
export function hiddenItems(patch: ItemPatch<{ id: string }> | undefined, held: readonly { id: string }[] = []): ItemPatch<never> {
  const ids = new Set([...(patch?.upsert ?? []).map((x) => x.id), ...(patch?.remove ?? []), ...held.map((x) => x.id)]);
  return { upsert: [], remove: [...ids] };
}

/**
 * A person as far as one patch of the change log proves them: the fields it does not set are
 * empty, so they count as living (no death known) and unclaimed (no owner known). A date kept as
 * written counts only beside a known birth year (the year, when set, is what the rule reads).
 */
function provenByPatch(patch: ProfilePatch): Profile {
  const set = patch.set ?? {};
  const person: Profile = { ...emptyProfile(patch.id), ...set, id: patch.id };
  if (!patch.create && !Object.hasOwn(set, 'birthYear')) person.birthDateText = '';
  return person;
}

/**
 * How much of a person the audience sees when all there is of them is one patch: the person no
 * longer exists (deleted, or a card re-keyed when its member joined), so nothing stored says more.
 * Conservatively: living and private, unless the patch itself records a death or a birth over 110
 * years ago, or names the member who claimed the card (then their choice, as `ctx` says it now:
 * a caller without the member's account answers 'private').
 */
export function patchPrivacy(patch: ProfilePatch, ctx: PrivacyContext): PersonPrivacy {
  return personPrivacy(provenByPatch(patch), NO_RELATIVES, ctx);
}

/**
 * A patch as the audience may see it. Not seen whole, it sets every personal field the visibility
 * hides (empty, the first name "Private" when private), whatever it set before, so the copy the
 * audience holds is emptied too; the name fields it set stay when the name shows.
 */
export function redactPatch(patch: ProfilePatch, visibility: Visibility): ProfilePatch {
  if (visibility === 'everything') return patch;
  const set: Partial<ProfileScalars> = { ...patch.set };
  const keep = visibility === 'name' ? NAME_FIELDS : [];
  for (const f of PERSONAL_FIELDS) if (!keep.includes(f)) (set as Record<ScalarField, string>)[f] = '';
  if (visibility === 'private') set.firstName = PRIVATE_NAME;
  const out: ProfilePatch = { ...patch, set };
  if (patch.events) out.events = hiddenItems(patch.events);
  if (patch.citations) out.citations = hiddenItems(patch.citations);
  if (patch.names && !showsNames(visibility)) out.names = hiddenItems(patch.names);
  else if (patch.names?.upsert.some((n) => n.citations)) out.names = { ...patch.names, upsert: patch.names.upsert.map(nameWithoutCitations) };
  return out;
}

/** A media record as an audience sees it: whole, or without anything but who it is of. */
export function redactMedia(m: Media, seesWhole: (profileId: string) => boolean): Media {
  return ENTITY_KINDS.media.redact(m, seesWhole);
}

/** A couple as an audience sees it, given whom they see whole (the registry's rule for couples). */
export function redactCouple(c: Couple, seesWhole: (profileId: string) => boolean): Couple {
  return ENTITY_KINDS.couples.redact(c, seesWhole);
}

/** The parents and children of a profile among the profiles at hand. */
export function relativesIn(profiles: Readonly<Record<string, Profile>>, p: Profile): Relatives {
  const at = (ids: readonly string[]) => ids.map((id) => profiles[id]).filter((c): c is Profile => !!c);
  return { parents: at(p.parents), children: at(p.children) };
}

export interface RedactedGraph {
  graph: Graph;
  /** The people shown private, and why. */
  privacy: Record<string, PrivacyReason>;
}

/** A whole graph as the audience may see it (a viewer's load, an export, a shared chart). */
export function redactGraph(graph: Graph, ctx: PrivacyContext): RedactedGraph {
  const profiles: Record<string, Profile> = {};
  const privacy: Record<string, PrivacyReason> = {};
  const whole = new Set<string>();
  for (const [id, p] of Object.entries(graph.profiles)) {
    const seen = personPrivacy(p, relativesIn(graph.profiles, p), ctx);
    profiles[id] = redactProfile(p, seen.visibility);
    if (seen.reason) privacy[id] = seen.reason;
    if (seen.visibility === 'everything') whole.add(id);
  }
  const out: Graph = { ...graph, profiles };
  // Places pass as they are (they tell of no one by themselves); couples lose their events, note
  // and citations unless both partners show whole.
  if (graph.couples) out.couples = Object.fromEntries(Object.entries(graph.couples).map(([id, c]) => [id, redactCouple(c, (pid) => whole.has(pid))]));
  // A source goes where its citations go: one cited only by facts the audience does not see (a
  // living person's birth register) is not theirs to see either. One cited nowhere tells of no one.
  if (graph.sources && Object.keys(graph.sources).length && Object.keys(privacy).length) {
    const seen = citedSourceIds(out);
    const cited = citedSourceIds(graph);
    out.sources = Object.fromEntries(Object.entries(graph.sources).filter(([id]) => seen.has(id) || !cited.has(id)));
  }
  // A photo or document goes only where every person in it shows whole; others are left out.
  if (graph.media) out.media = Object.fromEntries(Object.entries(graph.media).filter(([, m]) => viewerSeesMedia(m, (pid) => whole.has(pid))));
  return { graph: out, privacy };
}

/**
 * Issue 19, the owner's decision: "Privacy of the living is for viewers and for what is shared.
 * Whoever may edit a tree can export all of it, living people included, and chooses to leave them
 * out." Whether an export (the GEDCOM file, a tree in "Download my data") is written whole: for an
 * owner or editor unless they leave living people out; never for a viewer.
 */
export function exportsWhole(role: TreeRole | null, leaveOutLiving: boolean): boolean {
  return canEditTree(role) && !leaveOutLiving;
}
