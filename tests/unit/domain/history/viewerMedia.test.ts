import { describe, expect, it } from 'vitest';
import { emptyChangeSet, type ChangeSet } from '../../../../src/domain/changeSet.ts';
import { historyEntry } from '../../../../src/domain/history/entry.ts';
import type { ChangeBefore } from '../../../../src/domain/history/types.ts';
import { historyForViewer } from '../../../../src/domain/history/viewer.ts';
import type { Media } from '../../../../src/domain/media/types.ts';

/**
 * A viewer reads in the history no photo or document of someone they do not see whole, as the
 * tree keeps it from them (`viewerSeesMedia`): now that the history keeps a removed record's
 * values (so a revert brings it back with its files), its before-values too.
 */

const photo = (id: string, people: string[]): Media => ({
  id, kind: 'photo', title: `Title of ${id}`, date: '', description: 'Private words', people, couples: [], url: `/files/media/g/${id}/original.jpg`, thumb: '', thumbSmall: '', contentType: 'image/jpeg', bytes: 10,
});
let rev = 0;
const entryOf = (changes: ChangeSet, before: ChangeBefore) => historyEntry({ revision: ++rev, changes, actorUid: 'ed' }, before, '2026-05-08T08:00:00.000Z');
const media = (upsert: Media[], remove: string[] = []): ChangeSet => ({ ...emptyChangeSet(0), media: { upsert, remove } });
const hidden = new Set(['pr:living']);

describe("a viewer's history of photos and documents", () => {
  it('a deleted photo of a hidden person: the change is not shown at all (it names no one else)', () => {
    const e = entryOf(media([], ['mliving']), { media: { mliving: photo('mliving', ['pr:living']) } });
    expect(historyForViewer([e], hidden)).toEqual([]);
  });

  it('a new photo of a hidden person, beside one the viewer sees: only the one they see', () => {
    const e = entryOf(media([photo('mliving', ['pr:living', 'pr:old']), photo('mold', ['pr:old'])]), { media: { mliving: null, mold: null } });
    const [shown] = historyForViewer([e], hidden);
    expect(shown!.changes!.media).toEqual({ upsert: [photo('mold', ['pr:old'])], remove: [] });
    expect(shown!.before!.media).toEqual({ mold: null });
  });

  it('a group photo the hidden person was taken out of: hidden too (its value before named them)', () => {
    const e = entryOf(media([photo('mgroup', ['pr:old'])]), { media: { mgroup: photo('mgroup', ['pr:living', 'pr:old']) } });
    expect(historyForViewer([e], hidden)).toEqual([]);
  });

  it('photos of people the viewer sees are shown whole; nothing is hidden from an editor', () => {
    const e = entryOf(media([], ['mold']), { media: { mold: photo('mold', ['pr:old']) } });
    expect(historyForViewer([e], hidden)).toEqual([e]);
    const theirs = entryOf(media([], ['mliving']), { media: { mliving: photo('mliving', ['pr:living']) } });
    expect(historyForViewer([theirs], new Set())).toEqual([theirs]);
  });
});
