import type { ChartExportRequest, ChartExportResult } from '../../../../engine/export/exportChart.ts';
import type { ChartWorkerReply } from './chartWorker.ts';

export const WORKER_FAILED = 'The export stopped before the file was written (the browser may have run out of memory). Choose a part of the tree, or a PDF, and try again.';

export class ChartExportCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

export type ChartExportRunner = (req: ChartExportRequest, onProgress: (f: number) => void, signal: AbortSignal) => Promise<ChartExportResult>;

/** Writes the chart in a Web Worker of its own; aborting `signal` ends the worker at once. */
export const runChartWorker: ChartExportRunner = (req, onProgress, signal) => {
  const worker = new Worker(new URL('./chartWorker.ts', import.meta.url), { type: 'module', name: 'chart-export' });
  return new Promise<ChartExportResult>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new ChartExportCancelled()), { once: true });
    worker.addEventListener('message', (event: MessageEvent<ChartWorkerReply>) => {
      const r = event.data;
      if (r.kind === 'progress') onProgress(r.fraction);
      else if (r.kind === 'done') resolve(r);
      else reject(new Error(r.message));
    });
    // A worker that dies (out of memory, most often) says nothing of why: the member is told what to try.
    worker.addEventListener('error', (event) => reject(new Error(event.message || WORKER_FAILED)));
    worker.postMessage(req);
  }).finally(() => worker.terminate());
};
