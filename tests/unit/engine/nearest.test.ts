import { describe, expect, it } from 'vitest';
import { nearestIndices } from '../../../engine/core/nearest.ts';

describe('nearestIndices', () => {
  it.each([
    { name: 'fewer points than the limit: all, in order', xs: [5, 1, 3], ys: [0, 0, 0], limit: 4, want: [0, 1, 2] },
    { name: 'exactly the limit', xs: [5, 1, 3], ys: [0, 0, 0], limit: 3, want: [0, 1, 2] },
    { name: 'the nearest two, in index order', xs: [5, 1, 3, -1], ys: [0, 0, 0, 0], limit: 2, want: [1, 3] },
    { name: 'distance in both axes', xs: [0, 3, 0, 1], ys: [4, 0, 1, 1], limit: 2, want: [2, 3] },
    { name: 'ties at the edge go to the lower index', xs: [2, -2, 2, 0], ys: [0, 0, 0, 0], limit: 2, want: [0, 3] },
    { name: 'all tied', xs: [1, 1, 1, 1], ys: [1, 1, 1, 1], limit: 3, want: [0, 1, 2] },
    { name: 'limit 0', xs: [1, 2], ys: [0, 0], limit: 0, want: [] },
  ])('$name', ({ xs, ys, limit, want }) => {
    expect(nearestIndices(xs, ys, 0, 0, limit)).toEqual(want);
  });

  it('agrees with a sort on random points, duplicates included', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (const n of [10, 257, 5000]) {
      const xs = Array.from({ length: n }, () => Math.floor(rand() * 50));
      const ys = Array.from({ length: n }, () => Math.floor(rand() * 50));
      for (const limit of [1, 7, Math.floor(n / 2), n - 1]) {
        const byDistance = xs.map((x, i) => ({ i, d: (x - 20) ** 2 + (ys[i]! - 30) ** 2 })).sort((a, b) => a.d - b.d || a.i - b.i);
        const want = byDistance.slice(0, limit).map((e) => e.i).sort((a, b) => a - b);
        expect(nearestIndices(xs, ys, 20, 30, limit)).toEqual(want);
      }
    }
  });
});
