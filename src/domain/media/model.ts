import { isProfileId } from '../ids.ts';
import { isItemId, isObj, isStr, onlyKeys } from '../validation/entityShapes.ts';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from './limits.ts';
import { MEDIA_KINDS, type Media } from './types.ts';

/** A media id: it names a storage folder, so letters, digits, '-' and '_' after an m. */
export const isMediaId = (v: unknown): v is string => typeof v === 'string' && /^m[A-Za-z0-9_-]{1,60}$/.test(v);

/** The tree's media record: normal form, comparison, shape as received, and who it shows. */

export function normaliseMedia(m: Media): Media {
  return {
    id: m.id,
    kind: m.kind,
    title: m.title ?? '',
    date: m.date ?? '',
    description: m.description ?? '',
    people: [...(m.people ?? [])],
    couples: [...(m.couples ?? [])],
    url: m.url ?? '',
    thumb: m.thumb ?? '',
    thumbSmall: m.thumbSmall ?? '',
    contentType: m.contentType ?? '',
    bytes: m.bytes ?? 0,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function mediaEqual(a: Media, b: Media): boolean {
  if (a === b) return true;
  const x = normaliseMedia(a);
  const y = normaliseMedia(b);
  return (
    x.id === y.id && x.kind === y.kind && x.title === y.title && x.date === y.date && x.description === y.description &&
    sameList(x.people, y.people) && sameList(x.couples, y.couples) && x.url === y.url && x.thumb === y.thumb &&
    x.thumbSmall === y.thumbSmall && x.contentType === y.contentType && x.bytes === y.bytes
  );
}

const MEDIA_KEYS = ['id', 'kind', 'title', 'date', 'description', 'people', 'couples', 'url', 'thumb', 'thumbSmall', 'contentType', 'bytes'];
/** A stored file's URL: the server's /files path, or a Cloud Storage download URL. */
const STORED_URL = /^(\/files\/media\/|https:\/\/)/;
const CONTENT_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml', 'application/pdf']);

export function mediaShapeProblem(v: unknown): string | null {
  if (!isObj(v) || !onlyKeys(v, MEDIA_KEYS) || MEDIA_KEYS.some((k) => !(k in v))) return 'Media has an unexpected shape';
  if (!isMediaId(v.id)) return 'Media id is invalid';
  const at = `Media ${v.id}`;
  if (!(MEDIA_KINDS as readonly unknown[]).includes(v.kind)) return `${at}: the kind must be photo or document`;
  if (!isStr(v.title, MEDIA_LIMITS.title)) return `${at}: the title is at most ${MEDIA_LIMITS.title} characters`;
  if (!isStr(v.date, MEDIA_LIMITS.date)) return `${at}: the date is at most ${MEDIA_LIMITS.date} characters`;
  if (!isStr(v.description, MEDIA_LIMITS.description)) return `${at}: the description is at most ${MEDIA_LIMITS.description} characters`;
  const { people, couples } = v;
  if (!Array.isArray(people) || !people.length || people.length > MEDIA_LIMITS.people || !people.every(isProfileId) || new Set(people).size !== people.length)
    return `${at}: people must be 1 to ${MEDIA_LIMITS.people} profile ids, each once`;
  if (!Array.isArray(couples) || couples.length > MEDIA_LIMITS.people || !couples.every(isItemId)) return `${at}: couples must be a list of couple ids`;
  for (const k of ['url', 'thumb', 'thumbSmall'] as const) if (!isStr(v[k], MEDIA_LIMITS.url)) return `${at}: the ${k} is at most ${MEDIA_LIMITS.url} characters`;
  if (typeof v.bytes !== 'number' || !Number.isInteger(v.bytes) || v.bytes < 0) return `${at}: bytes must be a whole number`;
  if (v.contentType === '') {
    // A reference: a name or a web address, never a script URL, never bytes of its own.
    if (/^\s*(javascript|data|vbscript):/i.test(v.url as string)) return `${at}: the reference must be a file name or a web address`;
    if (v.bytes !== 0 || v.thumb || v.thumbSmall) return `${at}: a reference has no stored files`;
    return null;
  }
  if (!CONTENT_TYPES.has(v.contentType as string)) return `${at}: the content type is not one we store`;
  for (const k of ['url', 'thumb', 'thumbSmall'] as const) if (v[k] && !STORED_URL.test(v[k] as string)) return `${at}: the ${k} must be a stored file's URL`;
  if (!v.url) return `${at}: a stored file needs its URL`;
  return null;
}

/** Whether a viewer sees a media record: only when they see every person in it whole. */
export function viewerSeesMedia(m: Pick<Media, 'people'>, seesWhole: (profileId: string) => boolean): boolean {
  return m.people.every(seesWhole);
}

/** A person's photos and documents, newest date last (undated first, then by title). */
export function mediaOf(media: Readonly<Record<string, Media>> | undefined, profileId: string): Media[] {
  return Object.values(media ?? {}).filter((m) => m.people.includes(profileId));
}

/** A couple's photos and documents. */
export function mediaOfCouple(media: Readonly<Record<string, Media>> | undefined, coupleId: string): Media[] {
  return Object.values(media ?? {}).filter((m) => m.couples.includes(coupleId));
}

/** The stored bytes of a tree's media (what counts against its limit). */
export function treeMediaBytes(media: Readonly<Record<string, Media>> | undefined): number {
  let total = 0;
  for (const m of Object.values(media ?? {})) total += m.bytes;
  return total;
}

/**
 * Whether one more file of `bytes` may be added for `people` to a tree holding `media`: null, or
 * the §8-style message and code of the refusal.
 */
export function uploadLimitProblem(
  media: Readonly<Record<string, Media>> | undefined,
  people: readonly string[],
  bytes: number,
): { code: 'invalid-argument' | 'resource-exhausted'; message: string } | null {
  if (!people.length) return { code: 'invalid-argument', message: MEDIA_MESSAGES.noPerson };
  if (bytes > MEDIA_LIMITS.fileBytes) return { code: 'invalid-argument', message: MEDIA_MESSAGES.tooLarge };
  const all = Object.values(media ?? {});
  if (people.some((p) => all.filter((m) => m.people.includes(p)).length >= MEDIA_LIMITS.perPerson)) return { code: 'resource-exhausted', message: MEDIA_MESSAGES.tooManyForPerson };
  if (treeMediaBytes(media) + bytes > MEDIA_LIMITS.treeBytes) return { code: 'resource-exhausted', message: MEDIA_MESSAGES.treeFull };
  return null;
}

/**
 * The per-person limit on the save path (what an upload checks is checked again where the record
 * is written, so a client that skips the upload's check, or two uploads at once, cannot pass it):
 * `stored` holds at least every stored record with one of the people the change's records show.
 * A person refused is one the change leaves with more than the limit and more than they had: a
 * tree already over it (an import's references) is not stuck, it only cannot grow.
 */
export function perPersonLimitProblem(
  stored: readonly Media[],
  change: { upsert: readonly Media[]; remove: readonly string[] },
): { code: 'resource-exhausted'; message: string } | null {
  if (!change.upsert.length) return null;
  const gone = new Set([...change.remove, ...change.upsert.map((m) => m.id)]);
  const count = (list: readonly Media[]) => {
    const n = new Map<string, number>();
    for (const m of list) for (const p of m.people) n.set(p, (n.get(p) ?? 0) + 1);
    return n;
  };
  const before = count(stored);
  const after = count([...stored.filter((m) => !gone.has(m.id)), ...change.upsert]);
  for (const m of change.upsert) {
    for (const p of m.people) {
      const n = after.get(p) ?? 0;
      if (n > MEDIA_LIMITS.perPerson && n > (before.get(p) ?? 0)) return { code: 'resource-exhausted', message: MEDIA_MESSAGES.tooManyForPerson };
    }
  }
  return null;
}

/** The storage folder of one media record's files, on both backends. */
export const mediaFolder = (graphId: string, mediaId: string) => `media/${graphId}/${mediaId}`;
/** The names a media folder may hold. */
export const MEDIA_FILE_NAME = /^(original\.(jpg|png|gif|webp|pdf)|thumb_(320|170)\.(jpg|webp))$/;
