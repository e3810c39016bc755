import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyChangeSet, emptyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { graphIndex } from '../../../src/domain/graphDraft.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import { toCurrentShape, type LegacyGraph } from '../../../src/domain/migrations.ts';
import type { Graph, GraphNode, Profile } from '../../../src/domain/types.ts';
import type { PrivacyReason } from '../../../src/domain/privacy.ts';
import type { TreeRole } from '../../../src/domain/roles.ts';
import type { GraphChangeEvent, GraphRepository, GraphSubscription, LoadedGraph } from '../../../src/backend/ports.ts';
import type { BackupStore, PendingBackup } from '../../../src/screens/tree/session/backupStore.ts';
import { applyAsOperation } from '../../../src/screens/tree/session/graphChanges.ts';
import { backupKey, TreeSession, type GraphUpdate } from '../../../src/screens/tree/session/treeSession.ts';
import { SAVE_MESSAGES } from '../../../src/screens/tree/session/saveErrors.ts';

/**
 * An in-memory stand-in for the server behind the GraphRepository port: it applies change sets
 * the way the server does (domain applyChangeSet, revision + 1) and can be told to fail.
 */
class MemoryGraphs implements Pick<GraphRepository, 'load' | 'save' | 'subscribe'> {
  graph: Graph = { nodes: [], edges: [], profiles: {}, updatedAt: '', version: 1, revision: 0 };
  migrations: string[] = [];
  saves: { changes: ChangeSet; clientId: string; migrations?: string[] }[] = [];
  failures: AppError[] = [];
  /** A rule of the server's: a change set it refuses, whenever it is sent. */
  refuse: (changes: ChangeSet) => AppError | undefined = () => undefined;
  live: GraphSubscription | null = null;
  since = -1;
  /** The tree it holds, the member's role in it and who is private to them. */
  graphId = 'u1';
  role: TreeRole = 'owner';
  privacy: Record<string, PrivacyReason> = {};
  /** The ids `load` was asked for (undefined: the one opened last). */
  asked: (string | undefined)[] = [];

  async load(graphId?: string): Promise<LoadedGraph> {
    this.asked.push(graphId);
    return { graphId: this.graphId, ownerUid: 'u1', graph: structuredClone({ ...this.graph, revision: this.graph.revision ?? 0 }), migrations: [...this.migrations], role: this.role, name: 'Lovelace family tree', privacy: { ...this.privacy } };
  }
  async save(_graphId: string, changes: ChangeSet, clientId: string, migrations?: string[]) {
    this.saves.push({ changes: structuredClone(changes), clientId, migrations });
    const failure = this.failures.shift() ?? this.refuse(changes);
    if (failure) throw failure;
    this.graph = { ...applyChangeSet(this.graph, changes), revision: (this.graph.revision ?? 0) + 1 };
    this.migrations.push(...(migrations ?? []));
    return { revision: this.graph.revision! };
  }
  subscribe(_graphId: string, since: number, handlers: GraphSubscription) {
    this.live = handlers;
    this.since = since;
    return () => (this.live = null);
  }
}

/** The device's backup, in memory (the IndexedDB one is tested in Chromium: tests/browser/tree). */
class MemoryBackups implements BackupStore {
  items = new Map<string, PendingBackup>();
  writes = 0;
  failing = false;
  async read(uid: string) {
    return structuredClone(this.items.get(uid) ?? null);
  }
  async write(uid: string, backup: PendingBackup | null) {
    this.writes++;
    if (this.failing) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    if (backup) this.items.set(uid, structuredClone(backup));
    else this.items.delete(uid);
  }
}

/** Lets the session's asynchronous backup writes finish. */
const settled = () => vi.advanceTimersByTimeAsync(0);

const own: Profile = { ...emptyProfile('u1'), firstName: 'Ada', lastName: 'Lovelace', ownerUid: 'u1', createdBy: 'u1' };

function person(id: string, x = 0, profileId = `pr:${id}`): GraphNode {
  return { id, type: 'person', position: { x, y: 0 }, modifiedAt: '', hidden: false, data: { profileId, parentRole: '', isPrimary: false } };
}

function session(repo: MemoryGraphs, backups = new MemoryBackups(), clientId = 'tab-a', extra: Partial<ConstructorParameters<typeof TreeSession>[0]> = {}) {
  return new TreeSession({ graphs: repo, uid: 'u1', ownProfile: async () => own, backups, clientId, now: () => '2026-11-22T00:00:00.000Z', ...extra });
}

/** A local edit made of a change set (what a dialog's operation would do to these fields). */
function edit(s: TreeSession, change: (c: ChangeSet) => void) {
  const cs = emptyChangeSet(s.revision);
  change(cs);
  s.apply(applyAsOperation(s.graph, cs));
}

const nodeOf = (s: TreeSession, id: string) => graphIndex(s.graph).nodes.get(id)!;

