import { emptyChangeSet, type ChangeSet } from './changeSet.ts';
import { ENTITY_KINDS, groupOf, KIND_KEYS, type Group, type KindKey } from './entityKinds.ts';
import { packEvents, unpackEvents, withPackedEvents, type StoredEvent } from './facts/eventCodec.ts';
import type { Couple } from './facts/types.ts';

/**
 * A change set too large for one request (a GEDCOM import of 100,000 people is about 90 MB of
 * JSON) travels as chunks: each chunk is itself a well-formed change set holding a slice of the
 * lists, and the server joins them back in chunk order before it validates and applies the whole
 * as one revision. The limits are stated once here for the server, the HTTP adapter and a future
 * Cloud Function.
 */
export interface ImportLimits {
  /** Cards in one import. */
  people: number;
  /** Characters of change-set JSON in one import, all chunks together. */
  bytes: number;
  /** Characters in one chunk's body. */
  chunkBytes: number;
  /** What the client aims for per chunk: small enough for a smooth progress bar. */
  targetChunkBytes: number;
  chunks: number;
}

const MB = 1024 * 1024;

export const IMPORT_LIMITS: ImportLimits = { people: 150_000, bytes: 250 * MB, chunkBytes: 8 * MB, targetChunkBytes: 2 * MB, chunks: 10_000 };

