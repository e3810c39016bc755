import { describe, expect, it } from 'vitest';
import { checkGraph } from '../../../src/domain/checkGraph.ts';
import { linkKindChoices, parentLinksOf, setLinkKind, setLinkKinds } from '../../../src/domain/pedigree.ts';
import { freeSide, placeInRow, placeRelative, placeSibling, placeSpouse } from '../../../src/domain/placement.ts';
import { newProfile } from '../../../src/domain/profile.ts';
import { addRelative, parentCards, RELATIONSHIP_MESSAGES, spouseCards, undo, type AddRelativeInput, type Outcome } from '../../../src/domain/relationships.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { bruteForceFindFree, findFreeIn, frozenCopy, makeGraph, noOverlapSearch, NOW } from './helpers.ts';

/** Families as couples (issue "Facts a genealogist can trust", item 6). */

const person = (id: string) => ({ newProfile: newProfile(id, { firstName: id }, { uid: 'u-owner', now: NOW }) });

function ok<T>(r: Outcome<T>): Exclude<Outcome<T>, { ok: false }> {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r as Exclude<Outcome<T>, { ok: false }>;
}

/**
 * Gran (n1001) → Me (n1002, primary) married to Ann (n1003, right) and Bea (n1004, left);
 * Solo (n1005) has no one; Kid (n1006) is Me and Ann's.
 */
const family = () =>
  makeGraph({
    people: [
      { node: 'n1001', profile: 'pr:gran', x: 0, y: -160 },
      { node: 'n1002', profile: 'u-owner', primary: true, x: 0, y: 0 },
      { node: 'n1003', profile: 'pr:ann', x: 180, y: 0 },
      { node: 'n1004', profile: 'pr:bea', x: -180, y: 0 },
      { node: 'n1005', profile: 'pr:solo', x: 900, y: 0 },
      { node: 'n1006', profile: 'pr:kid', x: 90, y: 160 },
    ],
    parents: [
      ['n1001', 'n1002'],
      ['n1002', 'n1006'],
      ['n1003', 'n1006'],
    ],
    spouses: [
      ['n1002', 'n1003'],
      ['n1002', 'n1004'],
    ],
  });

const add = (g: Graph, input: Partial<AddRelativeInput> & Pick<AddRelativeInput, 'kind' | 'person'>) =>
  addRelative(g, { referenceNodeId: 'n1002', now: NOW, findFree: noOverlapSearch, ...input });

const parentsOf = (g: Graph, profileId: string) => [...g.profiles[profileId]!.parents].sort();
const edgeIdsInto = (g: Graph, nodeId: string) => g.edges.filter((e) => e.target === nodeId).map((e) => e.id).sort();

