import { FACT_LIMITS, LIFE_EVENT_TYPES } from '../facts/limits.ts';
import { coupleId, NAME_KINDS, notDuplicateId, type EventType } from '../facts/types.ts';
import { isNodeId, isProfileId } from '../ids.ts';
import { RELATION_FIELDS, SCALAR_FIELDS } from '../profile.ts';
import { PEDIGREES } from '../types.ts';
import { PROFILE_LIMITS } from './profile.ts';

/**
 * The shape of each kind of item a change set carries, as received over the wire: null when it is
 * well formed, else what is wrong, for the 'invalid-argument' refusal. `entityKinds.ts` names the
 * check of each kind; `save/validate.ts` runs them.
 */

const EDGE_TYPES = new Set(['default', 'straight', 'step', 'smoothstep', 'simplebezier']);
const PARENT_ROLES = new Set(['mother', 'father', '']);
const MAX_COORDINATE = 1e7;
export const MAX_ID = 300;

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isStr = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
export const onlyKeys = (o: Obj, keys: readonly string[]) => Object.keys(o).every((k) => keys.includes(k));
/** An id of an edge, an event, a name, a place or a couple: text, not empty, not too long. */
export const isItemId = (v: unknown): v is string => isStr(v, MAX_ID) && v !== '';

export function nodeShapeProblem(v: unknown): string | null {
  if (!isObj(v) || !onlyKeys(v, ['id', 'type', 'position', 'modifiedAt', 'hidden', 'data'])) return 'Node has an unexpected shape';
  if (!isNodeId(v.id)) return 'Node id must be of the form n{number}';
  if (v.type !== 'person') return `Node ${v.id} must be of type person`;
  const p = v.position;
  if (!isObj(p) || !onlyKeys(p, ['x', 'y']) || ![p.x, p.y].every((c) => typeof c === 'number' && Number.isFinite(c) && Math.abs(c) <= MAX_COORDINATE))
    return `Node ${v.id} has an invalid position`;
  if (!isStr(v.modifiedAt, PROFILE_LIMITS.timestamp)) return `Node ${v.id} has an invalid modifiedAt`;
  if (typeof v.hidden !== 'boolean') return `Node ${v.id} has an invalid hidden flag`;
  const d = v.data;
  if (!isObj(d) || !onlyKeys(d, ['profileId', 'parentRole', 'isPrimary'])) return `Node ${v.id} has invalid data`;
  if (!(d.profileId === '' || isProfileId(d.profileId))) return `Node ${v.id} has an invalid profile id`;
  if (!PARENT_ROLES.has(d.parentRole as string)) return `Node ${v.id} has an invalid parent role`;
  if (typeof d.isPrimary !== 'boolean') return `Node ${v.id} has an invalid primary flag`;
  return null;
}

export function edgeShapeProblem(v: unknown): string | null {
  if (!isObj(v) || !onlyKeys(v, ['id', 'source', 'target', 'sourceHandle', 'targetHandle', 'type', 'hidden', 'data'])) return 'Edge has an unexpected shape';
  if (!isItemId(v.id)) return 'Edge id is invalid';
  if (!isNodeId(v.source) || !isNodeId(v.target)) return `Edge ${v.id} must join two node ids`;
  if (!isStr(v.sourceHandle, 40) || !isStr(v.targetHandle, 40)) return `Edge ${v.id} has invalid handles`;
  if (!EDGE_TYPES.has(v.type as string)) return `Edge ${v.id} has an unknown type`;
  if (typeof v.hidden !== 'boolean') return `Edge ${v.id} has an invalid hidden flag`;
  if (!isObj(v.data) || !onlyKeys(v.data, ['kind', 'pedigree']) || (v.data.kind !== 'parent' && v.data.kind !== 'spouse')) return `Edge ${v.id} has an invalid kind`;
  if (v.data.kind === 'parent' && (v.sourceHandle !== 'bottom' || v.targetHandle !== 'top')) return `Edge ${v.id} must run from bottom to top`;
  if (v.data.pedigree !== undefined && (v.data.kind !== 'parent' || !(PEDIGREES as readonly unknown[]).includes(v.data.pedigree)))
    return `Edge ${v.id} has an invalid pedigree (a parent line's: ${PEDIGREES.join(', ')})`;
  return null;
}

const EVENT_KEYS = ['id', 'type', 'customType', 'date', 'placeId', 'description', 'age'];
/** Fields added with sources: optional, so items sent before them stay well formed. */
const EVIDENCE_KEYS = ['note', 'citations'];
const CITATION_KEYS = ['id', 'sourceId', 'page', 'date', 'quality', 'text'];

