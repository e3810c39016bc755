import { describe, expect, it } from 'vitest';
import type { Graph } from '../../../src/domain/types.ts';
import {
  applyChangeSet,
  changeCount,
  diffGraphs,
  emptyChangeSet,
  hasUnsavedChanges,
  isEmptyChangeSet,
  stampChangeSet,
  stampOwnChangeSet,
  type ChangeSet,
} from '../../../src/domain/changeSet.ts';
import { addRelative, deletePerson, unlinkRelation } from '../../../src/domain/relationships.ts';
import { savePerson } from '../../../src/domain/editPerson.ts';
import { collapseChildren } from '../../../src/domain/collapse.ts';
import { newProfile } from '../../../src/domain/profile.ts';
import { snapshotGraph, snapshotKey } from '../../../src/domain/snapshot.ts';
import { frozenCopy, LATER, makeGraph, noOverlapSearch, NOW } from './helpers.ts';

const family = (): Graph => ({
  ...makeGraph({
    people: [
      { node: 'n1001', profile: 'u-owner', primary: true, fields: { ownerUid: 'u-owner', createdBy: 'u-owner' } },
      { node: 'n1002', profile: 'pr:mine', fields: { createdBy: 'u-member' } },
      { node: 'n1003', profile: 'pr:theirs', fields: { createdBy: 'u-owner' } },
      { node: 'n1004', profile: 'u-member', fields: { ownerUid: 'u-member', createdBy: 'u-member' } },
    ],
    parents: [['n1001', 'n1003']],
    spouses: [['n1001', 'n1002']],
  }),
  revision: 7,
});

const ok = <T extends { ok: boolean }>(r: T) => {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
};

const moveCard = (g: Graph, id: string, x: number): Graph => ({
  ...g,
  nodes: g.nodes.map((n) => (n.id === id ? { ...n, position: { x, y: n.position.y }, modifiedAt: LATER } : n)),
});

describe('diffGraphs', () => {
  it('is empty for the same graph and for an equal copy', () => {
    const g = family();
    expect(isEmptyChangeSet(diffGraphs(g, g))).toBe(true);
    expect(isEmptyChangeSet(diffGraphs(g, frozenCopy(g)))).toBe(true);
    expect(diffGraphs(g, g).baseRevision).toBe(7);
  });

  it('sends one node for one moved card', () => {
    const g = family();
    const cs = diffGraphs(g, moveCard(g, 'n1002', 999));
    expect(changeCount(cs)).toBe(1);
    expect(cs.nodes.upsert[0]).toMatchObject({ id: 'n1002', position: { x: 999, y: 0 } });
  });

  it('ignores canvas state (selected, dragging, measured size)', () => {
    const g = family();
    const current = { ...g, nodes: g.nodes.map((n) => ({ ...n, selected: true, dragging: true, width: 200, measured: { width: 1 } })) };
    expect(hasUnsavedChanges(g, current)).toBe(false);
    expect(snapshotKey(g)).toBe(snapshotKey(current));
  });

  it('patches only the profile fields that changed', () => {
    const g = family();
    const edited = ok(savePerson(g, { nodeId: 'n1003', fields: { bio: 'Hi' }, uid: 'u-owner', now: LATER })).graph;
    expect(diffGraphs(g, edited).profiles.upsert).toEqual([{ id: 'pr:theirs', set: { bio: 'Hi', updatedBy: 'u-owner', updatedAt: LATER } }]);
  });

  it('describes list changes as additions and removals', () => {
    const g = family();
    const after = ok(unlinkRelation(g, { nodeId: 'n1001', relation: { kind: 'child', nodeId: 'n1003' } })).graph;
    const cs = diffGraphs(g, after);
    expect(cs.edges).toEqual({ upsert: [], remove: ['e-n1001-n1003'] });
    expect(cs.profiles.upsert).toEqual([
      { id: 'u-owner', remove: { children: ['pr:theirs'] } },
      { id: 'pr:theirs', remove: { parents: ['u-owner'] } },
    ]);
  });

  it('sends a new profile whole with create', () => {
    const g = family();
    const p = newProfile('pr:new', { firstName: 'New' }, { uid: 'u-owner', now: LATER });
    const after = ok(addRelative(g, { kind: 'child', referenceNodeId: 'n1003', person: { newProfile: p }, now: LATER, findFree: noOverlapSearch })).graph;
    const cs = diffGraphs(g, after);
    expect(cs.nodes.upsert.map((n) => n.id)).toEqual(['n1005']);
    expect(cs.edges.upsert.map((e) => e.id)).toEqual(['e-n1003-n1005']);
    const created = cs.profiles.upsert.find((x) => x.id === 'pr:new')!;
    expect(created.create).toBe(true);
    expect(created.set).toMatchObject({ firstName: 'New', createdBy: 'u-owner' });
    expect(created.add).toEqual({ parents: ['pr:theirs'] });
  });

  it('lists removals', () => {
    const g = family();
    const cs = diffGraphs(g, ok(deletePerson(g, 'n1002')).graph);
    expect(cs.nodes.remove).toEqual(['n1002']);
    expect(cs.profiles.remove).toEqual(['pr:mine']);
  });
});