describe('a child of a couple or of a single parent', () => {
  it.each([
    ['the couple with the first spouse', 'pr:ann', ['pr:ann', 'u-owner'], ['e-n1002-n1007', 'e-n1003-n1007']],
    ['the couple with the second spouse', 'pr:bea', ['pr:bea', 'u-owner'], ['e-n1002-n1007', 'e-n1004-n1007']],
    ['a single parent', undefined, ['u-owner'], ['e-n1002-n1007']],
  ] as const)('%s', (_name, otherParentProfileId, parents, edges) => {
    const g = family();
    const r = ok(add(g, { kind: 'child', person: person('pr:new'), otherParentProfileId }));
    expect(r.nodeId).toBe('n1007');
    expect(parentsOf(r.graph, 'pr:new')).toEqual(parents);
    expect(edgeIdsInto(r.graph, 'n1007')).toEqual(edges);
    for (const p of parents) expect(r.graph.profiles[p]!.children).toContain('pr:new');
    expect(checkGraph(r.graph)).toEqual([]);
    expect(undo(r.graph, r.undo).graph).toEqual(g);
  });

  it('places a couple\'s child under the middle of the couple, after their children', () => {
    const r = ok(add(family(), { kind: 'child', person: person('pr:new'), otherParentProfileId: 'pr:ann' }));
    // Middle of Me (0) and Ann (180) is 90; one child already, so the second goes right: 90 + 120.
    expect(r.graph.nodes.find((n) => n.id === r.nodeId)!.position).toEqual({ x: 210, y: 160 });
  });

  it('links an existing person as the couple\'s child, keeping a link they already have', () => {
    const g = makeGraph({
      people: [{ node: 'n1001', profile: 'u-owner' }, { node: 'n1002', profile: 'pr:ann' }, { node: 'n1003', profile: 'pr:kid' }],
      parents: [['n1002', 'n1003']],
      spouses: [['n1001', 'n1002']],
    });
    const r = ok(add(g, { kind: 'child', referenceNodeId: 'n1001', person: { existingProfileId: 'pr:kid' }, otherParentProfileId: 'pr:ann' }));
    expect(edgeIdsInto(r.graph, 'n1003')).toEqual(['e-n1001-n1003', 'e-n1002-n1003']);
    expect(checkGraph(r.graph)).toEqual([]);
  });

  it('refuses an other parent who is not their spouse', () => {
    expect(add(family(), { kind: 'child', person: person('pr:x'), otherParentProfileId: 'pr:solo' })).toEqual({ ok: false, message: RELATIONSHIP_MESSAGES.notSpouse });
  });

  it('refuses a couple\'s child who already has two other parents', () => {
    const g = makeGraph({
      people: [{ node: 'n1001', profile: 'u-owner' }, { node: 'n1002', profile: 'pr:ann' }, { node: 'n1003', profile: 'pr:kid' }, { node: 'n1004' }, { node: 'n1005' }],
      parents: [['n1004', 'n1003'], ['n1005', 'n1003']],
      spouses: [['n1001', 'n1002']],
    });
    expect(add(g, { kind: 'child', referenceNodeId: 'n1001', person: { existingProfileId: 'pr:kid' }, otherParentProfileId: 'pr:ann' })).toEqual({
      ok: false,
      message: RELATIONSHIP_MESSAGES.tooManyParents,
    });
  });

  it('lists the spouses\' cards in the order they were added (the last is the current one)', () => {
    expect(spouseCards(family(), 'n1002').map((n) => n.id)).toEqual(['n1003', 'n1004']);
    expect(spouseCards(family(), 'n1005')).toEqual([]);
  });
});

describe('both parents become a couple', () => {
  const withMother = () =>
    makeGraph({ people: [{ node: 'n1001', profile: 'u-owner', x: 0, y: 0 }, { node: 'n1002', profile: 'pr:mum', x: -160, y: -160, role: 'mother' }], parents: [['n1002', 'n1001']] });

  it.each([
    ['by default', undefined, ['pr:dad'], ['pr:mum']],
    ['when asked to', true, ['pr:dad'], ['pr:mum']],
    ['not when the member says they are not', false, [], []],
  ] as const)('%s', (_name, couple, mumSpouses, dadSpouses) => {
    const g = withMother();
    const r = ok(addRelative(g, { kind: 'parent', parentRole: 'father', referenceNodeId: 'n1001', person: person('pr:dad'), couple, now: NOW, findFree: noOverlapSearch }));
    expect(r.graph.profiles['pr:mum']!.spouses).toEqual(mumSpouses);
    expect(r.graph.profiles['pr:dad']!.spouses).toEqual(dadSpouses);
    expect(checkGraph(r.graph)).toEqual([]);
    expect(undo(r.graph, r.undo).graph).toEqual(g);
  });

  it('leaves parents who are already a couple as they are', () => {
    const g = makeGraph({
      people: [{ node: 'n1001', profile: 'u-owner' }, { node: 'n1002', profile: 'pr:mum' }, { node: 'n1003', profile: 'pr:dad' }],
      parents: [['n1002', 'n1001']],
      spouses: [['n1002', 'n1003']],
    });
    const r = ok(addRelative(g, { kind: 'parent', parentRole: 'father', referenceNodeId: 'n1001', person: { existingProfileId: 'pr:dad' }, now: NOW, findFree: noOverlapSearch }));
    expect(r.graph.profiles['pr:mum']!.spouses).toEqual(['pr:dad']);
    expect(r.graph.profiles['pr:dad']!.spouses).toEqual(['pr:mum']);
    expect(r.changed.profiles.sort()).toEqual(['pr:dad', 'u-owner']);
  });

  it('makes no couple of the first parent alone', () => {
    const g = makeGraph({ people: [{ node: 'n1001', profile: 'u-owner' }] });
    const r = ok(addRelative(g, { kind: 'parent', parentRole: 'mother', referenceNodeId: 'n1001', person: person('pr:mum'), now: NOW, findFree: noOverlapSearch }));
    expect(r.graph.profiles['pr:mum']!.spouses).toEqual([]);
  });
});

