import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyGraph } from '../../bench/scene/familyGraph.ts';
import { paths, type ProfileDoc, type UserDoc } from '../../src/backend/firebase/paths.ts';
import { diffGraphs, emptyChangeSet, type ChangeSet } from '../../src/domain/changeSet.ts';
import { restoreDeleted, type HistoryDeps } from '../../src/domain/history/service.ts';
import { deletePerson } from '../../src/domain/relationships.ts';
import { firestoreHistoryLog } from '../../functions/src/store/historyDocs.ts';
import { newOwnProfile } from '../../src/domain/invitations.ts';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '../../src/domain/media/limits.ts';
import { MEDIA_ORPHAN_GRACE_MS, type StoredMediaFile } from '../../src/domain/media/orphans.ts';
import type { Media } from '../../src/domain/media/types.ts';
import { saveChangeSet } from '../../src/domain/save/saveChangeSet.ts';
import { sweepMediaOrphans, type MediaBucket } from '../../functions/src/mediaSweep.ts';
import { readWholeGraph } from '../../functions/src/snapshots/build.ts';
import { asChangeSet } from '../contract/graphStore.contract.ts';
import { failsNotRun, firestoreMissing, openTestbed, type Testbed } from './firestoreTestbed.ts';

/**
 * Issue 23 on the Cloud Functions' Firestore side (the emulator's jar): the per-person limit of
 * photos and documents held where the record is written, a person's own note and citations stored
 * and read back, and the sweep of orphan files over a list of Storage paths (the Storage emulator
 * cannot run here, so the bucket is a list; the records are Firestore's).
 */

const missing = await firestoreMissing();
if (missing) failsNotRun('photos, documents and a person’s evidence on Firestore (tests/firebase/media-evidence.test.ts)', missing);

let bed: Testbed;
const NOW = new Date('2026-03-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const save = { now: NOW, publish: () => undefined };
let seq = 0;
const uid = () => `u${process.pid}x${Date.now().toString(36)}x${seq++}`;

async function tree() {
  const owner = uid();
  await bed.deps.auth.createUser({ uid: owner, email: `${owner}@example.com` });
  await bed.db.doc(paths.user(owner)).set({ graphIds: [], joinedGraphId: null } satisfies UserDoc);
  await bed.deps.store.transaction((tx) => tx.writeProfiles([newOwnProfile({ uid: owner, firstName: 'Ann', lastName: 'Test', email: `${owner}@example.com`, gender: 'F', now: NOW.toISOString() })]));
  const family = familyGraph(4, owner, 'rows', 7, NOW.toISOString(), `${owner}-`);
  await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: asChangeSet(family, owner), clientId: 'seed' }, save);
  const other = Object.keys(family.profiles).find((id) => id !== owner)!;
  return { owner, other };
}

const ref = (id: string, people: string[]): Media => ({ id, kind: 'photo', title: id, date: '', description: '', people, couples: [], url: `photos/${id}.jpg`, thumb: '', thumbSmall: '', contentType: '', bytes: 0 });

function mediaChange(upsert: Media[], remove: string[] = []): ChangeSet {
  return { ...emptyChangeSet(0), media: { upsert, remove } };
}