function seeded(count: number): MemoryGraphs {
  const repo = new MemoryGraphs();
  repo.migrations = ['spouses-v1', 'parents-children-v1'];
  const nodes = Array.from({ length: count }, (_, i) => person(`n${1001 + i}`, i * 200));
  nodes[0] = { ...nodes[0], data: { ...nodes[0].data, profileId: 'u1', isPrimary: true } };
  const profiles: Record<string, Profile> = { u1: own };
  for (const n of nodes.slice(1)) profiles[n.data.profileId] = { ...emptyProfile(n.data.profileId), firstName: n.id, createdBy: 'u1' };
  repo.graph = { nodes, edges: [], profiles, updatedAt: '', version: 1, revision: 7 };
  return repo;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('opening a tree', () => {
  it('an empty graph gets one primary node for the own profile, saved at once', async () => {
    const repo = new MemoryGraphs();
    const s = session(repo);
    await s.open();
    expect(s.status).toBe('ready');
    expect(s.graph.nodes).toHaveLength(1);
    expect(s.graph.nodes[0]).toMatchObject({ id: 'n1001', data: { profileId: 'u1', isPrimary: true } });
    expect(repo.saves).toHaveLength(1);
    expect(repo.saves[0].changes.nodes.upsert.map((n) => n.id)).toEqual(['n1001']);
    // The own profile already lives on the server: it is not sent again.
    expect(repo.saves[0].changes.profiles.upsert).toEqual([]);
    expect(repo.saves[0].migrations).toEqual(['spouses-v1', 'parents-children-v1']);
    expect(s.unsaved).toBe(false);
  });

  it('a load failure ends in the error state', async () => {
    const repo = new MemoryGraphs();
    repo.load = async () => {
      throw new AppError('unavailable', 'down');
    };
    const s = session(repo);
    await s.open();
    expect(s.status).toBe('error');
  });
});

describe('saving', () => {
  it('an edit marks the graph unsaved, keeps a backup and autosaves 3000 ms after the last edit', async () => {
    const repo = seeded(3);
    const backups = new MemoryBackups();
    const s = session(repo, backups);
    await s.open();
    expect(s.unsaved).toBe(false);
    s.moveNodes(new Map([['n1002', { x: 5, y: 5 }]]));
    expect(s.unsaved).toBe(true);
    await settled();
    expect(backups.items.get('u1')!.changes.nodes.upsert.map((n) => n.id)).toEqual(['n1002']);
    await vi.advanceTimersByTimeAsync(2999);
    expect(repo.saves).toHaveLength(0);
    s.moveNodes(new Map([['n1002', { x: 9, y: 9 }]])); // a new edit restarts the debounce
    await vi.advanceTimersByTimeAsync(2999);
    expect(repo.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(repo.saves).toHaveLength(1);
    expect(s.unsaved).toBe(false);
    await settled();
    expect(backups.items.has('u1')).toBe(false);
    expect(repo.graph.nodes.find((n) => n.id === 'n1002')!.position).toEqual({ x: 9, y: 9 });
  });

  // A 50,000-person tree takes a few seconds to build and open when the two cores are busy: these
  // tests get room for that (they assert what is sent and read, never how long it took).
  it('moving one card of 50,000 sends a change set with exactly that card', { timeout: 30_000 }, async () => {
    const repo = seeded(50_000);
    const s = session(repo);
    await s.open();
    s.moveNodes(new Map([['n30000', { x: 1, y: 2 }]]));
    await s.save();
    const sent = repo.saves[0].changes;
    expect(sent.nodes.upsert.map((n) => n.id)).toEqual(['n30000']);
    expect(sent.nodes.remove).toEqual([]);
    expect(sent.edges.upsert).toEqual([]);
    expect(sent.profiles.upsert).toEqual([]);
    expect(sent.baseRevision).toBe(7);
    expect(JSON.stringify(sent).length).toBeLessThan(400);
  });

  it('retries 3 times with 150 ms × 2ⁿ backoff, then fails with the §8 message and keeps every edit', async () => {
    const repo = seeded(2);
    const backups = new MemoryBackups();
    const s = session(repo, backups);
    await s.open();
    repo.failures = [0, 1, 2, 3].map(() => new AppError('unavailable', 'x'));
    s.moveNodes(new Map([['n1002', { x: 50, y: 0 }]]));
    const result = s.save().catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(149);
    expect(repo.saves).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(repo.saves).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(repo.saves).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(600);
    expect(repo.saves).toHaveLength(4);
    const error = await result;
    expect((error as Error).message).toBe(SAVE_MESSAGES.unavailable);
    expect(s.unsaved).toBe(true);
    expect(nodeOf(s, 'n1002').position.x).toBe(50);
    expect(backups.items.has('u1')).toBe(true);

    await s.save(); // the next save sends them
    expect(repo.graph.nodes.find((n) => n.id === 'n1002')!.position.x).toBe(50);
    expect(s.unsaved).toBe(false);
  });

  it('a save the network failed is tried again by itself, 2 s then twice as long each time, until it is saved', async () => {
    const repo = seeded(2);
    const s = session(repo);
    await s.open();
    repo.failures = Array.from({ length: 8 }, () => new AppError('unavailable', 'x'));
    s.moveNodes(new Map([['n1002', { x: 50, y: 0 }]]));
    void s.save().catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1050);
    expect(repo.saves).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1999);
    expect(repo.saves).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1 + 1050);
    expect(repo.saves).toHaveLength(8);
    await vi.advanceTimersByTimeAsync(3999);
    expect(repo.saves).toHaveLength(8);
    await vi.advanceTimersByTimeAsync(1);
    expect(repo.saves).toHaveLength(9);
    expect(repo.graph.nodes.find((n) => n.id === 'n1002')!.position.x).toBe(50);
    expect(s.unsaved).toBe(false);
    s.close();
  });

  it('when the live stream connects again, what waits on the device is saved at once', async () => {
    const repo = seeded(2);
    const s = session(repo);
    await s.open();
    repo.failures = Array.from({ length: 4 }, () => new AppError('unavailable', 'x'));
    repo.live!.onNetwork!('offline');
    s.moveNodes(new Map([['n1002', { x: 70, y: 0 }]]));
    void s.save().catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1050);
    expect(repo.saves).toHaveLength(4);
    repo.live!.onNetwork!('online');
    await vi.advanceTimersByTimeAsync(0);
    expect(repo.saves).toHaveLength(5);
    expect(repo.graph.nodes.find((n) => n.id === 'n1002')!.position.x).toBe(70);
    expect(s.unsaved).toBe(false);
    s.close();
  });

  it('a person added on this tab is saved before something is stored beside them (a card photo); one on the server is not', async () => {
    const repo = seeded(2);
    const s = session(repo);
    await s.open();
    expect(await s.savedOnServer('pr:n1002')).toBe(true);
    expect(repo.saves).toHaveLength(0);
    edit(s, (c) => {
      c.nodes.upsert.push(person('n1009', 900));
      c.profiles.upsert.push({ id: 'pr:n1009', create: true, set: { ...emptyProfile('pr:n1009'), firstName: 'Lena', createdBy: 'u1' } });
    });
    expect(await s.savedOnServer('pr:n1009')).toBe(true);
    expect(repo.saves).toHaveLength(1);
    expect(repo.graph.profiles['pr:n1009']?.firstName).toBe('Lena');
    // When the server refuses the person (taken back off the screen) the answer is no.
    edit(s, (c) => {
      c.nodes.upsert.push(person('n1010', 1100));
      c.profiles.upsert.push({ id: 'pr:n1010', create: true, set: { ...emptyProfile('pr:n1010'), firstName: 'Vera', createdBy: 'u1' } });
    });
    repo.failures.push(new AppError('permission-denied', 'no'));
    expect(await s.savedOnServer('pr:n1010')).toBe(false);
  });

  it('permission-denied is not retried: the edit is taken back with the server message as is', async () => {
    const repo = seeded(2);
    const refused: [string, string][] = [];
    const s = session(repo, new MemoryBackups(), 'tab-a', { onEditRefused: (failure, e) => refused.push([failure, e.message]) });
    await s.open();
    repo.failures = [new AppError('permission-denied', 'You may not change this tree.')];
    s.moveNodes(new Map([['n1002', { x: 1, y: 0 }]]));
    await s.save();
    expect(repo.saves).toHaveLength(1);
    expect(refused).toEqual([['Failed to apply changes', 'You may not change this tree.']]);
    expect(nodeOf(s, 'n1002').position).toEqual({ x: 200, y: 0 });
    expect(s.unsaved).toBe(false);
  });

  it("'Apply changes' says whether every edit was applied: not when the server refused one", async () => {
    const repo = seeded(2);
    const s = session(repo, new MemoryBackups(), 'tab-a', { onEditRefused: () => undefined });
    await s.open();
    s.moveNodes(new Map([['n1002', { x: 5, y: 0 }]]));
    expect(await s.applyChanges()).toBe(true);
    repo.failures = [new AppError('permission-denied', 'You may not change this tree.')];
    s.moveNodes(new Map([['n1002', { x: 9, y: 0 }]]));
    expect(await s.applyChanges()).toBe(false);
    expect(nodeOf(s, 'n1002').position).toEqual({ x: 5, y: 0 });
    s.moveNodes(new Map([['n1002', { x: 12, y: 0 }]]));
    expect(await s.applyChanges()).toBe(true);
  });

  it.each([
    ['unauthenticated', SAVE_MESSAGES.unauthenticated],
    ['deadline-exceeded', SAVE_MESSAGES.deadlineExceeded],
    ['failed-precondition', SAVE_MESSAGES.unavailable],
    ['resource-exhausted', 'Failed to save changes (resource-exhausted).'],
  ] as const)('a %s failure says %j', async (code, message) => {
    const repo = seeded(2);
    const s = session(repo);
    await s.open();
    repo.failures = [0, 1, 2, 3].map(() => new AppError(code, 'server text'));
    s.moveNodes(new Map([['n1002', { x: 1, y: 0 }]]));
    const done = s.save().catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await done).toBe(message);
  });

  it('edits left in the browser backup come back when the tree is opened again', async () => {
    const repo = seeded(3);
    const backups = new MemoryBackups();
    const first = session(repo, backups);
    await first.open();
    repo.failures = [0, 1, 2, 3].map(() => new AppError('unavailable', 'x'));
    first.moveNodes(new Map([['n1003', { x: 77, y: 77 }]]));
    await settled();
    first.close(); // the browser closes before any save got through

    const second = session(repo, backups, 'tab-b');
    repo.failures = [];
    await second.open();
    expect(nodeOf(second, 'n1003').position).toEqual({ x: 77, y: 77 });
    expect(repo.graph.nodes.find((n) => n.id === 'n1003')!.position).toEqual({ x: 77, y: 77 });
    expect(second.unsaved).toBe(false);
  });
});

