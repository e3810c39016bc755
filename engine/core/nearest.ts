/**
 * The `limit` points nearest a centre, by an O(n) selection rather than a sort: the accessibility
 * mirror keeps a DOM element per card in view, and with a whole tree of 100,000 people in view
 * (Fit view, a far zoom) one element per card stalled the page for seconds. The mirror runs on
 * every frame of a pan, so the pick must cost no more than the scan that finds the cards in view.
 */

/** Indices (ascending) of the `limit` points nearest (cx, cy); all of them when there are no more. Ties at the edge go to the lower index. */
export function nearestIndices(xs: ArrayLike<number>, ys: ArrayLike<number>, cx: number, cy: number, limit: number): number[] {
  const n = xs.length;
  const all: number[] = [];
  if (n <= limit) {
    for (let i = 0; i < n; i++) all.push(i);
    return all;
  }
  if (limit <= 0) return all;
  const dist = (i: number) => {
    const dx = xs[i]! - cx, dy = ys[i]! - cy;
    return dx * dx + dy * dy;
  };
  // The selection reorders its array, so the passes after it work the distances out again
  // rather than keep a second copy.
  const d = new Float64Array(n);
  for (let i = 0; i < n; i++) d[i] = dist(i);
  const threshold = kthSmallest(d, limit - 1);
  // Strictly nearer first, then as many at the threshold as the limit leaves room for.
  let room = limit;
  for (let i = 0; i < n; i++) if (dist(i) < threshold) room--;
  for (let i = 0; i < n; i++) {
    const di = dist(i);
    if (di < threshold) all.push(i);
    else if (di === threshold && room > 0) {
      all.push(i);
      room--;
    }
  }
  return all;
}

/** The k-th smallest value (0-based) of `a`, which it reorders: Hoare's selection, middle pivot. */
function kthSmallest(a: Float64Array, k: number): number {
  let lo = 0, hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >>> 1]!;
    let i = lo, j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}