/** One well-formed citation of `at` (an event, a name, a couple, a person). */
export function citationShapeProblem(c: unknown, at: string): string | null {
  if (!isObj(c) || !onlyKeys(c, CITATION_KEYS) || CITATION_KEYS.some((k) => !(k in c))) return `${at}: a citation has an unexpected shape`;
  if (!isItemId(c.id) || !isItemId(c.sourceId)) return `${at}: a citation needs an id and a source id`;
  if (!isStr(c.page, FACT_LIMITS.citationPage)) return `${at}, citation ${c.id}: the page is at most ${FACT_LIMITS.citationPage} characters`;
  if (!isStr(c.date, FACT_LIMITS.date)) return `${at}, citation ${c.id}: the date is at most ${FACT_LIMITS.date} characters`;
  if (!(c.quality === null || c.quality === 0 || c.quality === 1 || c.quality === 2 || c.quality === 3)) return `${at}, citation ${c.id}: the quality must be 0 to 3 or null`;
  if (!isStr(c.text, FACT_LIMITS.citationText)) return `${at}, citation ${c.id}: the text is at most ${FACT_LIMITS.citationText} characters`;
  return null;
}

/** The citations of `at` (an event, a name, a couple): a list of well-formed citations, ids once. */
export function citationsProblem(v: unknown, at: string): string | null {
  if (v === undefined) return null;
  if (!Array.isArray(v) || v.length > FACT_LIMITS.citations) return `${at}: citations must be a list of at most ${FACT_LIMITS.citations}`;
  for (const c of v) {
    const problem = citationShapeProblem(c, at);
    if (problem) return problem;
  }
  if (new Set(v.map((c: { id: string }) => c.id)).size !== v.length) return `${at}: a citation id appears more than once`;
  return null;
}

function noteProblem(v: unknown, at: string): string | null {
  return v === undefined || isStr(v, FACT_LIMITS.note) ? null : `${at}: the note is at most ${FACT_LIMITS.note} characters`;
}

/** One event of `owner` ('Profile pr:x', 'Couple cp-…'), whose event types are `types`. */
export function eventShapeProblem(v: unknown, owner: string, types: ReadonlySet<EventType>): string | null {
  if (!isObj(v) || !onlyKeys(v, [...EVENT_KEYS, ...EVIDENCE_KEYS]) || EVENT_KEYS.some((k) => !(k in v))) return `${owner}: an event has an unexpected shape`;
  if (!isItemId(v.id)) return `${owner}: an event id is invalid`;
  const at = `${owner}, event ${v.id}`;
  if (!types.has(v.type as EventType)) return `${at}: type must be one of ${[...types].join(', ')}`;
  if (!isStr(v.customType, FACT_LIMITS.customType)) return `${at}: the custom type is at most ${FACT_LIMITS.customType} characters`;
  if (v.customType && v.type !== 'EVEN') return `${at}: only a custom event (EVEN) has a custom type`;
  if (!isStr(v.date, FACT_LIMITS.date)) return `${at}: the date is at most ${FACT_LIMITS.date} characters`;
  if (v.date && LIFE_EVENT_TYPES.includes(v.type as EventType)) return `${at}: a birth or death event keeps its date in the profile's date fields`;
  if (!isStr(v.placeId, MAX_ID)) return `${at}: the place id is invalid`;
  if (!isStr(v.description, FACT_LIMITS.description)) return `${at}: the description is at most ${FACT_LIMITS.description} characters`;
  if (!isStr(v.age, FACT_LIMITS.age)) return `${at}: the age is at most ${FACT_LIMITS.age} characters`;
  return noteProblem(v.note, at) ?? citationsProblem(v.citations, at);
}

/** A whole list of events (a couple's): each well formed, ids unique, within the limits. */
export function eventListProblem(list: readonly unknown[], owner: string, types: ReadonlySet<EventType>): string | null {
  for (const e of list) {
    const problem = eventShapeProblem(e, owner, types);
    if (problem) return problem;
  }
  return eventCountProblem(list as readonly { id: string; type: EventType }[], owner);
}