describe('siblings', () => {
  it.each([
    ['of a person with two parents', 'n1006', ['pr:ann', 'u-owner']],
    ['of a person with one parent', 'n1002', ['pr:gran']],
  ] as const)('a sibling %s gets the same parents', (_name, referenceNodeId, parents) => {
    const g = family();
    const r = ok(add(g, { kind: 'sibling', referenceNodeId, person: person('pr:sib') }));
    expect(parentsOf(r.graph, 'pr:sib')).toEqual(parents);
    expect(checkGraph(r.graph)).toEqual([]);
    expect(undo(r.graph, r.undo).graph).toEqual(g);
  });

  it('refuses a sibling of someone without parents on the tree', () => {
    expect(add(family(), { kind: 'sibling', referenceNodeId: 'n1005', person: person('pr:sib') })).toEqual({ ok: false, message: RELATIONSHIP_MESSAGES.siblingNeedsParent });
  });

  it('places a sibling in the person\'s row, away from their spouse', () => {
    const g = family();
    // Kid has no spouse: left of them, 160 away.
    const kid = ok(add(g, { kind: 'sibling', referenceNodeId: 'n1006', person: person('pr:sib'), findFree: findFreeIn(g) }));
    expect(kid.graph.nodes.find((n) => n.id === kid.nodeId)!.position).toEqual({ x: 90 - 160, y: 160 });
  });

  it('links an existing person as a sibling, refusing one who is already a sibling', () => {
    const g = family();
    const r = ok(add(g, { kind: 'sibling', person: { existingProfileId: 'pr:solo' } }));
    expect(parentsOf(r.graph, 'pr:solo')).toEqual(['pr:gran']);
    expect(add(r.graph, { kind: 'sibling', person: { existingProfileId: 'pr:solo' } })).toEqual({ ok: false, message: RELATIONSHIP_MESSAGES.alreadyRelated });
  });

  it('lists a person\'s parents\' cards', () => {
    expect(parentCards(family(), 'n1006').map((n) => n.id).sort()).toEqual(['n1002', 'n1003']);
    expect(parentCards(family(), 'n1005')).toEqual([]);
  });
});

describe('a second spouse is placed beside, never among the parents', () => {
  it.each([
    ['no spouse yet: right', [], { side: 1, onSide: 0 }],
    ['one on the right: left', [{ x: 180, y: 0 }], { side: -1, onSide: 0 }],
    ['one on the left: right', [{ x: -180, y: 0 }], { side: 1, onSide: 0 }],
    ['one each side: right, one further', [{ x: 180, y: 0 }, { x: -180, y: 0 }], { side: 1, onSide: 1 }],
  ] as const)('%s', (_name, spouses, expected) => expect(freeSide({ x: 0, y: 0 }, spouses)).toEqual(expected));

  it('puts the second spouse on the side away from the first, even when the first was moved left', () => {
    const g = makeGraph({ people: [{ node: 'n1001', profile: 'u-owner', x: 0, y: 0 }, { node: 'n1002', profile: 'pr:first', x: -200, y: 0 }], spouses: [['n1001', 'n1002']] });
    const r = ok(addRelative(g, { kind: 'spouse', referenceNodeId: 'n1001', person: person('pr:second'), now: NOW, findFree: findFreeIn(g) }));
    expect(r.graph.nodes.find((n) => n.id === r.nodeId)!.position).toEqual({ x: 180, y: 0 });
  });

  it('stays in the row when the spots beside are taken, where the plain search left the row', () => {
    // Me (0) in a row of ten siblings 140 apart, parents above; the first spouse far right.
    const cards = [{ x: -80, y: -160 }, { x: 80, y: -160 }, { x: 1200, y: 0 }];
    for (let x = -700; x <= 700; x += 140) cards.push({ x, y: 0 });
    const findFree = bruteForceFindFree(() => cards);
    expect(placeRelative({ x: 0, y: 0 }, { kind: 'spouse', existingSpouses: 1 }, findFree).y).not.toBe(0);
    const spot = placeSpouse({ x: 0, y: 0 }, [{ x: 1200, y: 0 }], findFree);
    expect(spot).toEqual({ x: -860, y: 0 });
    for (const c of cards) expect(Math.abs(spot.x - c.x) >= 140 || Math.abs(spot.y - c.y) >= 100).toBe(true);
    expect(placeSibling({ x: 0, y: 0 }, [{ x: 1200, y: 0 }], findFree)).toEqual({ x: -840, y: 0 });
  });

  it('walks the row outwards from the desired spot', () => {
    const taken = [{ x: 100, y: 0 }];
    expect(placeInRow({ x: 100, y: 0 }, 1, bruteForceFindFree(() => taken))).toEqual({ x: 260, y: 0 });
    expect(placeInRow({ x: 100, y: 0 }, -1, bruteForceFindFree(() => taken))).toEqual({ x: -60, y: 0 });
  });
});