describe('a refused edit (§4): taken back, the others saved, never a wedge', () => {
  const youMayNot = new AppError('permission-denied', 'You may not remove this person');

  async function openWithEdits() {
    const repo = seeded(4);
    repo.refuse = (c) => (c.nodes.remove.includes('n1002') ? youMayNot : undefined);
    const backups = new MemoryBackups();
    const refused: [string, string][] = [];
    const s = session(repo, backups, 'tab-a', { onEditRefused: (failure, e) => refused.push([failure, e.message]) });
    await s.open();
    s.moveNodes(new Map([['n1003', { x: 999, y: 40 }]]));
    const del = emptyChangeSet(s.revision);
    del.nodes.remove.push('n1002');
    del.profiles.remove.push('pr:n1002');
    s.apply(applyAsOperation(s.graph, del), 'Failed to delete person');
    edit(s, (c) => c.profiles.upsert.push({ id: 'pr:n1004', set: { firstName: 'Grace' } }));
    await settled();
    return { repo, backups, refused, s };
  }

  it('the refused edit comes back on screen with its toast; every other edit is saved', async () => {
    const { repo, backups, refused, s } = await openWithEdits();
    expect(backups.items.get('u1')?.changes.nodes.remove).toEqual(['n1002']);
    await s.save();
    expect(refused).toEqual([['Failed to delete person', 'You may not remove this person']]);
    expect(nodeOf(s, 'n1002')).toBeDefined();
    expect(s.graph.profiles['pr:n1002']).toBeDefined();
    const saved = graphIndex(repo.graph).nodes;
    expect(saved.get('n1003')!.position).toEqual({ x: 999, y: 40 });
    expect(repo.graph.profiles['pr:n1004']!.firstName).toBe('Grace');
    expect(saved.get('n1002')).toBeDefined();
    expect(s.unsaved).toBe(false);
    expect(s.lastSaveError).toBeNull();
    // The refused part left the device's backup too: a reload does not bring it back.
    await settled();
    expect(backups.items.has('u1')).toBe(false);
  });

  it('after a refusal the next edits are saved as usual', async () => {
    const { repo, s } = await openWithEdits();
    await s.save();
    edit(s, (c) => c.profiles.upsert.push({ id: 'pr:n1003', set: { firstName: 'Ada' } }));
    await s.save();
    expect(repo.graph.profiles['pr:n1003']!.firstName).toBe('Ada');
    expect(s.unsaved).toBe(false);
  });

  it('a later edit of the same person is replayed on what the server has, and saved', async () => {
    const repo = seeded(3);
    repo.refuse = (c) => (c.profiles.upsert.some((p) => p.set?.lastName === 'Refused') ? youMayNot : undefined);
    const refused: string[] = [];
    const s = session(repo, new MemoryBackups(), 'tab-a', { onEditRefused: (failure) => refused.push(failure) });
    await s.open();
    const patch = (set: Partial<Profile>) => applyAsOperation(s.graph, { ...emptyChangeSet(s.revision), profiles: { upsert: [{ id: 'pr:n1002', set }], remove: [] } });
    s.apply(patch({ lastName: 'Refused' }), 'Failed to save profile');
    s.apply(patch({ firstName: 'After' }), 'Failed to save profile');
    s.apply(applyAsOperation(s.graph, { ...emptyChangeSet(s.revision), profiles: { upsert: [{ id: 'pr:n1002', add: { children: ['pr:n1003'] } }, { id: 'pr:n1003', add: { parents: ['pr:n1002'] } }], remove: [] } }));
    await s.save();
    expect(refused).toEqual(['Failed to save profile']);
    expect(s.graph.profiles['pr:n1002']).toMatchObject({ firstName: 'After', lastName: '', children: ['pr:n1003'] });
    expect(repo.graph.profiles['pr:n1002']).toMatchObject({ firstName: 'After', lastName: '', children: ['pr:n1003'] });
    expect(s.unsaved).toBe(false);
  });
});

