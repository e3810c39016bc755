import { createHash } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isProfileId } from '../../src/domain/ids.ts';
import type { AvatarFormat, AvatarSize } from './avatarImages.ts';

/**
 * Avatar files on disk (§3 "stored avatars", §7 file storage): DATA_DIR/files/profiles/{id}/
 * avatar_320.{webp|jpg} and avatar_170.{webp|jpg}. Only ids of the domain's profile-id form reach
 * a path, so no id can climb out of the folder.
 */

export const FILES_DIR = 'files';
export const FORMATS: readonly AvatarFormat[] = ['webp', 'jpg'];
export const CONTENT_TYPES: Record<AvatarFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

export const avatarFileName = (size: AvatarSize, format: AvatarFormat) => `avatar_${size}.${format}`;

export function profileFilesDir(dataDir: string, profileId: string): string {
  if (!isProfileId(profileId)) throw new Error(`Not a profile id: ${JSON.stringify(profileId)}`);
  return join(dataDir, FILES_DIR, 'profiles', profileId);
}

/**
 * The public URL of one stored file. `v` is a hash of its bytes, so the URL changes whenever the
 * photo does and may be cached for a year.
 */
export function avatarUrl(profileId: string, size: AvatarSize, format: AvatarFormat, bytes: Buffer): string {
  const v = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return `/files/profiles/${encodeURIComponent(profileId)}/${avatarFileName(size, format)}?v=${v}`;
}

/**
 * Writes the new files (each to a temporary name first, so a reader never sees half a file), then
 * deletes the files of the other format (§7).
 */
export async function writeAvatarFiles(
  dataDir: string,
  profileId: string,
  format: AvatarFormat,
  files: readonly { size: AvatarSize; bytes: Buffer }[],
): Promise<void> {
  const dir = profileFilesDir(dataDir, profileId);
  await mkdir(dir, { recursive: true });
  for (const { size, bytes } of files) {
    const target = join(dir, avatarFileName(size, format));
    const temp = `${target}.${process.pid}.${Date.now().toString(36)}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, target);
  }
  const other = FORMATS.filter((f) => f !== format);
  await Promise.all(other.flatMap((f) => files.map(({ size }) => rm(join(dir, avatarFileName(size, f)), { force: true }))));
}