describe.skipIf(!!missing)('photos, documents and a person’s evidence on Firestore (emulator)', () => {
  beforeAll(async () => {
    bed = await openTestbed();
  });
  afterAll(() => bed?.close());

  it(`refuses a record taking someone past ${MEDIA_LIMITS.perPerson} photos and documents with resource-exhausted; a swap goes through`, async () => {
    const { owner, other } = await tree();
    const full = Array.from({ length: MEDIA_LIMITS.perPerson }, (_, i) => ref(`mref${i}`, [other]));
    await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: mediaChange(full), clientId: 't' }, save);
    await expect(saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: mediaChange([ref('mmore', [owner, other])]), clientId: 't' }, save)).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: MEDIA_MESSAGES.tooManyForPerson,
    });
    await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: mediaChange([ref('mmore', [owner, other])], ['mref0']), clientId: 't' }, save);
    const whole = (await readWholeGraph(bed.db, owner))!.graph;
    expect(Object.keys(whole.media ?? {})).toHaveLength(MEDIA_LIMITS.perPerson + 0);
    expect(whole.media!.mmore!.people).toEqual([owner, other]);
  });

  it('keeps a person’s own note and citations, per item, and reads them back whole', async () => {
    const { owner, other } = await tree();
    const citation = { id: 'ci0000000001', sourceId: 'sr0000000001', page: 'folio 3', date: '', quality: 3 as const, text: 'Ann' };
    const cs: ChangeSet = {
      ...emptyChangeSet(0),
      sources: { upsert: [{ id: 'sr0000000001', title: 'Register', author: '', publication: '', repository: '', url: '', note: '' }], remove: [] },
      profiles: { upsert: [{ id: other, set: { note: '<p>Kept a <b>diary</b></p>' }, citations: { upsert: [citation], remove: [] } }], remove: [] },
    };
    await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: cs, clientId: 't' }, save);
    const second = { ...citation, id: 'ci0000000002', page: 'folio 4' };
    await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: { ...emptyChangeSet(0), profiles: { upsert: [{ id: other, citations: { upsert: [second], remove: [] } }], remove: [] } }, clientId: 't' }, save);
    const stored = ((await bed.db.doc(paths.profile(other)).get()).data() as ProfileDoc).profile;
    expect(stored.note).toBe('<p>Kept a <b>diary</b></p>');
    expect(stored.citations).toEqual([citation, second]);
    expect((await readWholeGraph(bed.db, owner))!.graph.profiles[other]!.citations).toEqual([citation, second]);
  });

  it('sweeps the files of lost uploads a day later; a record’s files, a deleted record’s (the history can bring it back) and fresh ones stay', async () => {
    const { owner, other } = await tree();
    await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: mediaChange([ref('mkept', [other]), ref('mgone', [other])]), clientId: 't' }, save);
    await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: mediaChange([], ['mgone']), clientId: 't' }, save);
    const old = NOW.getTime() - MEDIA_ORPHAN_GRACE_MS - 1000;
    const files = (m: string, at: number, g = owner): StoredMediaFile[] => ['original.jpg', 'thumb_320.webp', 'thumb_170.webp'].map((f) => ({ path: `media/${g}/${m}/${f}`, updatedAt: at }));
    let stored = [...files('mkept', old), ...files('mgone', old), ...files('mlost', old), ...files('mnew', NOW.getTime() - 1000), { path: `profiles/${owner}/avatar_320.webp`, updatedAt: old }];
    const listed: string[] = [];
    const bucket: MediaBucket = {
      async list(prefix) {
        listed.push(prefix);
        return stored.filter((f) => f.path.startsWith(prefix));
      },
      async remove(gone) {
        stored = stored.filter((f) => !gone.includes(f.path));
      },
    };
    const gone = await sweepMediaOrphans(bed.db, bucket, NOW, owner);
    expect(listed).toEqual([`media/${owner}/`]);
    expect(gone.sort()).toEqual(files('mlost', old).map((f) => f.path).sort());
    expect(stored.map((f) => f.path).sort()).toEqual([...files('mkept', old), ...files('mgone', old), ...files('mnew', 0), { path: `profiles/${owner}/avatar_320.webp` }].map((f) => f.path).sort());
    expect((await bed.db.doc(paths.removedMediaItem(owner, 'mgone')).get()).data()).toMatchObject({ removedAt: NOW.toISOString() });
    // Every tree's sweep: a tree that is gone loses its files, this one nothing more.
    stored.push(...files('mx', old, 'gonetree'));
    expect((await sweepMediaOrphans(bed.db, bucket, NOW)).sort()).toEqual(files('mx', old, 'gonetree').map((f) => f.path).sort());
  });

  it('a person deleted with their photo, swept 2 days later, restored from Recently deleted: the photo’s record is back and its files are still in Storage', async () => {
    const { owner, other } = await tree();
    const photo = { ...ref('mphoto', [other]), url: `https://storage.example/media/${owner}/mphoto/original.jpg`, contentType: 'image/jpeg', bytes: 1000 };
    await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: mediaChange([photo]), clientId: 't' }, save);
    const whole = (await readWholeGraph(bed.db, owner))!.graph;
    const node = whole.nodes.find((n) => n.data.profileId === other)!;
    const removed = deletePerson(whole, node.id);
    if (!removed.ok) throw new Error(removed.message);
    const deletion = await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: diffGraphs(whole, removed.graph), clientId: 't' }, save);

    const later = new Date(NOW.getTime() + 2 * DAY);
    let stored: StoredMediaFile[] = ['original.jpg', 'thumb_320.webp', 'thumb_170.webp'].map((f) => ({ path: `media/${owner}/mphoto/${f}`, updatedAt: NOW.getTime() - 1000 }));
    const bucket: MediaBucket = {
      list: async (prefix) => stored.filter((f) => f.path.startsWith(prefix)),
      remove: async (gone) => void (stored = stored.filter((f) => !gone.includes(f.path))),
    };
    expect(await sweepMediaOrphans(bed.db, bucket, later, owner)).toEqual([]);

    const deps: HistoryDeps = { store: bed.deps.store, log: firestoreHistoryLog(bed.db), now: () => later, publish: () => undefined, hiddenFor: async () => new Set() };
    await restoreDeleted(deps, owner, owner, { revision: deletion.revision, profileId: other, clientId: 't' });
    const back = (await readWholeGraph(bed.db, owner))!.graph;
    expect(back.profiles[other]).toBeDefined();
    expect(back.media?.mphoto).toEqual(photo);
    expect(stored).toHaveLength(3);
  });
});
