import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyChangeSet, emptyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { eventsLoaded, graphWithoutEvents } from '../../../src/domain/facts/eventsLoading.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import type { Graph, GraphNode, Profile } from '../../../src/domain/types.ts';
import type { GraphRepository, GraphSubscription, LoadedGraph } from '../../../src/backend/ports.ts';
import { applyAsOperation } from '../../../src/screens/tree/session/graphChanges.ts';
import type { BackupStore } from '../../../src/screens/tree/session/backupStore.ts';
import { TreeSession } from '../../../src/screens/tree/session/treeSession.ts';
import type { FactEvent } from '../../../src/domain/facts/types.ts';
import { event as factEvent } from '../domain/factsFixtures.ts';

/**
 * The tree session when the open leaves people's events on the server (issue 20,
 * domain/facts/eventsLoading.ts): saves from a session that never loaded a person's events keep
 * them, loading brings them without an unsaved change, and live changes keep the marker.
 */

/** A server in memory: it applies change sets as the server does, opens without events and answers `personEvents`. */
class LazyGraphs implements Pick<GraphRepository, 'load' | 'save' | 'subscribe' | 'personEvents'> {
  graph: Graph = { nodes: [], edges: [], profiles: {}, updatedAt: '', version: 1, revision: 0 };
  live: GraphSubscription | null = null;
  asked: string[][] = [];
  /** Answers older than the server's revision by this much (a read racing a save). */
  lag = 0;

  async load(): Promise<LoadedGraph> {
    return { graphId: 'u1', ownerUid: 'u1', graph: structuredClone({ ...graphWithoutEvents(this.graph), revision: this.graph.revision ?? 0 }), migrations: ['spouses-v1', 'parents-children-v1'], role: 'owner', name: 'Tree', privacy: {} };
  }
  async save(_graphId: string, changes: ChangeSet) {
    this.graph = { ...applyChangeSet(this.graph, changes), revision: (this.graph.revision ?? 0) + 1 };
    return { revision: this.graph.revision! };
  }
  subscribe(_graphId: string, _since: number, handlers: GraphSubscription) {
    this.live = handlers;
    return () => (this.live = null);
  }
  async personEvents(_graphId: string, ids: readonly string[]) {
    this.asked.push([...ids]);
    const events: Record<string, FactEvent[]> = {};
    for (const id of ids) if (this.graph.profiles[id]) events[id] = structuredClone(this.graph.profiles[id]!.events ?? []);
    const revision = (this.graph.revision ?? 0) - this.lag;
    this.lag = 0;
    return { revision, events };
  }
}

const own: Profile = { ...emptyProfile('u1'), firstName: 'Ada', ownerUid: 'u1', createdBy: 'u1' };
const card = (id: string, profileId: string, isPrimary = false): GraphNode => ({ id, type: 'person', position: { x: 0, y: 0 }, modifiedAt: '', hidden: false, data: { profileId, parentRole: '', isPrimary } });
const EVENTS = [factEvent('ev1', { type: 'OCCU', description: 'Baker' }), factEvent('ev2', { type: 'RESI', placeId: '' })];

function seeded(): LazyGraphs {
  const repo = new LazyGraphs();
  repo.graph = {
    nodes: [card('n1', 'u1', true), card('n2', 'pr:b')],
    edges: [],
    profiles: { u1: own, 'pr:b': { ...emptyProfile('pr:b'), firstName: 'Babbage', createdBy: 'u1', events: EVENTS } },
    updatedAt: '',
    version: 1,
    revision: 5,
  };
  return repo;
}

function open(repo: LazyGraphs) {
  const s = new TreeSession({ graphs: repo, uid: 'u1', ownProfile: async () => own, clientId: 'tab-a', now: () => '2026-11-28T00:00:00.000Z' });
  return s.open().then(() => s);
}

