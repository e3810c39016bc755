/**
 * Runs the automatic layout off the main thread (issue 9, item 3): the page stays responsive
 * while 100,000 people are laid out. One request per worker: `{ input }` in; progress messages,
 * then the result (or the error's text) out.
 */
import { layoutFamilies } from '../../../domain/layout/index.ts';
import type { LayoutRequest, LayoutReply } from './runLayout.ts';

const reply = (message: LayoutReply) => postMessage(message);

addEventListener('message', (event: MessageEvent<LayoutRequest>) => {
  try {
    const result = layoutFamilies(event.data.input, { onProgress: (fraction) => reply({ kind: 'progress', fraction }) });
    reply({ kind: 'done', result });
  } catch (e) {
    reply({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
});