describe('applyChangeSet', () => {
  const edits: [string, (g: Graph) => Graph][] = [
    ['move', (g) => moveCard(g, 'n1003', -40)],
    ['add child', (g) => ok(addRelative(g, { kind: 'child', referenceNodeId: 'n1001', person: { newProfile: newProfile('pr:n', {}, { uid: 'u-owner', now: NOW }) }, now: NOW, findFree: noOverlapSearch })).graph],
    ['delete', (g) => ok(deletePerson(g, 'n1003')).graph],
    ['collapse', (g) => collapseChildren(g, 'n1001').graph],
    ['edit', (g) => ok(savePerson(g, { nodeId: 'n1002', fields: { lastName: 'Z', birthYear: '1970' }, uid: 'u-member', now: LATER })).graph],
  ];

  it.each(edits)('diff then apply reproduces the edit: %s', (_name, edit) => {
    const saved = family();
    const current = edit(saved);
    const result = applyChangeSet(saved, diffGraphs(saved, current));
    expect(snapshotGraph(result)).toEqual(snapshotGraph(current));
  });

  it('keeps untouched entities as the same objects', () => {
    const g = family();
    const r = applyChangeSet(g, diffGraphs(g, moveCard(g, 'n1002', 5)));
    expect(r.nodes[0]).toBe(g.nodes[0]);
    expect(r.edges).toBe(g.edges);
    expect(r.profiles).toBe(g.profiles);
  });

  it('two members editing different fields of one person both keep their edits', () => {
    const base = family();
    const a = diffGraphs(base, ok(savePerson(base, { nodeId: 'n1003', fields: { bio: 'from A' }, uid: 'u-owner', now: NOW })).graph);
    const b = diffGraphs(base, ok(savePerson(base, { nodeId: 'n1003', fields: { death: '1999' }, uid: 'u-owner', now: LATER })).graph);
    const server = applyChangeSet(applyChangeSet(base, a), b);
    expect(server.profiles['pr:theirs']).toMatchObject({ bio: 'from A', death: '1999', updatedAt: LATER });
  });

  it('the same field edited twice ends with the last applied value', () => {
    const base = family();
    const a = diffGraphs(base, ok(savePerson(base, { nodeId: 'n1003', fields: { bio: 'A' }, uid: 'u-owner', now: NOW })).graph);
    const b = diffGraphs(base, ok(savePerson(base, { nodeId: 'n1003', fields: { bio: 'B' }, uid: 'u-owner', now: NOW })).graph);
    expect(applyChangeSet(applyChangeSet(base, a), b).profiles['pr:theirs']!.bio).toBe('B');
    expect(applyChangeSet(applyChangeSet(base, b), a).profiles['pr:theirs']!.bio).toBe('A');
  });

  it('two members adding different children to one person keep both', () => {
    const base = family();
    const child = (id: string) => ({ newProfile: newProfile(id, {}, { uid: 'u-owner', now: NOW }) });
    const a = diffGraphs(base, ok(addRelative(base, { kind: 'child', referenceNodeId: 'n1003', person: child('pr:a'), now: NOW, findFree: noOverlapSearch })).graph);
    const afterA = applyChangeSet(base, a);
    const b = diffGraphs(base, ok(addRelative(base, { kind: 'child', referenceNodeId: 'n1003', person: child('pr:b'), now: NOW, findFree: noOverlapSearch })).graph);
    b.nodes.upsert[0]!.id = 'n1006';
    b.edges.upsert[0] = { ...b.edges.upsert[0]!, id: 'e-n1003-n1006', target: 'n1006' };
    const server = applyChangeSet(afterA, b);
    expect(server.profiles['pr:theirs']!.children).toEqual(['pr:a', 'pr:b']);
  });

  it('drops an edit of a profile removed meanwhile', () => {
    const base = family();
    const r = applyChangeSet(base, { ...emptyChangeSet(), profiles: { upsert: [{ id: 'pr:gone', set: { bio: 'x' } }], remove: [] } });
    expect(r.profiles['pr:gone']).toBeUndefined();
  });
});

describe('stampChangeSet', () => {
  it('stamps every profile and fills missing creation fields', () => {
    const cs: ChangeSet = {
      ...emptyChangeSet(),
      profiles: { upsert: [{ id: 'pr:a', set: { bio: 'x' } }, { id: 'pr:b', create: true, set: { firstName: 'B', createdBy: '' } }], remove: [] },
    };
    expect(stampChangeSet(cs, { uid: 'u1', now: LATER }).profiles.upsert).toEqual([
      { id: 'pr:a', set: { bio: 'x', updatedBy: 'u1', updatedAt: LATER } },
      { id: 'pr:b', create: true, set: { firstName: 'B', createdBy: 'u1', createdAt: LATER, updatedBy: 'u1', updatedAt: LATER } },
    ]);
  });

  it('stamps a change set its caller owns where it is, to the same JSON (fields in the same order)', () => {
    const cs: ChangeSet = {
      ...emptyChangeSet(),
      profiles: { upsert: [{ id: 'pr:a', set: { updatedAt: 'old', bio: 'x' } }, { id: 'pr:b', create: true }, { id: 'pr:c', create: true, set: { createdBy: 'u2', firstName: 'C' }, add: { spouses: ['pr:a'] } }], remove: [] },
    };
    const copied = JSON.stringify(stampChangeSet(cs, { uid: 'u1', now: LATER }));
    const own = structuredClone(cs);
    expect(stampOwnChangeSet(own, { uid: 'u1', now: LATER })).toBe(own);
    expect(JSON.stringify(own)).toBe(copied);
  });
});
