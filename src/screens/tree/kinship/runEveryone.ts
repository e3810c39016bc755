import { relationWord, type Relations } from '../../../domain/kinship/everyone.ts';
import { buildKinGraph, genderOfSex, kinGraphBuffers, type KinLinks, type KinProfiles } from '../../../domain/kinship/kinGraph.ts';

export interface EveryoneRequest {
  links: KinLinks;
  /** The index of the person everyone is named against. */
  me: number;
}

export type EveryoneReply = { kind: 'done'; relations: Relations } | { kind: 'failed'; message: string };

/** What everyone is to one person, by profile id: '' for no relation (and for them). */
export interface EveryoneAnswer {
  wordOf(profileId: string): string;
}

/**
 * What everyone of `profiles` is to `me` ("mother", "second cousin once removed"), worked out in a
 * Web Worker of its own, ended when it answers. The main thread lays the links out as typed
 * arrays, which go to the worker and come back as the relations without a copy; a word is made
 * when it is asked for (the cards drawn, the search results shown).
 */
export function runEveryone(profiles: KinProfiles, me: string): Promise<EveryoneAnswer> {
  const { ids: _ids, at, ...links } = buildKinGraph(profiles);
  // The worker takes the arrays; the words are made here from the sexes.
  const sex = links.sex.slice();
  const mine = at.get(me);
  if (mine === undefined) return Promise.resolve({ wordOf: () => '' });
  const worker = new Worker(new URL('./everyone.worker.ts', import.meta.url), { type: 'module', name: 'kinship' });
  return new Promise<EveryoneAnswer>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<EveryoneReply>) => {
      const reply = event.data;
      if (reply.kind === 'failed') return reject(new Error(reply.message));
      const words = new Map<number, string>();
      resolve({
        wordOf(profileId) {
          const i = at.get(profileId);
          if (i === undefined) return '';
          let w = words.get(i);
          if (w === undefined) words.set(i, (w = relationWord(reply.relations, i, genderOfSex(sex[i]!))));
          return w;
        },
      });
    });
    worker.addEventListener('error', (event) => reject(new Error(event.message || 'The kinship worker failed')));
    worker.postMessage({ links, me: mine } satisfies EveryoneRequest, kinGraphBuffers(links));
  }).finally(() => worker.terminate());
}
