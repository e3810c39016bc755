/**
 * Automatic layout of a family (issue 9, item 3): what goes in and what comes out. Ids are card
 * (node) ids; positions are cards' top-left corners in world units, like `GraphNode.position`.
 */

/** A couple or a single parent (`partners`, usually one or two) and their children. */
export interface LayoutFamily {
  partners: string[];
  children: string[];
}

export interface LayoutInput {
  people: string[];
  families: LayoutFamily[];
}

export interface LayoutResult {
  positions: Record<string, { x: number; y: number }>;
  /** Extent of the cards, from (0, 0): every position lies in [0, width − card] × [0, height − card]. */
  width: number;
  height: number;
  /** How many pairs of parent lines cross (`countCrossings`). */
  crossings: number;
}

/**
 * Spacing, in world units. Cards are 132 × 96 inside the §9 overlap box of 140 × 100 (DESIGN.md
 * "Person cards"): siblings 140 apart leave 8 between cards, rows 160 apart leave 64 for the
 * lines. Partners sit 180 apart, as Add Relative places a spouse, so the dashed spouse line shows.
 * Cards of different families keep a wider gap so each family reads as a group; a line passing
 * down between cards keeps `lineGap` from them.
 */
export const LAYOUT = {
  card: { width: 132, height: 96 },
  rowPitch: 160,
  partnerPitch: 180,
  siblingGap: 8,
  familyGap: 48,
  lineGap: 24,
  componentGap: 320,
} as const;
