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
  sibling: { dx: 160 },
  /** A row search (spouse, sibling) walks this many steps outwards before giving up. */
  rowSteps: 50,
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

export type Side = 1 | -1;

function spousesBySide(reference: Point, spouses: readonly Point[]): { left: number; right: number } {
  let right = 0;
  let left = 0;
  for (const s of spouses) {
    if (s.x > reference.x) right++;
    else if (s.x < reference.x) left++;
  }
  return { left, right };
}

/**
 * The side of the person with fewer of their spouses' cards (right on a tie, so the first spouse
 * goes right), and how many are already there. Only the sign of each spouse's offset counts.
 */
export function freeSide(reference: Point, spouses: readonly Point[]): { side: Side; onSide: number } {
  const { left, right } = spousesBySide(reference, spouses);
  return right <= left ? { side: 1, onSide: right } : { side: -1, onSide: left };
}

/**
 * The first free spot of the row of `desired`, walking from it outwards on `side` one step at a
 * time. The overlap search answers with the spot itself only when it is free, so it serves as the
 * test. Never leaves the row: a spouse or sibling placed among the parents (issue "Facts a
 * genealogist can trust", item 6) is what the plain spiral did in a crowded row.
 */
export function placeInRow(desired: Point, side: Side, findFree: FindFree): Point {
  for (let k = 0; k <= PLACEMENT.rowSteps; k++) {
    const p = { x: desired.x + side * k * PLACEMENT.step, y: desired.y };
    const found = findFree(p);
    if (found.x === p.x && found.y === p.y) return p;
  }
  return { x: desired.x + side * (PLACEMENT.rowSteps + 1) * PLACEMENT.step, y: desired.y };
}

/**
 * A new spouse: beside the person in their row, on the side away from their other spouses
 * (+180, then −180, then +340 …), moved outwards along the row when the spot is taken.
 */
export function placeSpouse(reference: Point, spouses: readonly Point[], findFree: FindFree): Point {
  const { side, onSide } = freeSide(reference, spouses);
  const dx = PLACEMENT.spouse.base + PLACEMENT.spouse.perPair * onSide;
  return placeInRow({ x: reference.x + side * dx, y: reference.y }, side, findFree);
}

/** A new sibling: beside the person in their row, on the side away from their spouses (left first). */
export function placeSibling(reference: Point, spouses: readonly Point[], findFree: FindFree): Point {
  const { left, right } = spousesBySide(reference, spouses);
  const side: Side = left <= right ? -1 : 1;
  return placeInRow({ x: reference.x + side * PLACEMENT.sibling.dx, y: reference.y }, side, findFree);
}

/** The middle of a couple, in the first partner's row: where their children are placed from. */
export function coupleCentre(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: a.y };
}
