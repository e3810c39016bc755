import { describe, expect, it } from 'vitest';
import { MEDIA_ORPHAN_GRACE_MS, mediaPathParts, orphanMediaFiles, type StoredMediaFile } from '../../../../src/domain/media/orphans.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const old = NOW - MEDIA_ORPHAN_GRACE_MS - 1;
const fresh = NOW - MEDIA_ORPHAN_GRACE_MS + 60_000;
const photo = (g: string, m: string, at: number): StoredMediaFile[] =>
  ['original.jpg', 'thumb_320.webp', 'thumb_170.webp'].map((name) => ({ path: `media/${g}/${m}/${name}`, updatedAt: at }));

describe('orphanMediaFiles: which stored files of photos and documents go', () => {
  const records: Record<string, Set<string>> = { g1: new Set(['mkept']), g2: new Set() };
  const ids = (g: string) => records[g] ?? new Set<string>();
  it.each<[string, StoredMediaFile[], string[]]>([
    ['a record’s files stay', photo('g1', 'mkept', old), []],
    ['a deleted record’s files, past the grace, go (all three)', photo('g1', 'mgone', old), photo('g1', 'mgone', old).map((f) => f.path)],
    ['a deleted record’s files within the grace stay (Undo, a revert the same day)', photo('g1', 'mgone', fresh), []],
    ['an upload whose save never came, past the grace, goes', [{ path: 'media/g2/mlost/original.pdf', updatedAt: old }], ['media/g2/mlost/original.pdf']],
    ['a folder being written (one file new) stays whole', [...photo('g1', 'mhalf', old).slice(0, 2), { path: 'media/g1/mhalf/thumb_170.webp', updatedAt: fresh }], []],
    ['the same media id in another tree is that tree’s', photo('g2', 'mkept', old), photo('g2', 'mkept', old).map((f) => f.path)],
    ['a tree that is gone: all its files go', photo('gone', 'mx', old), photo('gone', 'mx', old).map((f) => f.path)],
    ['what is not a media file is never touched', [{ path: 'profiles/u1/avatar_320.webp', updatedAt: old }, { path: 'media/g1/mgone/../../x', updatedAt: old }, { path: 'media/g1/mgone/notes.txt', updatedAt: old }], []],
  ])('%s', (_, files, want) => {
    expect(orphanMediaFiles(files, ids, NOW).sort()).toEqual([...want].sort());
  });

  it('reads a media path, and nothing else', () => {
    expect(mediaPathParts('media/g1/mabc/original.png')).toEqual({ graphId: 'g1', mediaId: 'mabc' });
    expect(mediaPathParts('media/g1/abc/original.png')).toBeNull();
    expect(mediaPathParts('media/g1/mabc/sub/original.png')).toBeNull();
  });
});
