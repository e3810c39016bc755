import { familyCount, familyStructure, type FamilyStructure } from './structure.ts';
import { LAYOUT, type LayoutInput } from './types.ts';

/**
 * Crossings of lines between two rows: line i runs from `top[i]` on the upper row to `bottom[i]`
 * on the lower one. Two lines cross when their ends are in opposite orders on the two rows;
 * lines sharing an end never cross. O(m log m): sort by the top ends, count inversions of the
 * bottom ends by merge sort.
 */
export function rowPairCrossings(top: ArrayLike<number>, bottom: ArrayLike<number>, m: number): number {
  if (m < 2) return 0;
  const index = new Int32Array(m);
  for (let i = 0; i < m; i++) index[i] = i;
  index.sort((a, b) => top[a] - top[b] || bottom[a] - bottom[b]);
  let values = new Float64Array(m);
  for (let i = 0; i < m; i++) values[i] = bottom[index[i]];
  let scratch = new Float64Array(m);
  let inversions = 0;
  for (let width = 1; width < m; width *= 2) {
    for (let lo = 0; lo < m; lo += 2 * width) {
      const mid = Math.min(lo + width, m);
      const hi = Math.min(lo + 2 * width, m);
      let i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        if (values[j] < values[i]) {
          inversions += mid - i;
          scratch[k++] = values[j++];
        } else scratch[k++] = values[i++];
      }
      while (i < mid) scratch[k++] = values[i++];
      while (j < hi) scratch[k++] = values[j++];
    }
    [values, scratch] = [scratch, values];
  }
  return inversions;
}

/**
 * How many pairs of parent lines cross, for cards at `positions` (top-left corners). A family's
 * lines leave the middle of its partners (the deepest partner's row), drop straight down to the
 * row above each child and run from there to the child, as the tree draws them
 * (`screens/tree/canvas/parentLines.ts`); rows are the distinct y of the cards. Crossings are
 * counted between each two neighbouring rows. People without a position are left out.
 */
export function countCrossings(input: LayoutInput, positions: Readonly<Record<string, { x: number; y: number }>>): number {
  const s = familyStructure(input);
  const n = s.ids.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n).fill(NaN);
  for (let p = 0; p < n; p++) {
    const at = positions[s.ids[p]];
    if (!at) continue;
    xs[p] = at.x;
    ys[p] = at.y;
  }
  return structureCrossings(s, xs, ys);
}

/** `countCrossings` over the index form; `ys[p]` is NaN for people without a position. */
export function structureCrossings(s: FamilyStructure, xs: Float64Array, ys: Float64Array): number {
  const n = s.ids.length;
  const distinct = [...new Set(Array.from(ys).filter((y) => !Number.isNaN(y)))].sort((a, b) => a - b);
  const rowOfY = new Map(distinct.map((y, i) => [y, i]));
  const row = new Int32Array(n).fill(-1);
  for (let p = 0; p < n; p++) if (!Number.isNaN(ys[p])) row[p] = rowOfY.get(ys[p])!;
  const half = LAYOUT.card.width / 2;

  // Segments per gap between row g and row g + 1, collected flat and then bucketed by gap.
  const gaps: number[] = [];
  const tops: number[] = [];
  const bottoms: number[] = [];
  const families = familyCount(s);
  for (let f = 0; f < families; f++) {
    let sum = 0, placed = 0, from = -1;
    for (let i = s.partnerStart[f]; i < s.partnerStart[f + 1]; i++) {
      const p = s.partners[i];
      if (row[p] < 0) continue;
      sum += xs[p] + half;
      placed++;
      from = Math.max(from, row[p]);
    }
    if (!placed) continue;
    const anchor = sum / placed;
    let deepest = from;
    for (let i = s.childStart[f]; i < s.childStart[f + 1]; i++) {
      const c = s.children[i];
      if (row[c] <= from) continue;
      gaps.push(row[c] - 1);
      tops.push(anchor);
      bottoms.push(xs[c] + half);
      deepest = Math.max(deepest, row[c]);
    }
    for (let g = from; g < deepest - 1; g++) {
      gaps.push(g);
      tops.push(anchor);
      bottoms.push(anchor);
    }
  }
  const count = new Int32Array(distinct.length + 1);
  for (const g of gaps) count[g + 1]++;
  for (let g = 0; g < distinct.length; g++) count[g + 1] += count[g];
  const fill = count.slice();
  const top = new Float64Array(gaps.length);
  const bottom = new Float64Array(gaps.length);
  for (let i = 0; i < gaps.length; i++) {
    const k = fill[gaps[i]]++;
    top[k] = tops[i];
    bottom[k] = bottoms[i];
  }
  let crossings = 0;
  for (let g = 0; g < distinct.length; g++) {
    const lo = count[g], hi = count[g + 1];
    crossings += rowPairCrossings(top.subarray(lo, hi), bottom.subarray(lo, hi), hi - lo);
  }
  return crossings;
}
