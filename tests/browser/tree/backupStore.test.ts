/**
 * The backup of unsaved edits in Chromium's real IndexedDB (and localStorage, where older versions
 * kept it). Each test uses a database of its own.
 */
import { describe, expect, it } from 'vitest';
import { emptyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { graphIndex } from '../../../src/domain/graphDraft.ts';
import type { GraphNode } from '../../../src/domain/types.ts';
import { indexedDbBackupStore, legacyBackupKey, type PendingBackup } from '../../../src/screens/tree/session/backupStore.ts';
import { TreeSession } from '../../../src/screens/tree/session/treeSession.ts';
import { family, MemoryGraphs, NOW, UID } from './fixtures.ts';

let databases = 0;
const freshStore = () => {
  const databaseName = `kinfolk-test-${Date.now()}-${++databases}`;
  return { databaseName, store: indexedDbBackupStore({ databaseName }) };
};

/** A pending set of `count` moved cards, each with its person's bio edited: about 320 bytes each. */
function bigBackup(count: number): PendingBackup {
  const changes: ChangeSet = emptyChangeSet(7);
  for (let i = 0; i < count; i++) {
    const id = `n${1001 + i}`;
    const node: GraphNode = { id, type: 'person', position: { x: i * 140, y: 160 }, modifiedAt: NOW, hidden: false, data: { profileId: `pr:${id}`, parentRole: '', isPrimary: false } };
    changes.nodes.upsert.push(node);
    changes.profiles.upsert.push({ id: `pr:${id}`, set: { bio: `Edited while offline, entry ${i}: a few words about this person.` } });
  }
  return { graphId: UID, changes, migrations: [] };
}

describe('the IndexedDB backup of unsaved edits', () => {
  it('keeps a pending set far larger than localStorage can hold, and gives it back whole', async () => {
    const { store } = freshStore();
    const backup = bigBackup(40_000);
    const text = JSON.stringify(backup);
    expect(text.length).toBeGreaterThan(10_000_000);
    // What the old backup did: localStorage refuses it.
    expect(() => localStorage.setItem('kinfolk-too-big', text)).toThrow();
    await store.write(UID, backup);
    expect(await store.read(UID)).toEqual(backup);
    await store.write(UID, null);
    expect(await store.read(UID)).toBeNull();
  });

  it('moves a backup an older version left in localStorage, once', async () => {
    const { store } = freshStore();
    const old = bigBackup(3);
    localStorage.setItem(legacyBackupKey(UID), JSON.stringify(old));
    expect(await store.read(UID)).toEqual(old);
    expect(localStorage.getItem(legacyBackupKey(UID))).toBeNull();
    expect(await store.read(UID)).toEqual(old);
  });

  it('without IndexedDB nothing can be written, and an old backup is still read and kept', async () => {
    const store = indexedDbBackupStore({ factory: null });
    const old = bigBackup(2);
    localStorage.setItem(legacyBackupKey(UID), JSON.stringify(old));
    await expect(store.write(UID, old)).rejects.toThrow();
    expect(await store.read(UID)).toEqual(old);
    expect(localStorage.getItem(legacyBackupKey(UID))).not.toBeNull();
    localStorage.removeItem(legacyBackupKey(UID));
  });

  it('an unsaved edit survives the page: the next session opens with it and saves it', async () => {
    const { databaseName } = freshStore();
    const repo = new MemoryGraphs(family());
    const offline = repo.save.bind(repo);
    repo.save = () => Promise.reject(new AppError('unavailable', 'offline'));
    const first = new TreeSession({ graphs: repo, uid: UID, ownProfile: async () => family().profiles[UID]!, backups: indexedDbBackupStore({ databaseName }), clientId: 'tab-1' });
    await first.open();
    first.moveNodes(new Map([['n1003', { x: 640, y: 480 }]]));
    const store = indexedDbBackupStore({ databaseName });
    await expect.poll(async () => (await store.read(UID))?.changes.nodes.upsert.map((n) => n.id)).toEqual(['n1003']);
    first.close(); // the tab closes before the network came back

    repo.save = offline;
    // Another page: its own store object and connection, the same database.
    const second = new TreeSession({ graphs: repo, uid: UID, ownProfile: async () => family().profiles[UID]!, backups: indexedDbBackupStore({ databaseName }), clientId: 'tab-2' });
    await second.open();
    expect(graphIndex(second.graph).nodes.get('n1003')!.position).toEqual({ x: 640, y: 480 });
    expect(repo.graph.nodes.find((n) => n.id === 'n1003')!.position).toEqual({ x: 640, y: 480 });
    expect(second.unsaved).toBe(false);
    await expect.poll(() => store.read(UID)).toBeNull();
    second.close();
  });
});
