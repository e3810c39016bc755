import { PEDIGREES, type GraphEdge, type GraphNode, type Profile } from './types.ts';
import type { Citation, FactEvent, PersonName } from './facts/types.ts';
import { RELATION_FIELDS, SCALAR_FIELDS } from './profile.ts';

/**
 * Whether a stored node, line or profile is already exactly what `toCurrentShape` (migrations.ts)
 * would make of it: every field there with its type, nothing more (no canvas state), facts in
 * their normal form. Such an item is kept as it is instead of being copied: a tree as the server
 * sends it today is entirely so, and copying its 100,000 profiles was a tenth of opening it (and
 * the garbage after). Asked per item, allocating nothing.
 */

const ROLES: ReadonlySet<unknown> = new Set(['mother', 'father', '']);
const KNOWN_PEDIGREES: ReadonlySet<unknown> = new Set(PEDIGREES);

/**
 * The number of enumerable keys, counted without making the list of them (a plain object's are
 * all its own: Object.prototype has none). A fifth of the time of `Object.hasOwn` on each.
 */
function keyCount(o: object): number {
  let n = 0;
  for (const _ in o) n++;
  return n;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
/** A number `Number(x) || 0` leaves as it is: not NaN, and not -0 (both become 0). */
const isCoordinate = (x: unknown) => typeof x === 'number' && x === x && !Object.is(x, -0);
const strings = (o: Record<string, unknown>, keys: readonly string[]) => keys.every((k) => typeof o[k] === 'string');

export function isCurrentNode(n: unknown): n is GraphNode {
  if (!isObject(n) || n.type !== 'person' || typeof n.id !== 'string' || typeof n.modifiedAt !== 'string' || typeof n.hidden !== 'boolean') return false;
  const { position: p, data: d } = n;
  return (
    isObject(p) &&
    isCoordinate(p.x) &&
    isCoordinate(p.y) &&
    keyCount(p) === 2 &&
    isObject(d) &&
    typeof d.profileId === 'string' &&
    ROLES.has(d.parentRole) &&
    typeof d.isPrimary === 'boolean' &&
    keyCount(d) === 3 &&
    keyCount(n) === 6
  );
}

export function isCurrentEdge(e: unknown): e is GraphEdge {
  if (!isObject(e) || !edgeStrings(e) || e.type === '' || typeof e.hidden !== 'boolean' || !isObject(e.data)) return false;
  const { kind, pedigree } = e.data;
  const data = kind === 'spouse' ? keyCount(e.data) === 1 : kind === 'parent' && (pedigree === undefined ? keyCount(e.data) === 1 : KNOWN_PEDIGREES.has(pedigree) && keyCount(e.data) === 2);
  return data && keyCount(e) === 8;
}
const edgeStrings = (e: Record<string, unknown>) =>
  typeof e.id === 'string' &&
  typeof e.source === 'string' &&
  typeof e.target === 'string' &&
  typeof e.sourceHandle === 'string' &&
  typeof e.targetHandle === 'string' &&
  typeof e.type === 'string';

/** The keys a current profile has besides its facts: the id, the scalars and the relationship lists. */
const PROFILE_KEYS = 1 + SCALAR_FIELDS.length + RELATION_FIELDS.length;

export function isCurrentProfile(id: string, p: unknown): p is Profile {
  if (!isObject(p) || p.id !== id || !hasScalars(p) || !(p.gender === '' || p.gender === 'F' || p.gender === 'M')) return false;
  if (!Array.isArray(p.spouses) || !Array.isArray(p.parents) || !Array.isArray(p.children)) return false;
  let keys = PROFILE_KEYS;
  if (p.events !== undefined) {
    if (!Array.isArray(p.events) || !p.events.every(isNormalEvent)) return false;
    keys++;
  }
  // The marker of events the open left on the server (facts/eventsLoading.ts), kept as it is.
  if (p.eventsNotLoaded !== undefined) {
    if (!Array.isArray(p.eventsNotLoaded) || !p.eventsNotLoaded.every(isOutline)) return false;
    keys++;
  }
  if (p.names !== undefined) {
    if (!Array.isArray(p.names) || !p.names.every(isNormalName)) return false;
    keys++;
  }
  if (p.citations !== undefined) {
    if (!Array.isArray(p.citations) || !p.citations.every(isNormalCitation)) return false;
    keys++;
  }
  return keyCount(p) === keys;
}

/** One event's outline as `outlineOf` makes it: a type, a place id and, for a custom event, its type. */
function isOutline(o: unknown): boolean {
  if (!isObject(o) || typeof o.type !== 'string' || typeof o.placeId !== 'string') return false;
  return o.customType === undefined ? keyCount(o) === 2 : typeof o.customType === 'string' && keyCount(o) === 3;
}

/**
 * Every field of SCALAR_FIELDS a string, read by name: five times faster than a loop over the
 * list (a read by a key that varies is slow). tests/unit/domain/currentShape.test.ts holds it to
 * the list.
 */
function hasScalars(p: Record<string, unknown>): boolean {
  return (
    typeof p.firstName === 'string' &&
    typeof p.lastName === 'string' &&
    typeof p.photoURL === 'string' &&
    typeof p.photoURLSmall === 'string' &&
    typeof p.email === 'string' &&
    typeof p.gender === 'string' &&
    typeof p.birthYear === 'string' &&
    typeof p.birthMonth === 'string' &&
    typeof p.birthDay === 'string' &&
    typeof p.bio === 'string' &&
    typeof p.death === 'string' &&
    typeof p.mothersMaidenName === 'string' &&
    typeof p.birthDateText === 'string' &&
    typeof p.deathDateText === 'string' &&
    typeof p.gedcom === 'string' &&
    typeof p.note === 'string' &&
    typeof p.createdBy === 'string' &&
    typeof p.createdAt === 'string' &&
    typeof p.updatedBy === 'string' &&
    typeof p.updatedAt === 'string' &&
    typeof p.ownerUid === 'string'
  );
}

/** Evidence as `withEvidence` (snapshot.ts) leaves it: a note and citations only when there are some. */
function evidenceKeys(o: Record<string, unknown>): number {
  let n = 0;
  if (o.note !== undefined) {
    if (typeof o.note !== 'string' || !o.note) return -1;
    n++;
  }
  if (o.citations !== undefined) {
    if (!Array.isArray(o.citations) || !o.citations.length || !o.citations.every(isNormalCitation)) return -1;
    n++;
  }
  return n;
}

export function isNormalCitation(c: unknown): c is Citation {
  return isObject(c) && strings(c, CITATION_STRINGS) && c.quality !== undefined && keyCount(c) === 6;
}
const CITATION_STRINGS = ['id', 'sourceId', 'page', 'date', 'text'] as const;

export function isNormalEvent(e: unknown): e is FactEvent {
  if (!isObject(e) || !strings(e, EVENT_STRINGS)) return false;
  const extra = evidenceKeys(e);
  return extra >= 0 && keyCount(e) === EVENT_STRINGS.length + extra;
}
const EVENT_STRINGS = ['id', 'type', 'customType', 'date', 'placeId', 'description', 'age'] as const;

export function isNormalName(n: unknown): n is PersonName {
  if (!isObject(n) || !strings(n, NAME_STRINGS)) return false;
  if (n.citations === undefined) return keyCount(n) === NAME_STRINGS.length;
  return Array.isArray(n.citations) && n.citations.length > 0 && n.citations.every(isNormalCitation) && keyCount(n) === NAME_STRINGS.length + 1;
}
const NAME_STRINGS = ['id', 'kind', 'prefix', 'given', 'surnamePrefix', 'surname', 'suffix', 'nickname'] as const;
