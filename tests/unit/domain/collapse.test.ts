import { describe, expect, it } from 'vitest';
import { checkGraph } from '../../../src/domain/checkGraph.ts';
import { collapseChildren, expandChildren, hasCollapsedChildren } from '../../../src/domain/collapse.ts';
import { undo } from '../../../src/domain/relationships.ts';
import { frozenCopy, makeGraph } from './helpers.ts';

/**
 * n1001 (root) + spouse n1010 → n1002, n1003; n1002 + married-in n1011 → n1004; n1012 (not related
 * below) is another parent of n1003; n1020 is the root's own parent.
 */
const tree = () =>
  makeGraph({
    people: ['n1001', 'n1002', 'n1003', 'n1004', 'n1010', 'n1011', 'n1012', 'n1020'].map((node) => ({ node })),
    parents: [
      ['n1020', 'n1001'],
      ['n1001', 'n1002'],
      ['n1001', 'n1003'],
      ['n1010', 'n1002'],
      ['n1002', 'n1004'],
      ['n1011', 'n1004'],
      ['n1012', 'n1003'],
    ],
    spouses: [
      ['n1001', 'n1010'],
      ['n1002', 'n1011'],
    ],
  });

const hidden = (g: ReturnType<typeof tree>) => g.nodes.filter((n) => n.hidden).map((n) => n.id).sort();

describe('collapseChildren', () => {
  it.each([
    ['n1001', ['n1002', 'n1003', 'n1004', 'n1011']],
    ['n1002', ['n1004']],
    ['n1004', []],
    ['n1020', ['n1001', 'n1002', 'n1003', 'n1004', 'n1010', 'n1011']],
  ])('from %s hides %j', (root, expected) => {
    const g = tree();
    const before = frozenCopy(g);
    const r = collapseChildren(g, root);
    expect(hidden(r.graph)).toEqual(expected);
    expect(g).toEqual(before);
    for (const e of r.graph.edges) {
      const touchesHidden = expected.includes(e.source) || expected.includes(e.target);
      expect(e.hidden).toBe(touchesHidden);
    }
    expect(checkGraph(r.graph)).toEqual([]);
  });

  it('does not walk over edges that are already hidden', () => {
    const inner = collapseChildren(tree(), 'n1002').graph;
    const outer = collapseChildren(inner, 'n1001');
    expect(outer.changed.nodes.sort()).toEqual(['n1002', 'n1003', 'n1011']);
  });

  it('expands what was collapsed, after a reload too', () => {
    const g = tree();
    const collapsed = collapseChildren(g, 'n1001').graph;
    expect(hasCollapsedChildren(collapsed, 'n1001')).toBe(true);
    const reloaded = frozenCopy(collapsed);
    const expanded = expandChildren(reloaded, 'n1001').graph;
    expect(expanded).toEqual(g);
    expect(hasCollapsedChildren(expanded, 'n1001')).toBe(false);
  });

  it('can be undone', () => {
    const g = tree();
    const r = collapseChildren(g, 'n1001');
    expect(undo(r.graph, r.undo).graph).toEqual(g);
  });

  it('is a no-op for a person without children', () => {
    const g = tree();
    const r = collapseChildren(g, 'n1004');
    expect(r.graph.nodes).toBe(g.nodes);
    expect(r.changed).toEqual({ nodes: [], edges: [], profiles: [] });
  });
});
