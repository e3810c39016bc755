import { describe, expect, it } from 'vitest';
import { bezierPath, builtInEdgePaths, flattenPath, simpleBezierPath, smoothStepPath, stepPath, stepPoints, straightPath } from '../../../engine/core/edgePaths.ts';

const down = { source: { x: 0, y: 0 }, sourceSide: 'bottom' as const, target: { x: 100, y: 200 }, targetSide: 'top' as const };

describe('edge paths', () => {
  it('has the five built-in edge types', () => {
    expect(Object.keys(builtInEdgePaths).sort()).toEqual(['default', 'simplebezier', 'smoothstep', 'step', 'straight']);
  });

  it('draws a straight line between the ends', () => {
    expect(straightPath(down)).toEqual([{ op: 'M', x: 0, y: 0 }, { op: 'L', x: 100, y: 200 }]);
  });

  it('bends the default bezier along the handles by half the distance (xyflow rule)', () => {
    const [, c] = bezierPath(down);
    expect(c).toEqual({ op: 'C', c1x: 0, c1y: 100, c2x: 100, c2y: 100, x: 100, y: 200 });
    // A target above its source loops out gently: 0.25 × 25 × √distance.
    const [, up] = bezierPath({ ...down, target: { x: 100, y: -100 } });
    expect(up.op === 'C' && up.c1y).toBeCloseTo(0.25 * 25 * Math.sqrt(100));
  });

  it('puts simplebezier control points half way along the handle axis', () => {
    const [, c] = simpleBezierPath(down);
    expect(c).toEqual({ op: 'C', c1x: 0, c1y: 100, c2x: 100, c2y: 100, x: 100, y: 200 });
  });

  it.each([
    ['facing vertical handles', down, [[0, 0], [0, 100], [100, 100], [100, 200]]],
    ['facing horizontal handles', { source: { x: 0, y: 0 }, sourceSide: 'right', target: { x: 100, y: 50 }, targetSide: 'left' }, [[0, 0], [50, 0], [50, 50], [100, 50]]],
    ['a target behind its source', { source: { x: 0, y: 0 }, sourceSide: 'bottom', target: { x: 100, y: -100 }, targetSide: 'top' }, [[0, 0], [0, 20], [50, 20], [50, -120], [100, -120], [100, -100]]],
    ['mixed sides', { source: { x: 0, y: 0 }, sourceSide: 'bottom', target: { x: 100, y: 100 }, targetSide: 'left' }, [[0, 0], [0, 20], [0, 100], [80, 100], [100, 100]]],
  ] as const)('routes a step edge for %s', (_name, ends, want) => {
    expect(stepPoints(ends).map((p) => [p.x, p.y])).toEqual(want);
  });

  it('keeps step corners sharp and rounds smoothstep corners', () => {
    expect(stepPath(down).every((c) => c.op !== 'Q')).toBe(true);
    const smooth = smoothStepPath(down);
    expect(smooth.filter((c) => c.op === 'Q')).toHaveLength(2);
    expect(smooth[smooth.length - 1]).toEqual({ op: 'L', x: 100, y: 200 });
  });

  it('flattens curves into a polyline from start to end', () => {
    const pts = flattenPath(bezierPath(down), 10);
    expect(pts).toHaveLength(11);
    expect(pts[0]).toEqual({ x: 0, y: 0 });
    expect(pts[10].x).toBeCloseTo(100);
    expect(pts[10].y).toBeCloseTo(200);
  });
});
