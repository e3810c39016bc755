/** Pure 2-D helpers. Everything here is a plain function of its arguments. */
import type { Rect, XY } from './types.ts';

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function rectFromPoints(a: XY, b: XY): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

export function rectsIntersect(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function rectContainsRect(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

export function unionRects(rects: Iterable<Rect>): Rect | null {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const r of rects) {
    x0 = Math.min(x0, r.x);
    y0 = Math.min(y0, r.y);
    x1 = Math.max(x1, r.x + r.width);
    y1 = Math.max(y1, r.y + r.height);
  }
  return x0 === Infinity ? null : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

export const distance = (a: XY, b: XY) => Math.hypot(a.x - b.x, a.y - b.y);

export function distanceToSegment(p: XY, a: XY, b: XY): number {
  const dx = b.x - a.x, dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0, 1);
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

export function distanceToPolyline(p: XY, points: readonly XY[]): number {
  let best = Infinity;
  for (let i = 1; i < points.length; i++) best = Math.min(best, distanceToSegment(p, points[i - 1], points[i]));
  return best;
}

export const snapValue = (v: number, step: number) => Math.round(v / step) * step;

export function snapPosition(p: XY, grid: readonly [number, number]): XY {
  return { x: snapValue(p.x, grid[0]), y: snapValue(p.y, grid[1]) };
}

/** Keeps a box of the given size inside an extent, moving it as little as possible. */
export function clampToExtent(p: XY, size: { width: number; height: number }, extent: Rect): XY {
  return {
    x: clamp(p.x, extent.x, Math.max(extent.x, extent.x + extent.width - size.width)),
    y: clamp(p.y, extent.y, Math.max(extent.y, extent.y + extent.height - size.height)),
  };
}