function size(bytes: number): string {
  return bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${Math.floor(bytes / 1024)} KB`;
}

/**
 * 150000 as "150,000" without `toLocaleString`: IMPORT_TOO_LARGE is made when this module loads,
 * and the import worker loads it, where the first `toLocaleString` sets up locale data (13–26 ms
 * in Chromium) before the file is read.
 */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function importTooLarge(limits: ImportLimits): string {
  return `An import can bring in at most ${grouped(limits.people)} people and ${size(limits.bytes)}. Split the file and import it in parts.`;
}

export const IMPORT_TOO_LARGE = importTooLarge(IMPORT_LIMITS);

export function chunkTooLarge(index: number, limits: ImportLimits): string {
  return `Chunk ${index + 1} is larger than ${size(limits.chunkBytes)}. Nothing was imported.`;
}

/** A second commit of an import whose first commit is still running gets this; it may ask again. */
export const IMPORT_RUNNING = 'This import is being committed already.';

/** Every kind, from the registry: an optional one joins a body only when the body holds some of it. */
const GROUPS = KIND_KEYS;

/** People an import brings in: its cards. */
export function peopleIn(changes: ChangeSet): number {
  return changes.nodes.upsert.length;
}

/** The change set's lists in the order a body holds them. */
const LISTS = GROUPS.flatMap((g) => (['upsert', 'remove'] as const).map((list) => [g, list] as const));

/** A group of `joined`, made when an optional kind first appears. */
function groupIn(cs: ChangeSet, key: KindKey): Group<unknown> {
  return ((cs as unknown as Record<KindKey, Group<unknown> | undefined>)[key] ??= { upsert: [], remove: [] });
}
/** What a body is filled to, by the items' estimated sizes: a little under `maxChars`, so a body rarely comes out too long. */
const FILL = 0.9;
/** Items serialised to estimate a list's item size before any of its bodies is made. */
const SAMPLE = 32;

/**
 * The change set as chunk bodies (JSON text) of at most about `maxChars` each, in list order
 * (a body may end one list and begin the next). Each body is one `JSON.stringify` of a change set
 * holding a slice of the lists, sized from the characters per item of the bodies before it: the
 * body is then the serialiser's own string, where pasting serialised runs together copied 100 MB
 * twice more on a 100,000-person import (once to join them, once to flatten the pasted body when
 * it was posted or sent). A body that comes out too long is made again with fewer items; an item
 * larger than `maxChars` travels alone.
 */
export function chunkChangeSet(changes: ChangeSet, maxChars: number = IMPORT_LIMITS.targetChunkBytes): string[] {
  const lists = LISTS.map(([g, list]) => packedItems(g, list, groupOf(changes, g)[list] as readonly unknown[]));
  const empty = JSON.stringify(emptyChangeSet(changes.baseRevision)).length;
  /** Estimated characters per item of each list (0: none made yet). */
  const perItem = lists.map(() => 0);
  const counts = lists.map(() => 0);
  const bodies: string[] = [];
  let at = 0;
  let i = 0;
  do {
    const first = at;
    const firstIndex = i;
    counts.fill(0);
    let items = 0;
    let estimate = empty;
    for (; at < lists.length; at++, i = 0) {
      const list = lists[at]!;
      if (i >= list.length) continue;
      const each = (perItem[at] ||= sampleSize(list, i));
      const room = Math.floor((maxChars * FILL - estimate) / each);
      const take = Math.min(list.length - i, items === 0 ? Math.max(1, room) : room);
      if (take <= 0) break;
      counts[at] = take;
      items += take;
      estimate += take * each;
      i += take;
      if (i < list.length) break;
    }
    let text = bodyText(changes.baseRevision, lists, counts, first, firstIndex);
    while (text.length > maxChars && items > 1) {
      // Too long: give back items from the end (they start the next body) and make it again.
      let drop = items - Math.max(1, Math.floor((items * maxChars * FILL) / text.length));
      items -= drop;
      for (let l = lists.length - 1; drop > 0; l--) {
        const back = Math.min(drop, counts[l]!);
        if (!back) continue;
        counts[l]! -= back;
        drop -= back;
        at = l;
        i = (l === first ? firstIndex : 0) + counts[l]!;
      }
      text = bodyText(changes.baseRevision, lists, counts, first, firstIndex);
    }
    // What the body came to corrects the estimates of the lists it holds.
    estimate = empty;
    for (let l = first; l < lists.length; l++) estimate += counts[l]! * perItem[l]!;
    if (items > 0) for (let l = first; l < lists.length; l++) if (counts[l]) perItem[l]! *= (text.length - empty) / (estimate - empty);
    bodies.push(text);
  } while (at < lists.length);
  return bodies;
}

/**
 * Events travel packed in chunk bodies (`facts/eventCodec.ts`): a profile patch's upserted events
 * and a couple's events. With 4–8 events a person and their citations, the bench's 100,000-person
 * file came to 300 MB of bodies, over the import's 250 MB; packed, far less. `readChunkBody`
 * unpacks them, before anything else reads the chunk. (Packing packed events changes nothing.)
 */
function packedItems(g: KindKey, list: 'upsert' | 'remove', items: readonly unknown[]): readonly unknown[] {
  if (list !== 'upsert') return items;
  if (g === 'profiles') {
    return (items as readonly ChangeSet['profiles']['upsert'][number][]).map((p) =>
      p.events?.upsert.length ? { ...p, events: { ...p.events, upsert: packEvents(p.events.upsert) } } : p,
    );
  }
  if (g === 'couples') return (items as readonly Couple[]).map((c) => withPackedEvents(c));
  return items;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Each list of events in `holders[i][key]` unpacked in place; anything not of that form is left for the shape check. */
function unpackIn(holders: unknown, key: 'events' | 'upsert', inside?: 'events'): void {
  if (!Array.isArray(holders)) return;
  for (const h of holders) {
    const at = isRecord(h) && inside ? h[inside] : h;
    if (isRecord(at) && Array.isArray(at[key])) at[key] = unpackEvents(at[key] as StoredEvent[]);
  }
}

/** A chunk body parsed, its events unpacked (not yet checked: the shape check comes after). */
export function readChunkBody(body: string): unknown {
  const value: unknown = JSON.parse(body);
  if (isRecord(value)) {
    if (isRecord(value.profiles)) unpackIn(value.profiles.upsert, 'upsert', 'events');
    if (isRecord(value.couples)) unpackIn(value.couples.upsert, 'events');
  }
  return value;
}

/** Characters per item of up to SAMPLE items from `from` on (the comma between items included). */
function sampleSize(list: readonly unknown[], from: number): number {
  const sample = list.slice(from, from + SAMPLE);
  return Math.max(1, JSON.stringify(sample).length / sample.length);
}

/** One body: `counts[l]` items of each list, the first list's from `firstIndex`. */
function bodyText(baseRevision: number, lists: readonly (readonly unknown[])[], counts: readonly number[], first: number, firstIndex: number): string {
  const part = (l: number) => {
    const from = l === first ? firstIndex : 0;
    return counts[l] ? lists[l]!.slice(from, from + counts[l]!) : [];
  };
  const body: Record<string, unknown> = { baseRevision };
  GROUPS.forEach((key, g) => {
    const upsert = part(2 * g);
    const remove = part(2 * g + 1);
    if (!ENTITY_KINDS[key].optional || upsert.length || remove.length) body[key] = { upsert, remove };
  });
  return JSON.stringify(body);
}

/**
 * A change set already cut into chunk bodies (`chunkChangeSet`), e.g. by the GEDCOM import worker:
 * text crosses from a worker to the page for a fraction of what a structured clone of the objects
 * costs, and the page need not serialise 100 MB itself before sending.
 */
export interface ChunkedChangeSet {
  bodies: readonly string[];
  /** The size the bodies were cut to: an importer aiming at another size cuts them again. */
  maxChars: number;
  /** Cards it brings in (`peopleIn`). */
  people: number;
}

export function isChunked(changes: ChangeSet | ChunkedChangeSet): changes is ChunkedChangeSet {
  return 'bodies' in changes;
}

export function chunked(changes: ChangeSet, maxChars: number = IMPORT_LIMITS.targetChunkBytes): ChunkedChangeSet {
  return { bodies: chunkChangeSet(changes, maxChars), maxChars, people: peopleIn(changes) };
}

/**
 * The change set chunk bodies of our own making hold (no shape check, no duplicate check: see
 * `mergeChangeSetChunks` for chunks from elsewhere). Yields to the event loop between bodies when
 * `pause` is given, so the page stays responsive while it reads 100 MB. Bodies that come in
 * batches are read into the change set (`joined`) the first batch made.
 */
export async function joinChunkBodies(bodies: readonly string[], pause?: () => Promise<void>, joined: ChangeSet = emptyChangeSet(0)): Promise<ChangeSet> {
  for (const [i, body] of bodies.entries()) {
    if (i > 0 && pause) await pause();
    const part = readChunkBody(body) as ChangeSet;
    joined.baseRevision = part.baseRevision;
    for (const g of GROUPS) {
      const from = groupOf(part, g);
      if (!from.upsert.length && !from.remove.length) continue;
      const into = groupIn(joined, g);
      pushAll(into.upsert, from.upsert);
      pushAll(into.remove, from.remove);
    }
  }
  return joined;
}

export type MergeResult = { ok: true; changes: ChangeSet } | { ok: false; message: string };

/**
 * Joins well-formed chunks (each already passed `changeSetShapeProblem`) into one change set, in
 * chunk order. An id named in two chunks is refused with both chunk numbers (counted from 1), the
 * way one change set naming an id twice is refused.
 */
export function mergeChangeSetChunks(chunks: readonly ChangeSet[]): MergeResult {
  const merged = emptyChangeSet(chunks[0]?.baseRevision ?? 0);
  for (const g of GROUPS) {
    const seen = new Map<string, number>();
    for (let i = 0; i < chunks.length; i++) {
      const part = groupOf(chunks[i]!, g) as Group<{ id: string }>;
      if (!part.upsert.length && !part.remove.length) continue;
      for (const id of [...part.upsert.map((x) => x.id), ...part.remove]) {
        const first = seen.get(id);
        if (first !== undefined && first !== i) return { ok: false, message: `The import names ${ENTITY_KINDS[g].what} ${id} twice (chunks ${first + 1} and ${i + 1}).` };
        seen.set(id, i);
      }
      const into = groupIn(merged, g);
      pushAll(into.upsert, part.upsert);
      pushAll(into.remove, part.remove);
    }
  }
  return { ok: true, changes: merged };
}

/** `push(...items)` overflows the call stack past about 100,000 arguments. */
function pushAll<T>(into: T[], items: readonly T[]): void {
  for (const x of items) into.push(x);
}
