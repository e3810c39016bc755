import { TestEngine } from '../../../engine/core/testing.ts';
import type { EngineOptions } from '../../../engine/core/engine.ts';
import type { EngineEdge, EngineNode, Transform } from '../../../engine/core/types.ts';
import { cardNodeType } from '../../../engine/render/nodeTypes/cardNode.ts';
import { defaultNodeType } from '../../../engine/render/nodeTypes/defaultNode.ts';

export const nodeTypes = { default: defaultNodeType, card: cardNodeType };

/** A card at (x, y), 128 × 88, with two buttons. */
export const card = (id: string, x: number, y: number, extra: Partial<EngineNode> = {}): EngineNode => ({
  id,
  type: 'card',
  position: { x, y },
  data: {
    title: `Person ${id}`,
    lines: ['Born 1950', 'Female'],
    buttons: [
      { id: 'add', label: 'Add Relative', icon: 'plus' },
      { id: 'details', label: 'View details', icon: 'info' },
    ],
  },
  ...extra,
});

export const edge = (source: string, target: string, extra: Partial<EngineEdge> = {}): EngineEdge => ({
  id: `e-${source}-${target}`,
  source,
  target,
  sourceHandle: 'bottom',
  targetHandle: 'top',
  ...extra,
});

/** Three cards in a row at y = 0 (a, b, c at x 0, 200, 400) and one below a (d at 0, 200); identity viewport. */
export function makeEditor(opts: { options?: Partial<EngineOptions>; nodes?: EngineNode[]; edges?: EngineEdge[]; viewport?: Transform; applyChanges?: boolean } = {}) {
  return new TestEngine({
    nodeTypes,
    nodes: opts.nodes ?? [card('a', 0, 0), card('b', 200, 0), card('c', 400, 0), card('d', 0, 200)],
    edges: opts.edges ?? [edge('a', 'd')],
    options: opts.options,
    viewport: opts.viewport,
    applyChanges: opts.applyChanges,
  });
}
