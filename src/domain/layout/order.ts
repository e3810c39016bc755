import { rowPairCrossings } from './crossings.ts';
import { lowerOffset, packRow, unitFamilies, updateFamilyAnchor, upperOffset, type ComponentGraph, type LayoutContext } from './component.ts';

/**
 * The left-to-right order of each row: sweeps down and up in which each item moves to the median
 * of where its links arrive in the row above (then below) and the row is re-sorted, then
 * neighbours swap where that removes crossings (transpose); the order with the fewest crossings
 * is kept. Then spouse units are turned round where that points their partners towards their
 * own relatives. Each sweep is linear in links plus a sort per row.
 */
export function orderRows(ctx: LayoutContext, g: ComponentGraph, sweeps: number): number {
  if (g.rows < 2) return 0;
  let best = crossings(ctx, g);
  let bestOrder = g.order.slice();
  const key = new Float64Array(g.items);
  const values = new Float64Array(mostLinks(g));
  for (let sweep = 0; sweep < sweeps && best > 0; sweep++) {
    for (let r = 1; r < g.rows; r++) sortRow(ctx, g, r, key, values, true);
    for (let r = g.rows - 2; r >= 0; r--) sortRow(ctx, g, r, key, values, false);
    for (let r = 0; r < g.rows; r++) transpose(ctx, g, r);
    const now = crossings(ctx, g);
    if (now < best) {
      best = now;
      bestOrder = g.order.slice();
    }
  }
  g.order.set(bestOrder);
  packRows(ctx, g);
  return turnUnits(ctx, g, best);
}

/** Crossings of the links between every two neighbouring rows, at the items' current places. */
export function crossings(ctx: LayoutContext, g: ComponentGraph): number {
  let total = 0;
  const most = maxRowLinks(g);
  const top = new Float64Array(most);
  const bottom = new Float64Array(most);
  for (let r = 0; r + 1 < g.rows; r++) {
    let m = 0;
    for (let k = g.byRowStart[r]; k < g.byRowStart[r + 1]; k++) {
      const e = g.byRow[k];
      top[m] = g.pos[g.upper[e]] + upperOffset(ctx, g, e);
      bottom[m++] = g.pos[g.lower[e]] + lowerOffset(ctx, g, e);
    }
    total += rowPairCrossings(top, bottom, m);
  }
  return total;
}

/**
 * The lower median (NaN for none): a spouse unit joining two distant families goes under one of
 * them, not half way between where both its lines would cross everything (Eades and Wormald's
 * median heuristic); for two values close together, their mean.
 */
function median(values: Float64Array, count: number): number {
  if (count === 0) return NaN;
  if (count === 1) return values[0];
  const sorted = values.subarray(0, count).sort();
  const lo = sorted[(count - 1) >> 1], hi = sorted[count >> 1];
  return hi - lo <= NEAR ? (lo + hi) / 2 : lo;
}

/** Within this, two wishes count as one place. */
const NEAR = 400;

/** The most links any item has on one side. */
function mostLinks(g: ComponentGraph): number {
  let most = 1;
  for (let i = 0; i < g.items; i++) most = Math.max(most, g.upStart[i + 1] - g.upStart[i], g.downStart[i + 1] - g.downStart[i]);
  return most;
}

/** Rounds of neighbour swaps per row and sweep. */
const TRANSPOSE_ROUNDS = 4;

/**
 * Swaps neighbours in row r wherever that removes crossings between their own links (only those
 * change), until no swap helps: the classic "transpose" step, which tidies what the medians
 * leave, such as two families whose children interleave.
 */
function transpose(ctx: LayoutContext, g: ComponentGraph, r: number) {
  const from = g.rowStart[r], to = g.rowStart[r + 1];
  for (let round = 0; round < TRANSPOSE_ROUNDS; round++) {
    let swapped = false;
    for (let k = from; k + 1 < to; k++) {
      const a = g.order[k], b = g.order[k + 1];
      const [stay, swap] = pairCrossings(ctx, g, a, b);
      if (swap < stay) {
        g.order[k] = b;
        g.order[k + 1] = a;
        swapped = true;
      }
    }
    if (!swapped) break;
    packRow(ctx, g, r);
  }
}

/** Crossings between the links of neighbours a and b: as they are (a left of b), and swapped. */
function pairCrossings(ctx: LayoutContext, g: ComponentGraph, a: number, b: number): [number, number] {
  let stay = 0, swap = 0;
  for (let i = g.upStart[a]; i < g.upStart[a + 1]; i++) {
    const ea = g.upLinks[i];
    const xa = g.pos[g.upper[ea]] + upperOffset(ctx, g, ea);
    for (let j = g.upStart[b]; j < g.upStart[b + 1]; j++) {
      const eb = g.upLinks[j];
      const xb = g.pos[g.upper[eb]] + upperOffset(ctx, g, eb);
      if (xa > xb) stay++;
      else if (xa < xb) swap++;
    }
  }
  for (let i = g.downStart[a]; i < g.downStart[a + 1]; i++) {
    const ea = g.downLinks[i];
    const xa = g.pos[g.lower[ea]] + lowerOffset(ctx, g, ea);
    for (let j = g.downStart[b]; j < g.downStart[b + 1]; j++) {
      const eb = g.downLinks[j];
      const xb = g.pos[g.lower[eb]] + lowerOffset(ctx, g, eb);
      if (xa > xb) stay++;
      else if (xa < xb) swap++;
    }
  }
  return [stay, swap];
}

