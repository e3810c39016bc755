import type { ChangeSet } from '../domain/changeSet.ts';
import { chunkChangeSet, IMPORT_RUNNING, importTooLarge, isChunked, joinChunkBodies, peopleIn, type ChunkedChangeSet, type ImportLimits } from '../domain/changeSetChunks.ts';
import { AppError, isAppError } from '../domain/errors.ts';
import type { GraphImporter, ImportProgress } from './ports.ts';

/** The four calls of a bulk import on one backend (HTTP routes or callable functions). */
export interface ImportTransport {
  begin(graphId: string, request: { clientId: string; chunks: number; people: number; bytes: number; migrations?: string[] }): Promise<{ importId: string }>;
  put(graphId: string, importId: string, index: number, body: string): Promise<void>;
  commit(graphId: string, importId: string): Promise<{ revision: number }>;
  cancel(graphId: string, importId: string): Promise<void>;
}

export interface ChunkedImportOptions {
  /** The backend's limits: what it refuses is refused here before anything is sent. */
  limits: ImportLimits;
  /** Chunk bodies aim at this many characters (`limits.targetChunkBytes` by default). */
  chunkChars?: number;
  /** How the backend measures a body against `limits.bytes` (characters unless told). */
  measure?: (body: string) => number;
  /** Chunks in flight at once. */
  parallel?: number;
  /** Wait between attempts when the backend could not be reached or is still committing. */
  retryMs?: number;
}

/** Attempts per request: chunks and the commit are safe to repeat. */
const ATTEMPTS = 4;
export const IMPORT_CANCELLED = 'The import was cancelled. Nothing was imported.';

/**
 * GraphImporter over any backend's begin / chunks / commit (DESIGN.md "Bulk import"). The change
 * set is cut into chunk bodies once, unless it comes already cut (a `ChunkedChangeSet` from the
 * import worker); each body is a change set holding a slice of the lists. At most `parallel` are
 * in flight, and progress is reported as each is stored. Cancelling stops sending new chunks (the
 * ones in flight finish, so no request is cut off half sent). A chunk or commit that got no
 * answer is sent again: the backend recognises a repeated chunk and answers a repeated commit
 * with the same revision.
 */
export function createChunkedImporter(transport: ImportTransport, options: ChunkedImportOptions): GraphImporter {
  const { limits } = options;
  const parallel = options.parallel ?? 2;
  const retryMs = options.retryMs ?? 1000;
  const chunkChars = options.chunkChars ?? limits.targetChunkBytes;
  const measure = options.measure ?? ((body: string) => body.length);
  const tooLarge = importTooLarge(limits);

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
    async importChangeSet(graphId, changes: ChangeSet | ChunkedChangeSet, clientId, onProgress, { signal, markMigrations } = {}) {
      const people = isChunked(changes) ? changes.people : peopleIn(changes);
      if (people > limits.people) throw new AppError('invalid-argument', tooLarge);
      const bodies = !isChunked(changes)
        ? chunkChangeSet(changes, chunkChars)
        : changes.maxChars === chunkChars
          ? changes.bodies
          : chunkChangeSet(await joinChunkBodies(changes.bodies), chunkChars);
      const sizes = bodies.map(measure);
      const total = sizes.reduce((n, b) => n + b, 0);
      if (total > limits.bytes || bodies.length > limits.chunks) throw new AppError('invalid-argument', tooLarge);

      const report = (p: ImportProgress) => onProgress?.(p);
      report({ phase: 'sending', sent: 0 });
      const { importId } = await transport.begin(graphId, {
        clientId,
        chunks: bodies.length,
        people,
        bytes: total,
        ...(markMigrations?.length ? { migrations: markMigrations } : {}),
      });

      try {
        let next = 0;
        let stored = 0;
        let failed = false;
        const unreachable = (e: AppError) => e.code === 'unavailable';
        const worker = async () => {
          while (next < bodies.length && !failed) {
            if (signal?.aborted) throw new AppError('failed-precondition', IMPORT_CANCELLED);
            const index = next++;
            await withRetries(() => transport.put(graphId, importId, index, bodies[index]!), unreachable, signal).catch((e: unknown) => {
              failed = true;
              throw e;
            });
            stored += sizes[index]!;
            report({ phase: 'sending', sent: stored / total });
          }
        };
        // Every worker has stopped before the import is given up, so no chunk arrives after that.
        const sent = await Promise.allSettled(Array.from({ length: Math.min(parallel, bodies.length) }, worker));
        const failure = sent.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failure) throw failure.reason;
        // Cancelled while the last chunks were on their way: the commit is not asked for.
        if (signal?.aborted) throw new AppError('failed-precondition', IMPORT_CANCELLED);

        report({ phase: 'committing', sent: 1 });
        const committing = (e: AppError) => unreachable(e) || (e.code === 'failed-precondition' && e.message === IMPORT_RUNNING);
        const { revision } = await withRetries(() => transport.commit(graphId, importId), committing);
        report({ phase: 'done', sent: 1 });
        return { revision };
      } catch (e) {
        // Refused imports are closed by the backend; a cancelled or failed send is dropped here.
        if (!isAppError(e) || e.code === 'unavailable' || e.message === IMPORT_CANCELLED) {
          await transport.cancel(graphId, importId).catch(() => undefined);
        }
        throw e;
      }
    },
  };
}
