/**
 * Shorter lines between generations: the network simplex method (Gansner, Koutsofios, North and
 * Vo, "A technique for drawing directed graphs", 1993) finds rows for the units that keep every
 * link pointing down at least one row while making the links' total length (in rows, weighted)
 * as small as it can be. Longest-path rows alone leave a line of ancestors that marries into a
 * much deeper line far above it, with long lines to all its other children; here the whole line
 * slides down to meet it when that shortens the lines overall.
 *
 * Works on one connected group of units at a time, starting from rows that are already valid
 * (longest path). Rows stay valid after every step, and each step costs a pass over the group,
 * so the method stops where it is once its steps have visited `budget` links and units in all:
 * bounded time on any family, optimal rows on most, and the same answer for the same input.
 */
export interface SimplexGraph {
  nodes: number;
  /** Links tail → head (head at least one row below), with weights; no repeats, no circles. */
  tail: Int32Array;
  head: Int32Array;
  weight: Float64Array;
}

export function networkSimplex(g: SimplexGraph, rank: Int32Array, budget: number): void {
  const n = g.nodes;
  const m = g.tail.length;
  if (n < 2 || m === 0) return;
  const { tail, head, weight } = g;
  // Links at each node.
  const start = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) start[tail[e] + 1]++, start[head[e] + 1]++;
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const incident = new Int32Array(2 * m);
  const fill = start.slice(0, n);
  for (let e = 0; e < m; e++) incident[fill[tail[e]]++] = e, incident[fill[head[e]]++] = e;
  const slack = (e: number) => rank[head[e]] - rank[tail[e]] - 1;

  // A spanning tree of tight links (slack 0), shifting the tree's rows to make one more link
  // tight whenever it cannot grow.
  const inTree = new Uint8Array(n);
  const treeLink = new Uint8Array(m);
  const stack: number[] = [0];
  inTree[0] = 1;
  let size = 1;
  const grow = () => {
    while (stack.length) {
      const v = stack.pop()!;
      for (let k = start[v]; k < start[v + 1]; k++) {
        const e = incident[k];
        const w = tail[e] === v ? head[e] : tail[e];
        if (inTree[w] || slack(e) !== 0) continue;
        inTree[w] = 1;
        treeLink[e] = 1;
        size++;
        stack.push(w);
      }
    }
  };
  grow();
  let work = 0;
  while (size < n) {
    // Rows stay valid after every step: running out of work leaves valid rows.
    if ((work += m + n) > budget) return;
    let best = -1;
    for (let e = 0; e < m; e++) if (inTree[tail[e]] !== inTree[head[e]] && (best < 0 || slack(e) < slack(best))) best = e;
    const delta = inTree[tail[best]] ? slack(best) : -slack(best);
    for (let v = 0; v < n; v++) if (inTree[v]) rank[v] += delta;
    // Now tight: take it in, and whatever hangs on it.
    const w = inTree[tail[best]] ? head[best] : tail[best];
    inTree[w] = 1;
    treeLink[best] = 1;
    size++;
    stack.push(w);
    grow();
  }

  // The tree rooted at node 0: parent, the link to it, and postorder numbers low…lim of each
  // subtree, so "is x below y in the tree" is one comparison.
  const parent = new Int32Array(n);
  const parentLink = new Int32Array(n);
  const low = new Int32Array(n);
  const lim = new Int32Array(n);
  const cut = new Float64Array(n);
  const order = new Int32Array(n);
  const cursor = new Int32Array(n);
  const path = new Int32Array(n);
  const number = () => {
    parent[0] = -1;
    parentLink[0] = -1;
    let depth = 0, next = 1, seen = 0;
    path[0] = 0;
    cursor[0] = start[0];
    low[0] = 1;
    order[seen++] = 0;
    while (depth >= 0) {
      const v = path[depth];
      let moved = false;
      while (cursor[v] < start[v + 1]) {
        const e = incident[cursor[v]++];
        if (!treeLink[e] || e === parentLink[v]) continue;
        const w = tail[e] === v ? head[e] : tail[e];
        parent[w] = v;
        parentLink[w] = e;
        cursor[w] = start[w];
        low[w] = next;
        order[seen++] = w;
        path[++depth] = w;
        moved = true;
        break;
      }
      if (!moved) {
        lim[v] = next++;
        depth--;
      }
    }
  };
  // Cut values (children before parents: reverse preorder), as in the paper's incremental form.
  const cutValues = () => {
    for (let i = n - 1; i > 0; i--) {
      const child = order[i];
      const p = parent[child];
      const link = parentLink[child];
      const childIsTail = tail[link] === child;
      let value = weight[link];
      for (let k = start[child]; k < start[child + 1]; k++) {
        const e = incident[k];
        if (e === link) continue;
        const out = tail[e] === child;
        const other = out ? head[e] : tail[e];
        if (other === p) continue;
        const pointsToHead = out === childIsTail;
        value += pointsToHead ? weight[e] : -weight[e];
        if (treeLink[e]) value += pointsToHead ? -cut[other] : cut[other];
      }
      cut[child] = value;
    }
  };
  const rerank = () => {
    for (let i = 1; i < n; i++) {
      const v = order[i];
      const e = parentLink[v];
      rank[v] = rank[parent[v]] + (head[e] === v ? 1 : -1);
    }
  };
  const below = (x: number, top: number) => low[top] <= lim[x] && lim[x] <= lim[top];

  number();
  cutValues();
  while ((work += 3 * (n + m)) <= budget) {
    // A tree link whose cut value is negative: replacing it shortens the lines.
    let leaving = -1;
    for (let i = 1; i < n; i++) if (cut[order[i]] < 0) {
      leaving = order[i];
      break;
    }
    if (leaving < 0) return;
    const e = parentLink[leaving];
    // The subtree under the leaving link, and whether it holds the link's tail or its head.
    const subtreeIsTail = tail[e] === leaving;
    let entering = -1;
    for (let f = 0; f < m; f++) {
      if (treeLink[f]) continue;
      const tailBelow = below(tail[f], leaving), headBelow = below(head[f], leaving);
      if (subtreeIsTail ? headBelow && !tailBelow : tailBelow && !headBelow) {
        if (entering < 0 || slack(f) < slack(entering)) entering = f;
      }
    }
    if (entering < 0) return;
    treeLink[e] = 0;
    treeLink[entering] = 1;
    number();
    cutValues();
    rerank();
  }
}
