/**
 * Edge geometry for the five built-in edge types, as path commands a canvas can replay and a
 * polyline a hit test can measure. Pure functions; the control-point rules follow xyflow's so
 * edges look the way users of node libraries expect.
 */
import type { EngineEdge, Side, XY } from './types.ts';

export type PathCommand =
  | { op: 'M'; x: number; y: number }
  | { op: 'L'; x: number; y: number }
  | { op: 'Q'; cx: number; cy: number; x: number; y: number }
  | { op: 'C'; c1x: number; c1y: number; c2x: number; c2y: number; x: number; y: number };

export interface EdgeEnds {
  source: XY;
  sourceSide: Side;
  target: XY;
  targetSide: Side;
}

/**
 * A route from its ends. A custom edge type may also read the edge itself (its `data`, as an
 * xyflow custom edge reads its props); the route must depend only on the ends and the edge object,
 * which is what the engine caches it by.
 */
export type EdgePathFn = (ends: EdgeEnds, edge?: EngineEdge) => PathCommand[];

const DIR: Record<Side, XY> = { top: { x: 0, y: -1 }, bottom: { x: 0, y: 1 }, left: { x: -1, y: 0 }, right: { x: 1, y: 0 } };
const vertical = (s: Side) => s === 'top' || s === 'bottom';

export const straightPath: EdgePathFn = ({ source, target }) => [
  { op: 'M', x: source.x, y: source.y },
  { op: 'L', x: target.x, y: target.y },
];

/** xyflow's control offset: half the distance when the handle faces the other end, else a gentle loop. */
function controlOffset(distance: number, curvature: number): number {
  return distance >= 0 ? 0.5 * distance : curvature * 25 * Math.sqrt(-distance);
}

function controlPoint(p: XY, side: Side, other: XY, curvature: number): XY {
  const d = DIR[side];
  const along = d.x !== 0 ? (other.x - p.x) * d.x : (other.y - p.y) * d.y;
  const off = controlOffset(along, curvature);
  return { x: p.x + d.x * off, y: p.y + d.y * off };
}

export const bezierPath: EdgePathFn = ({ source, sourceSide, target, targetSide }) => {
  const c1 = controlPoint(source, sourceSide, target, 0.25);
  const c2 = controlPoint(target, targetSide, source, 0.25);
  return [
    { op: 'M', x: source.x, y: source.y },
    { op: 'C', c1x: c1.x, c1y: c1.y, c2x: c2.x, c2y: c2.y, x: target.x, y: target.y },
  ];
};

/** Control points half way along the handle's axis: a softer S than the default bezier. */
export const simpleBezierPath: EdgePathFn = ({ source, sourceSide, target, targetSide }) => {
  const half = (p: XY, side: Side, other: XY): XY =>
    vertical(side) ? { x: p.x, y: (p.y + other.y) / 2 } : { x: (p.x + other.x) / 2, y: p.y };
  const c1 = half(source, sourceSide, target);
  const c2 = half(target, targetSide, source);
  return [
    { op: 'M', x: source.x, y: source.y },
    { op: 'C', c1x: c1.x, c1y: c1.y, c2x: c2.x, c2y: c2.y, x: target.x, y: target.y },
  ];
};

const STEP_OFFSET = 20;

/** Corner points of an orthogonal route leaving and entering along the handles' sides. */
export function stepPoints({ source, sourceSide, target, targetSide }: EdgeEnds): XY[] {
  const sd = DIR[sourceSide], td = DIR[targetSide];
  const s1 = { x: source.x + sd.x * STEP_OFFSET, y: source.y + sd.y * STEP_OFFSET };
  const t1 = { x: target.x + td.x * STEP_OFFSET, y: target.y + td.y * STEP_OFFSET };
  let mids: XY[];
  if (vertical(sourceSide) && vertical(targetSide)) {
    const facing = (target.y - source.y) * sd.y > 0 && (source.y - target.y) * td.y > 0;
    if (facing) {
      const my = (source.y + target.y) / 2;
      mids = [{ x: source.x, y: my }, { x: target.x, y: my }];
    } else {
      const mx = (source.x + target.x) / 2;
      mids = [s1, { x: mx, y: s1.y }, { x: mx, y: t1.y }, t1];
    }
  } else if (!vertical(sourceSide) && !vertical(targetSide)) {
    const facing = (target.x - source.x) * sd.x > 0 && (source.x - target.x) * td.x > 0;
    if (facing) {
      const mx = (source.x + target.x) / 2;
      mids = [{ x: mx, y: source.y }, { x: mx, y: target.y }];
    } else {
      const my = (source.y + target.y) / 2;
      mids = [s1, { x: s1.x, y: my }, { x: t1.x, y: my }, t1];
    }
  } else if (vertical(sourceSide)) {
    mids = [s1, { x: s1.x, y: t1.y }, t1];
  } else {
    mids = [s1, { x: t1.x, y: s1.y }, t1];
  }
  const pts = [source, ...mids, target];
  return pts.filter((p, i) => i === 0 || p.x !== pts[i - 1].x || p.y !== pts[i - 1].y);
}

