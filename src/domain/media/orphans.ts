import type { ChangeBefore } from '../history/types.ts';
import type { ChangeSet } from '../changeSet.ts';
import { isMediaId, MEDIA_FILE_NAME } from './model.ts';

/**
 * When the stored files of a photo or document go (docs/PRODUCT.md "Photos and documents"): only
 * once nothing the app offers can bring their record back. A media folder (media/{graphId}/{mediaId}/)
 * is kept while
 * * a record of its tree holds its id, or
 * * the tree's history can bring the record back: a saved change took the record out (its
 *   deletion, its person's deletion, a merge, a revert, an Undo after the save), and that change's
 *   before-values hold it. Any such change can be reverted, and "Revert this and all later" has no
 *   conflicts, so the record can always come back, and with no limit in time: a revert is not
 *   bounded by the Recently-deleted window (`RESTORE_DAYS` bounds only "Restore", and a restore
 *   brings the person's photos back too, `personBefore`). A window would leave a revert of a
 *   91-day-old deletion bringing back a record whose files are gone, so there is none: the files
 *   of a record once saved stay as long as the tree's history (for good; they go with the tree).
 *   They do not count against the tree's limit (`treeMediaBytes` counts records).
 * The rest is an upload whose save never came (a failed save, a closed tab; never in any record,
 * so no change removed it): its folder goes once every file in it is older than
 * `MEDIA_ORPHAN_GRACE_MS`, which also keeps a save still on its way and an upload being written
 * whole. The same rule on both backends: the server's files table (server/files/mediaStorage.ts,
 * the removals in `graph_media_removed`) and Cloud Storage (functions/src/mediaSweep.ts, in
 * `graphs/{g}/removedMedia`); both write the removals with the history entry (`mediaRemovedBy`).
 */
export const MEDIA_ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

export interface StoredMediaFile {
  /** media/{graphId}/{mediaId}/{name} */
  path: string;
  /** When it was written, in ms since the epoch. */
  updatedAt: number;
}

/** What a tree's records and history say of its media ids (empty sets for a tree that is gone). */
export interface TreeMediaIds {
  /** The media ids the tree's records hold now. */
  held: ReadonlySet<string>;
  /** The media ids a saved change took out of the tree's records, which its history can bring back. */
  removed: ReadonlySet<string>;
}

export const NO_MEDIA_IDS: TreeMediaIds = { held: new Set(), removed: new Set() };

/** A stored file's tree and media id; null for a path that is not a media file. */
export function mediaPathParts(path: string): { graphId: string; mediaId: string } | null {
  const parts = path.split('/');
  if (parts.length !== 4 || parts[0] !== 'media' || !parts[1] || !isMediaId(parts[2]) || !MEDIA_FILE_NAME.test(parts[3]!)) return null;
  return { graphId: parts[1], mediaId: parts[2] };
}

/** Whether a media folder goes: its files all past the grace, and nothing can bring its record back. */
export function mediaFolderGoes(mediaId: string, newestFileAt: number, tree: TreeMediaIds, now: number): boolean {
  if (now - newestFileAt < MEDIA_ORPHAN_GRACE_MS) return false;
  return !tree.held.has(mediaId) && !tree.removed.has(mediaId);
}

/** The paths to delete: every file of each folder that goes (`mediaFolderGoes`). */
export function orphanMediaFiles(files: readonly StoredMediaFile[], treeIds: (graphId: string) => TreeMediaIds, now: number): string[] {
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
  for (const folder of folders.values()) if (mediaFolderGoes(folder.mediaId, folder.newest, treeIds(folder.graphId), now)) out.push(...folder.paths);
  return out;
}

/**
 * The media records a saved change took out of the tree that its history entry can bring back:
 * removed by the change and there before it. Empty for a change kept by reference (an import:
 * it cannot be reverted) and, at no cost, for every change that removes no media (nearly all).
 */
export function mediaRemovedBy(changes: ChangeSet | null, before: ChangeBefore | null): string[] {
  const removed = changes?.media?.remove;
  if (!removed?.length || !before) return [];
  return removed.filter((id) => !!before.media?.[id]);
}
