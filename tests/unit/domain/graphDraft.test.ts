import { describe, expect, it } from 'vitest';
import { appendToGraph, chainResults, claimGraph, graphIndex, GraphDraft, undoOperation } from '../../../src/domain/graphDraft.ts';
import { newProfile } from '../../../src/domain/profile.ts';
import { addRelative, deletePerson, type Outcome } from '../../../src/domain/relationships.ts';
import type { Graph, GraphNode } from '../../../src/domain/types.ts';
import { frozenCopy, makeGraph, noOverlapSearch, NOW } from './helpers.ts';

function ok<T>(r: Outcome<T>): Exclude<Outcome<T>, { ok: false }> {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r as Exclude<Outcome<T>, { ok: false }>;
}

const family = () =>
  makeGraph({
    people: [{ node: 'n1001', profile: 'u-owner', primary: true }, { node: 'n1002' }, { node: 'n1003' }, { node: 'n1004' }],
    parents: [
      ['n1001', 'n1003'],
      ['n1002', 'n1003'],
    ],
    spouses: [['n1001', 'n1002']],
  });

const addChild = (g: Graph, of: string, id: string) =>
  ok(addRelative(g, { kind: 'child', referenceNodeId: of, person: { newProfile: newProfile(id, { firstName: id }, { uid: 'u-owner', now: NOW }) }, now: NOW, findFree: noOverlapSearch }));

describe('lookups handed from graph to graph', () => {
  it('an operation hands its base graph’s lookups on, updated, to the graph it makes', () => {
    const g = family();
    const index = graphIndex(g);
    const r = addChild(g, 'n1003', 'pr:kid');
    expect(graphIndex(r.graph)).toBe(index);
    expect(index.nodes.get(r.nodeId)).toBe(r.graph.nodes.at(-1));
    expect(index.edgesByNode.get('n1003')).toEqual(new Set(['e-n1001-n1003', 'e-n1002-n1003', `e-n1003-${r.nodeId}`]));
    expect(index.nodesByProfile.get('pr:kid')).toEqual(new Set([r.nodeId]));
    // The old graph gets lookups of its own again when asked, describing it as it is.
    expect(graphIndex(g)).not.toBe(index);
    expect(graphIndex(g).nodes.has(r.nodeId)).toBe(false);
  });

  it('a deleted card leaves the lookups; its id is not given again (an undo or a refused delete would bring it back)', () => {
    const g = family();
    const r = ok(deletePerson(g, 'n1004'));
    const index = graphIndex(r.graph);
    expect(index.nodes.has('n1004')).toBe(false);
    expect(index.nodesByProfile.has('pr:n1004')).toBe(false);
    expect(new GraphDraft(r.graph).nextNodeId()).toBe('n1005');
    expect(new GraphDraft(g).nextNodeId()).toBe('n1005');
  });

  it('an operation that changes nothing answers its own graph', () => {
    const g = family();
    const draft = new GraphDraft(g);
    draft.removeNode('n9999');
    expect(draft.finish().graph).toBe(g);
  });
});

describe('claimed graphs', () => {
  it('are edited in place, while the older graphs still read their own profiles', () => {
    const g0 = claimGraph(family());
    const record = g0.profiles;
    const r1 = addChild(g0, 'n1003', 'pr:kid');
    const r2 = addChild(r1.graph, 'n1003', 'pr:kid2');
    expect(r2.graph.profiles).toBe(record);
    expect(Object.keys(r2.graph.profiles)).toContain('pr:kid2');
    expect(Object.keys(g0.profiles)).not.toContain('pr:kid');
    expect(g0.profiles['pr:n1003']!.children).toEqual([]);
    expect(Object.keys(r1.graph.profiles)).toContain('pr:kid');
    expect(Object.keys(r1.graph.profiles)).not.toContain('pr:kid2');
    expect(r1.graph.profiles['pr:n1003']!.children).toEqual(['pr:kid']);
  });

  it('a graph nobody claimed is never changed', () => {
    const g = family();
    const before = frozenCopy(g);
    const r = addChild(g, 'n1003', 'pr:kid');
    expect(g).toEqual(before);
    expect(r.graph.profiles).not.toBe(g.profiles);
  });

  it('claiming a graph that may share its record gives it a copy first', () => {
    const g = family();
    const shared = { ...g, profiles: g.profiles };
    claimGraph(shared);
    expect(shared.profiles).not.toBe(g.profiles);
    addChild(shared, 'n1003', 'pr:kid');
    expect(Object.keys(g.profiles)).not.toContain('pr:kid');
  });
});