describe('the kind of each parent link', () => {
  it.each([
    ['adopted', { kind: 'parent', pedigree: 'adopted' }],
    ['foster', { kind: 'parent', pedigree: 'foster' }],
    ['step', { kind: 'parent', pedigree: 'step' }],
    ['unknown', { kind: 'parent', pedigree: 'unknown' }],
    ['birth', { kind: 'parent' }],
  ] as const)('sets %s (undoable)', (kind, data) => {
    const g = family();
    const before = frozenCopy(g);
    const r = ok(setLinkKind(g, { parentNodeId: 'n1003', childNodeId: 'n1006', kind }));
    expect(r.graph.edges.find((e) => e.id === 'e-n1003-n1006')!.data).toEqual(data);
    expect(g).toEqual(before);
    expect(checkGraph(r.graph)).toEqual([]);
    expect(undo(r.graph, r.undo).graph).toEqual(before);
  });

  it('goes back to birth by removing the pedigree', () => {
    const adopted = ok(setLinkKind(family(), { parentNodeId: 'n1003', childNodeId: 'n1006', kind: 'adopted' })).graph;
    const r = ok(setLinkKind(adopted, { parentNodeId: 'n1003', childNodeId: 'n1006', kind: 'birth' }));
    expect(r.graph.edges.find((e) => e.id === 'e-n1003-n1006')!.data).toEqual({ kind: 'parent' });
    expect(r.changed.edges).toEqual(['e-n1003-n1006']);
  });

  it('sets both links of a child as one edit, undone together; one bad link refuses all', () => {
    const g = family();
    const r = ok(setLinkKinds(g, { childNodeId: 'n1006', kinds: { n1002: 'step', n1003: 'adopted' } }));
    expect(r.changed.edges.sort()).toEqual(['e-n1002-n1006', 'e-n1003-n1006']);
    expect(undo(r.graph, r.undo).graph).toEqual(g);
    expect(setLinkKinds(g, { childNodeId: 'n1006', kinds: { n1002: 'step', n1004: 'adopted' } })).toEqual({ ok: false, message: RELATIONSHIP_MESSAGES.notRelated });
  });

  it('changes nothing when the kind is the same', () => {
    expect(ok(setLinkKind(family(), { parentNodeId: 'n1003', childNodeId: 'n1006', kind: 'birth' })).changed.edges).toEqual([]);
  });

  it.each([
    ['a link that does not exist', { parentNodeId: 'n1004', childNodeId: 'n1006', kind: 'adopted' }],
    ['a kind that does not exist', { parentNodeId: 'n1003', childNodeId: 'n1006', kind: 'godparent' }],
  ] as const)('refuses %s', (_name, input) => {
    expect(setLinkKind(family(), input as Parameters<typeof setLinkKind>[1])).toEqual({ ok: false, message: RELATIONSHIP_MESSAGES.notRelated });
  });

  it('lists a child\'s parent links with their kinds', () => {
    const g = ok(setLinkKind(family(), { parentNodeId: 'n1003', childNodeId: 'n1006', kind: 'foster' })).graph;
    expect(parentLinksOf(g, 'n1006')).toEqual([
      { edgeId: 'e-n1002-n1006', parentNodeId: 'n1002', kind: 'birth' },
      { edgeId: 'e-n1003-n1006', parentNodeId: 'n1003', kind: 'foster' },
    ]);
  });

  it.each([
    ['birth', ['birth', 'adopted', 'foster', 'step', 'unknown']],
    ['sealing', ['birth', 'adopted', 'foster', 'step', 'unknown', 'sealing']],
  ] as const)('offers the editable kinds, and an imported %s kind when set', (current, choices) => expect(linkKindChoices(current)).toEqual(choices));
});
