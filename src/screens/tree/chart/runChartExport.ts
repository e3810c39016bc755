import type { ChartExportRequest, ChartExportResult } from '../../../../engine/export/exportChart.ts';
import type { ChartWorkerReply } from './chartWorker.ts';

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
    worker.addEventListener('error', (event) => reject(new Error(event.message || 'The export worker failed')));
    worker.postMessage(req);
  }).finally(() => worker.terminate());
};
