import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../../engine/core/errors.ts';
import type { NodeType } from '../../../engine/core/nodeType.ts';
import { card, edge, makeEditor, nodeTypes } from './fixtures.ts';
import { TestEngine } from '../../../engine/core/testing.ts';

const codes = (t: { errors: { code: string }[] }) => t.errors.map((e) => e.code);

describe('canvas error codes (§8), each reported once', () => {
  it('has one message per code', () => {
    expect(Object.keys(errorMessages).sort()).toEqual(['003', '004', '005', '008', '009', '010', '011', '012']);
  });

  it('003: an unknown node type falls back to the default type', () => {
    const t = makeEditor({ nodes: [card('a', 0, 0, { type: 'mystery' }), card('b', 0, 200, { type: 'mystery' })], edges: [] });
    expect(t.errors).toEqual([{ code: '003', message: errorMessages['003']('mystery') }]);
    expect(t.engine.store.nodes.get('a')!.type).toBe(nodeTypes.default);
    t.engine.setNodes([card('a', 10, 0, { type: 'mystery' })]);
    expect(codes(t)).toEqual(['003']);
  });

  it('004: a container without width or height falls back to 500 × 500', () => {
    const t = makeEditor();
    t.engine.setSize(0, 300);
    t.engine.setSize(800, 0);
    expect(t.engine.size).toEqual({ width: 500, height: 500 });
    expect(codes(t)).toEqual(['004']);
  });

  it('005: extent "parent" without a usable parent is ignored', () => {
    const t = makeEditor({ nodes: [card('a', 0, 0, { extent: 'parent' }), card('b', 0, 300, { extent: 'parent', parentId: 'gone' })], edges: [] });
    expect(t.errors.map((e) => e.message)).toEqual([errorMessages['005']('a'), errorMessages['005']('b')]);
    t.drag(t.screenOf('a'), { x: 500, y: 500 });
    expect(t.positionOf('a').x).toBeGreaterThan(300);
    expect(codes(t)).toEqual(['005', '005']);
  });

  it('008: an edge naming a missing handle uses the default handle (reported when first drawn)', () => {
    const t = makeEditor({ edges: [edge('a', 'd', { sourceHandle: 'nowhere' })] });
    const g = t.engine.store.edgeGeometry(t.engine.store.edges.get('e-a-d')!)!;
    expect(g.source).toEqual({ x: 64, y: 88 });
    t.engine.store.edgeGeometry(t.engine.store.edges.get('e-a-d')!, false);
    expect(t.errors).toEqual([{ code: '008', message: errorMessages['008']('source', 'nowhere', 'e-a-d') }]);
  });

  it('009: an unknown marker type draws no marker', () => {
    const t = makeEditor({ edges: [edge('a', 'd', { markerEnd: 'star' }), edge('b', 'd', { markerEnd: 'star' }), edge('c', 'd', { markerEnd: 'arrowclosed' })] });
    expect(codes(t)).toEqual(['009']);
    expect(t.engine.store.edges.get('e-a-d')!.marker).toBeNull();
    expect(t.engine.store.edges.get('e-c-d')!.marker).toBe('arrowclosed');
  });

  it('010: a handle placed outside its node is moved onto the border', () => {
    const odd: NodeType = { ...nodeTypes.default, handles: () => [{ id: 'far', kind: 'source', side: 'right', x: 400, y: 10 }] };
    const t = new TestEngine({ nodeTypes: { ...nodeTypes, odd }, nodes: [{ id: 'o', type: 'odd', position: { x: 0, y: 0 }, data: {} }] });
    // Handles are laid out when first used (drawn, hit, or an edge's end).
    expect(t.engine.store.nodes.get('o')!.handles[0]).toMatchObject({ x: 150, y: 10 });
    t.engine.setNodes([{ id: 'o', type: 'odd', position: { x: 5, y: 0 }, data: {} }]);
    expect(t.engine.store.nodes.get('o')!.handles[0]).toMatchObject({ x: 150, y: 10 });
    expect(t.errors).toEqual([{ code: '010', message: errorMessages['010']('o', 'far') }]);
  });

  it('011: an unknown edge type falls back to the default bezier', () => {
    const t = makeEditor({ edges: [edge('a', 'd', { type: 'wavy' })] });
    expect(codes(t)).toEqual(['011']);
    expect(t.engine.store.edgeGeometry(t.engine.store.edges.get('e-a-d')!)!.commands[1].op).toBe('C');
  });

  it('012: selecting a node that does not exist', () => {
    const t = makeEditor();
    t.engine.select(['a', 'ghost']);
    t.engine.select(['ghost']);
    expect(codes(t)).toEqual(['012']);
    expect(t.selectedIds()).toEqual([]);
    t.engine.select(['a', 'b']);
    expect(t.selectedIds()).toEqual(['a', 'b']);
  });
});
