import { describe, expect, it } from 'vitest';
import { applyChangeSet, changeCount, diffGraphs, diffProfile, emptyChangeSet, isEmptyChangeSet, withoutOverwritten, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { applyChangeSets } from '../../../src/domain/applyChangeSets.ts';
import { chunkChangeSet, joinChunkBodies, mergeChangeSetChunks } from '../../../src/domain/changeSetChunks.ts';
import { ENTITY_KINDS, KIND_KEYS } from '../../../src/domain/entityKinds.ts';
import { coupleId } from '../../../src/domain/facts/types.ts';
import { snapshotKey } from '../../../src/domain/snapshot.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { frozenCopy } from './helpers.ts';
import { base, couple, event, personName, place } from './factsFixtures.ts';

/** Diff and apply of the facts model: events and names per item, places and couples whole. */

const withProfile = (g: Graph, id: string, fields: Partial<Graph['profiles'][string]>): Graph => ({ ...g, profiles: { ...g.profiles, [id]: { ...g.profiles[id]!, ...fields } } });

type Edit = (g: Graph) => Graph;
const edits: [string, Edit, (cs: ChangeSet) => void][] = [
  ['an event added to a person', (g) => withProfile(g, 'pr:n1', { events: [event('ev1', { description: 'Baker' })] }), (cs) => expect(cs.profiles.upsert).toEqual([{ id: 'pr:n1', events: { upsert: [event('ev1', { description: 'Baker' })], remove: [] } }])],
  ['an event changed', (g) => withProfile(withProfile(g, 'pr:n1', { events: [event('ev1')] }), 'pr:n1', { events: [event('ev1', { date: 'ABT 1850' })] }), (cs) => expect(cs.profiles.upsert[0]!.events!.upsert[0]!.date).toBe('ABT 1850')],
  ['a name added', (g) => withProfile(g, 'pr:n2', { names: [personName('nm1')] }), (cs) => expect(cs.profiles.upsert).toEqual([{ id: 'pr:n2', names: { upsert: [personName('nm1')], remove: [] } }])],
  ['a place added', (g) => ({ ...g, places: { pl1: place('pl1') } }), (cs) => expect(cs.places).toEqual({ upsert: [place('pl1')], remove: [] })],
  ['a couple with a marriage', (g) => ({ ...g, couples: { [coupleId('pr:n1', 'pr:n2')]: couple('pr:n1', 'pr:n2', [event('ev9', { type: 'MARR', date: '1900' })]) } }), (cs) => expect(cs.couples!.upsert).toHaveLength(1)],
];

describe('diffGraphs and applyChangeSet with the facts model', () => {
  it.each(edits)('%s: the diff names it, applying it gives the edited graph back', (_, edit, expectDiff) => {
    const saved = base();
    const current = edit(saved);
    const cs = diffGraphs(saved, current);
    expectDiff(cs);
    expect(changeCount(cs)).toBeGreaterThan(0);
    const applied = applyChangeSet(frozenCopy(saved), cs);
    expect(snapshotKey(applied)).toBe(snapshotKey(current));
    expect(isEmptyChangeSet(diffGraphs(applied, current))).toBe(true);
    // Applied in one pass with others (opening a tree) it comes out the same.
    expect(snapshotKey(applyChangeSets(saved, [cs]))).toBe(snapshotKey(current));
  });

  it.each([
    ['a place', (g: Graph): Graph => ({ ...g, places: { pl1: place('pl1'), pl2: place('pl2') } }), (g: Graph): Graph => ({ ...g, places: { pl2: place('pl2') } }), (cs: ChangeSet) => expect(cs.places).toEqual({ upsert: [], remove: ['pl1'] })],
    ['an event', (g: Graph) => withProfile(g, 'pr:n1', { events: [event('ev1'), event('ev2')] }), (g: Graph) => withProfile(g, 'pr:n1', { events: [event('ev2')] }), (cs: ChangeSet) => expect(cs.profiles.upsert[0]!.events).toEqual({ upsert: [], remove: ['ev1'] })],
  ])('removing %s', (_, make, remove, expectDiff) => {
    const saved = make(base());
    const current = remove(saved);
    const cs = diffGraphs(saved, current);
    expectDiff(cs);
    expect(snapshotKey(applyChangeSet(saved, cs))).toBe(snapshotKey(current));
  });

  it('leaves the optional groups out when nothing of them changed, so older readers see the old shape', () => {
    const g = base();
    const cs = diffGraphs(g, withProfile(g, 'pr:n1', { bio: 'x' }));
    expect(Object.keys(cs).sort()).toEqual(['baseRevision', 'edges', 'nodes', 'profiles']);
    expect(applyChangeSet(g, cs)).not.toHaveProperty('places');
    expect(isEmptyChangeSet(emptyChangeSet())).toBe(true);
  });

  it('two members editing different events of one person both keep their edits', () => {
    const saved = withProfile(base(), 'pr:n1', { events: [event('ev1', { description: 'Baker' }), event('ev2', { type: 'RESI' })] });
    const mine = diffGraphs(saved, withProfile(saved, 'pr:n1', { events: [event('ev1', { description: 'Master baker' }), event('ev2', { type: 'RESI' })] }));
    const theirs = diffGraphs(saved, withProfile(saved, 'pr:n1', { events: [event('ev1', { description: 'Baker' }), event('ev2', { type: 'RESI', date: '1901' }), event('ev3')] }));
    // The server applies one, then the other, whichever came first.
    for (const order of [[mine, theirs], [theirs, mine]]) {
      const after = order.reduce(applyChangeSet, saved).profiles['pr:n1']!.events!;
      expect(after.map((e) => [e.id, e.description, e.date])).toEqual([
        ['ev1', 'Master baker', ''],
        ['ev2', '', '1901'],
        ['ev3', '', ''],
      ]);
    }
  });

  it('a new profile carries its events and names in its creation patch', () => {
    const g = base();
    const p = { ...g.profiles['pr:n3']!, id: 'pr:new', events: [event('ev5')], names: [personName('nm5')] };
    const patch = diffProfile(undefined, p)!;
    expect(patch).toMatchObject({ create: true, events: { upsert: [event('ev5')] }, names: { upsert: [personName('nm5')] } });
  });

  it('withoutOverwritten drops the events, places and couples a later change set wrote', () => {
    const saved = withProfile(base(), 'pr:n1', { events: [event('ev1'), event('ev2')] });
    const older = diffGraphs(saved, { ...withProfile(saved, 'pr:n1', { events: [event('ev1', { age: '3' }), event('ev2', { age: '4' })] }), places: { pl1: place('pl1'), pl2: place('pl2') } });
    const newer = diffGraphs(saved, { ...withProfile(saved, 'pr:n1', { events: [event('ev1', { age: '9' }), event('ev2')] }), places: { pl1: place('pl1', { name: 'Later' }) } });
    const left = withoutOverwritten(older, [newer]);
    expect(left.profiles.upsert[0]!.events!.upsert.map((e) => e.id)).toEqual(['ev2']);
    expect(left.places!.upsert.map((p) => p.id)).toEqual(['pl2']);
  });
});

describe('the registry', () => {
  it('lists every kind a change set carries, the new ones optional', () => {
    expect(KIND_KEYS).toEqual(['nodes', 'edges', 'profiles', 'places', 'couples', 'sources', 'notDuplicates', 'media']);
    expect(KIND_KEYS.filter((k) => ENTITY_KINDS[k].optional)).toEqual(['places', 'couples', 'sources', 'notDuplicates', 'media']);
  });

  it('chunks and joins places and couples like the other kinds', async () => {
    const cs: ChangeSet = { ...emptyChangeSet(2), places: { upsert: Array.from({ length: 40 }, (_, i) => place(`pl${i}`)), remove: ['plx'] }, couples: { upsert: [couple('pr:a', 'pr:b')], remove: [] } };
    const bodies = chunkChangeSet(cs, 600);
    expect(bodies.length).toBeGreaterThan(2);
    const joined = await joinChunkBodies(bodies);
    expect(joined).toEqual(cs);
    const merged = mergeChangeSetChunks(bodies.map((b) => JSON.parse(b) as ChangeSet));
    expect(merged).toEqual({ ok: true, changes: cs });
    const twice = mergeChangeSetChunks([JSON.parse(bodies[0]!), JSON.parse(bodies[0]!)]);
    expect(twice).toMatchObject({ ok: false, message: expect.stringContaining('place pl0 twice') });
  });
});
