import { describe, expect, it } from 'vitest';
import { createNodeIndex } from '../../../engine/core/nodeIndex.ts';
import { findFreePosition, isSpotFree, ringOffsets } from '../../../engine/core/placement.ts';
import { createRectIndex } from '../../../engine/core/spatialIndex.ts';
import type { EngineNode } from '../../../engine/core/types.ts';

const node = (id: string, x: number, y: number): EngineNode => ({ id, position: { x, y }, data: {} });

describe('overlap search (§9: 140 × 100, step 40, 12 rings, fallback 520)', () => {
  it('keeps the desired spot when nothing is near', () => {
    const index = createNodeIndex([node('a', 1000, 1000)]);
    expect(findFreePosition(index, { x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
  });

  it.each([
    [{ x: 139, y: 0 }, false],
    [{ x: 140, y: 0 }, true],
    [{ x: 0, y: 99 }, false],
    [{ x: 0, y: 100 }, true],
    [{ x: -139, y: -99 }, false],
  ])('treats a card at the origin as blocking %o: free = %s', (p, free) => {
    expect(isSpotFree(createNodeIndex([node('a', 0, 0)]), p)).toBe(free);
  });

  it('orders each ring nearest first', () => {
    const ring = ringOffsets(1, 40);
    expect(ring).toHaveLength(8);
    expect(ring.slice(0, 4).every((d) => d.x === 0 || d.y === 0)).toBe(true);
    expect(ringOffsets(2, 40)).toHaveLength(16);
  });

  it('moves off a taken spot to the nearest free candidate', () => {
    const index = createNodeIndex([node('a', 0, 0)]);
    const p = findFreePosition(index, { x: 0, y: 0 });
    expect(isSpotFree(index, p)).toBe(true);
    // The nearest free spot is 100 straight down (the vertical threshold), reached in ring 3.
    expect(p).toEqual({ x: 0, y: 120 });
  });

  it('falls back 520 to the right when all 12 rings are taken', () => {
    const nodes: EngineNode[] = [];
    for (let x = -700; x <= 700; x += 100) for (let y = -600; y <= 600; y += 80) nodes.push(node(`${x},${y}`, x, y));
    expect(findFreePosition(createNodeIndex(nodes), { x: 0, y: 0 })).toEqual({ x: 520, y: 0 });
  });

  it('ignores listed ids and honours custom thresholds', () => {
    const index = createRectIndex();
    index.set('self', { x: 0, y: 0, width: 128, height: 88 });
    expect(findFreePosition(index, { x: 0, y: 0 }, { ignore: new Set(['self']) })).toEqual({ x: 0, y: 0 });
    expect(findFreePosition(index, { x: 0, y: 0 }, { w: 10, h: 10, step: 5 })).toEqual({ x: 10, y: 0 });
  });
});
