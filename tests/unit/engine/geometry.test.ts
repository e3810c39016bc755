import { describe, expect, it } from 'vitest';
import {
  clampToExtent, distanceToPolyline, distanceToSegment, rectContainsRect, rectFromPoints, rectsIntersect, snapPosition, unionRects,
} from '../../../engine/core/geometry.ts';

const r = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

describe('geometry', () => {
  it.each([
    [r(0, 0, 10, 10), r(5, 5, 10, 10), true],
    [r(0, 0, 10, 10), r(10, 0, 10, 10), false],
    [r(0, 0, 10, 10), r(-5, -5, 4, 4), false],
    [r(0, 0, 10, 10), r(2, 2, 2, 2), true],
  ])('rectsIntersect(%o, %o) = %s', (a, b, want) => expect(rectsIntersect(a, b)).toBe(want));

  it.each([
    [r(0, 0, 100, 100), r(10, 10, 20, 20), true],
    [r(0, 0, 100, 100), r(90, 10, 20, 20), false],
    [r(0, 0, 100, 100), r(0, 0, 100, 100), true],
  ])('rectContainsRect(%o, %o) = %s', (a, b, want) => expect(rectContainsRect(a, b)).toBe(want));

  it.each([
    [{ x: 5, y: 5 }, { x: 0, y: 0 }, { x: 10, y: 0 }, 5],
    [{ x: -3, y: 4 }, { x: 0, y: 0 }, { x: 10, y: 0 }, 5],
    [{ x: 3, y: 3 }, { x: 3, y: 3 }, { x: 3, y: 3 }, 0],
  ])('distanceToSegment(%o, %o, %o) = %d', (p, a, b, want) => expect(distanceToSegment(p, a, b)).toBeCloseTo(want));

  it('measures the distance to the nearest segment of a polyline', () => {
    expect(distanceToPolyline({ x: 10, y: 7 }, [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }])).toBe(0);
    expect(distanceToPolyline({ x: 12, y: 5 }, [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }])).toBe(2);
  });

  it.each([
    [{ x: 7, y: 8 }, { x: 0, y: 15 }],
    [{ x: 8, y: 22 }, { x: 15, y: 15 }],
    [{ x: -8, y: -7 }, { x: -15, y: -0 }],
  ])('snaps %o to %o on a 15 × 15 grid', (p, want) => {
    const s = snapPosition(p, [15, 15]);
    expect(s.x).toBe(want.x);
    expect(Math.abs(s.y)).toBe(Math.abs(want.y));
  });

  it('clamps a box into an extent and unions rectangles', () => {
    expect(clampToExtent({ x: 95, y: -5 }, { width: 20, height: 20 }, r(0, 0, 100, 100))).toEqual({ x: 80, y: 0 });
    expect(unionRects([r(0, 0, 10, 10), r(20, -5, 5, 5)])).toEqual(r(0, -5, 25, 15));
    expect(unionRects([])).toBeNull();
    expect(rectFromPoints({ x: 10, y: 0 }, { x: 0, y: 10 })).toEqual(r(0, 0, 10, 10));
  });
});