describe('discarding unsaved changes (§4)', () => {
  it('puts back what the server confirmed, sends nothing and clears the backup', async () => {
    const repo = seeded(3);
    const backups = new MemoryBackups();
    const s = session(repo, backups);
    await s.open();
    const before = structuredClone(s.graph);
    s.moveNodes(new Map([['n1002', { x: 5, y: 5 }]]));
    edit(s, (c) => {
      c.nodes.remove.push('n1003');
      c.profiles.upsert.push({ id: 'pr:n1002', set: { firstName: 'Changed' } });
    });
    await settled();
    expect(backups.items.has('u1')).toBe(true);
    s.discard();
    await settled();
    expect(s.unsaved).toBe(false);
    expect(s.graph.nodes.map((n) => [n.id, n.position]).sort()).toEqual(before.nodes.map((n) => [n.id, n.position]).sort());
    expect(s.graph.profiles).toEqual(before.profiles);
    expect(backups.items.has('u1')).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(repo.saves).toHaveLength(0);
  });
});

describe('what is unsaved', () => {
  /** A clock that ticks, as a real one does between two edits. */
  function ticking() {
    let t = Date.parse('2026-11-22T00:00:00.000Z');
    return () => new Date((t += 1000)).toISOString();
  }

  it('a card dragged back to where the server has it is not unsaved, and nothing is sent', async () => {
    const repo = seeded(3);
    const s = session(repo, new MemoryBackups(), 'tab-a', { now: ticking() });
    await s.open();
    const at = nodeOf(s, 'n1002').position;
    s.moveNodes(new Map([['n1002', { x: at.x + 40, y: at.y }]]));
    expect(s.unsaved).toBe(true);
    s.moveNodes(new Map([['n1002', at]]));
    expect(s.unsaved).toBe(false);
    await s.save();
    expect(repo.saves).toEqual([]);
  });

  it('a field typed back to what it was is not unsaved; another field still is', async () => {
    const repo = seeded(3);
    const s = session(repo);
    await s.open();
    edit(s, (c) => c.profiles.upsert.push({ id: 'pr:n1002', set: { bio: 'Baker', lastName: 'Smith' } }));
    edit(s, (c) => c.profiles.upsert.push({ id: 'pr:n1002', set: { bio: '' } }));
    expect(s.unsaved).toBe(true);
    edit(s, (c) => c.profiles.upsert.push({ id: 'pr:n1002', set: { lastName: '' } }));
    expect(s.unsaved).toBe(false);
  });

  it('a card moved back while its move is being saved is unsaved again once the save lands', async () => {
    const repo = seeded(3);
    const s = session(repo, new MemoryBackups(), 'tab-a', { now: ticking() });
    await s.open();
    const at = nodeOf(s, 'n1002').position;
    s.moveNodes(new Map([['n1002', { x: 5, y: 5 }]]));
    const saving = s.save();
    s.moveNodes(new Map([['n1002', at]]));
    await saving;
    // The server now has (5, 5): the card back at its old place is an edit to send.
    expect(s.unsaved).toBe(true);
    await s.save();
    expect(repo.graph.nodes.find((n) => n.id === 'n1002')!.position).toEqual(at);
    expect(s.unsaved).toBe(false);
  });

  it('an edit does not read the whole tree: the lookups and the profiles record carry over', { timeout: 30_000 }, async () => {
    const repo = seeded(50_000);
    const s = session(repo);
    await s.open();
    const index = graphIndex(s.graph);
    const profiles = s.graph.profiles;
    const before = s.graph;
    s.moveNodes(new Map([['n30000', { x: 1, y: 2 }]]));
    edit(s, (c) => c.profiles.upsert.push({ id: 'pr:n30001', set: { bio: 'Baker' } }));
    expect(graphIndex(s.graph)).toBe(index);
    expect(s.graph.profiles).toBe(profiles);
    // The older graph still reads as it was.
    expect(before.profiles['pr:n30001']!.bio).toBe('');
    expect(s.graph.profiles['pr:n30001']!.bio).toBe('Baker');
  });
});

