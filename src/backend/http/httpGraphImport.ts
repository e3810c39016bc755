import type { ChangeSet } from '../../domain/changeSet.ts';
import { chunkChangeSet, IMPORT_LIMITS, IMPORT_RUNNING, IMPORT_TOO_LARGE, peopleIn } from '../../domain/changeSetChunks.ts';
import { AppError, isAppError } from '../../domain/errors.ts';
import type { GraphImporter, ImportProgress } from '../ports.ts';
import { safeJson, toAppError } from './request.ts';

export interface HttpGraphImporterOptions {
  /** Prefix of every request path ('' in the browser, the server's URL elsewhere). */
  baseUrl?: string;
  /** The fetch to use (scripts pass one that adds the session cookie). */
  fetch?: typeof fetch;
  /** Chunk bodies aim at this many characters (IMPORT_LIMITS.targetChunkBytes by default). */
  chunkChars?: number;
  /** Chunks in flight at once. */
  parallel?: number;
  /** Wait between attempts when the server could not be reached or is still committing. */
  retryMs?: number;
}

/** Attempts per request: chunks and the commit are safe to repeat. */
const ATTEMPTS = 4;
const CANCELLED = 'The import was cancelled. Nothing was imported.';

/**
 * The bulk path of the self-hosted server (src/backend/api.ts "imports"): begin, chunks, commit.
 * The change set is cut into chunk bodies once (each a change set holding a slice of the lists),
 * at most `parallel` are in flight, and progress is reported as each is stored. Cancelling stops
 * sending new chunks (the ones in flight finish, so no request is cut off half sent). A chunk or
 * commit that did not get an answer is sent again: the server recognises a repeated chunk and
 * answers a repeated commit with the same revision.
 */
export function createHttpGraphImporter(options: HttpGraphImporterOptions = {}): GraphImporter {
  const base = options.baseUrl ?? '';
  const parallel = options.parallel ?? 2;
  const retryMs = options.retryMs ?? 1000;
  const chunkChars = options.chunkChars ?? IMPORT_LIMITS.targetChunkBytes;

  async function call<T>(method: string, path: string, body?: string): Promise<T> {
    const doFetch = options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(base + path, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
        body,
      });
    } catch {
      throw new AppError('unavailable', 'The server could not be reached. Check your internet connection.');
    }
    if (response.status === 204) return undefined as T;
    const parsed = safeJson(await response.text());
    if (!response.ok) throw toAppError(response.status, parsed);
    return parsed as T;
  }

  async function withRetries<T>(attempt: () => Promise<T>, retryOn: (e: AppError) => boolean, signal?: AbortSignal): Promise<T> {
    for (let i = 1; ; i++) {
      try {
        return await attempt();
      } catch (e) {
        if (!isAppError(e) || !retryOn(e) || i >= ATTEMPTS || signal?.aborted) throw e;
        await new Promise((r) => setTimeout(r, retryMs * i));
      }
    }
  }

  return {
    async importChangeSet(graphId, changes: ChangeSet, clientId, onProgress, { signal, markMigrations } = {}) {
      const people = peopleIn(changes);
      if (people > IMPORT_LIMITS.people) throw new AppError('invalid-argument', IMPORT_TOO_LARGE);
      const bodies = chunkChangeSet(changes, chunkChars);
      const total = bodies.reduce((n, b) => n + b.length, 0);
      if (total > IMPORT_LIMITS.bytes) throw new AppError('invalid-argument', IMPORT_TOO_LARGE);

      const graphPath = `/api/graphs/${encodeURIComponent(graphId)}/imports`;
      const report = (p: ImportProgress) => onProgress?.(p);
      report({ phase: 'sending', sent: 0 });
      const { importId } = await call<{ importId: string }>(
        'POST',
        graphPath,
        JSON.stringify({ clientId, chunks: bodies.length, people, bytes: total, ...(markMigrations?.length ? { migrations: markMigrations } : {}) }),
      );
      const importPath = `${graphPath}/${importId}`;

      try {
        let next = 0;
        let stored = 0;
        let failed = false;
        const unreachable = (e: AppError) => e.code === 'unavailable';
        const worker = async () => {
          while (next < bodies.length && !failed) {
            if (signal?.aborted) throw new AppError('failed-precondition', CANCELLED);
            const index = next++;
            const body = bodies[index]!;
            await withRetries(() => call('PUT', `${importPath}/chunks/${index}`, body), unreachable, signal).catch((e: unknown) => {
              failed = true;
              throw e;
            });
            stored += body.length;
            report({ phase: 'sending', sent: stored / total });
          }
        };
        // Every worker has stopped before the import is given up, so no chunk arrives after that.
        const sent = await Promise.allSettled(Array.from({ length: Math.min(parallel, bodies.length) }, worker));
        const failure = sent.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failure) throw failure.reason;

        report({ phase: 'committing', sent: 1 });
        const committing = (e: AppError) => unreachable(e) || (e.code === 'failed-precondition' && e.message === IMPORT_RUNNING);
        const { revision } = await withRetries(() => call<{ revision: number }>('POST', `${importPath}/commit`), committing);
        report({ phase: 'done', sent: 1 });
        return { revision };
      } catch (e) {
        // Refused imports are closed by the server; a cancelled or failed send is dropped here.
        if (!isAppError(e) || e.code === 'unavailable' || e.message === CANCELLED) {
          await call('DELETE', importPath).catch(() => undefined);
        }
        throw e;
      }
    },
  };
}
