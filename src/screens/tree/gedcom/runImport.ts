import type { ChangeSet } from '../../../domain/changeSet.ts';
import { isChunked, type ChunkedChangeSet } from '../../../domain/changeSetChunks.ts';
import type { ImportPlan, ImportRequest } from '../../../gedcom/importPlan.ts';

/** What the import worker is asked: the file and everything about the tree the plan needs. */
export interface ImportWorkerRequest {
  file: Blob;
  request: Omit<ImportRequest, 'newProfileId' | 'random'>;
}

export type WorkerPhase = 'read' | 'parse' | 'layout';

/**
 * The plan as a runner answers it. The worker sends the change set as chunk bodies: text crosses
 * to the page in a fraction of the time a structured clone of 100,000 cards, lines and profiles
 * takes, and the page sends it as it is.
 */
export type PlannedImport = Omit<ImportPlan, 'changes'> & { changes: ChangeSet | ChunkedChangeSet };

export type PlanTimings = { read: number; parse: number; layout: number };

export type ImportWorkerReply =
  | { kind: 'progress'; phase: WorkerPhase; fraction: number }
  /** The lines' and profiles' chunk bodies, sent before the layout; the plan's bodies follow them. */
  | { kind: 'bodies'; bodies: string[] }
  | { kind: 'done'; plan: PlannedImport; timings: PlanTimings }
  | { kind: 'failed'; message: string; line: number };

/** Why a file was not imported: the reason in words, and the file's line when there is one. */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}

/**
 * Plans an import. `onBodies` gets chunk bodies that are ready before the plan (the lines and
 * profiles, while the people are laid out), so the page can read them meanwhile; the plan's
 * change set holds every body, those first.
 */
export type PlanRunner = (
  input: ImportWorkerRequest,
  onProgress: (phase: WorkerPhase, fraction: number) => void,
  signal?: AbortSignal,
  onBodies?: (bodies: readonly string[]) => void,
) => Promise<{ plan: PlannedImport; timings: PlanTimings }>;

/**
 * Plans an import in a Web Worker of its own, ended when it answers or the member cancels: the
 * tree keeps drawing while 100,000 people are read and laid out.
 */
export const runImportWorker: PlanRunner = (input, onProgress, signal, onBodies) => {
  const worker = new Worker(new URL('./importWorker.ts', import.meta.url), { type: 'module', name: 'gedcom-import' });
  const early: string[] = [];
  return new Promise<{ plan: PlannedImport; timings: PlanTimings }>((resolve, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason));
    worker.addEventListener('message', (event: MessageEvent<ImportWorkerReply>) => {
      const reply = event.data;
      if (reply.kind === 'progress') onProgress(reply.phase, reply.fraction);
      else if (reply.kind === 'bodies') {
        early.push(...reply.bodies);
        onBodies?.(reply.bodies);
      } else if (reply.kind === 'done') {
        const { changes } = reply.plan;
        const plan = isChunked(changes) && early.length ? { ...reply.plan, changes: { ...changes, bodies: [...early, ...changes.bodies] } } : reply.plan;
        resolve({ plan, timings: reply.timings });
      }
      else reject(new ImportFileError(reply.message, reply.line));
    });
    worker.addEventListener('error', (event) => reject(new Error(event.message || 'The import worker failed')));
    worker.postMessage(input satisfies ImportWorkerRequest);
  }).finally(() => worker.terminate());
};
