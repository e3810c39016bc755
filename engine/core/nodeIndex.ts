/**
 * A quadtree of node rectangles built from plain app nodes, for callers outside a mounted canvas
 * (e.g. the placement code of the family tree): `findFreePosition(createNodeIndex(nodes), desired)`.
 * Positions are taken as absolute; sizes default to the card size.
 */
import { CARD_SIZE } from './constants.ts';
import { createRectIndex, type RectIndex } from './spatialIndex.ts';
import type { EngineNode } from './types.ts';

export function createNodeIndex(nodes: readonly EngineNode[], defaultSize: { width: number; height: number } = CARD_SIZE): RectIndex {
  const index = createRectIndex();
  index.load(
    nodes
      .filter((n) => !n.hidden)
      .map((n, i) => ({
        id: n.id,
        order: i,
        x: n.position.x,
        y: n.position.y,
        width: n.width ?? defaultSize.width,
        height: n.height ?? defaultSize.height,
      })),
  );
  return index;
}
