import { isMediaId, MEDIA_FILE_NAME } from './model.ts';

/**
 * When the stored files of a photo or document go (docs/PRODUCT.md "Photos and documents"): a
 * media folder (media/{graphId}/{mediaId}/) whose id no record of its tree holds is an orphan —
 * its record was deleted (or its person deleted for good, which removes the records only they are
 * in), or its upload's save never came (a failed or abandoned upload). It is deleted once every
 * file in it is older than `MEDIA_ORPHAN_GRACE_MS`: until then the record may still come back
 * (Undo, a revert from the history the same day, a save still on its way), and an upload being
 * written is never cut in half. The same rule on both backends: the server's files table
 * (server/files/mediaStorage.ts) and Cloud Storage (functions/src/mediaSweep.ts).
 */
export const MEDIA_ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

export interface StoredMediaFile {
  /** media/{graphId}/{mediaId}/{name} */
  path: string;
  /** When it was written, in ms since the epoch. */
  updatedAt: number;
}

/** A stored file's tree and media id; null for a path that is not a media file. */
export function mediaPathParts(path: string): { graphId: string; mediaId: string } | null {
  const parts = path.split('/');
  if (parts.length !== 4 || parts[0] !== 'media' || !parts[1] || !isMediaId(parts[2]) || !MEDIA_FILE_NAME.test(parts[3]!)) return null;
  return { graphId: parts[1], mediaId: parts[2] };
}

/**
 * The paths to delete: every file of each orphan folder whose files are all older than the grace.
 * `recordIds(graphId)`: the media ids the tree's records hold (an empty set for a tree that is gone).
 */
export function orphanMediaFiles(files: readonly StoredMediaFile[], recordIds: (graphId: string) => ReadonlySet<string>, now: number): string[] {
  const folders = new Map<string, { graphId: string; mediaId: string; paths: string[]; newest: number }>();
  for (const f of files) {
    const at = mediaPathParts(f.path);
    if (!at) continue;
    const key = `${at.graphId}/${at.mediaId}`;
    const folder = folders.get(key);
    if (folder) {
      folder.paths.push(f.path);
      folder.newest = Math.max(folder.newest, f.updatedAt);
    } else folders.set(key, { ...at, paths: [f.path], newest: f.updatedAt });
  }
  const out: string[] = [];
  for (const folder of folders.values()) {
    if (now - folder.newest < MEDIA_ORPHAN_GRACE_MS) continue;
    if (recordIds(folder.graphId).has(folder.mediaId)) continue;
    out.push(...folder.paths);
  }
  return out;
}
