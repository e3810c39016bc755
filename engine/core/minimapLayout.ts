/**
 * The minimap's geometry (pure): how many minimap pixels a world unit gets, how big the panel is
 * and which part of the map it shows. The map keeps the graph's proportions; a very wide or tall
 * graph is not squeezed into a line but drawn at least `minShortSide` pixels across, and the panel
 * then shows a window of the map that follows the view along the long side.
 */
import type { Rect } from './types.ts';

export interface MinimapLayout {
  /** Minimap pixels per world unit. */
  scale: number;
  /** The whole map (the graph's bounds) in minimap pixels. */
  map: { width: number; height: number };
  /** The panel: the box, shrunk to the map's proportions where the map is smaller than the box. */
  panel: { width: number; height: number };
}

export interface MinimapLimits {
  /** Space kept around the map inside the panel. */
  pad: number;
  /** The map's short side is at least this many pixels (unless the box is smaller). */
  minShortSide: number;
  /** The map's long side is at most this many times the panel's (a bitmap has to hold it). */
  maxStretch: number;
  /** Minimap pixels per world unit at most: a small graph gets a small panel. */
  maxScale: number;
}

export function minimapLayout(bounds: Rect, box: { width: number; height: number }, limits: MinimapLimits): MinimapLayout {
  const { pad, minShortSide, maxStretch, maxScale } = limits;
  const bw = Math.max(bounds.width, 1), bh = Math.max(bounds.height, 1);
  const innerW = box.width - 2 * pad, innerH = box.height - 2 * pad;
  let scale = Math.min(innerW / bw, innerH / bh);
  // A graph smaller than the panel at `maxScale` is drawn at it; a larger one fills the panel,
  // and one so long that its short side would be thin is drawn wider than the panel instead.
  const shortSide = Math.min(minShortSide, innerW, innerH);
  if (scale >= maxScale) scale = maxScale;
  else if (Math.min(bw, bh) * scale < shortSide) scale = shortSide / Math.min(bw, bh);
  scale = Math.min(scale, (maxStretch * innerW) / bw, (maxStretch * innerH) / bh);
  const map = { width: bw * scale, height: bh * scale };
  return { scale, map, panel: { width: Math.min(box.width, map.width + 2 * pad), height: Math.min(box.height, map.height + 2 * pad) } };
}

/**
 * Where world point (0, 0) lands in the panel, in pixels. Along a side where the map fits, it is
 * centred; along one where it does not, the view's centre is, as far as the map's ends allow.
 */
export function minimapOffset(layout: MinimapLayout, bounds: Rect, view: Rect, pad: number): { x: number; y: number } {
  const axis = (panel: number, map: number, start: number, viewStart: number, viewSize: number) => {
    if (map + 2 * pad <= panel + 0.5) return (panel - map) / 2 - start * layout.scale;
    const centred = panel / 2 - (viewStart + viewSize / 2) * layout.scale;
    const lo = panel - pad - map - start * layout.scale;
    const hi = pad - start * layout.scale;
    return Math.min(hi, Math.max(lo, centred));
  };
  return {
    x: axis(layout.panel.width, layout.map.width, bounds.x, view.x, view.width),
    y: axis(layout.panel.height, layout.map.height, bounds.y, view.y, view.height),
  };
}
