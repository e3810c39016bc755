import { describe, expect, it } from 'vitest';
import { addEdge, applyEdgeChanges, applyNodeChanges, reconnectEdge } from '../../../engine/core/changes.ts';
import type { EngineEdge, EngineNode } from '../../../engine/core/types.ts';

const n = (id: string): EngineNode => ({ id, position: { x: 0, y: 0 }, data: {} });
const e = (id: string, source: string, target: string): EngineEdge => ({ id, source, target, sourceHandle: 'bottom', targetHandle: 'top' });

describe('change objects', () => {
  it('applies position, select, remove and add changes to nodes', () => {
    const nodes = [n('a'), n('b'), n('c')];
    const out = applyNodeChanges(
      [
        { type: 'position', id: 'a', position: { x: 5, y: 6 }, dragging: false },
        { type: 'select', id: 'b', selected: true },
        { type: 'remove', id: 'c' },
        { type: 'add', item: n('d') },
      ],
      nodes,
    );
    expect(out.map((x) => x.id)).toEqual(['a', 'b', 'd']);
    expect(out[0].position).toEqual({ x: 5, y: 6 });
    expect(out[1].selected).toBe(true);
    expect(nodes[0].position).toEqual({ x: 0, y: 0 });
  });

  it('keeps untouched nodes by reference and returns the input when there are no changes', () => {
    const nodes = [n('a'), n('b')];
    expect(applyNodeChanges([], nodes)).toBe(nodes);
    const out = applyNodeChanges([{ type: 'select', id: 'a', selected: true }], nodes);
    expect(out[1]).toBe(nodes[1]);
  });

  it('applies select and remove changes to edges', () => {
    const edges = [e('x', 'a', 'b'), e('y', 'b', 'c')];
    const out = applyEdgeChanges([{ type: 'select', id: 'x', selected: true }, { type: 'remove', id: 'y' }], edges);
    expect(out).toEqual([{ ...edges[0], selected: true }]);
  });

  it('adds an edge for a connection, ignores an identical one and rejects one lacking an end', () => {
    const edges = [e('x', 'a', 'b')];
    const added = addEdge({ source: 'b', target: 'c', sourceHandle: 'bottom', targetHandle: 'top' }, edges);
    expect(added).toHaveLength(2);
    expect(added[1]).toMatchObject({ id: 'e-b:bottom-c:top', source: 'b', target: 'c' });
    expect(addEdge({ source: 'a', target: 'b', sourceHandle: 'bottom', targetHandle: 'top' }, edges)).toBe(edges);
    expect(addEdge({ source: 'a', target: null, sourceHandle: 'bottom', targetHandle: null }, edges)).toBe(edges);
    expect(addEdge({ source: null, target: 'b', sourceHandle: null, targetHandle: 'top' }, edges)).toBe(edges);
  });

  it('reconnects an edge end, keeping its id, unless that duplicates another edge', () => {
    const edges = [e('x', 'a', 'b'), e('y', 'a', 'c')];
    const moved = reconnectEdge(edges[0], { source: 'a', target: 'd', sourceHandle: 'bottom', targetHandle: 'top' }, edges);
    expect(moved[0]).toMatchObject({ id: 'x', source: 'a', target: 'd' });
    expect(reconnectEdge(edges[0], { source: 'a', target: 'c', sourceHandle: 'bottom', targetHandle: 'top' }, edges)).toBe(edges);
  });
});
