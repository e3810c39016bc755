import { describe, expect, it } from 'vitest';
import { homeNodeId, parseSavedView } from '../../../src/screens/tree/canvas/homeCard.ts';
import type { Graph, GraphNode } from '../../../src/domain/types.ts';

const node = (id: string, profileId: string, isPrimary = false, hidden = false) =>
  ({ id, type: 'person', position: { x: 0, y: 0 }, modifiedAt: '', hidden, data: { profileId, isPrimary } }) as unknown as GraphNode;
const graph = (...nodes: GraphNode[]): Graph => ({ nodes, edges: [], profiles: {}, updatedAt: '', version: 1 });

describe('the member\'s own card (issue 12: a tree opens on it, "Me" returns to it)', () => {
  it.each([
    ['the owner: the primary card', graph(node('n1', 'pr:a'), node('n2', 'owner', true)), 'owner', 'n2'],
    ['a member of a shared tree: the card showing their profile', graph(node('n1', 'owner', true), node('n2', 'member')), 'member', 'n2'],
    ['a member without a card of their own: the primary card', graph(node('n1', 'owner', true), node('n2', 'pr:b')), 'member', 'n1'],
    ['a hidden card is not home', graph(node('n1', 'owner', true), node('n2', 'member', false, true)), 'member', 'n1'],
    ['an empty tree has none', graph(), 'owner', undefined],
  ])('%s', (_what, g, uid, id) => {
    expect(homeNodeId(g, uid)).toBe(id);
  });
});

describe('the view kept per member and tree', () => {
  it.each([
    ['{"x":10,"y":-20,"k":0.8}', { x: 10, y: -20, k: 0.8 }],
    ['{"x":10,"y":-20,"k":0.004}', { x: 10, y: -20, k: 0.004 }],
    [null, null],
    ['', null],
    ['not json', null],
    ['{"x":10,"y":-20}', null],
    ['{"x":10,"y":-20,"k":0}', null],
    ['{"x":"10","y":-20,"k":1}', null],
    ['{"x":1e400,"y":0,"k":1}', null],
  ])('%s reads as %o', (text, view) => {
    expect(parseSavedView(text)).toEqual(view);
  });
});