/** What a finished list of events must hold to: ≤ 200, ids unique, one birth and one death at most. */
export function eventCountProblem(list: readonly { id: string; type: EventType }[], owner: string): string | null {
  if (list.length > FACT_LIMITS.events) return `${owner}: at most ${FACT_LIMITS.events} events`;
  if (new Set(list.map((e) => e.id)).size !== list.length) return `${owner}: an event id appears more than once`;
  for (const t of LIFE_EVENT_TYPES) if (list.filter((e) => e.type === t).length > 1) return `${owner}: at most one ${t} event`;
  return null;
}

const NAME_KEYS = ['id', 'kind', 'prefix', 'given', 'surnamePrefix', 'surname', 'suffix', 'nickname'];

export function nameShapeProblem(v: unknown, owner: string): string | null {
  if (!isObj(v) || !onlyKeys(v, [...NAME_KEYS, 'citations']) || NAME_KEYS.some((k) => !(k in v))) return `${owner}: a name has an unexpected shape`;
  if (!isItemId(v.id)) return `${owner}: a name id is invalid`;
  if (!(NAME_KINDS as readonly unknown[]).includes(v.kind)) return `${owner}, name ${v.id}: kind must be one of ${NAME_KINDS.join(', ')}`;
  for (const k of NAME_KEYS.slice(2)) if (!isStr(v[k], FACT_LIMITS.namePart)) return `${owner}, name ${v.id}: ${k} is at most ${FACT_LIMITS.namePart} characters`;
  return citationsProblem(v.citations, `${owner}, name ${v.id}`);
}

/** A per-item patch of a profile's list (`events`, `names`): `{ upsert, remove }`, ids once. */
function itemPatchProblem(v: unknown, owner: string, list: string, item: (x: unknown) => string | null, max: number): string | null {
  if (!isObj(v) || !onlyKeys(v, ['upsert', 'remove']) || !Array.isArray(v.upsert) || !Array.isArray(v.remove)) return `${owner}: ${list} must have upsert and remove lists`;
  if (v.upsert.length > max || v.remove.length > max) return `${owner}: at most ${max} ${list}`;
  for (const x of v.upsert) {
    const problem = item(x);
    if (problem) return problem;
  }
  if (!v.remove.every(isItemId)) return `${owner}: a removed ${list === 'events' ? 'event' : list === 'names' ? 'name' : 'citation'} id is invalid`;
  const ids = [...(v.upsert as { id: string }[]).map((x) => x.id), ...(v.remove as string[])];
  if (new Set(ids).size !== ids.length) return `${owner}: an id of ${list} appears more than once`;
  return null;
}

export function patchShapeProblem(v: unknown, personTypes: ReadonlySet<EventType>): string | null {
  if (!isObj(v) || !onlyKeys(v, ['id', 'create', 'set', 'add', 'remove', 'events', 'names', 'citations'])) return 'Profile change has an unexpected shape';
  if (!isProfileId(v.id)) return 'Profile id is invalid';
  const owner = `Profile ${v.id}`;
  if (v.create !== undefined && v.create !== true) return `${owner}: create must be true when present`;
  if (v.set !== undefined) {
    if (!isObj(v.set)) return `${owner}: set must be an object`;
    for (const [k, val] of Object.entries(v.set)) {
      if (!(SCALAR_FIELDS as readonly string[]).includes(k)) return `${owner}: field ${k} is unknown`;
      if (typeof val !== 'string') return `${owner}: field ${k} must be a string`;
    }
  }
  for (const key of ['add', 'remove'] as const) {
    const lists = v[key];
    if (lists === undefined) continue;
    if (!isObj(lists)) return `${owner}: ${key} must be an object`;
    for (const [k, list] of Object.entries(lists)) {
      if (!(RELATION_FIELDS as readonly string[]).includes(k)) return `${owner}: list ${k} is unknown`;
      if (!Array.isArray(list) || list.length > PROFILE_LIMITS.relations || !list.every(isProfileId)) return `${owner}: list ${k} is invalid`;
    }
  }
  if (v.events !== undefined) {
    const problem = itemPatchProblem(v.events, owner, 'events', (x) => eventShapeProblem(x, owner, personTypes), FACT_LIMITS.events);
    if (problem) return problem;
  }
  if (v.names !== undefined) {
    const problem = itemPatchProblem(v.names, owner, 'names', (x) => nameShapeProblem(x, owner), FACT_LIMITS.names);
    if (problem) return problem;
  }
  if (v.citations !== undefined) return itemPatchProblem(v.citations, owner, 'citations', (x) => citationShapeProblem(x, owner), FACT_LIMITS.citations);
  return null;
}

const PLACE_KEYS = ['id', 'name', 'parentId', 'kind', 'latitude', 'longitude', 'altNames'];
const inRange = (v: unknown, limit: number) => v === null || (typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit);

