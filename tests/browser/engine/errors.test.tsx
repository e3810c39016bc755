import { afterEach, describe, expect, it } from 'vitest';
import { errorMessages } from '../../../engine/core/errors.ts';
import type { NodeType } from '../../../engine/core/nodeType.ts';
import { defaultNodeType } from '../../../engine/render/nodeTypes/defaultNode.ts';
import { OVERSCAN } from '../../../engine/render/renderer.ts';
import { card, frames, mount, screenOf, drag, type Mounted } from './harness.tsx';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const outside: NodeType = { ...defaultNodeType, handles: () => [{ id: 'out', kind: 'source', side: 'right', x: 999, y: 5 }] };

describe('canvas error codes through onError, each once, in the browser', () => {
  it('003, 005, 008, 009, 010, 011 from the props; 012 from the API; none repeated by re-renders and frames', async () => {
    m = await mount({
      nodeTypes: { outside },
      nodes: [
        card('a', 40, 40, { type: 'mystery' }),
        card('b', 240, 40, { extent: 'parent' }),
        { id: 'o', type: 'outside', position: { x: 440, y: 40 }, data: { label: 'Out' } },
        card('d', 40, 240),
      ],
      edges: [
        { id: 'e1', source: 'a', target: 'd', sourceHandle: 'nope' },
        { id: 'e2', source: 'b', target: 'd', markerEnd: 'diamond' },
        { id: 'e3', source: 'o', target: 'd', type: 'zigzag' },
      ],
    });
    m.handle.select(['ghost']);
    await drag(m, screenOf(m, 'b'), { x: screenOf(m, 'b').x + 20, y: screenOf(m, 'b').y });
    await m.setProps({ snapToGrid: true });
    m.handle.select(['ghost']);
    await frames(3);
    expect(m.errors.map((e) => e.code).sort()).toEqual(['003', '005', '008', '009', '010', '011', '012']);
    expect(m.errors.find((e) => e.code === '003')!.message).toBe(errorMessages['003']('mystery'));
    // 003 and 011 fall back to the defaults and still draw.
    expect(m.root.querySelector('[data-node-id="a"]')!.getAttribute('aria-label')).toBe('a');
    expect(m.handle.engine.store.edgeGeometry(m.handle.engine.store.edges.get('e3')!)).not.toBeNull();
  });

  it('004: a container without a height falls back to 500 × 500', async () => {
    m = await mount({ nodes: [card('a', 40, 40)], height: 0 });
    expect(m.errors).toEqual([{ code: '004', message: errorMessages['004']() }]);
    expect(m.handle.engine.size).toEqual({ width: 500, height: 500 });
    // The scene as shown on the page (its Konva canvas is hidden).
    const scene = m.handle.renderer!.scenePresenter.element;
    expect([scene.clientWidth, scene.clientHeight]).toEqual([500 + 2 * OVERSCAN, 500 + 2 * OVERSCAN]);
  });
});
