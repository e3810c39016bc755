import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyChangeSet, emptyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import type { Graph, GraphNode, Profile } from '../../../src/domain/types.ts';
import type { PrivacyReason } from '../../../src/domain/privacy.ts';
import type { TreeRole } from '../../../src/domain/roles.ts';
import type { GraphRepository, GraphSubscription, LoadedGraph } from '../../../src/backend/ports.ts';
import type { BackupStore, PendingBackup } from '../../../src/screens/tree/session/backupStore.ts';
import { applyAsOperation } from '../../../src/screens/tree/session/graphChanges.ts';
import { TreeSession } from '../../../src/screens/tree/session/treeSession.ts';
import { event as factEvent, place } from '../domain/factsFixtures.ts';

/**
 * The tree session with the facts model: places and couples (records sent whole) and a person's
 * events (patched per item) are saved, received, kept while pending and taken back like cards.
 * The stand-ins are those of treeSession.test.ts.
 */

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

const withPlaces = (g: Graph, places: Graph['places']): Graph => ({ ...g, places });

describe('the tree session with places, couples and events', () => {
  it('loads them, saves a place and an event as a change set, and shows another member’s', async () => {
    const repo = seeded(3);
    repo.graph = withPlaces(repo.graph, { town: place('town') });
    repo.graph.profiles['pr:n1002'] = { ...repo.graph.profiles['pr:n1002']!, events: [factEvent('ev1')] };
    const s = session(repo);
    await s.open();
    expect(s.graph.places).toEqual({ town: place('town') });
    expect(s.graph.profiles['pr:n1002']!.events).toEqual([factEvent('ev1')]);
    edit(s, (cs) => {
      cs.places = { upsert: [place('county')], remove: [] };
      cs.profiles.upsert.push({ id: 'pr:n1002', events: { upsert: [factEvent('ev2', { placeId: 'county' })], remove: [] } });
    });
    expect(s.unsaved).toBe(true);
    await s.save();
    expect(repo.saves[0]!.changes.places).toEqual({ upsert: [place('county')], remove: [] });
    expect(repo.saves[0]!.changes.profiles.upsert).toEqual([{ id: 'pr:n1002', events: { upsert: [factEvent('ev2', { placeId: 'county' })], remove: [] } }]);
    expect(s.unsaved).toBe(false);
    expect(repo.graph.places).toEqual({ town: place('town'), county: place('county') });
    // Another member renames the town and adds an event: both show.
    repo.live!.onChange({ revision: 9, clientId: 'tab-b', actorUid: 'u2', changes: { ...emptyChangeSet(8), places: { upsert: [place('town', { name: 'Newtown' })], remove: [] }, profiles: { upsert: [{ id: 'pr:n1002', events: { upsert: [factEvent('ev3')], remove: ['ev1'] } }], remove: [] } } });
    expect(s.graph.places!.town!.name).toBe('Newtown');
    expect(s.graph.profiles['pr:n1002']!.events!.map((e) => e.id)).toEqual(['ev2', 'ev3']);
    expect(s.unsaved).toBe(false);
  });

  it('keeps this tab’s pending place and event while another member’s change of the same arrives', async () => {
    const repo = seeded(2);
    repo.graph = withPlaces(repo.graph, { town: place('town') });
    const s = session(repo);
    await s.open();
    edit(s, (cs) => {
      cs.places = { upsert: [place('town', { name: 'Mine' })], remove: [] };
      cs.profiles.upsert.push({ id: 'pr:n1002', events: { upsert: [factEvent('ev1', { description: 'mine' })], remove: [] } });
    });
    repo.live!.onChange({ revision: 8, clientId: 'tab-b', actorUid: 'u2', changes: { ...emptyChangeSet(7), places: { upsert: [place('town', { name: 'Theirs' }), place('river')], remove: [] }, profiles: { upsert: [{ id: 'pr:n1002', events: { upsert: [factEvent('ev1', { description: 'theirs' }), factEvent('ev2')], remove: [] } }], remove: [] } } });
    expect(s.graph.places!.town!.name).toBe('Mine');
    expect(s.graph.places!.river).toEqual(place('river'));
    expect(s.graph.profiles['pr:n1002']!.events!.map((e) => [e.id, e.description])).toEqual([['ev1', 'mine'], ['ev2', '']]);
    expect(s.unsaved).toBe(true);
    await s.save();
    expect(repo.saves.at(-1)!.changes.places).toEqual({ upsert: [place('town', { name: 'Mine' })], remove: [] });
  });

  it('discarding puts the confirmed places back; a refused place is taken back', async () => {
    const repo = seeded(2);
    repo.graph = withPlaces(repo.graph, { town: place('town') });
    const s = session(repo);
    await s.open();
    edit(s, (cs) => (cs.places = { upsert: [place('village')], remove: ['town'] }));
    s.discard();
    expect(s.graph.places).toEqual({ town: place('town') });
    expect(s.unsaved).toBe(false);
    repo.refuse = (cs) => (cs.places?.upsert.length ? new AppError('invalid-argument', 'Place has an unexpected shape') : undefined);
    edit(s, (cs) => (cs.places = { upsert: [place('bad')], remove: [] }));
    await s.save();
    expect(s.graph.places).toEqual({ town: place('town') });
    expect(s.unsaved).toBe(false);
  });
});
