import type { ParentRole } from './types.ts';

/**
 * Where a new relative goes (§4, §9). This module only computes the desired spot; the overlap
 * search (a spiral over a quadtree in engine/core) is passed in as `findFree`, so this stays pure.
 */

export interface Point {
  x: number;
  y: number;
}

/** Returns the free spot nearest to `desired` by the §9 spiral rules. */
export type FindFree = (desired: Point) => Point;

export const PLACEMENT = {
  /** Two cards overlap when closer than this in both directions. */
  overlap: { width: 140, height: 100 },
  /** The spiral search walks rings this far apart … */
  step: 40,
  /** … up to this many rings, then gives up and offsets the spot by `fallbackOffset`. */
  rings: 12,
  fallbackOffset: 520,
  child: { base: 120, perRing: 140, dy: 160 },
  spouse: { base: 180, perPair: 160 },
  parent: { dx: 160, dy: 160 },
} as const;

/**
 * Children go 160 below, alternating left and right of the parent and moving out one ring every
 * two children: −120, +120, −260, +260, −400, … (`existing` is how many children it already has).
 */
export function childOffset(existing: number): Point {
  const ring = Math.floor(existing / 2);
  const side = existing % 2 === 0 ? -1 : 1;
  return { x: side * (PLACEMENT.child.base + PLACEMENT.child.perRing * ring), y: PLACEMENT.child.dy };
}

/** Spouses go beside, alternating right and left, one pair further out each time: +180, −180, +340, … */
export function spouseOffset(existing: number): Point {
  const pair = Math.floor(existing / 2);
  const side = existing % 2 === 0 ? 1 : -1;
  return { x: side * (PLACEMENT.spouse.base + PLACEMENT.spouse.perPair * pair), y: 0 };
}

/** Mother above-left, father above-right. */
export function parentOffset(role: ParentRole): Point {
  const side = role === 'father' ? 1 : -1;
  return { x: side * PLACEMENT.parent.dx, y: -PLACEMENT.parent.dy };
}

export type Placement =
  | { kind: 'child'; existingChildren: number }
  | { kind: 'spouse'; existingSpouses: number }
  | { kind: 'parent'; role: ParentRole };

export function desiredPosition(reference: Point, placement: Placement): Point {
  const offset =
    placement.kind === 'child'
      ? childOffset(placement.existingChildren)
      : placement.kind === 'spouse'
        ? spouseOffset(placement.existingSpouses)
        : parentOffset(placement.role);
  return { x: reference.x + offset.x, y: reference.y + offset.y };
}

/** The position a new relative gets: the desired spot, moved by the overlap search if taken. */
export function placeRelative(reference: Point, placement: Placement, findFree: FindFree): Point {
  return findFree(desiredPosition(reference, placement));
}
