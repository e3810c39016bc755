import { componentGraph, type LayoutContext } from './component.ts';
import { placeRows } from './coordinates.ts';
import { structureCrossings } from './crossings.ts';
import { orderRows } from './order.ts';
import { packBoxes, type Box } from './pack.ts';
import { generations } from './ranks.ts';
import { familyCount, familyStructure } from './structure.ts';
import { spouseUnits } from './units.ts';
import { LAYOUT, type LayoutInput, type LayoutResult } from './types.ts';

export type { LayoutFamily, LayoutInput, LayoutResult } from './types.ts';
export { LAYOUT } from './types.ts';
export { countCrossings } from './crossings.ts';
export { layoutInputFromGraph } from './fromGraph.ts';
export { branchNodeIds, moveCards, tidyPlan, tidyPositions, type TidyPlan } from './tidy.ts';

/** Ordering sweeps (each down and up, with transposes) and placement passes: more buy little. */
const SWEEPS = 4;
const PASSES = 8;

/**
 * Lays out a family (issue 9, item 3): generations in rows, spouse units (couples, remarriages)
 * side by side, children under their parents, rows ordered for few crossings, separate families
 * packed side by side. Each person is placed exactly once: a cousin marriage is a longer line,
 * never a second card. Pure and deterministic; about linear in people and links (a sort per row
 * per sweep). Positions are cards' top-left corners from (0, 0).
 */
export function layoutFamilies(input: LayoutInput, options: LayoutOptions = {}): LayoutResult {
  const progress = progressReporter(options.onProgress);
  const s = familyStructure(input);
  const n = s.ids.length;
  if (!n) return { positions: {}, width: 0, height: 0, crossings: 0 };
  const units = spouseUnits(s);
  const { rank, component, components } = generations(s, units);
  progress(PREPARED);
  const ctx: LayoutContext = { s, units, rank, familyAnchor: new Float64Array(familyCount(s)), itemOf: new Int32Array(units.count) };

  // Units of each component, in input order.
  const start = new Int32Array(components + 1);
  for (let u = 0; u < units.count; u++) start[component[u] + 1]++;
  for (let c = 0; c < components; c++) start[c + 1] += start[c];
  const byComponent = new Int32Array(units.count);
  const fill = start.slice(0, components);
  for (let u = 0; u < units.count; u++) byComponent[fill[component[u]]++] = u;

  // Each component from (0, 0): its units' left edges, then its extent.
  const unitX = new Float64Array(units.count);
  const boxes: Box[] = new Array(components);
  for (let c = 0; c < components; c++) {
    const list = byComponent.subarray(start[c], start[c + 1]);
    boxes[c] = list.length === 1 ? single(unitX, list[0], units.start[list[0] + 1] - units.start[list[0]]) : layoutComponent(ctx, list, unitX);
    progress(PREPARED + ((LAID_OUT - PREPARED) * start[c + 1]) / units.count);
  }
  const corners = packBoxes(boxes);

  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const positions: LayoutResult['positions'] = {};
  let width = 0, height = 0;
  for (let p = 0; p < n; p++) {
    const u = units.unitOf[p];
    const corner = corners[component[u]];
    xs[p] = corner.x + unitX[u] + units.slot[p] * LAYOUT.partnerPitch;
    ys[p] = corner.y + rank[u] * LAYOUT.rowPitch;
    positions[s.ids[p]] = { x: xs[p], y: ys[p] };
    width = Math.max(width, xs[p] + LAYOUT.card.width);
    height = Math.max(height, ys[p] + LAYOUT.card.height);
  }
  const crossings = structureCrossings(s, xs, ys);
  progress(1);
  return { positions, width, height, crossings };
}

export interface LayoutOptions {
  /** Told how far the layout is, from 0 to 1, now and then (for a progress bar). */
  onProgress?: (fraction: number) => void;
}

/** Shares of the work: rows and units first, then the components one by one, then the count. */
const PREPARED = 0.1;
const LAID_OUT = 0.9;

/** Reports each whole percent once. */
function progressReporter(onProgress: LayoutOptions['onProgress']) {
  let told = -1;
  return (fraction: number) => {
    const percent = Math.floor(fraction * 100);
    if (!onProgress || percent <= told) return;
    told = percent;
    onProgress(percent / 100);
  };
}

function single(unitX: Float64Array, u: number, size: number): Box {
  unitX[u] = 0;
  return { width: (size - 1) * LAYOUT.partnerPitch + LAYOUT.card.width, height: LAYOUT.card.height };
}

function layoutComponent(ctx: LayoutContext, list: Int32Array, unitX: Float64Array): Box {
  const g = componentGraph(ctx, list);
  orderRows(ctx, g, SWEEPS);
  placeRows(ctx, g, PASSES);
  let left = Infinity, right = -Infinity;
  for (let k = 0; k < list.length; k++) {
    left = Math.min(left, g.pos[k]);
    right = Math.max(right, g.pos[k] + g.width[k]);
  }
  for (let k = 0; k < list.length; k++) unitX[list[k]] = g.pos[k] - left;
  return { width: right - left, height: (g.rows - 1) * LAYOUT.rowPitch + LAYOUT.card.height };
}
