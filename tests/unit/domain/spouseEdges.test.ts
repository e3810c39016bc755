import { describe, expect, it } from 'vitest';
import { spouseEdges } from '../../../src/domain/spouseEdges.ts';
import { spouseColour } from '../../../src/domain/spouseColour.ts';
import { makeGraph } from './helpers.ts';

describe('spouseEdges (drawn, not stored)', () => {
  it('draws one dashed edge per married pair, canonical id, left card → right card', () => {
    const g = makeGraph({
      people: [
        { node: 'n1001', x: 0 },
        { node: 'n1002', x: -200 },
        { node: 'n1003', x: 200, hidden: true },
        { node: 'n1004', x: 600 },
      ],
      spouses: [
        ['n1001', 'n1002'],
        ['n1003', 'n1001'],
      ],
    });
    expect(spouseEdges(g)).toEqual([
      { id: 'sp-n1001-n1002', source: 'n1002', target: 'n1001', sourceHandle: 'right', targetHandle: 'left', type: 'straight', hidden: false, data: { kind: 'spouse' }, colour: spouseColour('n1001', 'n1002') },
      { id: 'sp-n1001-n1003', source: 'n1001', target: 'n1003', sourceHandle: 'right', targetHandle: 'left', type: 'straight', hidden: true, data: { kind: 'spouse' }, colour: spouseColour('n1003', 'n1001') },
    ]);
  });

  it('skips spouses who are not on the tree', () => {
    const g = makeGraph({ people: [{ node: 'n1001' }, { node: 'n1002' }], spouses: [['n1001', 'n1002']] });
    g.nodes.pop();
    expect(spouseEdges(g)).toEqual([]);
  });
});
