/** Viewport maths (camera kernels): pure functions from a transform and input to a new transform. */
import { clamp } from './geometry.ts';
import type { Rect, Transform, XY } from './types.ts';
import type { ViewportPreset } from './constants.ts';

export interface ZoomLimits {
  minZoom: number;
  maxZoom: number;
}

export const identity: Transform = { x: 0, y: 0, k: 1 };

export const toScreen = (t: Transform, p: XY): XY => ({ x: p.x * t.k + t.x, y: p.y * t.k + t.y });
export const toWorld = (t: Transform, p: XY): XY => ({ x: (p.x - t.x) / t.k, y: (p.y - t.y) / t.k });

/** The world rectangle a screen of `size` shows. */
export function visibleWorldRect(t: Transform, size: { width: number; height: number }): Rect {
  return { x: -t.x / t.k, y: -t.y / t.k, width: size.width / t.k, height: size.height / t.k };
}

export const panBy = (t: Transform, dx: number, dy: number): Transform => ({ x: t.x + dx, y: t.y + dy, k: t.k });

/** Zooms to `k` (clamped) keeping the world point under screen point `about` fixed. */
export function zoomTo(t: Transform, k: number, about: XY, limits: ZoomLimits): Transform {
  const k1 = clamp(k, limits.minZoom, limits.maxZoom);
  const w = toWorld(t, about);
  return { x: about.x - w.x * k1, y: about.y - w.y * k1, k: k1 };
}

export const zoomBy = (t: Transform, factor: number, about: XY, limits: ZoomLimits) =>
  zoomTo(t, t.k * factor, about, limits);

/**
 * Two-finger gesture: the world points first under the fingers (a0, b0 at transform t0) follow the
 * fingers' midpoint, and the scale follows the change of their distance.
 */
export function pinch(t0: Transform, a0: XY, b0: XY, a1: XY, b1: XY, limits: ZoomLimits): Transform {
  const d0 = Math.hypot(b0.x - a0.x, b0.y - a0.y) || 1;
  const d1 = Math.hypot(b1.x - a1.x, b1.y - a1.y);
  const k = clamp(t0.k * (d1 / d0), limits.minZoom, limits.maxZoom);
  const mid0 = toWorld(t0, { x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 });
  const mid1 = { x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2 };
  return { x: mid1.x - mid0.x * k, y: mid1.y - mid0.y * k, k };
}

/**
 * The transform that shows `bounds` centred in `size` with `padding` (a fraction of the screen) on
 * each side, within the zoom limits; with `countAdjust` the §9 small/large-tree factors apply.
 */
export function fitView(
  bounds: Rect,
  size: { width: number; height: number },
  preset: ViewportPreset,
  nodeCount: number,
): Transform {
  const usableW = size.width * (1 - 2 * preset.fitPadding);
  const usableH = size.height * (1 - 2 * preset.fitPadding);
  let k = Math.min(usableW / Math.max(bounds.width, 1), usableH / Math.max(bounds.height, 1));
  if (preset.countAdjust) {
    if (nodeCount <= 3) k = Math.min(k * 1.05, 1.4);
    else if (nodeCount >= 30) k = Math.max(k * 0.9, 0.5);
  }
  k = clamp(k, preset.minZoom, preset.maxZoom);
  const cx = bounds.x + bounds.width / 2;
  const cy = bounds.y + bounds.height / 2;
  return { x: size.width / 2 - cx * k, y: size.height / 2 - cy * k, k };
}

/** After a resize, keeps the world point that was at the old screen centre at the new centre. */
export function recentre(t: Transform, oldSize: { width: number; height: number }, newSize: { width: number; height: number }): Transform {
  return panBy(t, (newSize.width - oldSize.width) / 2, (newSize.height - oldSize.height) / 2);
}
