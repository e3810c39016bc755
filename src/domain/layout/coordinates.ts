import { lowerOffset, separation, upperOffset, type ComponentGraph, type LayoutContext } from './component.ts';
import { LAYOUT } from './types.ts';

/**
 * x of every item, keeping each row's order and least separations. Each row in turn is placed as
 * close as it can be to where its links want it (each item under the middle of its parents on the
 * way down, each family over the middle of its children on the way up); for one row that is a
 * least-squares problem under "no closer than the separation" constraints, solved exactly in
 * linear time by pooling adjacent violators (isotonic regression). Passes alternate down and up,
 * ending upwards, so parents end centred over their children wherever the rows leave room.
 * Spouse units are rigid items, so couples stay together; line items pull harder, so long
 * lines stay straight.
 */
export function placeRows(ctx: LayoutContext, g: ComponentGraph, passes: number) {
  const rows = new RowSolver(g);
  for (let pass = 0; pass < passes; pass++) {
    // The last pass is always an upward one.
    const up = (passes - pass) % 2 === 1;
    for (let step = 0; step < g.rows; step++) rows.solve(ctx, g, up ? g.rows - 1 - step : step, (i, target, weight, k) => wish(ctx, g, i, up, target, weight, k));
  }
  straightenLines(ctx, g, rows);
}

/**
 * The tree draws a long line straight down from its family (`parentLines.ts`), so its line items
 * must end exactly under the family: a last pass from the top pins each one there and moves the
 * cards in its way as little as it can (they otherwise want to stay where they are).
 */
function straightenLines(ctx: LayoutContext, g: ComponentGraph, rows: RowSolver) {
  const key = new Float64Array(g.items);
  const drop = (i: number) => {
    const e = g.upLinks[g.upStart[i]];
    return g.pos[g.upper[e]] + upperOffset(ctx, g, e);
  };
  const pin: Wish = (i, target, weight, k) => {
    if (g.itemUnit[i] >= 0) {
      target[k] = g.pos[i];
      weight[k] = 1;
      return;
    }
    target[k] = drop(i);
    weight[k] = PINNED_WEIGHT;
  };
  for (let r = 1; r < g.rows; r++) {
    // A line passes a card on the side where it drops: the row's order follows the drawing.
    const from = g.rowStart[r], to = g.rowStart[r + 1];
    let lines = 0;
    for (let k = from; k < to; k++) {
      const i = g.order[k];
      if (g.itemUnit[i] < 0) lines++;
      key[i] = g.itemUnit[i] >= 0 ? g.pos[i] + g.width[i] / 2 : drop(i);
    }
    if (!lines) continue;
    g.order.subarray(from, to).sort((a, b) => key[a] - key[b] || g.pos[a] - g.pos[b]);
    rows.solve(ctx, g, r, pin);
    // Two lines that drop closer than the cards between them need: those cards cannot all stay
    // between. Each line pushed off its drop trades places with the card pushing it, and the row
    // is placed again, a few rounds at most (a crowded row may keep a near miss).
    for (let round = 0; round < STRAIGHTEN_ROUNDS; round++) {
      let swapped = false;
      for (let k = from; k < to; k++) {
        const i = g.order[k];
        if (g.itemUnit[i] >= 0 || Math.abs(g.pos[i] - drop(i)) <= LAYOUT.lineGap / 2) continue;
        const other = g.pos[i] > drop(i) ? k - 1 : k + 1;
        if (other < from || other >= to || g.itemUnit[g.order[other]] < 0) continue;
        g.order[k] = g.order[other];
        g.order[other] = i;
        swapped = true;
        // The card moved right is not looked at again this round.
        if (other > k) k++;
      }
      if (!swapped) break;
      rows.solve(ctx, g, r, pin);
    }
  }
}

/** Rounds of swaps per row the straightening may make. */
const STRAIGHTEN_ROUNDS = 8;