describe('the backup on this device', () => {
  it('when it cannot be written the member is told once, however many edits follow', async () => {
    const repo = seeded(3);
    const backups = new MemoryBackups();
    backups.failing = true;
    const told: string[] = [];
    const s = session(repo, backups, 'tab-a', { onBackupFailed: () => told.push('told') });
    await s.open();
    repo.failures = Array.from({ length: 8 }, () => new AppError('unavailable', 'x'));
    s.moveNodes(new Map([['n1002', { x: 1, y: 1 }]]));
    await settled();
    s.moveNodes(new Map([['n1002', { x: 2, y: 2 }]]));
    await settled();
    expect(backups.writes).toBeGreaterThanOrEqual(2);
    expect(told).toEqual(['told']);
    expect(s.backupFailed).toBe(true);
    expect(s.unsaved).toBe(true);
  });

  it('a burst of edits while a write is in flight ends with the last state written', async () => {
    const repo = seeded(3);
    const backups = new MemoryBackups();
    const s = session(repo, backups);
    await s.open();
    for (let x = 1; x <= 20; x++) s.moveNodes(new Map([['n1002', { x, y: 0 }]]));
    await settled();
    expect(backups.writes).toBeLessThanOrEqual(2);
    expect(backups.items.get('u1')!.changes.nodes.upsert[0]!.position).toEqual({ x: 20, y: 0 });
  });
});

