import type { LayoutInput, LayoutResult } from '../../../domain/layout/types.ts';

export interface LayoutRequest {
  input: LayoutInput;
}

export type LayoutReply = { kind: 'progress'; fraction: number } | { kind: 'done'; result: LayoutResult } | { kind: 'failed'; message: string };

/** Lays out a family somewhere (a worker in the app, in place in tests), telling its progress. */
export type LayoutRunner = (input: LayoutInput, onProgress?: (fraction: number) => void) => Promise<LayoutResult>;

/**
 * `layoutFamilies` in a Web Worker of its own, ended when it answers: the tree keeps drawing and
 * taking input while a big family is laid out.
 */
export const runLayout: LayoutRunner = (input, onProgress) => {
  const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'layout' });
  return new Promise<LayoutResult>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<LayoutReply>) => {
      const reply = event.data;
      if (reply.kind === 'progress') onProgress?.(reply.fraction);
      else if (reply.kind === 'done') resolve(reply.result);
      else reject(new Error(reply.message));
    });
    worker.addEventListener('error', (event) => reject(new Error(event.message || 'The layout worker failed')));
    worker.postMessage({ input } satisfies LayoutRequest);
  }).finally(() => worker.terminate());
};