describe('chainResults', () => {
  it('undoes several deletions at once, each card back in its place', () => {
    const g = family();
    const a = ok(deletePerson(g, 'n1002'));
    const b = ok(deletePerson(a.graph, 'n1004'));
    const both = chainResults(g, [a, b]);
    expect(both.changed.nodes.sort()).toEqual(['n1002', 'n1004']);
    const back = undoOperation(both.graph, both.undo).graph;
    expect(back.nodes).toEqual(g.nodes);
    expect(back.edges).toEqual(g.edges);
    expect(back.profiles).toEqual(g.profiles);
  });
});

describe('appendToGraph: additions without a draft (an import)', () => {
  /** Two new people, a parent line from the family's n1003 to one of them, and their profiles. */
  const additions = () => {
    const g = family();
    const node = (id: string, profileId: string): GraphNode => ({ ...g.nodes[3]!, id, position: { x: 900, y: 400 }, data: { profileId, parentRole: '', isPrimary: false } });
    const nodes = [node('n1200', 'pr:i1'), node('n1201', 'pr:i2')];
    const edges = [{ ...g.edges[0]!, id: 'e-n1003-n1200', source: 'n1003', target: 'n1200' }];
    const profiles = ['pr:i1', 'pr:i2'].map((id) => newProfile(id, { firstName: id }, { uid: 'u-owner', now: NOW }));
    return { nodes, edges, profiles };
  };
  const drafted = (g: Graph, add: ReturnType<typeof additions>) => {
    const d = new GraphDraft(g);
    for (const n of add.nodes) d.setNode(n);
    for (const e of add.edges) d.setEdge(e);
    for (const p of add.profiles) d.setProfile(p);
    return d.finish();
  };

  it('answers what a draft answers: the graph, its lookups, what changed and the undo record', () => {
    const add = additions();
    const expected = drafted(family(), add);
    const g = family();
    const r = appendToGraph(g, add)!;
    expect(r.graph).toEqual(expected.graph);
    expect(r.changed).toEqual(expected.changed);
    expect(r.undo).toEqual(expected.undo);
    const index = graphIndex(r.graph);
    expect(index.edgesByNode.get('n1003')).toEqual(new Set(['e-n1001-n1003', 'e-n1002-n1003', 'e-n1003-n1200']));
    expect(index.nodesByProfile.get('pr:i2')).toEqual(new Set(['n1201']));
    expect(new GraphDraft(r.graph).nextNodeId()).toBe('n1202');
    // Undone like any operation.
    expect(undoOperation(r.graph, r.undo).graph).toEqual(family());
  });

  it('on a claimed graph, updates the profiles record in place; the older graph still reads its own', () => {
    const g = claimGraph(family());
    const r = appendToGraph(g, additions())!;
    expect(r.graph.profiles['pr:i1']?.firstName).toBe('pr:i1');
    expect(Object.keys(g.profiles).sort()).toEqual(Object.keys(family().profiles).sort());
  });

  it('an id named twice keeps its last state, once', () => {
    const add = additions();
    const again = { ...add.nodes[0]!, position: { x: 1, y: 2 } };
    const r = appendToGraph(family(), { ...add, nodes: [...add.nodes, again], profiles: [...add.profiles, add.profiles[0]!] })!;
    expect(r.graph.nodes.filter((n) => n.id === 'n1200')).toEqual([again]);
    expect(r.changed.nodes).toEqual(['n1200', 'n1201']);
    expect(r.changed.profiles).toEqual(['pr:i1', 'pr:i2']);
  });

  it('leaves the graph alone and answers null when something named is there already', () => {
    const g = family();
    const before = frozenCopy(g);
    const add = additions();
    expect(appendToGraph(g, { ...add, nodes: [...add.nodes, g.nodes[0]!] })).toBeNull();
    expect(appendToGraph(g, { ...add, profiles: [...add.profiles, g.profiles['u-owner']!] })).toBeNull();
    expect(g).toEqual(before);
    expect(graphIndex(g).nodes.has('n1200')).toBe(false);
  });
});
