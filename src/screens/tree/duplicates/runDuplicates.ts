import { dismissedPairs, duplicateProfile, findDuplicates, type DuplicatePair, type DuplicateProfile } from '../../../domain/duplicates/index.ts';
import type { Place } from '../../../domain/facts/types.ts';
import type { Graph } from '../../../domain/types.ts';

export interface DuplicatesRequest {
  profiles: Record<string, DuplicateProfile>;
  places: Readonly<Record<string, Place>>;
  dismissed: string[];
  among: string[] | null;
}

export type DuplicatesReply = { kind: 'done'; pairs: DuplicatePair[] } | { kind: 'failed'; message: string };

/**
 * The likely pairs of a tree (or among `among`, an import's people), leaving out those said not
 * to be duplicates, found in a Web Worker of its own: the worker gets only what the finder reads
 * of each person (`duplicateProfile`). Where there are no workers (unit tests) it runs in place.
 */
export function findDuplicatesOffThread(graph: Pick<Graph, 'profiles' | 'places' | 'notDuplicates'>, among: ReadonlySet<string> | null): Promise<DuplicatePair[]> {
  const dismissed = dismissedPairs(graph.notDuplicates);
  if (typeof Worker === 'undefined') {
    return Promise.resolve(findDuplicates(graph.profiles, graph.places ?? {}, { dismissed, ...(among ? { among } : {}) }));
  }
  const profiles: Record<string, DuplicateProfile> = {};
  for (const id in graph.profiles) profiles[id] = duplicateProfile(graph.profiles[id]!);
  const worker = new Worker(new URL('./duplicates.worker.ts', import.meta.url), { type: 'module', name: 'duplicates' });
  return new Promise<DuplicatePair[]>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<DuplicatesReply>) => {
      const reply = event.data;
      if (reply.kind === 'done') resolve(reply.pairs);
      else reject(new Error(reply.message));
    });
    worker.addEventListener('error', (event) => reject(new Error(event.message || 'The duplicates worker failed')));
    worker.postMessage({ profiles, places: graph.places ?? {}, dismissed: [...dismissed], among: among ? [...among] : null } satisfies DuplicatesRequest);
  }).finally(() => worker.terminate());
}
