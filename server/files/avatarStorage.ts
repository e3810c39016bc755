import { createHash } from 'node:crypto';
import { readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { isProfileId } from '../../src/domain/ids.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { AvatarFormat, AvatarSize } from './avatarImages.ts';

/**
 * Avatar files (§3 "stored avatars", §7 file storage) in the database's `files` table, keyed by
 * the §7 path profiles/{id}/avatar_320.{webp|jpg} and avatar_170.{webp|jpg}, so every app process
 * on one PostgreSQL serves every file. Only ids of the domain's profile-id form make a path.
 */

export const FORMATS: readonly AvatarFormat[] = ['webp', 'jpg'];
export const CONTENT_TYPES: Record<AvatarFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg' };
/** The names a profile's folder may hold; nothing else is stored or served. */
export const AVATAR_FILE_NAME = /^avatar_(320|170)\.(webp|jpg)$/;

export const avatarFileName = (size: AvatarSize, format: AvatarFormat) => `avatar_${size}.${format}`;

export function avatarPath(profileId: string, name: string): string {
  if (!isProfileId(profileId)) throw new Error(`Not a profile id: ${JSON.stringify(profileId)}`);
  return `profiles/${profileId}/${name}`;
}

/** A hash of a file's bytes: the `v` of its URL, so a new photo is a new URL, cached for a year. */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

/** The public URL of a stored file: GET /files/{§7 path}?v={hash}. */
export function avatarUrl(profileId: string, name: string, hash: string): string {
  return `/files/profiles/${encodeURIComponent(profileId)}/${name}?v=${hash}`;
}

export interface AvatarFile {
  size: AvatarSize;
  bytes: Buffer;
}

/**
 * Stores a profile's new files and deletes those of the other format (§7), in one transaction so
 * a reader sees the old photo or the new one, never half of each. Answers each file's URL.
 */
export async function writeAvatarFiles(db: Database, profileId: string, format: AvatarFormat, files: readonly AvatarFile[]): Promise<string[]> {
  const stale = FORMATS.filter((f) => f !== format).flatMap((f) => files.map(({ size }) => avatarPath(profileId, avatarFileName(size, f))));
  const rows = files.map(({ size, bytes }) => ({ name: avatarFileName(size, format), bytes, hash: contentHash(bytes) }));
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM files WHERE path = ANY($1::text[])', [stale]);
    for (const row of rows) await putFile(tx, avatarPath(profileId, row.name), CONTENT_TYPES[format], row.hash, row.bytes);
  });
  return rows.map((row) => avatarUrl(profileId, row.name, row.hash));
}

async function putFile(q: Queryable, path: string, contentType: string, hash: string, bytes: Uint8Array, replace = true): Promise<void> {
  await q.query(
    `INSERT INTO files (path, content_type, hash, bytes) VALUES ($1, $2, $3, $4)
     ON CONFLICT (path) DO ${replace ? 'UPDATE SET content_type = excluded.content_type, hash = excluded.hash, bytes = excluded.bytes, updated_at = now()' : 'NOTHING'}`,
    [path, contentType, hash, bytes],
  );
}

export interface StoredFile {
  contentType: string;
  hash: string;
  bytes: Buffer;
  updatedAt: Date;
}

export async function readStoredFile(db: Queryable, path: string): Promise<StoredFile | null> {
  const rows = await db.query<{ content_type: string; hash: string; bytes: Uint8Array; updated_at: Date | string }>(
    'SELECT content_type, hash, bytes, updated_at FROM files WHERE path = $1',
    [path],
  );
  const row = rows[0];
  if (!row) return null;
  // pg answers a Buffer, PGlite a Uint8Array: the same bytes either way.
  const bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
  return { contentType: row.content_type, hash: row.hash, bytes, updatedAt: new Date(row.updated_at) };
}

/** Where versions before the files table kept avatars: DATA_DIR/files/profiles/{id}/. */
export const LEGACY_FILES_DIR = 'files';
export const IMPORTED_FILES_DIR = 'files-imported';

/**
 * Moves avatars an older version wrote to disk into the files table (a file already in the table
 * wins), then renames the folder so the next start does not read it again. Their URLs stay valid:
 * the path and the content hash are the same. Answers how many files were imported.
 */
export async function importLegacyAvatarFiles(db: Database, dataDir: string): Promise<number> {
  const root = join(dataDir, LEGACY_FILES_DIR);
  let imported = 0;
  try {
    const profileDirs = await readdir(join(root, 'profiles'));
    for (const profileId of profileDirs.filter(isProfileId)) {
      const names = (await readdir(join(root, 'profiles', profileId))).filter((n) => AVATAR_FILE_NAME.test(n));
      for (const name of names) {
        const bytes = await readFile(join(root, 'profiles', profileId, name));
        const format = AVATAR_FILE_NAME.exec(name)![2] as AvatarFormat;
        await putFile(db, avatarPath(profileId, name), CONTENT_TYPES[format], contentHash(bytes), bytes, false);
        imported += 1;
      }
    }
    await rename(root, join(dataDir, IMPORTED_FILES_DIR));
  } catch (e) {
    // No folder (the usual case), or another process sharing DATA_DIR has just moved it.
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  return imported;
}