describe('live updates', () => {
  function remote(revision: number, change: (c: ChangeSet) => void, clientId = 'tab-z'): GraphChangeEvent {
    const changes = emptyChangeSet(revision - 1);
    change(changes);
    return { revision, changes, clientId, actorUid: 'u2' };
  }

  it("ignores the echo of the tab's own save and applies others'", async () => {
    const repo = seeded(3);
    const s = session(repo);
    await s.open();
    s.receive(remote(8, (c) => c.nodes.upsert.push(person('n1002', 999)), s.clientId));
    expect(nodeOf(s, 'n1002').position.x).toBe(200);
    s.receive(remote(8, (c) => c.nodes.upsert.push(person('n1002', 999))));
    expect(nodeOf(s, 'n1002').position.x).toBe(999);
    expect(s.unsaved).toBe(false);
    expect(s.revision).toBe(8);
  });

  it('never overwrites an unsaved local edit, and does not send the remote change back', async () => {
    const repo = seeded(3);
    const s = session(repo);
    await s.open();
    s.moveNodes(new Map([['n1002', { x: 1, y: 1 }]]));
    edit(s, (c) => c.profiles.upsert.push({ id: 'pr:n1003', set: { bio: 'mine' } }));
    s.receive(
      remote(8, (c) => {
        c.nodes.upsert.push(person('n1002', 500));
        c.nodes.upsert.push(person('n1003', 600));
        c.profiles.upsert.push({ id: 'pr:n1003', set: { bio: 'theirs', lastName: 'Byron' } });
      }),
    );
    expect(nodeOf(s, 'n1002').position).toEqual({ x: 1, y: 1 });
    expect(nodeOf(s, 'n1003').position.x).toBe(600);
    expect(s.graph.profiles['pr:n1003']).toMatchObject({ bio: 'mine', lastName: 'Byron' });
    await s.save();
    const sent = repo.saves.at(-1)!.changes;
    expect(sent.nodes.upsert.map((n) => n.id)).toEqual(['n1002']);
    expect(sent.profiles.upsert).toEqual([{ id: 'pr:n1003', set: { bio: 'mine' } }]);
  });

  it("applies another tab's change set committed before this tab's own save, even when that save answered first", async () => {
    const repo = seeded(3);
    const s = session(repo);
    await s.open();
    repo.graph = { ...repo.graph, revision: 8 }; // the other tab's save commits first
    s.moveNodes(new Map([['n1002', { x: 1, y: 1 }]]));
    await s.save();
    expect(s.revision).toBe(9);
    s.receive(remote(8, (c) => c.nodes.upsert.push(person('n1003', 321))));
    expect(s.graph.nodes.find((n) => n.id === 'n1003')!.position.x).toBe(321);
    expect(s.revision).toBe(9);
    expect(s.unsaved).toBe(false);
  });

  it("a change committed before this tab's own save, arriving after it, never undoes what that save wrote", async () => {
    const repo = seeded(3);
    const s = session(repo);
    await s.open();
    repo.graph = { ...repo.graph, revision: 8 }; // the other tab's save commits first
    s.moveNodes(new Map([['n1002', { x: 1, y: 1 }]]));
    await s.save();
    // Revision 8 moved the same card and another one; the server applied this tab's move after it.
    s.receive(
      remote(8, (c) => {
        c.nodes.upsert.push(person('n1002', 777));
        c.nodes.upsert.push(person('n1003', 321));
      }),
    );
    expect(s.graph.nodes.find((n) => n.id === 'n1002')!.position).toEqual({ x: 1, y: 1 });
    expect(s.graph.nodes.find((n) => n.id === 'n1003')!.position.x).toBe(321);
    // The echo of the own save arrives next, in order: nothing changes and nothing is unsaved.
    s.receive(remote(9, (c) => c.nodes.upsert.push({ ...person('n1002', 1), position: { x: 1, y: 1 } }), s.clientId));
    expect(s.graph.nodes.find((n) => n.id === 'n1002')!.position).toEqual({ x: 1, y: 1 });
    expect(s.unsaved).toBe(false);
  });

  it('a received change touches only what it names, in the graph and for whoever draws it', async () => {
    const repo = seeded(1000);
    const s = session(repo);
    await s.open();
    const updates: GraphUpdate[] = [];
    s.onGraphUpdate((u) => updates.push(u));
    const untouched = nodeOf(s, 'n1500');
    s.receive(
      remote(8, (c) => {
        c.nodes.upsert.push(person('n1002', 321));
        c.profiles.upsert.push({ id: 'pr:n1003', set: { bio: 'Baker' } });
      }),
    );
    expect(updates).toEqual([{ nodes: ['n1002'], edges: [], profiles: ['pr:n1003'], added: [] }]);
    expect(nodeOf(s, 'n1500')).toBe(untouched);
    expect(nodeOf(s, 'n1002').position.x).toBe(321);
    expect(s.graph.profiles['pr:n1003']!.bio).toBe('Baker');
    expect(s.unsaved).toBe(false);
  });

  it('starts the stream at the revision it loaded', async () => {
    const repo = seeded(3);
    const s = session(repo);
    await s.open();
    expect(repo.since).toBe(7);
  });

  it('on reload re-bases with one diff: what the server has arrives, unsaved local edits stay', async () => {
    const repo = seeded(4);
    const s = session(repo);
    await s.open();
    repo.failures = Array.from({ length: 8 }, () => new AppError('unavailable', 'x'));
    s.moveNodes(new Map([['n1002', { x: 1, y: 1 }]]));
    // Meanwhile on the server: n1002 and n1003 moved, n1004 removed, a new card and a bio.
    const server = structuredClone(repo.graph);
    server.nodes = server.nodes.filter((n) => n.id !== 'n1004').map((n) => (n.id === 'n1002' || n.id === 'n1003' ? { ...n, position: { x: 900, y: 900 } } : n));
    server.nodes.push(person('n1010', 1234));
    server.profiles['pr:n1010'] = { ...emptyProfile('pr:n1010'), firstName: 'New', createdBy: 'u2' };
    server.profiles['pr:n1002'] = { ...server.profiles['pr:n1002']!, bio: 'From the server' };
    const updates: GraphUpdate[] = [];
    s.onGraphUpdate((u) => updates.push(u));
    repo.live!.onReload({ graphId: 'u1', ownerUid: 'u1', graph: { ...server, revision: 20 }, migrations: [...repo.migrations], role: 'owner', name: 'Family tree', privacy: {} });
    expect(s.revision).toBe(20);
    expect(nodeOf(s, 'n1002').position).toEqual({ x: 1, y: 1 });
    expect(nodeOf(s, 'n1003').position).toEqual({ x: 900, y: 900 });
    expect(graphIndex(s.graph).nodes.has('n1004')).toBe(false);
    expect(nodeOf(s, 'n1010').position.x).toBe(1234);
    expect(s.graph.profiles['pr:n1002']!.bio).toBe('From the server');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.nodes.sort()).toEqual(['n1003', 'n1004', 'n1010']);
    // Only the local move is still to send, against the server's new state.
    repo.failures = [];
    repo.graph = { ...server, revision: 20 };
    await s.save();
    const sent = repo.saves.at(-1)!.changes;
    expect(sent.nodes.upsert.map((n) => [n.id, n.position])).toEqual([['n1002', { x: 1, y: 1 }]]);
    expect(sent.profiles.upsert).toEqual([]);
    expect(sent.baseRevision).toBe(20);
  });

  it('a reload that arrives during a drag waits for the drop', async () => {
    const repo = seeded(3);
    const s = session(repo);
    await s.open();
    s.setDragging(true);
    const server = structuredClone(repo.graph);
    server.nodes = server.nodes.map((n) => (n.id === 'n1003' ? { ...n, position: { x: 77, y: 0 } } : n));
    repo.live!.onReload({ graphId: 'u1', ownerUid: 'u1', graph: { ...server, revision: 9 }, migrations: [...repo.migrations], role: 'owner', name: 'Family tree', privacy: {} });
    expect(nodeOf(s, 'n1003').position.x).toBe(400);
    s.setDragging(false);
    expect(nodeOf(s, 'n1003').position.x).toBe(77);
    expect(s.revision).toBe(9);
  });

  it('holds incoming changes while a card is dragged', async () => {
    const repo = seeded(3);
    const s = session(repo);
    await s.open();
    s.setDragging(true);
    s.receive(remote(8, (c) => c.nodes.upsert.push(person('n1003', 321))));
    expect(nodeOf(s, 'n1003').position.x).toBe(400);
    s.setDragging(false);
    expect(nodeOf(s, 'n1003').position.x).toBe(321);
  });
});

describe('one-time migrations (§4)', () => {
  it('a graph of the old shape is migrated on open and saved with both flags, once', async () => {
    vi.useRealTimers();
    const legacy = JSON.parse(readFileSync(new URL('../domain/fixtures/legacy-graph.json', import.meta.url), 'utf8')) as LegacyGraph;
    const repo = new MemoryGraphs();
    // The server stores every field of a row; the old shape is in what the rows say.
    repo.graph = { ...toCurrentShape(legacy), revision: 3 };
    repo.migrations = [];
    const s = session(repo);
    await s.open();
    expect(s.lastSaveError).toBeNull();
    expect(repo.saves).toHaveLength(1);
    expect(repo.saves[0].migrations).toEqual(['spouses-v1', 'parents-children-v1']);
    // spouses-v1: the spouse edge became mutual spouse lists and is hidden.
    expect(s.graph.profiles['u-alice']!.spouses).toContain('pr:bob');
    expect(s.graph.profiles['pr:bob']!.spouses).toContain('u-alice');
    expect(s.graph.edges.find((e) => e.id === 'sp-n1001-n1002')!.hidden).toBe(true);
    // parents-children-v1: parent edges became parent and child lists.
    expect(s.graph.profiles['pr:carol']!.parents).toEqual(expect.arrayContaining(['u-alice', 'pr:bob']));
    expect(s.graph.profiles['u-alice']!.children).toContain('pr:carol');
    expect(s.unsaved).toBe(false);

    const again = session(repo, new MemoryBackups(), 'tab-b');
    await again.open();
    expect(repo.saves).toHaveLength(1); // recorded: not run or sent again
  });
});

