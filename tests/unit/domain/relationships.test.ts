import { describe, expect, it } from 'vitest';
import type { Graph } from '../../../src/domain/types.ts';
import { checkGraph } from '../../../src/domain/checkGraph.ts';
import { newProfile } from '../../../src/domain/profile.ts';
import {
  addRelative,
  deletePerson,
  relationsOf,
  RELATIONSHIP_MESSAGES,
  undo,
  unlinkRelation,
  type AddRelativeInput,
  type Outcome,
} from '../../../src/domain/relationships.ts';
import { findFreeIn, frozenCopy, makeGraph, noOverlapSearch, NOW } from './helpers.ts';

const person = (id: string, firstName = id) => ({ newProfile: newProfile(id, { firstName }, { uid: 'u-owner', now: NOW }) });

function ok<T>(r: Outcome<T>): Exclude<Outcome<T>, { ok: false }> {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r as Exclude<Outcome<T>, { ok: false }>;
}

const solo = () => makeGraph({ people: [{ node: 'n1001', profile: 'u-owner', primary: true, x: 0, y: 0 }] });

/** Grandma (n1001) → Mum (n1002, married to Dad n1003) → Kid (n1004, child of both). */
const family = () =>
  makeGraph({
    people: [
      { node: 'n1001', profile: 'pr:grandma', x: 0, y: -160 },
      { node: 'n1002', profile: 'u-owner', primary: true, x: 0, y: 0 },
      { node: 'n1003', profile: 'pr:dad', x: 180, y: 0 },
      { node: 'n1004', profile: 'pr:kid', x: 0, y: 160 },
      { node: 'n1005', profile: 'pr:ex', x: -180, y: 0 },
      { node: 'n1006', profile: 'pr:lonely', x: 600, y: 600 },
    ],
    parents: [
      ['n1001', 'n1002'],
      ['n1002', 'n1004'],
      ['n1003', 'n1004'],
    ],
    spouses: [
      ['n1002', 'n1003'],
      ['n1002', 'n1005'],
    ],
  });

const add = (g: Graph, input: Partial<AddRelativeInput> & Pick<AddRelativeInput, 'kind' | 'person'>) =>
  addRelative(g, { referenceNodeId: 'n1001', now: NOW, findFree: noOverlapSearch, ...input });

