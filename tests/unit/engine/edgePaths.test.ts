import { describe, expect, it } from 'vitest';
import { bezierPath, builtInEdgePaths, flattenPath, forkPath, forkPoints, simpleBezierPath, smoothStepPath, stepPath, stepPoints, straightPath } from '../../../engine/core/edgePaths.ts';

const down = { source: { x: 0, y: 0 }, sourceSide: 'bottom' as const, target: { x: 100, y: 200 }, targetSide: 'top' as const };

describe('edge paths', () => {
  it('has the five built-in edge types', () => {
    expect(Object.keys(builtInEdgePaths).sort()).toEqual(['default', 'fork', 'simplebezier', 'smoothstep', 'step', 'straight']);
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

describe('the fork route', () => {
  const ends = (sx: number, tx: number) => ({ source: { x: sx, y: 96 }, target: { x: tx, y: 160 } });
  it.each<[string, ReturnType<typeof ends>, object, [number, number][]]>([
    ['straight above its target', ends(66, 66), {}, [[66, 96], [66, 160]]],
    ['beside its target: down, across 14 above it, down', ends(66, 206), {}, [[66, 96], [66, 146], [206, 146], [206, 160]]],
    ['a higher bus', ends(66, 206), { busHeight: 30 }, [[66, 96], [66, 130], [206, 130], [206, 160]]],
    ['forking right to a drop point', ends(66, 206), { joinDx: 90 }, [[66, 96], [66, 106], [156, 106], [156, 146], [206, 146], [206, 160]]],
    ['forking left to a drop point', ends(246, 206), { joinDx: -90 }, [[246, 96], [246, 106], [156, 106], [156, 146], [206, 146], [206, 160]]],
    ['a deeper fork, dropping straight into the target', ends(66, 156), { joinDx: 90, forkDepth: 16 }, [[66, 96], [66, 112], [156, 112], [156, 160]]],
    ['a bus too high for the gap stays under the fork', ends(66, 206), { joinDx: 90, busHeight: 90 }, [[66, 96], [66, 106], [156, 106], [156, 114], [206, 114], [206, 160]]],
  ])('%s', (_name, e, options, want) => {
    expect(forkPoints(e, options).map((p) => [p.x, p.y])).toEqual(want);
  });

  it('rounds its corners, and falls back to smoothstep for other sides or a target without room below', () => {
    const down = { source: { x: 66, y: 96 }, sourceSide: 'bottom' as const, target: { x: 206, y: 160 }, targetSide: 'top' as const };
    const edge = { id: 'e', source: 'a', target: 'b', pathOptions: { joinDx: 90 } };
    expect(forkPath(down, edge).filter((c) => c.op === 'Q')).toHaveLength(4);
    const up = { ...down, target: { x: 206, y: 100 } };
    expect(forkPath(up, edge)).toEqual(smoothStepPath(up));
    const side = { ...down, sourceSide: 'right' as const };
    expect(forkPath(side, edge)).toEqual(smoothStepPath(side));
  });
});
