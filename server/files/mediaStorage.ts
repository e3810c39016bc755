import type { Database, Queryable } from '../db/database.ts';
import { mediaFolder, MEDIA_FILE_NAME } from '../../src/domain/media/model.ts';
import { orphanMediaFiles } from '../../src/domain/media/orphans.ts';
import type { Media } from '../../src/domain/media/types.ts';
import { contentHash } from './avatarStorage.ts';
import type { MediaFile } from './mediaFiles.ts';
import { readRemovedMedia } from '../graphs/historyStore.ts';

/**
 * The files of photos and documents in the database's `files` table (as avatars), keyed by
 * media/{graphId}/{mediaId}/{name}; their URLs carry the bytes' hash (`v`), so each is cached for
 * a year and a new file is a new URL.
 */

export const mediaFilePath = (graphId: string, mediaId: string, name: string) => `${mediaFolder(graphId, mediaId)}/${name}`;

export function mediaFileUrl(graphId: string, mediaId: string, name: string, hash: string): string {
  return `/files/media/${encodeURIComponent(graphId)}/${mediaId}/${name}?v=${hash}`;
}

/** Stores a record's files in one transaction; answers each file's URL, in order. */
export async function writeMediaFiles(db: Database, graphId: string, mediaId: string, files: readonly MediaFile[]): Promise<string[]> {
  const rows = files.map((f) => {
    if (!MEDIA_FILE_NAME.test(f.name)) throw new Error(`Not a media file name: ${f.name}`);
    return { ...f, hash: contentHash(f.bytes) };
  });
  await db.transaction(async (tx) => {
    for (const r of rows) {
      await tx.query(
        `INSERT INTO files (path, content_type, hash, bytes) VALUES ($1, $2, $3, $4)
         ON CONFLICT (path) DO UPDATE SET content_type = excluded.content_type, hash = excluded.hash, bytes = excluded.bytes, updated_at = now()`,
        [mediaFilePath(graphId, mediaId, r.name), r.contentType, r.hash, r.bytes],
      );
    }
  });
  return rows.map((r) => mediaFileUrl(graphId, mediaId, r.name, r.hash));
}

/** The tree's media records as stored (for the limits of an upload and the viewer's check). */
export async function readMediaRecords(q: Queryable, graphId: string): Promise<Record<string, Media>> {
  const rows = await q.query<{ id: string; data: Media | string }>('SELECT id, data FROM graph_media WHERE graph_id = $1', [graphId]);
  return Object.fromEntries(rows.map((r) => [r.id, typeof r.data === 'string' ? (JSON.parse(r.data) as Media) : r.data]));
}

export async function readMediaRecord(q: Queryable, graphId: string, mediaId: string): Promise<Media | null> {
  const rows = await q.query<{ data: Media | string }>('SELECT data FROM graph_media WHERE graph_id = $1 AND id = $2', [graphId, mediaId]);
  const d = rows[0]?.data;
  return d ? (typeof d === 'string' ? (JSON.parse(d) as Media) : d) : null;
}

/**
 * Deletes the files nothing can bring back (`orphanMediaFiles`: no record holds them and the
 * history cannot bring one back): of one tree (after an upload to it), or of every tree (the
 * server's sweep every 6 hours). Answers the paths deleted.
 */
export async function sweepMediaOrphans(db: Database, now: Date, graphId?: string): Promise<string[]> {
  const files = await db.query<{ path: string; updated_at: Date | string }>(
    `SELECT path, updated_at FROM files WHERE split_part(path, '/', 1) = 'media'${graphId ? ` AND split_part(path, '/', 2) = $1` : ''}`,
    graphId ? [graphId] : [],
  );
  if (!files.length) return [];
  const graphs = [...new Set(files.map((f) => f.path.split('/')[1]!))];
  const rows = await db.query<{ graph_id: string; id: string }>('SELECT graph_id, id FROM graph_media WHERE graph_id = ANY($1::text[])', [graphs]);
  const held = new Map<string, Set<string>>();
  for (const r of rows) (held.get(r.graph_id) ?? held.set(r.graph_id, new Set()).get(r.graph_id)!).add(r.id);
  const removed = await readRemovedMedia(db, graphs);
  const none = new Set<string>();
  const gone = orphanMediaFiles(
    files.map((f) => ({ path: f.path, updatedAt: new Date(f.updated_at).getTime() })),
    (g) => ({ held: held.get(g) ?? none, removed: removed.get(g) ?? none }),
    now.getTime(),
  );
  if (gone.length) await db.query('DELETE FROM files WHERE path = ANY($1::text[])', [gone]);
  return gone;
}
