import type { Firestore } from 'firebase-admin/firestore';
import { paths, type MediaDoc } from '../../src/backend/firebase/paths.ts';
import { NO_MEDIA_IDS, orphanMediaFiles, type StoredMediaFile, type TreeMediaIds } from '../../src/domain/media/orphans.ts';

/** The Storage bucket as the sweep uses it (index.ts: the project's default bucket; tests: a list). */
export interface MediaBucket {
  /** Every file under `prefix` with when it was written. */
  list(prefix: string): Promise<StoredMediaFile[]>;
  remove(paths: readonly string[]): Promise<void>;
}

/**
 * Cloud Storage's side of the orphan rule (src/domain/media/orphans.ts): the files under
 * media/{graphId}/ (one tree's, or every tree's) that no record in graphs/{graphId}/media holds
 * and the history cannot bring back (graphs/{graphId}/removedMedia, written with the history
 * entry), a day after they were last written, are deleted. Answers the paths deleted.
 */
export async function sweepMediaOrphans(db: Firestore, bucket: MediaBucket, now: Date, graphId?: string): Promise<string[]> {
  const files = await bucket.list(graphId ? `media/${graphId}/` : 'media/');
  if (!files.length) return [];
  const trees = new Map<string, TreeMediaIds>();
  for (const g of new Set(files.map((f) => f.path.split('/')[1]!))) {
    // The records first, then the removals: a save removing a record in between writes both at once.
    const { docs } = await db.collection(paths.media(g)).select('media.id').get();
    const held = new Set(docs.map((d) => (d.data() as Pick<MediaDoc, 'media'>).media.id));
    const removed = await db.collection(paths.removedMedia(g)).select().get();
    trees.set(g, { held, removed: new Set(removed.docs.map((d) => d.id)) });
  }
  const gone = orphanMediaFiles(files, (g) => trees.get(g) ?? NO_MEDIA_IDS, now.getTime());
  if (gone.length) await bucket.remove(gone);
  return gone;
}
