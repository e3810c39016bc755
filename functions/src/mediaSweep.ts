import type { Firestore } from 'firebase-admin/firestore';
import { paths, type MediaDoc } from '../../src/backend/firebase/paths.ts';
import { orphanMediaFiles, type StoredMediaFile } from '../../src/domain/media/orphans.ts';

/** The Storage bucket as the sweep uses it (index.ts: the project's default bucket; tests: a list). */
export interface MediaBucket {
  /** Every file under `prefix` with when it was written. */
  list(prefix: string): Promise<StoredMediaFile[]>;
  remove(paths: readonly string[]): Promise<void>;
}

/**
 * Cloud Storage's side of the orphan rule (src/domain/media/orphans.ts): the files under
 * media/{graphId}/ (one tree's, or every tree's) that no record in graphs/{graphId}/media holds
 * any more, a day after they were last written, are deleted. Answers the paths deleted.
 */
export async function sweepMediaOrphans(db: Firestore, bucket: MediaBucket, now: Date, graphId?: string): Promise<string[]> {
  const files = await bucket.list(graphId ? `media/${graphId}/` : 'media/');
  if (!files.length) return [];
  const held = new Map<string, Set<string>>();
  for (const g of new Set(files.map((f) => f.path.split('/')[1]!))) {
    const { docs } = await db.collection(paths.media(g)).select('media.id').get();
    held.set(g, new Set(docs.map((d) => (d.data() as Pick<MediaDoc, 'media'>).media.id)));
  }
  const gone = orphanMediaFiles(files, (g) => held.get(g) ?? new Set(), now.getTime());
  if (gone.length) await bucket.remove(gone);
  return gone;
}