const PINNED_WEIGHT = 1e6;

type Wish = (item: number, target: Float64Array, weight: Float64Array, k: number) => void;

/** Places one row at a time, reusing its buffers across rows and passes. */
class RowSolver {
  private target: Float64Array;
  private weight: Float64Array;
  private offset: Float64Array;
  private blockWeight: Float64Array;
  private blockSum: Float64Array;
  private blockEnd: Int32Array;

  constructor(g: ComponentGraph) {
    let most = 0;
    for (let r = 0; r < g.rows; r++) most = Math.max(most, g.rowStart[r + 1] - g.rowStart[r]);
    this.target = new Float64Array(most);
    this.weight = new Float64Array(most);
    this.offset = new Float64Array(most);
    this.blockWeight = new Float64Array(most);
    this.blockSum = new Float64Array(most);
    this.blockEnd = new Int32Array(most);
  }

  solve(ctx: LayoutContext, g: ComponentGraph, r: number, wish: Wish) {
    const { target, weight, offset, blockWeight, blockSum, blockEnd } = this;
    const from = g.rowStart[r], to = g.rowStart[r + 1];
    const m = to - from;
    let shift = 0;
    for (let k = 0; k < m; k++) {
      const i = g.order[from + k];
      if (k) shift += separation(ctx, g, g.order[from + k - 1], i);
      offset[k] = shift;
      wish(i, target, weight, k);
    }
    // Pool adjacent violators on y = x − offset, which must not decrease along the row.
    let blocks = 0;
    for (let k = 0; k < m; k++) {
      blockWeight[blocks] = weight[k];
      blockSum[blocks] = weight[k] * (target[k] - offset[k]);
      blockEnd[blocks] = k + 1;
      blocks++;
      while (blocks > 1 && blockSum[blocks - 2] / blockWeight[blocks - 2] > blockSum[blocks - 1] / blockWeight[blocks - 1]) {
        blockWeight[blocks - 2] += blockWeight[blocks - 1];
        blockSum[blocks - 2] += blockSum[blocks - 1];
        blockEnd[blocks - 2] = blockEnd[blocks - 1];
        blocks--;
      }
    }
    let k = 0;
    for (let b = 0; b < blocks; b++) {
      // Whole units: rounding is monotone, so the rounded row still keeps every separation.
      const y = Math.round(blockSum[b] / blockWeight[b]);
      for (; k < blockEnd[b]; k++) g.pos[g.order[from + k]] = y + offset[k];
    }
  }
}

/** Items with no link at all stay where they are, weighing next to nothing. */
const RESTING_WEIGHT = 1e-3;

/**
 * Where item i would like its left edge: the weighted mean over its links towards the row the
 * pass comes from (children going up, parents going down), else its links the other way, else
 * where it is.
 */
function wish(ctx: LayoutContext, g: ComponentGraph, i: number, up: boolean, target: Float64Array, weight: Float64Array, k: number) {
  for (let pass = 0; pass < 2; pass++) {
    const below = up === (pass === 0);
    let sum = 0, total = 0;
    if (below) {
      for (let j = g.downStart[i]; j < g.downStart[i + 1]; j++) {
        const e = g.downLinks[j];
        sum += g.weight[e] * (g.pos[g.lower[e]] + lowerOffset(ctx, g, e) - upperOffset(ctx, g, e));
        total += g.weight[e];
      }
    } else {
      for (let j = g.upStart[i]; j < g.upStart[i + 1]; j++) {
        const e = g.upLinks[j];
        sum += g.weight[e] * (g.pos[g.upper[e]] + upperOffset(ctx, g, e) - lowerOffset(ctx, g, e));
        total += g.weight[e];
      }
    }
    if (total > 0) {
      target[k] = sum / total;
      weight[k] = total;
      return;
    }
  }
  target[k] = g.pos[i];
  weight[k] = RESTING_WEIGHT;
}
