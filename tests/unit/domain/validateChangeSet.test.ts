import { describe, expect, it, vi } from 'vitest';
import { applyChangeSet, diffGraphs, emptyChangeSet, stampChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { checkGraph } from '../../../src/domain/checkGraph.ts';
import { collapseChildren } from '../../../src/domain/collapse.ts';
import { linkNodeToProfile, savePerson } from '../../../src/domain/editPerson.ts';
import { edgeId } from '../../../src/domain/ids.ts';
import { emptyProfile, newProfile } from '../../../src/domain/profile.ts';
import { addRelative, deletePerson, unlinkRelation } from '../../../src/domain/relationships.ts';
import { graphLookup, Neighbourhood, type GraphLookup } from '../../../src/domain/save/neighbourhood.ts';
import { changeSetShapeProblem, validateChangeSet } from '../../../src/domain/save/validate.ts';
import type { Graph, GraphEdge, GraphNode } from '../../../src/domain/types.ts';
import { LATER, makeGraph, noOverlapSearch, NOW } from './helpers.ts';

/**
 * The server's scoped validation, on tables of neighbourhoods: each row is a tiny stored graph
 * (read through an in-memory lookup, as the server reads its database), a change set, the member
 * sending it, and the expected refusal.
 */

/** The owner (claimed by them), their spouse, a child and grandchild, and a member (claimed). */
const family = (): Graph => ({
  ...makeGraph({
    people: [
      { node: 'n1001', profile: 'u-owner', primary: true, fields: { ownerUid: 'u-owner', createdBy: 'u-owner' } },
      { node: 'n1002', profile: 'pr:mine', fields: { createdBy: 'u-member' } },
      { node: 'n1003', profile: 'pr:theirs', fields: { createdBy: 'u-owner' } },
      { node: 'n1004', profile: 'u-member', fields: { ownerUid: 'u-member', createdBy: 'u-member' } },
      { node: 'n1005', profile: 'pr:grandkid', fields: { createdBy: 'u-owner' } },
    ],
    parents: [
      ['n1001', 'n1003'],
      ['n1003', 'n1005'],
    ],
    spouses: [['n1001', 'n1002']],
  }),
  revision: 7,
});

/** A child (n1004) with both parents on the tree. */
const twoParents = (): Graph =>
  makeGraph({
    people: [{ node: 'n1001', profile: 'u-owner', primary: true, fields: { ownerUid: 'u-owner' } }, { node: 'n1002' }, { node: 'n1003' }, { node: 'n1004' }],
    parents: [
      ['n1002', 'n1004'],
      ['n1003', 'n1004'],
    ],
    spouses: [['n1002', 'n1003']],
  });

/** A child (n1002) whose two listed parents are not on the tree. */
const parentsOffTree = (): Graph => {
  const g = makeGraph({ people: [{ node: 'n1001', profile: 'u-owner', primary: true, fields: { ownerUid: 'u-owner' } }, { node: 'n1002' }] });
  for (const id of ['pr:x', 'pr:y']) g.profiles[id] = { ...emptyProfile(id), children: ['pr:n1002'], createdBy: 'u-owner' };
  g.profiles['pr:n1002']!.parents = ['pr:x', 'pr:y'];
  return g;
};

/** A graph from before one-primary was enforced: the primary card shows someone else. */
const legacyPrimary = (): Graph =>
  makeGraph({
    people: [{ node: 'n1001', profile: 'pr:legacy', primary: true }],
    extraProfiles: [{ ...emptyProfile('u-owner'), ownerUid: 'u-owner', createdBy: 'u-owner' }],
  });

const ok = <T extends { ok: boolean }>(r: T) => {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
};

function validate(changes: unknown, graph: Graph = family(), actingUid = 'u-owner', lookup: GraphLookup = graphLookup(graph)) {
  return validateChangeSet(changes, { neighbourhood: new Neighbourhood(lookup), actingUid, role: actingUid === 'u-owner' ? 'owner' : 'editor', graphOwnerUid: 'u-owner', currentYear: 2025 });
}

/** The change set the screens send for an edit made on the family. */
const diff = (edit: (g: Graph) => Graph, uid = 'u-owner', base: () => Graph = family) => {
  const g = base();
  return stampChangeSet(diffGraphs(g, edit(g)), { uid, now: LATER });
};

const moveCard = (g: Graph, id: string, x: number): Graph => ({
  ...g,
  nodes: g.nodes.map((n) => (n.id === id ? { ...n, position: { x, y: n.position.y }, modifiedAt: LATER } : n)),
});

const child = (uid: string, under = 'n1003') => (g: Graph) =>
  ok(addRelative(g, { kind: 'child', referenceNodeId: under, person: { newProfile: newProfile('pr:kid', { firstName: 'Kid' }, { uid, now: NOW }) }, now: NOW, findFree: noOverlapSearch })).graph;

const card = (id: string, profileId: string, isPrimary = false): GraphNode => ({ id, type: 'person', position: { x: 0, y: 0 }, modifiedAt: NOW, hidden: false, data: { profileId, parentRole: '', isPrimary } });
const line = (source: string, target: string, id = edgeId(source, target)): GraphEdge => ({ id, source, target, sourceHandle: 'bottom', targetHandle: 'top', type: 'smoothstep', hidden: false, data: { kind: 'parent' } });
const spouseLine = (a: string, b: string, hidden: boolean): GraphEdge => ({ id: `sp-${a}-${b}`, source: a, target: b, sourceHandle: 'right', targetHandle: 'left', type: 'straight', hidden, data: { kind: 'spouse' } });

const changes = (parts: { nodes?: Partial<ChangeSet['nodes']>; edges?: Partial<ChangeSet['edges']>; profiles?: Partial<ChangeSet['profiles']> }): ChangeSet => {
  const cs = emptyChangeSet(7);
  return {
    ...cs,
    nodes: { ...cs.nodes, ...parts.nodes },
    edges: { ...cs.edges, ...parts.edges },
    profiles: { ...cs.profiles, ...parts.profiles },
  };
};

describe('validateChangeSet accepts what the screens send', () => {
  it.each<[string, (g: Graph) => Graph, string]>([
    ['a moved card', (g) => moveCard(g, 'n1004', 50), 'u-member'],
    ["moving someone else's claimed card", (g) => moveCard(g, 'n1001', 50), 'u-member'],
    ['a new child', child('u-member'), 'u-member'],
    ['a new child of a claimed person', child('u-member', 'n1001'), 'u-member'],
    ['an edit of a profile I created', (g) => ok(savePerson(g, { nodeId: 'n1002', fields: { bio: 'x' }, uid: 'u-member', now: LATER })).graph, 'u-member'],
    ['an edit of my own profile', (g) => ok(savePerson(g, { nodeId: 'n1004', fields: { bio: 'x' }, uid: 'u-member', now: LATER })).graph, 'u-member'],
    ['a list change on profiles I may not edit', (g) => ok(unlinkRelation(g, { nodeId: 'n1003', relation: { kind: 'child', nodeId: 'n1005' } })).graph, 'u-member'],
    ['the owner unlinking their own child', (g) => ok(unlinkRelation(g, { nodeId: 'n1001', relation: { kind: 'child', nodeId: 'n1003' } })).graph, 'u-owner'],
    ['removing an unclaimed person, with their entries in a claimed list', (g) => ok(deletePerson(g, 'n1003')).graph, 'u-member'],
    ['collapsing', (g) => collapseChildren(g, 'n1001').graph, 'u-member'],
    ['an ancestor born in 1850', (g) => ok(savePerson(g, { nodeId: 'n1002', fields: { birthYear: '1850', birthMonth: '3', death: '1901-02-03' }, uid: 'u-member', now: LATER })).graph, 'u-member'],
    ['an adopted child (the pedigree kept on the parent line)', (g) => ({ ...g, edges: g.edges.map((e) => (e.id === 'e-n1001-n1003' ? { ...e, data: { kind: 'parent' as const, pedigree: 'adopted' as const } } : e)) }), 'u-member'],
    ...(['foster', 'step', 'unknown'] as const).map((pedigree): [string, (g: Graph) => Graph, string] => [
      `a ${pedigree} link (issue 20, item 6)`,
      (g) => ({ ...g, edges: g.edges.map((e) => (e.id === 'e-n1001-n1003' ? { ...e, data: { kind: 'parent' as const, pedigree } } : e)) }),
      'u-member',
    ]),
    ['an imported date kept as written', (g) => ok(savePerson(g, { nodeId: 'n1002', fields: { birthDateText: 'BET 1750 AND 1752', deathDateText: '@#DJULIAN@ 11 FEB 1731/32' }, uid: 'u-member', now: LATER })).graph, 'u-member'],
  ])('%s', async (_name, edit, uid) => {
    expect(await validate(diff(edit, uid), family(), uid)).toBeNull();
  });

  it('linking a card to another profile on the tree (its links move along)', async () => {
    const g = family();
    g.profiles['pr:spare'] = { ...emptyProfile('pr:spare'), createdBy: 'u-owner' };
    const linked = ok(linkNodeToProfile(g, { nodeId: 'n1005', profileId: 'pr:spare', ownUid: 'u-owner', uid: 'u-owner', now: LATER })).graph;
    expect(await validate(stampChangeSet(diffGraphs(g, linked), { uid: 'u-owner', now: LATER }), g)).toBeNull();
  });

  it('a card without a profile drawn as a first parent', async () => {
    const cs = changes({ nodes: { upsert: [card('n1010', '')] }, edges: { upsert: [line('n1010', 'n1004')] } });
    expect(await validate(cs)).toBeNull();
  });

  it('does not blame a change for problems already stored', async () => {
    const g = family();
    g.profiles['pr:theirs']!.birthYear = '1850';
    g.profiles['pr:grandkid']!.spouses = ['pr:nobody'];
    const cs = stampChangeSet(diffGraphs(g, ok(unlinkRelation(g, { nodeId: 'n1001', relation: { kind: 'child', nodeId: 'n1003' } })).graph), { uid: 'u-owner', now: LATER });
    expect(await validate(cs, g)).toBeNull();
  });

  it('every change set diffGraphs makes from the operations has a valid shape', () => {
    expect(changeSetShapeProblem(diff(child('u-owner')))).toBeNull();
  });
});

type Row = [name: string, graph: () => Graph, changes: () => unknown, uid: string, code: string, message: string];

const withNode = (cs: ChangeSet, patch: object) => ({ ...cs, nodes: { ...cs.nodes, upsert: [{ ...cs.nodes.upsert[0]!, ...patch }] } });

describe('validateChangeSet refuses', () => {
  it.each<Row>([
    // The shape of what arrived.
    ['not an object', family, () => 'x', 'u-owner', 'invalid-argument', 'Change set has an unexpected shape'],
    ['a bad revision', family, () => ({ ...emptyChangeSet(), baseRevision: -1 }), 'u-owner', 'invalid-argument', 'Change set baseRevision must be a whole number'],
    ['a bad node id', family, () => withNode(diff((g) => moveCard(g, 'n1002', 1)), { id: 'x' }), 'u-owner', 'invalid-argument', 'Node id must be of the form n{number}'],
    ['an extra node field', family, () => withNode(diff((g) => moveCard(g, 'n1002', 1)), { selected: true }), 'u-owner', 'invalid-argument', 'Node has an unexpected shape'],
    ['an infinite position', family, () => withNode(diff((g) => moveCard(g, 'n1002', 1)), { position: { x: 1e9, y: 0 } }), 'u-owner', 'invalid-argument', 'Node n1002 has an invalid position'],
    ['a node id twice', family, () => changes({ nodes: { remove: ['n1002', 'n1002'] } }), 'u-owner', 'invalid-argument', 'Change set nodes: an id appears more than once'],
    ['an edge id twice', family, () => changes({ edges: { upsert: [line('n1002', 'n1005')], remove: ['e-n1002-n1005'] } }), 'u-owner', 'invalid-argument', 'Change set edges: an id appears more than once'],
    ['a pedigree on a spouse line', family, () => changes({ edges: { upsert: [{ ...spouseLine('n1001', 'n1002', true), data: { kind: 'spouse', pedigree: 'adopted' } }] } }), 'u-owner', 'invalid-argument', "Edge sp-n1001-n1002 has an invalid pedigree (a parent line's: adopted, foster, step, unknown, sealing, other)"],
    ['an unknown pedigree', family, () => changes({ edges: { upsert: [{ ...line('n1001', 'n1003'), data: { kind: 'parent', pedigree: 'godparent' as never } }] } }), 'u-owner', 'invalid-argument', "Edge e-n1001-n1003 has an invalid pedigree (a parent line's: adopted, foster, step, unknown, sealing, other)"],
    ['an unknown profile field', family, () => changes({ profiles: { upsert: [{ id: 'pr:mine', set: { isAdmin: 'yes' } as never }] } }), 'u-member', 'invalid-argument', 'Profile pr:mine: field isAdmin is unknown'],
    ['a NUL in a bio', family, () => changes({ profiles: { upsert: [{ id: 'pr:mine', set: { bio: 'a\u0000b' } }] } }), 'u-member', 'invalid-argument', 'profiles.upsert.0.set.bio: Text may not contain a NUL character (U+0000).'],
    ['a lone surrogate in a name', family, () => changes({ profiles: { upsert: [{ id: 'pr:mine', set: { firstName: '\ud83d' } }] } }), 'u-member', 'invalid-argument', 'profiles.upsert.0.set.firstName: Text may not contain an unpaired surrogate (a broken UTF-16 character).'],
    ['a lone low surrogate in an id', family, () => changes({ nodes: { remove: ['n1002\udc00'] } }), 'u-member', 'invalid-argument', 'nodes.remove.0: Text may not contain an unpaired surrogate (a broken UTF-16 character).'],

    // §6 rights.
    ['removing the primary node', family, () => changes({ nodes: { remove: ['n1001'] } }), 'u-member', 'permission-denied', 'The primary person cannot be deleted'],
    ['removing the owner profile', family, () => changes({ profiles: { remove: ['u-owner'] } }), 'u-member', 'permission-denied', 'The primary person cannot be deleted'],
    ['re-linking the primary card', family, () => withNode(diff((g) => moveCard(g, 'n1001', 1)), { data: { profileId: 'pr:mine', parentRole: '', isPrimary: true } }), 'u-owner', 'permission-denied', 'Your own profile cannot be re-linked'],
    ['un-marking the primary card', family, () => withNode(diff((g) => moveCard(g, 'n1001', 1)), { data: { profileId: 'u-owner', parentRole: '', isPrimary: false } }), 'u-owner', 'permission-denied', 'The primary person cannot be deleted'],
    ['a second primary', family, () => withNode(diff((g) => moveCard(g, 'n1002', 1)), { data: { profileId: 'pr:mine', parentRole: '', isPrimary: true } }), 'u-owner', 'invalid-argument', "Only the graph owner's own profile can be the primary person"],
    ['removing a claimed person', family, () => diff((g) => ok(deletePerson(g, 'n1004')).graph, 'u-owner'), 'u-owner', 'permission-denied', 'You may not remove this person'],
    ['removing only the card of a claimed person', family, () => changes({ nodes: { remove: ['n1004'] } }), 'u-owner', 'permission-denied', 'You may not remove this person'],
    ['removing only the profile of a claimed person', family, () => changes({ profiles: { remove: ['u-member'] } }), 'u-owner', 'permission-denied', 'You may not remove this person'],
    ['re-linking a claimed card', family, () => changes({ nodes: { upsert: [card('n1004', 'pr:new')] }, profiles: { upsert: [{ id: 'pr:new', create: true, set: { createdBy: 'u-owner' } }] } }), 'u-owner', 'permission-denied', 'You may not re-link this person'],
    ['adding myself to a claimed person’s spouses', family, () => changes({ profiles: { upsert: [{ id: 'u-owner', add: { spouses: ['u-member'] } }, { id: 'u-member', add: { spouses: ['u-owner'] } }] } }), 'u-member', 'permission-denied', "You may not change this person's relatives"],
    ['unlinking a claimed person’s child', family, () => diff((g) => ok(unlinkRelation(g, { nodeId: 'n1001', relation: { kind: 'child', nodeId: 'n1003' } })).graph, 'u-member'), 'u-member', 'permission-denied', "You may not change this person's relatives"],
    ['editing a profile another member claimed', family, () => diff((g) => ok(savePerson(g, { nodeId: 'n1001', fields: { bio: 'x' }, uid: 'u-member', now: LATER })).graph, 'u-member'), 'u-member', 'permission-denied', 'You may not edit this person'],
    ['changing a read-only field', family, () => changes({ profiles: { upsert: [{ id: 'pr:mine', set: { ownerUid: 'u-member' } }] } }), 'u-member', 'permission-denied', 'The field ownerUid is read-only'],
    ['creating for someone else', family, () => diff(child('u-other'), 'u-member'), 'u-member', 'permission-denied', 'A new profile must be created by the member saving it'],
    ['giving a new profile to another member', family, () => changes({ profiles: { upsert: [{ id: 'pr:x', create: true, set: { createdBy: 'u-member', ownerUid: 'u-other' } }] } }), 'u-member', 'permission-denied', 'A new profile cannot be given to another member'],
    ['a new profile without pr:', family, () => changes({ profiles: { upsert: [{ id: 'abc', create: true, set: { createdBy: 'u-member' } }] } }), 'u-member', 'invalid-argument', 'A new profile id must start with pr:'],
    ['an edit of a removed profile', family, () => changes({ profiles: { upsert: [{ id: 'pr:gone', set: { bio: 'x' } }] } }), 'u-owner', 'not-found', 'Profile pr:gone no longer exists'],

    // §5 records.
    ['a birth year in the future', family, () => diff((g) => ok(savePerson(g, { nodeId: 'n1003', fields: { birthYear: '2026' }, uid: 'u-owner', now: LATER })).graph), 'u-owner', 'invalid-argument', 'Enter a year no later than 2025'],
    ['a list naming the person itself', family, () => changes({ profiles: { upsert: [{ id: 'pr:mine', add: { spouses: ['pr:mine'] } }] } }), 'u-owner', 'invalid-argument', 'Profile field spouses refers to the person itself'],

    // Rule 1: parent lines are e-{source}-{target}.
    ['a parent line with another id', family, () => changes({ edges: { upsert: [line('n1002', 'n1005', 'e-x')] }, profiles: { upsert: [{ id: 'pr:mine', add: { children: ['pr:grandkid'] } }, { id: 'pr:grandkid', add: { parents: ['pr:mine'] } }] } }), 'u-owner', 'invalid-argument', 'Edge e-x should be e-n1002-n1005'],
    // Rule 2: lines join existing, different cards; a card's profile exists, on one card only; one primary.
    ['a line to a card that does not exist', family, () => changes({ edges: { upsert: [line('n1001', 'n1999')] } }), 'u-owner', 'invalid-argument', 'Edge e-n1001-n1999 joins a node that does not exist'],
    ['a line from a card to itself', family, () => changes({ edges: { upsert: [line('n1002', 'n1002')] } }), 'u-owner', 'invalid-argument', 'Edge e-n1002-n1002 joins a node to itself'],
    ['removing a card but not its lines', family, () => changes({ nodes: { remove: ['n1005'] } }), 'u-owner', 'invalid-argument', 'Edge e-n1003-n1005 joins a node that does not exist'],
    ['a card showing a missing profile', family, () => changes({ nodes: { upsert: [card('n1010', 'pr:ghost')] } }), 'u-owner', 'invalid-argument', 'Node n1010 shows missing profile pr:ghost'],
    ['removing a profile its card still shows', family, () => changes({ edges: { remove: ['e-n1003-n1005'] }, profiles: { upsert: [{ id: 'pr:theirs', remove: { children: ['pr:grandkid'] } }], remove: ['pr:grandkid'] } }), 'u-owner', 'invalid-argument', 'Node n1005 shows missing profile pr:grandkid'],
    ['a second card for a profile', family, () => changes({ nodes: { upsert: [card('n1010', 'pr:mine')] } }), 'u-owner', 'invalid-argument', 'Profile pr:mine is on nodes n1002 and n1010'],
    ['a second primary card', legacyPrimary, () => changes({ nodes: { upsert: [card('n1010', 'u-owner', true)] } }), 'u-owner', 'invalid-argument', 'Nodes n1001 and n1010 are both primary'],
    // Rule 3: lists name existing profiles.
    ['a list naming someone not on the tree', family, () => changes({ profiles: { upsert: [{ id: 'pr:theirs', add: { spouses: ['pr:nobody'] } }] } }), 'u-owner', 'invalid-argument', 'Profile pr:theirs lists missing profile pr:nobody in spouses'],
    ['"__proto__" in a list', family, () => changes({ profiles: { upsert: [{ id: 'pr:theirs', add: { spouses: ['__proto__'] } }] } }), 'u-owner', 'invalid-argument', 'Profile pr:theirs lists missing profile __proto__ in spouses'],
    ['"toString" in a list', family, () => changes({ profiles: { upsert: [{ id: 'pr:theirs', add: { children: ['toString'] } }] } }), 'u-owner', 'invalid-argument', 'Profile pr:theirs lists missing profile toString in children'],
    ['removing a profile others still list', family, () => changes({ nodes: { remove: ['n1005'] }, edges: { remove: ['e-n1003-n1005'] }, profiles: { remove: ['pr:grandkid'] } }), 'u-owner', 'invalid-argument', 'Profile pr:theirs lists missing profile pr:grandkid in children'],
    // Rule 4: lists are mutual.
    ['a one-sided list', family, () => changes({ profiles: { upsert: [{ id: 'pr:theirs', add: { spouses: ['pr:mine'] } }] } }), 'u-owner', 'invalid-argument', 'Profile pr:theirs lists pr:mine in spouses but not the other way round'],
    ['an entry left on the other side', family, () => changes({ profiles: { upsert: [{ id: 'pr:mine', remove: { spouses: ['u-owner'] } }] } }), 'u-owner', 'invalid-argument', 'Profile u-owner lists pr:mine in spouses but not the other way round'],
    // Rule 5: a parent line ⇔ the lists.
    ['a line removed without its list entries', family, () => changes({ edges: { remove: ['e-n1001-n1003'] } }), 'u-owner', 'invalid-argument', 'Profiles u-owner → pr:theirs are parent and child but nodes n1001 → n1003 have no edge'],
    ['lists without a line', family, () => changes({ profiles: { upsert: [{ id: 'pr:mine', add: { children: ['pr:grandkid'] } }, { id: 'pr:grandkid', add: { parents: ['pr:mine'] } }] } }), 'u-owner', 'invalid-argument', 'Profiles pr:mine → pr:grandkid are parent and child but nodes n1002 → n1005 have no edge'],
    ['a line without lists', family, () => changes({ edges: { upsert: [line('n1002', 'n1005')] } }), 'u-owner', 'invalid-argument', 'Edge e-n1002-n1005: pr:grandkid does not list pr:mine as a parent'],
    // Rule 6: at most 2 parents, however drawn.
    ['a card without a profile drawn as a third parent', twoParents, () => changes({ nodes: { upsert: [card('n1010', '')] }, edges: { upsert: [line('n1010', 'n1004')] } }), 'u-owner', 'invalid-argument', 'A person can have at most 2 parents'],
    ['a line added to two listed parents off the tree', parentsOffTree, () => changes({ nodes: { upsert: [card('n1010', '')] }, edges: { upsert: [line('n1010', 'n1002')] } }), 'u-owner', 'invalid-argument', 'A person can have at most 2 parents'],
    // Rule 7: stored spouse lines are hidden and join spouses.
    ['a visible spouse line', family, () => changes({ edges: { upsert: [spouseLine('n1001', 'n1002', false)] } }), 'u-owner', 'invalid-argument', 'Spouse edge sp-n1001-n1002 is stored visible; spouses are drawn from the lists'],
    ['a spouse line between people who are not spouses', family, () => changes({ edges: { upsert: [spouseLine('n1002', 'n1003', true)] } }), 'u-owner', 'invalid-argument', 'Spouse edge sp-n1002-n1003 joins people who are not spouses'],
  ])('%s', async (_name, graph, build, uid, code, message) => {
    expect(await validate(build(), graph(), uid)).toEqual({ code, message });
  });

  it('a third parent sent by a client that skipped the rule', async () => {
    const cs = changes({
      edges: { upsert: [line('n1002', 'n1003'), line('n1004', 'n1003')] },
      profiles: {
        upsert: [
          { id: 'pr:theirs', add: { parents: ['pr:mine', 'u-member'] } },
          { id: 'pr:mine', add: { children: ['pr:theirs'] } },
          { id: 'u-member', add: { children: ['pr:theirs'] } },
        ],
      },
    });
    expect(await validate(cs, family(), 'u-member')).toEqual({ code: 'invalid-argument', message: 'A person can have at most 2 parents' });
  });
});

describe('validateChangeSet trusts a run whose reads found nothing', () => {
  /** New people the way an import sends them: cards, lines and created profiles, none stored. */
  const newFamily = (): ChangeSet =>
    changes({
      nodes: { upsert: [card('n1010', 'pr:ma'), card('n1011', 'pr:kid')] },
      edges: { upsert: [line('n1010', 'n1011')] },
      profiles: {
        upsert: [
          { id: 'pr:ma', create: true, set: { createdBy: 'u-owner' }, add: { children: ['pr:kid'] } },
          { id: 'pr:kid', create: true, set: { createdBy: 'u-owner' }, add: { parents: ['pr:ma'] } },
        ],
      },
    });

  it('judges new people in one whole run: the last reads find none of them', async () => {
    const runs = vi.spyOn(Neighbourhood.prototype, 'after');
    try {
      expect(await validate(newFamily())).toBeNull();
      // One run of the checks, one of the ancestry walk (which reads nothing more).
      expect(runs).toHaveBeenCalledTimes(2);
    } finally {
      runs.mockRestore();
    }
  });

  it('runs again when the last reads find something: a stored line into a new card', async () => {
    // A line stored before its card (the card's removal predates the checks): only the lines of
    // the new card, read last, show it, and with the card back it draws a third parent.
    const g = family();
    g.edges.push(line('n1002', 'n1011'), line('n1003', 'n1011'));
    const cs = newFamily();
    expect(await validate(cs, g)).toEqual({ code: 'invalid-argument', message: 'A person can have at most 2 parents' });
  });
});

/** A lookup that counts what it is asked for. */
function counting(lookup: GraphLookup) {
  const asked = { calls: 0, ids: 0 };
  const wrap = <A extends unknown[], R>(f: (...a: A) => Promise<R>) => (...a: A) => {
    asked.calls++;
    asked.ids += Array.isArray(a[0]) ? a[0].length : 1;
    return f(...a);
  };
  const out = Object.fromEntries(Object.entries(lookup).map(([k, f]) => [k, wrap(f as never)])) as unknown as GraphLookup;
  return { lookup: out, asked };
}

/** A 3,000-person tree: everyone but the root has one parent, two children each. */
function bigTree(): Graph {
  const people = Array.from({ length: 3000 }, (_, i) => ({ node: `n${1001 + i}`, profile: i ? `pr:p${i}` : 'u-owner', primary: i === 0, fields: i ? {} : { ownerUid: 'u-owner' } }));
  const parents = people.slice(1).map((p, i) => [`n${1001 + Math.floor(i / 2)}`, p.node] as [string, string]);
  return makeGraph({ people, parents });
}

describe('validateChangeSet reads only the neighbourhood of the change', () => {
  const tree = bigTree();

  it('a moved card reads that card and nothing else', async () => {
    const { lookup, asked } = counting(graphLookup(tree));
    const cs = stampChangeSet(diffGraphs(tree, moveCard(tree, 'n2500', 7)), { uid: 'u-owner', now: LATER });
    expect(await validate(cs, tree, 'u-owner', lookup)).toBeNull();
    expect(asked).toEqual({ calls: 1, ids: 1 });
  });

  it.each<[string, (g: Graph) => Graph]>([
    ['adding a child', child('u-owner', 'n2000')],
    ['deleting a person', (g) => ok(deletePerson(g, 'n1500')).graph],
    ['unlinking a child', (g) => ok(unlinkRelation(g, { nodeId: 'n1500', relation: { kind: 'child', nodeId: 'n2000' } })).graph],
  ])('%s reads a few batches of a few items', async (_name, edit) => {
    const { lookup, asked } = counting(graphLookup(tree));
    const neighbourhood = new Neighbourhood(lookup);
    const cs = stampChangeSet(diffGraphs(tree, edit(tree)), { uid: 'u-owner', now: LATER });
    expect(await validateChangeSet(cs, { neighbourhood, actingUid: 'u-owner', role: 'owner', graphOwnerUid: 'u-owner', currentYear: 2025 })).toBeNull();
    expect(neighbourhood.rounds).toBeLessThanOrEqual(6);
    expect(asked.ids).toBeLessThan(60);
  });
});

/**
 * The scoped check against the whole graph: for change sets the operations make, and for every
 * one of them with one item left out (what a buggy or hostile client might send), the scoped
 * validation refuses exactly when the whole graph after the change has a problem it did not have.
 */
describe('scoped validation agrees with the whole-graph check', () => {
  const edits: [string, (g: Graph) => Graph][] = [
    ['add child', child('u-owner', 'n1005')],
    ['add parent', (g) => ok(addRelative(g, { kind: 'parent', parentRole: 'father', referenceNodeId: 'n1005', person: { newProfile: newProfile('pr:dad', {}, { uid: 'u-owner', now: NOW }) }, now: NOW, findFree: noOverlapSearch })).graph],
    ['add spouse', (g) => ok(addRelative(g, { kind: 'spouse', referenceNodeId: 'n1003', person: { newProfile: newProfile('pr:wife', {}, { uid: 'u-owner', now: NOW }) }, now: NOW, findFree: noOverlapSearch })).graph],
    ['delete', (g) => ok(deletePerson(g, 'n1003')).graph],
    ['unlink child', (g) => ok(unlinkRelation(g, { nodeId: 'n1003', relation: { kind: 'child', nodeId: 'n1005' } })).graph],
    ['unlink spouse', (g) => ok(unlinkRelation(g, { nodeId: 'n1001', relation: { kind: 'spouse', nodeId: 'n1002' } })).graph],
  ];
  const variants = (cs: ChangeSet): ChangeSet[] => {
    const out: ChangeSet[] = [cs];
    for (const group of ['nodes', 'edges', 'profiles'] as const) {
      for (const list of ['upsert', 'remove'] as const) {
        (cs[group][list] as unknown[]).forEach((_, i) => {
          const copy = structuredClone(cs);
          (copy[group][list] as unknown[]).splice(i, 1);
          out.push(copy);
        });
      }
    }
    return out;
  };

  it.each(edits)('%s, whole and with each item left out', async (_name, edit) => {
    const g = family();
    const known = new Set(checkGraph(g).map((p) => p.message));
    for (const cs of variants(stampChangeSet(diffGraphs(g, edit(g)), { uid: 'u-owner', now: LATER }))) {
      const after = applyChangeSet(g, cs);
      const fresh = checkGraph(after).filter((p) => !known.has(p.message));
      const lost = cs.profiles.upsert.some((p) => !p.create && !Object.hasOwn(g.profiles, p.id));
      const refusal = await validate(cs, g);
      expect({ cs, refused: !!refusal }).toEqual({ cs, refused: fresh.length > 0 || lost });
    }
  });
});