function edit(s: TreeSession, change: (c: ChangeSet) => void) {
  const cs = emptyChangeSet(s.revision);
  change(cs);
  s.apply(applyAsOperation(s.graph, cs));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a session whose open left events out', () => {
  it('opens with the marker, and a save of another field keeps the events on the server', async () => {
    const repo = seeded();
    const s = await open(repo);
    expect(s.eventsLoaded('pr:b')).toBe(false);
    expect(s.graph.profiles['pr:b']!.events).toBeUndefined();
    edit(s, (cs) => cs.profiles.upsert.push({ id: 'pr:b', set: { bio: 'Engines' } }));
    await s.save();
    expect(repo.graph.profiles['pr:b']!.bio).toBe('Engines');
    expect(repo.graph.profiles['pr:b']!.events).toEqual(EVENTS);
  });

  it('loading brings the events with nothing unsaved; an event edit then sends that event alone', async () => {
    const repo = seeded();
    const s = await open(repo);
    await s.loadEvents(['pr:b', 'u1']);
    expect(repo.asked).toEqual([['pr:b']]);
    expect(s.graph.profiles['pr:b']!.events).toEqual(EVENTS);
    expect(s.unsaved).toBe(false);
    await s.loadEvents(['pr:b']);
    expect(repo.asked).toHaveLength(1);
    edit(s, (cs) => cs.profiles.upsert.push({ id: 'pr:b', events: { upsert: [], remove: ['ev2'] } }));
    await s.save();
    expect(repo.graph.profiles['pr:b']!.events).toEqual([EVENTS[0]]);
  });

  it('loads events the profile was edited around: the pending profile keeps its edit and gains the events', async () => {
    const repo = seeded();
    const s = await open(repo);
    edit(s, (cs) => cs.profiles.upsert.push({ id: 'pr:b', set: { bio: 'Engines' } }));
    await s.loadEvents();
    expect(s.graph.profiles['pr:b']).toMatchObject({ bio: 'Engines', events: EVENTS });
    await s.save();
    expect(repo.graph.profiles['pr:b']).toMatchObject({ bio: 'Engines', events: EVENTS });
  });

  it('a live change to events not loaded keeps the marker; loading then shows it', async () => {
    const repo = seeded();
    const s = await open(repo);
    const change: ChangeSet = { ...emptyChangeSet(5), profiles: { upsert: [{ id: 'pr:b', events: { upsert: [factEvent('ev3', { type: 'BURI' })], remove: ['ev1'] } }], remove: [] } };
    repo.graph = { ...applyChangeSet(repo.graph, change), revision: 6 };
    repo.live!.onChange({ revision: 6, changes: change, clientId: 'tab-b', actorUid: 'u2' });
    expect(eventsLoaded(s.graph.profiles['pr:b']!)).toBe(false);
    expect(s.graph.profiles['pr:b']!.eventsNotLoaded).toContainEqual({ type: 'BURI', placeId: '' });
    expect(s.unsaved).toBe(false);
    await s.loadEvents(['pr:b']);
    expect(s.graph.profiles['pr:b']!.events!.map((e) => e.id)).toEqual(['ev2', 'ev3']);
  });

  it('asks again when the answer is older than what the session has applied', async () => {
    const repo = seeded();
    const s = await open(repo);
    repo.lag = 1;
    await s.loadEvents(['pr:b']);
    expect(repo.asked).toHaveLength(2);
    expect(s.graph.profiles['pr:b']!.events).toEqual(EVENTS);
  });

  it('an unsaved event edit kept on the device is saved after reopening, the events loaded first', async () => {
    const repo = seeded();
    const kept: ChangeSet = { ...emptyChangeSet(5), profiles: { upsert: [{ id: 'pr:b', events: { upsert: [factEvent('ev7', { description: 'Inventor' })], remove: ['ev1'] } }], remove: [] } };
    const backups: BackupStore = { read: async () => ({ graphId: 'u1', changes: kept, migrations: [] }), write: async () => undefined };
    const s = new TreeSession({ graphs: repo, uid: 'u1', ownProfile: async () => own, clientId: 'tab-a', backups, now: () => '2026-11-28T00:00:00.000Z' });
    await s.open();
    expect(repo.asked).toEqual([['pr:b']]);
    await s.save();
    expect(repo.graph.profiles['pr:b']!.events!.map((e) => e.id)).toEqual(['ev2', 'ev7']);
  });
});
