/**
 * Animated moves of the view (a search result "flown" to): pure geometry, the engine runs it frame
 * by frame. The path is van Wijk and Nuij's smooth zoom-and-pan ("Smooth and efficient zooming and
 * panning", 2003; d3's interpolateZoom), which zooms out on the way when the target is far, so the
 * eye keeps its bearings. From very far away the flight starts `MAX_SCREENS` screens before the
 * target, in its direction: crossing a 100,000-person tree at overview zoom would redraw thousands
 * of cards each frame, and shows nothing the member can follow anyway.
 */
import type { Transform, XY } from './types.ts';

/** Screens (at the flight's widest view) the animated part covers at most. */
export const MAX_SCREENS = 3;
export const FLIGHT_MS = { min: 300, perUnit: 240, max: 900 } as const;

const RHO = Math.SQRT2;

export interface Flight {
  /** Milliseconds the flight takes (0: jump). */
  duration: number;
  /** The view at time fraction t ∈ [0, 1] (eased). */
  at(t: number): Transform;
}

/** A view as the world point at the centre of the screen and the world width the screen shows. */
interface CentreView {
  x: number;
  y: number;
  w: number;
}

function toCentre(t: Transform, size: { width: number; height: number }): CentreView {
  return { x: (size.width / 2 - t.x) / t.k, y: (size.height / 2 - t.y) / t.k, w: size.width / t.k };
}

function fromCentre(c: CentreView, size: { width: number; height: number }): Transform {
  const k = size.width / c.w;
  return { x: size.width / 2 - c.x * k, y: size.height / 2 - c.y * k, k };
}

const easeInOut = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** The path from one view to another on a screen of `size`. */
export function flightPath(from: Transform, to: Transform, size: { width: number; height: number }): Flight {
  const end = toCentre(to, size);
  let start = toCentre(from, size);
  const wide = Math.max(start.w, end.w);
  const distance = Math.hypot(end.x - start.x, end.y - start.y);
  if (distance > MAX_SCREENS * wide) {
    // Start nearer, on the line from where the view was, at the zoom it had.
    const f = (MAX_SCREENS * wide) / distance;
    start = { x: end.x + (start.x - end.x) * f, y: end.y + (start.y - end.y) * f, w: start.w };
  }
  const path = smoothZoom(start, end);
  if (!Number.isFinite(path.length) || path.length < 1e-6) return { duration: 0, at: () => to };
  const duration = Math.min(FLIGHT_MS.max, FLIGHT_MS.min + FLIGHT_MS.perUnit * path.length);
  return {
    duration,
    at: (t) => (t >= 1 ? to : fromCentre(path.at(easeInOut(Math.max(0, t))), size)),
  };
}

/** van Wijk–Nuij: the view at s ∈ [0, 1] along the optimal path; `length` in its units (S). */
function smoothZoom(p0: CentreView, p1: CentreView): { length: number; at(s: number): CentreView } {
  const dx = p1.x - p0.x;
  const dy = p1.y - p0.y;
  const d2 = dx * dx + dy * dy;
  if (d2 < 1e-12) {
    const S = Math.log(p1.w / p0.w) / RHO;
    return { length: Math.abs(S), at: (s) => ({ x: p0.x + s * dx, y: p0.y + s * dy, w: p0.w * Math.exp(RHO * s * S) }) };
  }
  const d1 = Math.sqrt(d2);
  const b0 = (p1.w * p1.w - p0.w * p0.w + RHO ** 4 * d2) / (2 * p0.w * RHO ** 2 * d1);
  const b1 = (p1.w * p1.w - p0.w * p0.w - RHO ** 4 * d2) / (2 * p1.w * RHO ** 2 * d1);
  const r0 = Math.log(Math.sqrt(b0 * b0 + 1) - b0);
  const r1 = Math.log(Math.sqrt(b1 * b1 + 1) - b1);
  const S = (r1 - r0) / RHO;
  return {
    length: S,
    at(s) {
      const q = s * S;
      const u = (p0.w / (RHO ** 2 * d1)) * (Math.cosh(r0) * Math.tanh(RHO * q + r0) - Math.sinh(r0));
      return { x: p0.x + u * dx, y: p0.y + u * dy, w: (p0.w * Math.cosh(r0)) / Math.cosh(RHO * q + r0) };
    },
  };
}

/** The view with world point `p` at screen point `at`, at zoom `k`. */
export function pointAt(p: XY, at: XY, k: number): Transform {
  return { x: at.x - p.x * k, y: at.y - p.y * k, k };
}