describe('addRelative', () => {
  it('adds a child below-left: new node n1002, edge e-n1001-n1002 bottom → top, mirrored lists', () => {
    const g = solo();
    const before = frozenCopy(g);
    const r = ok(add(g, { kind: 'child', person: person('pr:c') }));
    expect(g).toEqual(before);
    expect(r.nodeId).toBe('n1002');
    expect(r.graph.nodes[1]).toEqual({
      id: 'n1002',
      type: 'person',
      position: { x: -120, y: 160 },
      modifiedAt: NOW,
      hidden: false,
      data: { profileId: 'pr:c', parentRole: '', isPrimary: false },
    });
    expect(r.graph.edges).toEqual([
      { id: 'e-n1001-n1002', source: 'n1001', target: 'n1002', sourceHandle: 'bottom', targetHandle: 'top', type: 'smoothstep', hidden: false, data: { kind: 'parent' } },
    ]);
    expect(r.graph.profiles['u-owner']!.children).toEqual(['pr:c']);
    expect(r.graph.profiles['pr:c']!.parents).toEqual(['u-owner']);
    expect(r.changed).toEqual({ nodes: ['n1002'], edges: ['e-n1001-n1002'], profiles: ['pr:c', 'u-owner'] });
    expect(checkGraph(r.graph)).toEqual([]);
  });

  it('alternates children left and right, one ring further every two', () => {
    let g = solo();
    const xs: number[] = [];
    for (const id of ['pr:a', 'pr:b', 'pr:c', 'pr:d']) {
      const r = ok(add(g, { kind: 'child', person: person(id) }));
      g = r.graph;
      xs.push(g.nodes.find((n) => n.id === r.nodeId)!.position.x);
    }
    expect(xs).toEqual([-120, 120, -260, 260]);
    expect(g.nodes.map((n) => n.id)).toEqual(['n1001', 'n1002', 'n1003', 'n1004', 'n1005']);
    expect(checkGraph(g)).toEqual([]);
  });

  it.each([
    ['mother', 'F', { x: -160, y: -160 }],
    ['father', 'M', { x: 160, y: -160 }],
  ] as const)('adds a %s above with gender %s and the parent role', (role, gender, position) => {
    const r = ok(add(solo(), { kind: 'parent', parentRole: role, person: person('pr:p') }));
    const node = r.graph.nodes.find((n) => n.id === r.nodeId)!;
    expect(node.position).toEqual(position);
    expect(node.data.parentRole).toBe(role);
    expect(r.graph.profiles['pr:p']!.gender).toBe(gender);
    expect(r.graph.edges.map((e) => e.id)).toEqual([`e-${r.nodeId}-n1001`]);
    expect(r.graph.profiles['u-owner']!.parents).toEqual(['pr:p']);
    expect(checkGraph(r.graph)).toEqual([]);
  });

  it('adds spouses beside, alternating sides, as mutual list entries without a stored edge', () => {
    const a = ok(add(solo(), { kind: 'spouse', person: person('pr:s1') }));
    const b = ok(add(a.graph, { kind: 'spouse', person: person('pr:s2') }));
    expect(b.graph.nodes.map((n) => n.position.x)).toEqual([0, 180, -180]);
    expect(b.graph.profiles['u-owner']!.spouses).toEqual(['pr:s1', 'pr:s2']);
    expect(b.graph.profiles['pr:s2']!.spouses).toEqual(['u-owner']);
    expect(b.graph.edges).toEqual([]);
    expect(checkGraph(b.graph)).toEqual([]);
  });

  it('uses the overlap search for the spot', () => {
    const g = makeGraph({ people: [{ node: 'n1001', profile: 'u-owner', x: 0, y: 0 }, { node: 'n1002', x: -120, y: 160 }] });
    const r = ok(addRelative(g, { kind: 'child', referenceNodeId: 'n1001', person: person('pr:c'), now: NOW, findFree: findFreeIn(g) }));
    expect(r.graph.nodes.find((n) => n.id === r.nodeId)!.position).toEqual({ x: -120, y: 280 });
  });

  it('links an existing profile that is not on the tree with a new node', () => {
    const g = makeGraph({ people: [{ node: 'n1001', profile: 'u-owner' }], extraProfiles: [newProfile('pr:x', {}, { uid: 'u2', now: NOW })] });
    const r = ok(add(g, { kind: 'child', person: { existingProfileId: 'pr:x' } }));
    expect(r.nodeId).toBe('n1002');
    expect(r.graph.profiles['pr:x']!.parents).toEqual(['u-owner']);
    expect(checkGraph(r.graph)).toEqual([]);
  });

  it('links a profile already on the tree by joining the two cards (step-child)', () => {
    const g = family();
    const r = ok(add(g, { kind: 'child', referenceNodeId: 'n1005', person: { existingProfileId: 'pr:lonely' } }));
    expect(r.nodeId).toBe('n1006');
    expect(r.graph.nodes).toHaveLength(g.nodes.length);
    expect(r.graph.edges.at(-1)!.id).toBe('e-n1005-n1006');
    expect(checkGraph(r.graph)).toEqual([]);
  });

  it('sets the parent role on an existing card linked as a parent', () => {
    const r = ok(add(family(), { kind: 'parent', parentRole: 'father', referenceNodeId: 'n1006', person: { existingProfileId: 'pr:ex' } }));
    expect(r.graph.nodes.find((n) => n.id === 'n1005')!.data.parentRole).toBe('father');
    expect(r.graph.profiles['pr:lonely']!.parents).toEqual(['pr:ex']);
    expect(checkGraph(r.graph)).toEqual([]);
  });

  it.each([
    ['a parent without a type', { kind: 'parent', person: person('pr:p') }, RELATIONSHIP_MESSAGES.parentType],
    ['a third parent', { kind: 'parent', parentRole: 'mother', referenceNodeId: 'n1004', person: person('pr:p') }, RELATIONSHIP_MESSAGES.tooManyParents],
    ['a third parent by linking', { kind: 'child', referenceNodeId: 'n1006', person: { existingProfileId: 'pr:kid' } }, RELATIONSHIP_MESSAGES.tooManyParents],
    ['oneself', { kind: 'spouse', referenceNodeId: 'n1002', person: { existingProfileId: 'u-owner' } }, RELATIONSHIP_MESSAGES.self],
    ['an existing spouse again', { kind: 'spouse', referenceNodeId: 'n1002', person: { existingProfileId: 'pr:dad' } }, RELATIONSHIP_MESSAGES.alreadyRelated],
    ['an existing child again', { kind: 'child', referenceNodeId: 'n1002', person: { existingProfileId: 'pr:kid' } }, RELATIONSHIP_MESSAGES.alreadyRelated],
    ['a grandchild as a parent', { kind: 'parent', parentRole: 'mother', referenceNodeId: 'n1001', person: { existingProfileId: 'pr:kid' } }, RELATIONSHIP_MESSAGES.ownAncestor('n1001')],
    ['a missing profile', { kind: 'child', person: { existingProfileId: 'pr:nobody' } }, RELATIONSHIP_MESSAGES.unknownProfile],
    ['a missing card', { kind: 'child', referenceNodeId: 'n9999', person: person('pr:p') }, RELATIONSHIP_MESSAGES.unknownPerson],
  ] as const)('refuses %s', (_name, input, message) => {
    expect(add(family(), input as Partial<AddRelativeInput> & Pick<AddRelativeInput, 'kind' | 'person'>)).toEqual({ ok: false, message });
  });
});