function maxRowLinks(g: ComponentGraph): number {
  let most = 0;
  for (let r = 0; r < g.rows; r++) most = Math.max(most, g.byRowStart[r + 1] - g.byRowStart[r]);
  return most;
}

/** Sorts row r by where its items' links arrive in the row above (`fromAbove`) or below. */
function sortRow(ctx: LayoutContext, g: ComponentGraph, r: number, key: Float64Array, values: Float64Array, fromAbove: boolean) {
  const from = g.rowStart[r], to = g.rowStart[r + 1];
  if (to - from < 2) return;
  for (let k = from; k < to; k++) {
    const i = g.order[k];
    let count = 0;
    if (fromAbove) {
      for (let j = g.upStart[i]; j < g.upStart[i + 1]; j++) {
        const e = g.upLinks[j];
        values[count++] = g.pos[g.upper[e]] + upperOffset(ctx, g, e) - lowerOffset(ctx, g, e);
      }
    } else {
      for (let j = g.downStart[i]; j < g.downStart[i + 1]; j++) {
        const e = g.downLinks[j];
        values[count++] = g.pos[g.lower[e]] + lowerOffset(ctx, g, e) - upperOffset(ctx, g, e);
      }
    }
    key[i] = median(values, count);
  }
  // An item without links that way stays after its left neighbour (the first ones before their
  // right neighbour): its own x is on another scale, the rows being of different widths.
  let last = NaN;
  for (let k = from; k < to; k++) {
    const i = g.order[k];
    if (Number.isNaN(key[i])) key[i] = last;
    else last = key[i];
  }
  if (Number.isNaN(last)) return;
  for (let k = to - 1; k >= from; k--) {
    const i = g.order[k];
    if (Number.isNaN(key[i])) key[i] = last;
    else last = key[i];
  }
  g.order.subarray(from, to).sort((a, b) => key[a] - key[b] || g.pos[a] - g.pos[b]);
  packRow(ctx, g, r);
}

/**
 * Turns round each spouse unit whose partners' relatives lie the other way (the wife's parents
 * to the left of the husband's, say), when that does not add crossings.
 */
function turnUnits(ctx: LayoutContext, g: ComponentGraph, before: number): number {
  const { units } = ctx;
  const turned: number[] = [];
  for (let i = 0; i < g.items; i++) {
    const u = g.itemUnit[i];
    if (u < 0 || units.start[u + 1] - units.start[u] < 2) continue;
    if (pull(ctx, g, i) < 0) {
      turn(ctx, u);
      turned.push(u);
    }
  }
  if (!turned.length) return before;
  // A turned unit may have other neighbours (siblings' gaps are narrower).
  packRows(ctx, g);
  const after = crossings(ctx, g);
  if (after <= before) return after;
  for (const u of turned) turn(ctx, u);
  packRows(ctx, g);
  return before;
}

/** Positive when the unit's left members have their relatives to the left, as it should be. */
function pull(ctx: LayoutContext, g: ComponentGraph, i: number): number {
  const centre = g.pos[i] + g.width[i] / 2;
  let score = 0;
  for (let j = g.upStart[i]; j < g.upStart[i + 1]; j++) {
    const e = g.upLinks[j];
    score += (lowerOffset(ctx, g, e) + g.pos[i] - centre) * (g.pos[g.upper[e]] + upperOffset(ctx, g, e) - centre);
  }
  for (let j = g.downStart[i]; j < g.downStart[i + 1]; j++) {
    const e = g.downLinks[j];
    score += (upperOffset(ctx, g, e) + g.pos[i] - centre) * (g.pos[g.lower[e]] + lowerOffset(ctx, g, e) - centre);
  }
  return score;
}

function turn(ctx: LayoutContext, u: number) {
  const { units } = ctx;
  const from = units.start[u], to = units.start[u + 1];
  units.members.subarray(from, to).reverse();
  for (let k = from; k < to; k++) units.slot[units.members[k]] = k - from;
  for (const f of unitFamilies(ctx, u)) updateFamilyAnchor(ctx, f);
}

function packRows(ctx: LayoutContext, g: ComponentGraph) {
  for (let r = 0; r < g.rows; r++) packRow(ctx, g, r);
}
