import type { ExportOptions } from '../../../gedcom/fromGraph.ts';
import type { Graph } from '../../../domain/types.ts';

export interface ExportWorkerRequest {
  graph: Graph;
  options: Omit<ExportOptions, 'onProgress'>;
  /** HEAD.SOUR of the file. */
  source: string;
  /** The member exporting: 5.5.1's submitter. */
  submitter: string;
}

export type ExportWorkerReply = { kind: 'progress'; fraction: number } | { kind: 'done'; text: string; people: number; families: number } | { kind: 'failed'; message: string };

export type ExportRunner = (input: ExportWorkerRequest, onProgress: (fraction: number) => void) => Promise<{ text: string; people: number; families: number }>;

/** Writes the GEDCOM file in a Web Worker of its own, ended when it answers. */
export const runExportWorker: ExportRunner = (input, onProgress) => {
  const worker = new Worker(new URL('./exportWorker.ts', import.meta.url), { type: 'module', name: 'gedcom-export' });
  return new Promise<{ text: string; people: number; families: number }>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<ExportWorkerReply>) => {
      const reply = event.data;
      if (reply.kind === 'progress') onProgress(reply.fraction);
      else if (reply.kind === 'done') resolve(reply);
      else reject(new Error(reply.message));
    });
    worker.addEventListener('error', (event) => reject(new Error(event.message || 'The export worker failed')));
    worker.postMessage(input satisfies ExportWorkerRequest);
  }).finally(() => worker.terminate());
};
