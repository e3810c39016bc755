import { emptyChangeSet, type ChangeSet } from './changeSet.ts';

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

export const IMPORT_LIMITS: ImportLimits = { people: 150_000, bytes: 150 * MB, chunkBytes: 8 * MB, targetChunkBytes: 2 * MB, chunks: 10_000 };

function size(bytes: number): string {
  return bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${Math.floor(bytes / 1024)} KB`;
}

export function importTooLarge(limits: ImportLimits): string {
  return `An import can bring in at most ${limits.people.toLocaleString('en')} people and ${size(limits.bytes)}. Split the file and import it in parts.`;
}

export const IMPORT_TOO_LARGE = importTooLarge(IMPORT_LIMITS);

export function chunkTooLarge(index: number, limits: ImportLimits): string {
  return `Chunk ${index + 1} is larger than ${size(limits.chunkBytes)}. Nothing was imported.`;
}

/** A second commit of an import whose first commit is still running gets this; it may ask again. */
export const IMPORT_RUNNING = 'This import is being committed already.';

const GROUPS = ['nodes', 'edges', 'profiles'] as const;
type Group = (typeof GROUPS)[number];
const WHAT: Record<Group, string> = { nodes: 'card', edges: 'line', profiles: 'profile' };

/** People an import brings in: its cards. */
export function peopleIn(changes: ChangeSet): number {
  return changes.nodes.upsert.length;
}

/**
 * The change set as chunk bodies (JSON text) of at most about `maxChars` each, in list order.
 * Items are serialised in runs (one `JSON.stringify` per run, sized from the run before: about
 * half the time of one call per item on 100,000 people) and the bodies are put together as text,
 * so a 90 MB change set is not serialised twice. A run that comes out too long is cut in half
 * and serialised again; an item larger than `maxChars` travels alone.
 */
export function chunkChangeSet(changes: ChangeSet, maxChars: number = IMPORT_LIMITS.targetChunkBytes): string[] {
  const bodies: string[] = [];
  let parts: Record<Group, { upsert: string[]; remove: string[] }> = fresh();
  let size = 0;
  let empty = true;

  function fresh() {
    return { nodes: { upsert: [], remove: [] }, edges: { upsert: [], remove: [] }, profiles: { upsert: [], remove: [] } } as Record<Group, { upsert: string[]; remove: string[] }>;
  }
  function flush() {
    const lists = GROUPS.map((g) => `"${g}":{"upsert":[${parts[g].upsert.join(',')}],"remove":[${parts[g].remove.join(',')}]}`);
    bodies.push(`{"baseRevision":${changes.baseRevision},${lists.join(',')}}`);
    parts = fresh();
    size = 0;
    empty = true;
  }
  /** Items already serialised, as the inside of a JSON array. */
  function add(group: Group, list: 'upsert' | 'remove', items: string) {
    if (!empty && size + items.length + 1 > maxChars) flush();
    parts[group][list].push(items);
    size += items.length + 1;
    empty = false;
  }

  for (const g of GROUPS) {
    for (const list of ['upsert', 'remove'] as const) {
      const items = changes[g][list] as readonly unknown[];
      let run = 64;
      for (let i = 0; i < items.length; ) {
        const count = Math.min(run, items.length - i);
        const text = JSON.stringify(items.slice(i, i + count));
        if (text.length > maxChars && count > 1) {
          run = count >> 1;
          continue;
        }
        add(g, list, text.slice(1, -1));
        i += count;
        // Aim a little under a whole chunk, so the next run rarely needs cutting.
        run = Math.max(1, Math.floor((maxChars * 0.8 * count) / text.length));
      }
    }
  }
  if (!empty || bodies.length === 0) flush();
  return bodies;
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
    const part = JSON.parse(body) as ChangeSet;
    joined.baseRevision = part.baseRevision;
    for (const g of GROUPS) {
      pushAll(joined[g].upsert as unknown[], part[g].upsert);
      pushAll(joined[g].remove, part[g].remove);
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
      const part = chunks[i]![g];
      for (const id of [...part.upsert.map((x) => x.id), ...part.remove]) {
        const first = seen.get(id);
        if (first !== undefined && first !== i) return { ok: false, message: `The import names ${WHAT[g]} ${id} twice (chunks ${first + 1} and ${i + 1}).` };
        seen.set(id, i);
      }
      pushAll(merged[g].upsert as unknown[], part.upsert);
      pushAll(merged[g].remove, part.remove);
    }
  }
  return { ok: true, changes: merged };
}

/** `push(...items)` overflows the call stack past about 100,000 arguments. */
function pushAll<T>(into: T[], items: readonly T[]): void {
  for (const x of items) into.push(x);
}