export function placeShapeProblem(v: unknown): string | null {
  if (!isObj(v) || !onlyKeys(v, PLACE_KEYS) || PLACE_KEYS.some((k) => !(k in v))) return 'Place has an unexpected shape';
  if (!isItemId(v.id)) return 'Place id is invalid';
  const at = `Place ${v.id}`;
  if (!isStr(v.name, FACT_LIMITS.placeName) || !v.name.trim()) return `${at}: the name must be 1 to ${FACT_LIMITS.placeName} characters`;
  if (!isStr(v.parentId, MAX_ID)) return `${at}: the parent place id is invalid`;
  if (v.parentId === v.id) return `${at} cannot be inside itself`;
  if (!isStr(v.kind, FACT_LIMITS.placeKind)) return `${at}: the kind is at most ${FACT_LIMITS.placeKind} characters`;
  if (!inRange(v.latitude, 90)) return `${at}: the latitude must be between -90 and 90`;
  if (!inRange(v.longitude, 180)) return `${at}: the longitude must be between -180 and 180`;
  if (!Array.isArray(v.altNames) || v.altNames.length > FACT_LIMITS.altNames) return `${at}: at most ${FACT_LIMITS.altNames} other names`;
  if (!v.altNames.every((n) => isStr(n, FACT_LIMITS.placeName) && n.trim() !== '')) return `${at}: each other name must be 1 to ${FACT_LIMITS.placeName} characters`;
  return null;
}

export function coupleShapeProblem(v: unknown, coupleTypes: ReadonlySet<EventType>): string | null {
  if (!isObj(v) || !onlyKeys(v, ['id', 'partners', 'events', ...EVIDENCE_KEYS]) || !('partners' in v) || !('events' in v)) return 'Couple has an unexpected shape';
  if (!isItemId(v.id)) return 'Couple id is invalid';
  const at = `Couple ${v.id}`;
  const p = v.partners;
  if (!Array.isArray(p) || p.length !== 2 || !p.every(isProfileId) || !(p[0] < p[1])) return `${at}: partners must be two profile ids, the smaller first`;
  if (v.id !== coupleId(p[0], p[1])) return `${at}: the id must be ${coupleId(p[0], p[1])}`;
  if (!Array.isArray(v.events)) return `${at}: events must be a list`;
  return eventListProblem(v.events, at, coupleTypes) ?? noteProblem(v.note, at) ?? citationsProblem(v.citations, at);
}

const SOURCE_KEYS = ['id', 'title', 'author', 'publication', 'repository', 'url', 'note'];

export function sourceShapeProblem(v: unknown): string | null {
  if (!isObj(v) || !onlyKeys(v, SOURCE_KEYS) || SOURCE_KEYS.some((k) => !(k in v))) return 'Source has an unexpected shape';
  if (!isItemId(v.id)) return 'Source id is invalid';
  const at = `Source ${v.id}`;
  if (!isStr(v.title, FACT_LIMITS.sourceTitle) || !v.title.trim()) return `${at}: the title must be 1 to ${FACT_LIMITS.sourceTitle} characters`;
  for (const k of ['author', 'publication', 'repository'] as const) if (!isStr(v[k], FACT_LIMITS.sourceField)) return `${at}: the ${k} is at most ${FACT_LIMITS.sourceField} characters`;
  if (!isStr(v.url, FACT_LIMITS.url)) return `${at}: the URL is at most ${FACT_LIMITS.url} characters`;
  // Only a web address is a link: a javascript: or data: URL would run when followed.
  if (v.url && !/^https?:\/\//i.test(v.url)) return `${at}: the URL must begin with http:// or https://`;
  if (!isStr(v.note, FACT_LIMITS.note)) return `${at}: the note is at most ${FACT_LIMITS.note} characters`;
  return null;
}

export function notDuplicateShapeProblem(v: unknown): string | null {
  if (!isObj(v) || !onlyKeys(v, ['id', 'people']) || !('people' in v)) return 'A "not a duplicate" pair has an unexpected shape';
  const p = v.people;
  if (!Array.isArray(p) || p.length !== 2 || !p.every(isProfileId) || !(p[0] < p[1])) return 'A "not a duplicate" pair must be two profile ids, the smaller first';
  if (v.id !== notDuplicateId(p[0], p[1])) return `A "not a duplicate" pair's id must be ${notDuplicateId(p[0], p[1])}`;
  return null;
}
