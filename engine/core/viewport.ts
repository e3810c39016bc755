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

/** The zoom at which `bounds` fills `size` less `padding` (a fraction of the screen) on each side. */
export function fitZoom(bounds: Rect, size: { width: number; height: number }, padding: number): number {
  const usableW = size.width * (1 - 2 * padding);
  const usableH = size.height * (1 - 2 * padding);
  return Math.min(usableW / Math.max(bounds.width, 1), usableH / Math.max(bounds.height, 1));
}

/**
 * The lowest zoom the view may take: the preset's minimum, or, where the preset allows it, as far
 * below it as showing the whole of `bounds` (all the cards) at once needs.
 */
export function minZoomFor(bounds: Rect | null, size: { width: number; height: number }, preset: ViewportPreset): number {
  if (!bounds || !preset.overviewBelowMin) return preset.minZoom;
  return Math.min(preset.minZoom, fitZoom(bounds, size, preset.fitPadding));
}

/**
 * The transform that shows `bounds` centred in `size` with `padding` (a fraction of the screen) on
 * each side, within the zoom limits; with `countAdjust` the §9 small/large-tree factors apply
 * (a big tree's "at least 0.5" yields to what showing all of it needs).
 */
export function fitView(
  bounds: Rect,
  size: { width: number; height: number },
  preset: ViewportPreset,
  nodeCount: number,
): Transform {
  const fit = fitZoom(bounds, size, preset.fitPadding);
  let k = fit;
  if (preset.countAdjust) {
    if (nodeCount <= 3) k = Math.min(k * 1.05, 1.4);
    else if (nodeCount >= 30) k = k * 0.9 >= 0.5 ? k * 0.9 : Math.min(k, 0.5);
  }
  k = clamp(k, minZoomFor(bounds, size, preset), preset.maxZoom);
  const cx = bounds.x + bounds.width / 2;
  const cy = bounds.y + bounds.height / 2;
  return { x: size.width / 2 - cx * k, y: size.height / 2 - cy * k, k };
}

/** Centres world point `p` in `size` at zoom `k`. */
export function centredOn(p: XY, k: number, size: { width: number; height: number }): Transform {
  return { x: size.width / 2 - p.x * k, y: size.height / 2 - p.y * k, k };
}

/**
 * Where a graph opens: all of it when it can be read at once (its fit zoom is at least `readable`);
 * otherwise the `home` card (the member's own) centred at `readable` zoom, so a big tree opens on
 * the member and not on a strip of unreadable cards. Without a home card, the whole graph.
 */
export function openingView(
  bounds: Rect,
  home: Rect | null,
  size: { width: number; height: number },
  preset: ViewportPreset,
  nodeCount: number,
  readable: number,
): Transform {
  const fit = fitView(bounds, size, preset, nodeCount);
  if (fit.k >= readable || !home) return fit;
  return homeView(home, fit.k, size, preset, readable);
}

/**
 * "Me": the home card centred, at the current zoom when it is readable (at least `readable`),
 * else at `readable`.
 */
export function homeView(home: Rect, k: number, size: { width: number; height: number }, preset: ViewportPreset, readable: number): Transform {
  const k1 = clamp(k >= readable ? k : readable, preset.minZoom, preset.maxZoom);
  return centredOn({ x: home.x + home.width / 2, y: home.y + home.height / 2 }, k1, size);
}

/** After a resize, keeps the world point that was at the old screen centre at the new centre. */
export function recentre(t: Transform, oldSize: { width: number; height: number }, newSize: { width: number; height: number }): Transform {
  return panBy(t, (newSize.width - oldSize.width) / 2, (newSize.height - oldSize.height) / 2);
}
