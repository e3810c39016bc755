/**
 * Looks for likely duplicates off the main thread (issue 24, item 5): a 100,000-person tree takes
 * seconds, and the tree keeps drawing and taking input meanwhile. One request per worker.
 */
import { findDuplicates } from '../../../domain/duplicates/index.ts';
import type { DuplicatesReply, DuplicatesRequest } from './runDuplicates.ts';

const reply = (message: DuplicatesReply) => postMessage(message);

addEventListener('message', (event: MessageEvent<DuplicatesRequest>) => {
  const { profiles, places, dismissed, among } = event.data;
  try {
    reply({ kind: 'done', pairs: findDuplicates(profiles, places, { dismissed: new Set(dismissed), ...(among ? { among: new Set(among) } : {}) }) });
  } catch (e) {
    reply({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
});
