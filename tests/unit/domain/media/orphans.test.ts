import { describe, expect, it } from 'vitest';
import { emptyChangeSet } from '../../../../src/domain/changeSet.ts';
import { RESTORE_DAYS } from '../../../../src/domain/history/types.ts';
import {
  MEDIA_ORPHAN_GRACE_MS,
  mediaFolderGoes,
  mediaPathParts,
  mediaRemovedBy,
  orphanMediaFiles,
  NO_MEDIA_IDS,
  type StoredMediaFile,
  type TreeMediaIds,
} from '../../../../src/domain/media/orphans.ts';
import type { Media } from '../../../../src/domain/media/types.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const old = NOW - MEDIA_ORPHAN_GRACE_MS - 1;
const fresh = NOW - MEDIA_ORPHAN_GRACE_MS + 60_000;
const photo = (g: string, m: string, at: number): StoredMediaFile[] =>
  ['original.jpg', 'thumb_320.webp', 'thumb_170.webp'].map((name) => ({ path: `media/${g}/${m}/${name}`, updatedAt: at }));
const tree = (held: string[], removed: string[] = []): TreeMediaIds => ({ held: new Set(held), removed: new Set(removed) });

describe('mediaFolderGoes: the rule, one folder', () => {
  // Files are written by the upload, before the save: a folder's newest file is at most as new
  // as its record's removal.
  it.each<[string, number, TreeMediaIds, boolean]>([
    ['never saved, uploaded an hour ago: stays (a save may be on its way)', NOW - 60 * 60 * 1000, NO_MEDIA_IDS, false],
    ['never saved, uploaded a day ago: goes', old, NO_MEDIA_IDS, true],
    ['never saved, uploaded 91 days ago: goes', NOW - 91 * DAY, NO_MEDIA_IDS, true],
    ['saved and held by a record: stays', NOW - 400 * DAY, tree(['m1']), false],
    ['saved, removed 1 day ago: stays (Undo, revert, Recently deleted)', NOW - 2 * DAY, tree([], ['m1']), false],
    [`saved, removed 89 days ago: stays (Recently deleted keeps ${RESTORE_DAYS} days)`, NOW - 90 * DAY, tree([], ['m1']), false],
    [`saved, removed 91 days ago: stays (past Recently deleted, a revert still brings it back)`, NOW - (RESTORE_DAYS + 2) * DAY, tree([], ['m1']), false],
    ['saved, removed, re-added by a revert: stays', NOW - 10 * DAY, tree(['m1'], ['m1']), false],
    ['another media id removed, this one never saved: goes', old, tree(['m2'], ['m3']), true],
  ])('%s', (_, newest, ids, goes) => {
    expect(mediaFolderGoes('m1', newest, ids, NOW)).toBe(goes);
  });
});

describe('orphanMediaFiles: which stored files of photos and documents go', () => {
  const trees: Record<string, TreeMediaIds> = { g1: tree(['mkept'], ['mgone']), g2: NO_MEDIA_IDS };
  const ids = (g: string) => trees[g] ?? NO_MEDIA_IDS;
  it.each<[string, StoredMediaFile[], string[]]>([
    ['a record’s files stay', photo('g1', 'mkept', old), []],
    ['a removed record’s files stay past the grace (the history can bring it back)', photo('g1', 'mgone', old), []],
    ['an upload whose save never came, past the grace, goes (all its files)', photo('g1', 'mlost', old), photo('g1', 'mlost', old).map((f) => f.path)],
    ['an upload whose save never came, within the grace, stays', photo('g1', 'mlost', fresh), []],
    ['a lost document, past the grace, goes', [{ path: 'media/g2/mlost/original.pdf', updatedAt: old }], ['media/g2/mlost/original.pdf']],
    ['a folder being written (one file new) stays whole', [...photo('g1', 'mhalf', old).slice(0, 2), { path: 'media/g1/mhalf/thumb_170.webp', updatedAt: fresh }], []],
    ['the same media id in another tree is that tree’s', photo('g2', 'mkept', old), photo('g2', 'mkept', old).map((f) => f.path)],
    ['a tree that is gone (its history with it): all its files go', photo('gone', 'mx', old), photo('gone', 'mx', old).map((f) => f.path)],
    ['what is not a media file is never touched', [{ path: 'profiles/u1/avatar_320.webp', updatedAt: old }, { path: 'media/g1/mlost/../../x', updatedAt: old }, { path: 'media/g1/mlost/notes.txt', updatedAt: old }], []],
  ])('%s', (_, files, want) => {
    expect(orphanMediaFiles(files, ids, NOW).sort()).toEqual([...want].sort());
  });

  it('reads a media path, and nothing else', () => {
    expect(mediaPathParts('media/g1/mabc/original.png')).toEqual({ graphId: 'g1', mediaId: 'mabc' });
    expect(mediaPathParts('media/g1/abc/original.png')).toBeNull();
    expect(mediaPathParts('media/g1/mabc/sub/original.png')).toBeNull();
  });
});

describe('mediaRemovedBy: what a history entry can bring back', () => {
  const rec = (id: string): Media => ({ id, kind: 'photo', title: '', date: '', description: '', people: ['p1'], couples: [], url: `/files/media/g/${id}/original.jpg`, thumb: '', thumbSmall: '', contentType: 'image/jpeg', bytes: 10 });
  const removing = (...ids: string[]) => ({ ...emptyChangeSet(0), media: { upsert: [], remove: ids } });
  it.each<[string, Parameters<typeof mediaRemovedBy>, string[]]>([
    ['a change that removes no media (nearly every save)', [emptyChangeSet(0), {}], []],
    ['a removed record that was there', [removing('m1'), { media: { m1: rec('m1') } }], ['m1']],
    ['a removal of a record that was not there (nothing to bring back)', [removing('m2'), { media: { m2: null } }], []],
    ['a change kept by reference (an import, not revertible)', [null, null], []],
    ['only removals count, not edits', [{ ...emptyChangeSet(0), media: { upsert: [rec('m3')], remove: ['m1'] } }, { media: { m1: rec('m1'), m3: rec('m3') } }], ['m1']],
  ])('%s', (_, args, want) => {
    expect(mediaRemovedBy(...args)).toEqual(want);
  });
});