/** An orthogonal path whose corners are rounded with `radius` (0 gives sharp steps). */
export function roundedPolyline(points: XY[], radius: number): PathCommand[] {
  const cmds: PathCommand[] = [{ op: 'M', x: points[0].x, y: points[0].y }];
  for (let i = 1; i < points.length - 1; i++) {
    const a = points[i - 1], b = points[i], c = points[i + 1];
    const r = Math.min(radius, Math.hypot(b.x - a.x, b.y - a.y) / 2, Math.hypot(c.x - b.x, c.y - b.y) / 2);
    if (r <= 0) {
      cmds.push({ op: 'L', x: b.x, y: b.y });
      continue;
    }
    const inDir = { x: Math.sign(b.x - a.x), y: Math.sign(b.y - a.y) };
    const outDir = { x: Math.sign(c.x - b.x), y: Math.sign(c.y - b.y) };
    cmds.push({ op: 'L', x: b.x - inDir.x * r, y: b.y - inDir.y * r });
    cmds.push({ op: 'Q', cx: b.x, cy: b.y, x: b.x + outDir.x * r, y: b.y + outDir.y * r });
  }
  const last = points[points.length - 1];
  cmds.push({ op: 'L', x: last.x, y: last.y });
  return cmds;
}

export const stepPath: EdgePathFn = (ends) => roundedPolyline(stepPoints(ends), 0);
export const smoothStepPath: EdgePathFn = (ends) => roundedPolyline(stepPoints(ends), 8);

/**
 * Options of the 'fork' route (`EngineEdge.pathOptions`), in world units. Family trees use it to
 * draw a couple's children from the point between the two parents and to keep the lines of
 * different parents on different heights.
 */
export interface ForkPathOptions {
  /** Sideways offset, from the source, of the point the route drops from (0: straight down). */
  joinDx?: number;
  /** How far below the source the route turns sideways to that point. */
  forkDepth?: number;
  /** How far above the target the route runs across to it. */
  busHeight?: number;
  radius?: number;
}

export const FORK_DEFAULTS = { joinDx: 0, forkDepth: 10, busHeight: 14, radius: 6 } as const;
/** The route's horizontal stretches keep at least this far apart. */
const FORK_MIN_GAP = 8;

/**
 * Corners of a 'fork' route from a source on a card's bottom to a target on a card's top: down
 * to the fork, across to the drop point, down to the bus, across above the target and down into
 * it. Only corners are kept (no repeated or collinear points).
 */
export function forkPoints({ source: s, target: t }: Pick<EdgeEnds, 'source' | 'target'>, options: ForkPathOptions = {}): XY[] {
  const o = { ...FORK_DEFAULTS, ...options };
  const forkY = s.y + o.forkDepth;
  const dropX = s.x + o.joinDx;
  const busY = Math.max(t.y - o.busHeight, (o.joinDx ? forkY : s.y) + FORK_MIN_GAP);
  const points = o.joinDx ? [s, { x: s.x, y: forkY }, { x: dropX, y: forkY }, { x: dropX, y: busY }] : [s, { x: s.x, y: busY }];
  points.push({ x: t.x, y: busY }, t);
  const out: XY[] = [];
  for (const p of points) {
    const a = out[out.length - 2], b = out[out.length - 1];
    if (b && p.x === b.x && p.y === b.y) continue;
    if (a && ((a.x === b.x && b.x === p.x) || (a.y === b.y && b.y === p.y))) out[out.length - 1] = p;
    else out.push(p);
  }
  return out;
}

/** Other sides, or a target without room below the source, get the smoothstep route. */
export const forkPath: EdgePathFn = (ends, edge) => {
  const o = { ...FORK_DEFAULTS, ...edge?.pathOptions };
  const room = ends.target.y - ends.source.y >= o.forkDepth + o.busHeight;
  if (ends.sourceSide !== 'bottom' || ends.targetSide !== 'top' || !room) return smoothStepPath(ends);
  return roundedPolyline(forkPoints(ends, o), o.radius);
};

export const builtInEdgePaths = {
  default: bezierPath,
  straight: straightPath,
  step: stepPath,
  smoothstep: smoothStepPath,
  simplebezier: simpleBezierPath,
  fork: forkPath,
} satisfies Record<string, EdgePathFn>;

/** The path as a polyline (curves sampled), for hit testing and bounds. */
export function flattenPath(cmds: readonly PathCommand[], samples = 12): XY[] {
  const pts: XY[] = [];
  let cur: XY = { x: 0, y: 0 };
  for (const c of cmds) {
    if (c.op === 'M' || c.op === 'L') {
      cur = { x: c.x, y: c.y };
      pts.push(cur);
    } else if (c.op === 'Q') {
      const p0 = cur;
      for (let i = 1; i <= samples; i++) {
        const t = i / samples, u = 1 - t;
        pts.push({ x: u * u * p0.x + 2 * u * t * c.cx + t * t * c.x, y: u * u * p0.y + 2 * u * t * c.cy + t * t * c.y });
      }
      cur = { x: c.x, y: c.y };
    } else {
      const p0 = cur;
      for (let i = 1; i <= samples; i++) {
        const t = i / samples, u = 1 - t;
        const a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t;
        pts.push({ x: a * p0.x + b * c.c1x + d * c.c2x + e * c.x, y: a * p0.y + b * c.c1y + d * c.c2y + e * c.y });
      }
      cur = { x: c.x, y: c.y };
    }
  }
  return pts;
}
