/**
 * "My relationship to everyone" off the main thread (issue 24): the tree's links as typed arrays
 * in, every person's relation as typed arrays out, both transferred (nothing copied either way).
 */
import { relationsBuffers, relationsToEveryone } from '../../../domain/kinship/everyone.ts';
import type { EveryoneReply, EveryoneRequest } from './runEveryone.ts';

addEventListener('message', (event: MessageEvent<EveryoneRequest>) => {
  try {
    const { links, me } = event.data;
    const relations = relationsToEveryone(links, me);
    postMessage({ kind: 'done', relations } satisfies EveryoneReply, { transfer: relationsBuffers(relations) });
  } catch (e) {
    postMessage({ kind: 'failed', message: e instanceof Error ? e.message : String(e) } satisfies EveryoneReply);
  }
});
