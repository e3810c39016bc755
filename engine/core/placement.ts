/**
 * Overlap search for placing a new card (§9, docs/PRODUCT.md): try the desired spot, then rings of candidate
 * spots `step` apart around it, nearest first, up to `rings` rings; a spot is free when no other
 * card's top-left corner is closer than `w` horizontally and `h` vertically. When every candidate
 * is taken, fall back to `fallbackOffset` to the right of the desired spot.
 */
import { OVERLAP } from './constants.ts';
import type { RectIndex } from './spatialIndex.ts';
import type { XY } from './types.ts';

export interface OverlapOptions {
  w: number;
  h: number;
  step: number;
  rings: number;
  fallbackOffset: number;
  /** Ids to ignore, e.g. the card being placed when it is already in the index. */
  ignore?: ReadonlySet<string>;
}

export function isSpotFree(index: RectIndex, p: XY, o: Pick<OverlapOptions, 'w' | 'h' | 'ignore'> = OVERLAP): boolean {
  let free = true;
  // Corners within (w, h) of p: query the box those corners span, widened to whole rectangles.
  index.query({ x: p.x - o.w, y: p.y - o.h, width: 2 * o.w, height: 2 * o.h }, (e) => {
    if (!free || o.ignore?.has(e.id)) return;
    if (Math.abs(e.x - p.x) < o.w && Math.abs(e.y - p.y) < o.h) free = false;
  });
  return free;
}

/**
 * Candidate offsets of ring `r` (a square of side 2r steps), nearest to the centre first; among
 * equals, staying in the row wins, then down before up, then right before left.
 */
export function ringOffsets(r: number, step: number): XY[] {
  const out: XY[] = [];
  for (let i = -r; i <= r; i++) {
    for (let j = -r; j <= r; j++) {
      if (Math.max(Math.abs(i), Math.abs(j)) === r) out.push({ x: i * step, y: j * step });
    }
  }
  return out.sort((a, b) => a.x * a.x + a.y * a.y - (b.x * b.x + b.y * b.y) || Math.abs(a.y) - Math.abs(b.y) || b.y - a.y || b.x - a.x);
}

export function findFreePosition(index: RectIndex, desired: XY, options: Partial<OverlapOptions> = {}): XY {
  const o: OverlapOptions = { ...OVERLAP, ...options };
  if (isSpotFree(index, desired, o)) return desired;
  for (let r = 1; r <= o.rings; r++) {
    for (const d of ringOffsets(r, o.step)) {
      const p = { x: desired.x + d.x, y: desired.y + d.y };
      if (isSpotFree(index, p, o)) return p;
    }
  }
  return { x: desired.x + o.fallbackOffset, y: desired.y };
}
