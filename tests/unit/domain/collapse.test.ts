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

/**
 * Issue 12, item 6: collapsing George hid people who are not his descendants. Node names:
 * pa George's father; george + mary (married in) → carl; george + xena (his first wife) → kim;
 * mary alone → sam (George's step-child), sam's partner tess; carl + dora (married in) → eve;
 * dora alone → finn (carl's step-child), finn's partner fay; carl's second wife greta, whose
 * father hal is on the tree; kim's husband lou, married in with nothing else; kim + lou → joy.
 */
const family = () => {
  const ids = ['pa', 'george', 'mary', 'xena', 'carl', 'kim', 'sam', 'tess', 'dora', 'eve', 'finn', 'fay', 'greta', 'hal', 'lou', 'joy'];
  const n = (name: string) => `n${1001 + ids.indexOf(name)}`;
  const graph = makeGraph({
    people: ids.map((name) => ({ node: n(name), fields: { firstName: name } })),
    parents: (
      [
        ['pa', 'george'],
        ['george', 'carl'], ['mary', 'carl'],
        ['george', 'kim'], ['xena', 'kim'],
        ['mary', 'sam'],
        ['carl', 'eve'], ['dora', 'eve'],
        ['dora', 'finn'],
        ['hal', 'greta'],
        ['kim', 'joy'], ['lou', 'joy'],
      ] as [string, string][]
    ).map(([a, b]) => [n(a), n(b)] as [string, string]),
    spouses: (
      [
        ['george', 'mary'], ['george', 'xena'], ['sam', 'tess'], ['carl', 'dora'], ['carl', 'greta'], ['finn', 'fay'], ['kim', 'lou'],
      ] as [string, string][]
    ).map(([a, b]) => [n(a), n(b)] as [string, string]),
  });
  const names = (g: typeof graph, pick: (node: (typeof graph.nodes)[number]) => boolean) =>
    g.nodes.filter(pick).map((x) => g.profiles[x.data.profileId].firstName).sort();
  return { graph, n, names };
};

describe('collapseChildren hides descendants, and of their partners only those left with nothing visible', () => {
  it.each([
    // root → hidden
    ['george', ['carl', 'eve', 'joy', 'kim', 'lou']],
    ['carl', ['eve']],
    ['kim', ['joy']],
    ['mary', ['carl', 'eve', 'sam', 'tess']],
    ['dora', ['eve', 'fay', 'finn']],
    ['pa', ['carl', 'eve', 'george', 'joy', 'kim', 'lou', 'xena']],
  ])('collapsing %s hides %j', (root, expected) => {
    const { graph, n, names } = family();
    const r = collapseChildren(graph, n(root));
    expect(names(r.graph, (x) => x.hidden)).toEqual(expected);
    expect(checkGraph(r.graph)).toEqual([]);
    const back = expandChildren(frozenCopy(r.graph), n(root)).graph;
    expect(back).toEqual(graph);
  });

  it("never hides the person's own spouse, even one also listed as a descendant's spouse", () => {
    const { graph, n, names } = family();
    const mary = graph.profiles[`pr:${n('mary')}`];
    const carl = graph.profiles[`pr:${n('carl')}`];
    mary.spouses.push(carl.id);
    carl.spouses.push(mary.id);
    expect(names(collapseChildren(graph, n('george')).graph, (x) => x.hidden)).toEqual(['carl', 'eve', 'joy', 'kim', 'lou']);
  });

  it('expanding leaves hidden a partner that another collapse hid', () => {
    const { graph, n, names } = family();
    // Greta is hidden by collapsing her father; expanding Carl must not show her.
    const g1 = collapseChildren(graph, n('hal')).graph;
    const g2 = collapseChildren(g1, n('carl')).graph;
    expect(names(g2, (x) => x.hidden)).toEqual(['eve', 'greta']);
    expect(names(expandChildren(g2, n('carl')).graph, (x) => x.hidden)).toEqual(['greta']);
  });
});

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