describe('relationsOf', () => {
  it.each([
    ['n1002', [{ kind: 'parent', nodeId: 'n1001' }, { kind: 'child', nodeId: 'n1004' }, { kind: 'spouse', nodeId: 'n1003' }, { kind: 'spouse', nodeId: 'n1005' }]],
    ['n1004', [{ kind: 'parent', nodeId: 'n1002' }, { kind: 'parent', nodeId: 'n1003' }]],
    ['n1006', []],
    ['n9999', []],
  ])('%s', (nodeId, expected) => expect(relationsOf(family(), nodeId)).toEqual(expected));
});

describe('unlinkRelation', () => {
  it('removes a child link: the edge and both list entries', () => {
    const r = ok(unlinkRelation(family(), { nodeId: 'n1003', relation: { kind: 'child', nodeId: 'n1004' } }));
    expect(r.graph.edges.map((e) => e.id)).toEqual(['e-n1001-n1002', 'e-n1002-n1004']);
    expect(r.graph.profiles['pr:dad']!.children).toEqual([]);
    expect(r.graph.profiles['pr:kid']!.parents).toEqual(['u-owner']);
    expect(r.removedNodeId).toBeNull();
    expect(checkGraph(r.graph)).toEqual([]);
  });

  it('removes a parent link seen from the child', () => {
    const r = ok(unlinkRelation(family(), { nodeId: 'n1002', relation: { kind: 'parent', nodeId: 'n1001' } }));
    expect(r.graph.profiles['pr:grandma']!.children).toEqual([]);
    expect(r.graph.nodes).toHaveLength(6);
    expect(checkGraph(r.graph)).toEqual([]);
  });

  it('refuses spouses who share a child with the §8 message', () => {
    expect(unlinkRelation(family(), { nodeId: 'n1002', relation: { kind: 'spouse', nodeId: 'n1003' } })).toEqual({
      ok: false,
      message: 'Cannot unlink spouses that share children. Remove child relationships first.',
    });
  });

  it('unlinks a spouse and removes their card when nothing else connects it', () => {
    const r = ok(unlinkRelation(family(), { nodeId: 'n1002', relation: { kind: 'spouse', nodeId: 'n1005' } }));
    expect(r.removedNodeId).toBe('n1005');
    expect(r.graph.nodes.map((n) => n.id)).not.toContain('n1005');
    expect(r.graph.profiles['u-owner']!.spouses).toEqual(['pr:dad']);
    expect(r.graph.profiles['pr:ex']).toMatchObject({ spouses: [] });
    expect(checkGraph(r.graph)).toEqual([]);
  });

  it('keeps the spouse card when it has other links', () => {
    const g = ok(add(family(), { kind: 'parent', parentRole: 'father', referenceNodeId: 'n1006', person: { existingProfileId: 'pr:ex' } })).graph;
    const r = ok(unlinkRelation(g, { nodeId: 'n1002', relation: { kind: 'spouse', nodeId: 'n1005' } }));
    expect(r.removedNodeId).toBeNull();
    expect(checkGraph(r.graph)).toEqual([]);
  });

  it('never removes the primary card', () => {
    const g = makeGraph({ people: [{ node: 'n1001', profile: 'u-owner', primary: true }, { node: 'n1002' }], spouses: [['n1001', 'n1002']] });
    const r = ok(unlinkRelation(g, { nodeId: 'n1002', relation: { kind: 'spouse', nodeId: 'n1001' } }));
    expect(r.removedNodeId).toBeNull();
    expect(r.graph.nodes).toHaveLength(2);
  });

  it.each([
    ['spouse', 'n1006'],
    ['child', 'n1006'],
    ['parent', 'n1004'],
  ] as const)('refuses a %s link that does not exist', (kind, nodeId) => {
    expect(unlinkRelation(family(), { nodeId: 'n1002', relation: { kind, nodeId } })).toEqual({ ok: false, message: RELATIONSHIP_MESSAGES.notRelated });
  });
});

