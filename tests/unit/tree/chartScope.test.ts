import { describe, expect, it } from 'vitest';
import { parentEdge } from '../../../src/domain/relationships.ts';
import type { GraphNode } from '../../../src/domain/types.ts';
import { chartNodeIds, type ChartScope } from '../../../src/screens/tree/chart/scope.ts';

const node = (id: string, hidden = false): GraphNode => ({ id, type: 'person', position: { x: 0, y: 0 }, modifiedAt: '', hidden, data: { profileId: id, parentRole: '', isPrimary: false } });

// gg → g → p → me → c → gc, p's spouse q, me's spouse s, c's spouse d; a hidden card h.
const graph = {
  nodes: ['gg', 'g', 'p', 'q', 'me', 's', 'c', 'd', 'gc', 'x'].map((id) => node(id)).concat(node('h', true)),
  edges: [parentEdge('gg', 'g'), parentEdge('g', 'p'), parentEdge('p', 'me'), parentEdge('q', 'me'), parentEdge('me', 'c'), parentEdge('s', 'c'), parentEdge('c', 'gc'), parentEdge('d', 'gc')],
  // Spouses are the profiles' lists, as the canvas draws them.
  profiles: { me: { spouses: ['s'] }, s: { spouses: ['me'] }, c: { spouses: ['d'] }, d: { spouses: ['c'] } },
};

describe('chart export scope (issue 22)', () => {
  it.each<[ChartScope, number, string[]]>([
    ['ancestors', 1, ['me', 'p', 'q']],
    ['ancestors', 2, ['me', 'p', 'q', 'g']],
    ['ancestors', 9, ['me', 'p', 'q', 'g', 'gg']],
    ['descendants', 1, ['me', 's', 'c']],
    ['descendants', 2, ['me', 's', 'c', 'd', 'gc']],
    ['hourglass', 1, ['me', 'p', 'q', 's', 'c']],
  ])('%s of me, %d generations', (scope, generations, ids) => {
    expect([...chartNodeIds(scope, graph, { person: 'me', generations })].sort()).toEqual([...ids].sort());
  });

  it('takes the whole tree without hidden cards, and the selection or view as given', () => {
    expect(chartNodeIds('all', graph, {}).size).toBe(10);
    expect([...chartNodeIds('selection', graph, { selection: ['x', 'me'] })]).toEqual(['x', 'me']);
    expect([...chartNodeIds('view', graph, { view: ['gg'] })]).toEqual(['gg']);
  });

  it('is empty for a person scope without a person (the dialog then says so)', () => {
    expect(chartNodeIds('ancestors', graph, { person: null }).size).toBe(0);
  });
});
