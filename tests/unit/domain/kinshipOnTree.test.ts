import { describe, expect, it } from 'vitest';
import { findKinship, kinshipPaths, kinshipWord, parentLinkKinds, pathOnTree } from '../../../src/domain/kinship/index.ts';
import { setLinkKind } from '../../../src/domain/pedigree.ts';
import { family, UID } from '../../browser/tree/fixtures.ts';

describe('the line on the tree', () => {
  it('takes each person’s card and the parent and spouse lines between them', () => {
    const graph = family();
    // Anne (n1004) → Ada (n1001) → Byron (n1003); and Ada's husband William (n1002).
    const k = findKinship(graph.profiles, 'pr:anne', 'pr:byronk', { indexKey: graph });
    expect(kinshipWord(k, '')).toBe('grandchild');
    expect(pathOnTree(graph, kinshipPaths(k, 'pr:anne', 'pr:byronk'))).toEqual({ nodes: ['n1004', 'n1001', 'n1003'], edges: ['e-n1004-n1001', 'e-n1001-n1003'] });
    expect(pathOnTree(graph, [[UID, 'pr:william']])).toEqual({ nodes: ['n1001', 'n1002'], edges: ['sp-n1001-n1002'] });
    // Lord Byron has no card: left out.
    expect(pathOnTree(graph, [['pr:byron', UID]])).toEqual({ nodes: ['n1001'], edges: [] });
  });

  it('names an adopted link from the parent line’s kind', () => {
    const edited = setLinkKind(family(), { parentNodeId: 'n1001', childNodeId: 'n1003', kind: 'adopted' });
    if (!edited.ok) throw new Error(edited.message);
    const graph = edited.graph;
    const links = parentLinkKinds(graph);
    expect([...links]).toEqual([[`${UID}>pr:byronk`, 'adopted']]);
    expect(kinshipWord(findKinship(graph.profiles, 'pr:byronk', UID, { indexKey: graph, links }), 'F')).toBe('adoptive mother');
    expect(kinshipWord(findKinship(graph.profiles, 'pr:byronk', 'pr:anne', { indexKey: graph, links }), 'F')).toBe('grandmother (by adoption)');
    expect(kinshipWord(findKinship(graph.profiles, 'pr:byronk', 'pr:william', { indexKey: graph, links }), 'M')).toBe('father');
  });
});
