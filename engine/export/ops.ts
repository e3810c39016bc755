/**
 * The static renderer's drawing vocabulary: what a card or a line becomes once drawn, in world
 * units, independent of where it goes (SVG text, a PDF page, a canvas tile). Plain data, so a
 * drawing can cross to a worker and be written by any back end the same way.
 */
import type { PathCommand } from '../core/edgePaths.ts';

export type Shape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; r: number }
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'path'; cmds: PathCommand[] }
  /** A ring's slice (r0 0: a pie slice) from angle a0 to a1 clockwise, radians, about (cx, cy). */
  | { kind: 'sector'; cx: number; cy: number; r0: number; r1: number; a0: number; a1: number };

export type Op =
  | { kind: 'shape'; shapes: Shape[]; fill: string | null; stroke: string | null; lineWidth: number; dash: number[]; box: Box }
  /** `angle` (radians, clockwise) turns the text about (x, y): a fan chart's names. */
  | { kind: 'text'; x: number; y: number; text: string; size: number; weight: number; color: string; align: 'left' | 'center' | 'right'; width: number; box: Box; angle?: number }
  | { kind: 'image'; url: string; x: number; y: number; w: number; h: number; circle: boolean; box: Box };

/** [x0, y0, x1, y1]: what a back end culls by (a tile draws only what crosses it). */
export type Box = [number, number, number, number];

/** A finished drawing: its ops in order, over a background, `width` × `height` world units. */
export interface Scene {
  width: number;
  height: number;
  background: string;
  ops: Op[];
  /** Names of the people drawn, in order (tests and the PDF's outline of who is in it). */
  names: string[];
}

export function boxOfShapes(shapes: readonly Shape[], pad: number): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const grow = (x: number, y: number) => {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  };
  for (const s of shapes) {
    if (s.kind === 'rect') { grow(s.x, s.y); grow(s.x + s.w, s.y + s.h); }
    else if (s.kind === 'circle') { grow(s.cx - s.r, s.cy - s.r); grow(s.cx + s.r, s.cy + s.r); }
    else for (const c of s.kind === 'sector' ? sectorPath(s) : s.cmds) {
      grow(c.x, c.y);
      if (c.op === 'Q') grow(c.cx, c.cy);
      else if (c.op === 'C') { grow(c.c1x, c.c1y); grow(c.c2x, c.c2y); }
    }
  }
  return [x0 - pad, y0 - pad, x1 + pad, y1 + pad];
}

export const overlaps = (b: Box, x: number, y: number, w: number, h: number) => b[0] < x + w && b[2] > x && b[1] < y + h && b[3] > y;

/**
 * A sector as path commands: its outer arc, the inner arc back (or the centre), closed. Arcs are
 * cubic pieces of at most a quarter turn (error under 0.03% of the radius): what a PDF draws, and
 * the points a box is grown by.
 */
export function sectorPath(s: Extract<Shape, { kind: 'sector' }>): PathCommand[] {
  const { cx, cy, r0, r1, a0, a1 } = s;
  const out: PathCommand[] = [];
  const arc = (r: number, from: number, to: number) => {
    const steps = Math.max(1, Math.ceil(Math.abs(to - from) / (Math.PI / 2) - 1e-9));
    const step = (to - from) / steps, k = (4 / 3) * Math.tan(step / 4);
    for (let i = 0; i < steps; i++) {
      const a = from + i * step, b = a + step;
      out.push({
        op: 'C',
        c1x: cx + r * (Math.cos(a) - k * Math.sin(a)), c1y: cy + r * (Math.sin(a) + k * Math.cos(a)),
        c2x: cx + r * (Math.cos(b) + k * Math.sin(b)), c2y: cy + r * (Math.sin(b) - k * Math.cos(b)),
        x: cx + r * Math.cos(b), y: cy + r * Math.sin(b),
      });
    }
  };
  out.push({ op: 'M', x: cx + r1 * Math.cos(a0), y: cy + r1 * Math.sin(a0) });
  arc(r1, a0, a1);
  if (r0 > 0) {
    out.push({ op: 'L', x: cx + r0 * Math.cos(a1), y: cy + r0 * Math.sin(a1) });
    arc(r0, a1, a0);
  } else out.push({ op: 'L', x: cx, y: cy });
  out.push({ op: 'L', x: out[0]!.x, y: out[0]!.y });
  return out;
}