describe("the live stream's reload for this tab's own save (a change set too large for the log)", () => {
  it('is held: no reload of the whole tree, also when the stream tells of it before the answer', async () => {
    const repo = seeded(2);
    const s = session(repo);
    await s.open();
    const revision = repo.graph.revision!;
    s.moveNodes(new Map([['n1001', { x: 300, y: 0 }]]));
    // The stream asks while the save is in flight: the question waits for its answer.
    const saved = s.save();
    const asked = repo.live!.holds!(revision + 1);
    expect(asked).toBeInstanceOf(Promise);
    await saved;
    expect(await asked).toBe(true);
    expect(repo.live!.holds!(revision + 1)).toBe(true);
    // Another tab's revision is not this tab's.
    expect(repo.live!.holds!(revision + 2)).toBe(false);
  });
});

describe('a bulk change this tab sent itself (a GEDCOM import, and its Undo)', () => {
  it('is confirmed as it stands: shown, not unsaved, never sent; its echo and a reload for it cost nothing', async () => {
    const repo = seeded(2);
    const s = session(repo);
    await s.open();
    const updates: GraphUpdate[] = [];
    s.onGraphUpdate((u) => updates.push(u));
    const imported = emptyChangeSet(7);
    imported.nodes.upsert.push(person('n1103', 900), person('n1104', 1100));
    imported.profiles.upsert.push({ id: 'pr:n1103', create: true, set: { ...emptyProfile('pr:n1103'), firstName: 'Imported', createdBy: 'u1' } });
    imported.profiles.upsert.push({ id: 'pr:n1104', create: true, set: { ...emptyProfile('pr:n1104'), createdBy: 'u1' } });
    // The server applied it as revision 8 (through the bulk path, not `save`); the stream told of
    // it before the commit answered, so the question waits for the answer.
    const bulk = s.beginBulk();
    const asked = repo.live!.holds!(8);
    repo.graph = { ...applyChangeSet(repo.graph, imported), revision: 8 };
    s.takeBulk(imported, 8);
    bulk.settle();
    expect(await asked).toBe(true);

    expect(s.graph.nodes.map((n) => n.id)).toEqual(['n1001', 'n1002', 'n1103', 'n1104']);
    expect(s.graph.profiles['pr:n1103']!.firstName).toBe('Imported');
    expect(updates.at(-1)!.nodes).toEqual(['n1103', 'n1104']);
    expect(s.unsaved).toBe(false);
    expect(s.revision).toBe(8);
    expect(repo.live!.holds!(8)).toBe(true);
    expect(repo.live!.holds!(9)).toBe(false);
    s.receive({ revision: 8, changes: imported, clientId: s.clientId, actorUid: 'u1' });
    await s.save();
    expect(repo.saves).toEqual([]);

    // A card moved afterwards is one small save, as ever.
    s.moveNodes(new Map([['n1103', { x: 950, y: 0 }]]));
    await s.save();
    expect(repo.saves.map((x) => x.changes.nodes.upsert.map((n) => n.id))).toEqual([['n1103']]);
  });
});

describe('a bulk change shown before its commit (an import being saved)', () => {
  function imported() {
    const cs = emptyChangeSet(7);
    cs.nodes.upsert.push(person('n1103', 900), person('n1104', 1100));
    cs.profiles.upsert.push({ id: 'pr:n1103', create: true, set: { ...emptyProfile('pr:n1103'), firstName: 'Imported', createdBy: 'u1' } });
    cs.profiles.upsert.push({ id: 'pr:n1104', create: true, set: { ...emptyProfile('pr:n1104'), createdBy: 'u1' } });
    return cs;
  }
  const removal = () => {
    const cs = emptyChangeSet(7);
    cs.nodes.remove.push('n1103', 'n1104');
    cs.profiles.remove.push('pr:n1103', 'pr:n1104');
    return cs;
  };

  it('is on screen at once; edits made meanwhile and a reload wait for the commit, then go as usual', async () => {
    const repo = seeded(2);
    const s = session(repo);
    await s.open();
    const shown = s.showBulk(imported());
    expect(s.graph.nodes.map((n) => n.id)).toEqual(['n1001', 'n1002', 'n1103', 'n1104']);
    expect(s.unsaved).toBe(false);
    expect(s.savingBulk).toBe(true);

    // A card of the import moved, and a reload of the server's tree (which lacks the import yet).
    s.moveNodes(new Map([['n1103', { x: 950, y: 0 }]]));
    const saving = s.save();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(repo.saves).toEqual([]);
    const server = structuredClone(repo.graph);
    repo.live!.onReload({ graphId: 'u1', ownerUid: 'u1', graph: { ...server, revision: 7 }, migrations: [...repo.migrations], role: 'owner', name: 'Family tree', privacy: {} });
    expect(s.graph.nodes.map((n) => n.id)).toContain('n1103');

    repo.graph = { ...applyChangeSet(repo.graph, imported()), revision: 8 };
    expect(repo.live!.holds!(8)).toBeInstanceOf(Promise);
    shown.confirm(8);
    await saving;
    expect(repo.saves.map((x) => x.changes.nodes.upsert.map((n) => n.id))).toEqual([['n1103']]);
    expect(s.unsaved).toBe(false);
    expect(s.graph.nodes.map((n) => n.id)).toEqual(['n1001', 'n1002', 'n1103', 'n1104']);
    expect(nodeOf(s, 'n1103').position).toEqual({ x: 950, y: 0 });
    expect(repo.live!.holds!(8)).toBe(true);
    expect(s.savingBulk).toBe(false);
  });

  it('dropped (the commit was refused): it leaves the screen, and an edit that needed it is refused and taken back', async () => {
    const repo = seeded(2);
    const refused: string[] = [];
    const s = session(repo, new MemoryBackups(), 'tab-a', { onEditRefused: (failure) => refused.push(failure) });
    await s.open();
    repo.refuse = (cs) => (cs.nodes.upsert.some((n) => n.id === 'n1103') ? new AppError('invalid-argument', 'No such person') : undefined);
    const shown = s.showBulk(imported());
    s.moveNodes(new Map([['n1103', { x: 950, y: 0 }]]));
    edit(s, (c) => c.profiles.upsert.push({ id: 'pr:n1002', set: { firstName: 'Kept' } }));
    const saving = s.save().catch(() => undefined);
    shown.drop(removal());
    await saving;
    await vi.advanceTimersByTimeAsync(0);
    expect(s.graph.nodes.map((n) => n.id)).toEqual(['n1001', 'n1002']);
    expect(s.graph.profiles['pr:n1103']).toBeUndefined();
    expect(refused).toEqual(['Failed to apply changes']);
    // The edit of the tree that was already there is saved.
    expect(repo.graph.profiles['pr:n1002']!.firstName).toBe('Kept');
    expect(s.unsaved).toBe(false);
  });
});