describe('deletePerson', () => {
  it('removes the node, its edges and profile, and strips references', () => {
    const g = family();
    const r = ok(deletePerson(g, 'n1003'));
    expect(r.graph.nodes.map((n) => n.id)).toEqual(['n1001', 'n1002', 'n1004', 'n1005', 'n1006']);
    expect(r.graph.edges.map((e) => e.id)).toEqual(['e-n1001-n1002', 'e-n1002-n1004']);
    expect(r.graph.profiles['pr:dad']).toBeUndefined();
    expect(r.graph.profiles['u-owner']!.spouses).toEqual(['pr:ex']);
    expect(r.graph.profiles['pr:kid']!.parents).toEqual(['u-owner']);
    expect(checkGraph(r.graph)).toEqual([]);
  });

  it('strips references even from profiles whose lists were one-sided', () => {
    const g = family();
    g.profiles['pr:lonely']!.children.push('pr:dad');
    const r = ok(deletePerson(g, 'n1003'));
    expect(r.graph.profiles['pr:lonely']!.children).toEqual([]);
  });

  it('deletes a card without a profile', () => {
    const g = makeGraph({ people: [{ node: 'n1001', profile: 'u-owner' }, { node: 'n1002', profile: '' }], parents: [] });
    expect(ok(deletePerson(g, 'n1002')).graph.nodes).toHaveLength(1);
  });

  it.each([
    ['n1002', RELATIONSHIP_MESSAGES.primaryNotDeletable],
    ['n9999', RELATIONSHIP_MESSAGES.unknownPerson],
  ])('refuses %s', (nodeId, message) => expect(deletePerson(family(), nodeId)).toEqual({ ok: false, message }));
});

describe('undo restores the graph exactly', () => {
  const ops: [string, (g: Graph) => Outcome][] = [
    ['add child', (g) => add(g, { kind: 'child', referenceNodeId: 'n1004', person: person('pr:new') })],
    ['add mother', (g) => add(g, { kind: 'parent', parentRole: 'mother', referenceNodeId: 'n1001', person: person('pr:new') })],
    ['link existing', (g) => add(g, { kind: 'parent', parentRole: 'father', referenceNodeId: 'n1006', person: { existingProfileId: 'pr:ex' } })],
    ['add spouse', (g) => add(g, { kind: 'spouse', referenceNodeId: 'n1004', person: person('pr:new') })],
    ['unlink child', (g) => unlinkRelation(g, { nodeId: 'n1003', relation: { kind: 'child', nodeId: 'n1004' } })],
    ['unlink spouse with cleanup', (g) => unlinkRelation(g, { nodeId: 'n1002', relation: { kind: 'spouse', nodeId: 'n1005' } })],
    ['delete a middle person', (g) => deletePerson(g, 'n1003')],
    ['delete the first node', (g) => deletePerson(g, 'n1001')],
  ];

  it.each(ops)('%s', (_name, op) => {
    const g = family();
    const before = frozenCopy(g);
    const r = ok(op(g));
    expect(checkGraph(r.graph)).toEqual([]);
    expect(r.graph).not.toEqual(before);
    const back = undo(r.graph, r.undo).graph;
    expect(back).toEqual(before);
    expect(g).toEqual(before);
  });
});
