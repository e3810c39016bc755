import { describe, expect, it } from 'vitest';
import type { Graph } from '../../../src/domain/types.ts';
import { checkGraph } from '../../../src/domain/checkGraph.ts';
import { makeGraph } from './helpers.ts';

const good = () =>
  makeGraph({
    people: [{ node: 'n1001', primary: true }, { node: 'n1002' }, { node: 'n1003' }],
    parents: [['n1001', 'n1003']],
    spouses: [['n1001', 'n1002']],
  });

const rules = (g: Graph) => [...new Set(checkGraph(g).map((p) => p.rule))].sort();

describe('checkGraph', () => {
  it('finds nothing wrong in a consistent graph', () => expect(checkGraph(good())).toEqual([]));

  it.each<[string, (g: Graph) => void, string[]]>([
    ['duplicate node id', (g) => g.nodes.push({ ...g.nodes[1]!, data: { ...g.nodes[1]!.data, profileId: '' } }), ['node-id-unique']],
    ['bad node id', (g) => (g.nodes[1]!.id = 'x1'), ['node-id-format']],
    ['missing profile', (g) => delete g.profiles['pr:n1002'], ['list-reference', 'node-profile']],
    ['profile on two nodes', (g) => (g.nodes[2]!.data.profileId = 'pr:n1002'), ['edge-lists', 'profile-one-node']],
    ['two primaries', (g) => (g.nodes[1]!.data.isPrimary = true), ['one-primary']],
    ['edge to nowhere', (g) => (g.edges[0]!.target = 'n9999'), ['edge-ends', 'lists-edge'].sort()],
    ['non-canonical edge id', (g) => (g.edges[0]!.id = 'reactflow-1'), ['edge-id-format']],
    ['duplicate edge', (g) => g.edges.push({ ...g.edges[0]! }), ['edge-id-unique']],
    ['child list without parent list', (g) => (g.profiles['pr:n1003']!.parents = []), ['edge-lists', 'list-mutual'].sort()],
    ['one-sided spouse', (g) => (g.profiles['pr:n1002']!.spouses = []), ['list-mutual']],
    ['lists without edge', (g) => (g.edges = []), ['lists-edge']],
    ['listed twice', (g) => g.profiles['pr:n1001']!.spouses.push('pr:n1002'), ['list-unique']],
    ['self in list', (g) => g.profiles['pr:n1001']!.spouses.push('pr:n1001'), ['list-self']],
    ['three parents', (g) => (g.profiles['pr:n1003']!.parents = ['pr:n1001', 'a', 'b']), ['list-reference', 'max-parents'].sort()],
    ['visible stored spouse edge', (g) => g.edges.push({ id: 'sp-n1001-n1002', source: 'n1001', target: 'n1002', sourceHandle: 'right', targetHandle: 'left', type: 'straight', hidden: false, data: { kind: 'spouse' } }), ['spouse-edge-hidden']],
    ['profile keyed wrongly', (g) => (g.profiles['pr:n1002']!.id = 'pr:zzz'), ['profile-id']],
  ])('reports %s', (_name, breakIt, expected) => {
    const g = good();
    breakIt(g);
    expect(rules(g)).toEqual(expected);
  });

  it('restricts problems to a scope', () => {
    const g = good();
    g.profiles['pr:n1002']!.spouses = [];
    const none = new Set<string>();
    expect(checkGraph(g, { nodes: none, edges: none, profiles: new Set(['pr:n1003']) })).toEqual([]);
    expect(checkGraph(g, { nodes: none, edges: none, profiles: new Set(['pr:n1001']) }).map((p) => p.rule)).toEqual(['list-mutual']);
  });
});