describe('one of several shared trees (issue 11)', () => {
  it('opens the tree asked for, or the one opened last; takes its role, name and who is private', async () => {
    const repo = seeded(3);
    repo.graphId = 'g-hopper';
    repo.role = 'viewer';
    repo.privacy = { 'pr:n1002': 'living' };
    const s = session(repo, new MemoryBackups(), 'tab-a', { graphId: 'g-hopper' });
    await s.open();
    expect(repo.asked).toEqual(['g-hopper']);
    expect(s).toMatchObject({ graphId: 'g-hopper', role: 'viewer', name: 'Lovelace family tree', privacy: { 'pr:n1002': 'living' } });
    const last = session(seeded(3));
    await last.open();
    expect(last.graphId).toBe('u1');
  });

  it('a live change says who became private or stopped being so', async () => {
    const repo = seeded(3);
    repo.role = 'viewer';
    repo.privacy = { 'pr:n1002': 'living' };
    const s = session(repo);
    await s.open();
    const event = (revision: number, privacy: GraphChangeEvent['privacy']): GraphChangeEvent => ({ revision, changes: emptyChangeSet(revision - 1), clientId: 'tab-b', actorUid: 'u2', privacy });
    repo.live!.onChange(event(8, { 'pr:n1002': null, 'pr:n1003': 'member-choice' }));
    expect(s.privacy).toEqual({ 'pr:n1003': 'member-choice' });
    repo.live!.onChange(event(9, undefined));
    expect(s.privacy).toEqual({ 'pr:n1003': 'member-choice' });
  });

  it('a role change reloads: the new role and privacy come with the graph', async () => {
    const repo = seeded(3);
    repo.role = 'viewer';
    repo.privacy = { 'pr:n1002': 'living' };
    const s = session(repo);
    await s.open();
    const seen: string[] = [];
    s.subscribe(() => seen.push(s.role));
    const whole = structuredClone(repo.graph);
    whole.profiles['pr:n1002'] = { ...whole.profiles['pr:n1002']!, bio: 'Seen whole now' };
    repo.live!.onReload({ graphId: 'u1', ownerUid: 'u1', graph: { ...whole, revision: 8 }, migrations: [...repo.migrations], role: 'editor', name: 'Lovelace family tree', privacy: {} });
    expect(s.role).toBe('editor');
    expect(s.privacy).toEqual({});
    expect(s.graph.profiles['pr:n1002']!.bio).toBe('Seen whole now');
    expect(seen).toContain('editor');
  });

  it('a stream the server ends (removed, signed out) stops every save and says why', async () => {
    const repo = seeded(3);
    const s = session(repo);
    await s.open();
    edit(s, (c) => c.nodes.upsert.push({ ...nodeOf(s, 'n1002'), position: { x: 5, y: 5 } }));
    const closedBy = new AppError('permission-denied', 'You are not a member of this family tree.');
    repo.live!.onClosed!(closedBy);
    expect(s.closedBy).toBe(closedBy);
    await vi.advanceTimersByTimeAsync(60_000);
    s.flush();
    await settled();
    expect(repo.saves).toEqual([]);
  });

  it('each tree keeps its own unsaved edits on the device', async () => {
    expect(backupKey('u1', 'u1')).toBe('u1');
    expect(backupKey('u1', 'g-hopper')).toBe('u1/g-hopper');
    const backups = new MemoryBackups();
    const mine = seeded(3);
    mine.failures = [new AppError('unavailable', 'down'), new AppError('unavailable', 'down'), new AppError('unavailable', 'down'), new AppError('unavailable', 'down')];
    const a = session(mine, backups);
    await a.open();
    edit(a, (c) => c.nodes.upsert.push({ ...nodeOf(a, 'n1002'), position: { x: 5, y: 5 } }));
    await settled();
    a.close();
    // Opening another tree with nothing unsaved leaves the first tree's backup alone.
    const theirs = seeded(3);
    theirs.graphId = 'g-hopper';
    const b = session(theirs, backups, 'tab-a', { graphId: 'g-hopper' });
    await b.open();
    await settled();
    b.close();
    expect([...backups.items.keys()]).toEqual(['u1']);
    expect(backups.items.get('u1')!.changes.nodes.upsert.map((n) => n.id)).toEqual(['n1002']);
  });
});
