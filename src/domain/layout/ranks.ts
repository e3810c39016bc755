import { familyCount, type FamilyStructure } from './structure.ts';
import type { SpouseUnits } from './units.ts';
import { networkSimplex } from './simplex.ts';

/**
 * Generations: the row of each spouse unit, and which units hang together (components).
 *
 * Rows come from the longest path down the parent→child links between units, so every parent is
 * above each child, and then each unit that has children is moved down to just above the
 * highest of them, so a line of ancestors that joins the tree by a marriage deep down hangs
 * right above it instead of starting at the top. From those valid rows the network simplex
 * method (`simplex.ts`, within a work budget) shortens the lines overall: a whole family whose
 * son married into a much deeper line slides down to him. Bad data can make the links circular
 * (a person who is their own ancestor, or whose spouse is): a depth-first pass drops the links
 * that close a circle, so the rest still gets rows and nothing loops.
 */
export interface Generations {
  /** Row of each unit, 0 at the top of its component. */
  rank: Int32Array;
  /** Component of each unit, numbered by first appearance. */
  component: Int32Array;
  components: number;
}

export function generations(s: FamilyStructure, units: SpouseUnits): Generations {
  const count = units.count;
  const families = familyCount(s);
  // Parent unit → child unit links, one per child (repeats are harmless).
  const outStart = new Int32Array(count + 1);
  for (let f = 0; f < families; f++) {
    const from = units.familyUnit[f];
    for (let i = s.childStart[f]; i < s.childStart[f + 1]; i++) if (units.unitOf[s.children[i]] !== from) outStart[from + 1]++;
  }
  for (let u = 0; u < count; u++) outStart[u + 1] += outStart[u];
  const out = new Int32Array(outStart[count]);
  const fill = outStart.slice(0, count);
  for (let f = 0; f < families; f++) {
    const from = units.familyUnit[f];
    for (let i = s.childStart[f]; i < s.childStart[f + 1]; i++) {
      const to = units.unitOf[s.children[i]];
      if (to !== from) out[fill[from]++] = to;
    }
  }

  // Depth-first, iteratively: links to a unit still on the stack close a circle and are dropped.
  const back = new Uint8Array(out.length);
  const state = new Uint8Array(count);
  const postorder = new Int32Array(count);
  let done = 0;
  const stack = new Int32Array(count);
  const cursor = new Int32Array(count);
  for (let r = 0; r < count; r++) {
    if (state[r]) continue;
    let top = 0;
    stack[0] = r;
    cursor[r] = outStart[r];
    state[r] = 1;
    while (top >= 0) {
      const u = stack[top];
      if (cursor[u] < outStart[u + 1]) {
        const e = cursor[u]++;
        const v = out[e];
        if (state[v] === 1) back[e] = 1;
        else if (state[v] === 0) {
          state[v] = 1;
          cursor[v] = outStart[v];
          stack[++top] = v;
        }
      } else {
        state[u] = 2;
        postorder[done++] = u;
        top--;
      }
    }
  }

  const rank = new Int32Array(count);
  // Longest path, in topological order (reverse postorder).
  for (let i = count - 1; i >= 0; i--) {
    const u = postorder[i];
    for (let e = outStart[u]; e < outStart[u + 1]; e++) if (!back[e] && rank[out[e]] < rank[u] + 1) rank[out[e]] = rank[u] + 1;
  }
  // Units with children move down to just above the highest child, bottom up.
  for (let i = 0; i < count; i++) {
    const u = postorder[i];
    let highest = Infinity;
    for (let e = outStart[u]; e < outStart[u + 1]; e++) if (!back[e] && rank[out[e]] < highest) highest = rank[out[e]];
    if (highest !== Infinity) rank[u] = highest - 1;
  }

  shortenLines(count, outStart, out, back, rank);

  // Components over the same links; each starts at row 0.
  const root = new Int32Array(count);
  for (let u = 0; u < count; u++) root[u] = u;
  const find = (x: number) => {
    while (root[x] !== x) x = root[x] = root[root[x]];
    return x;
  };
  for (let u = 0; u < count; u++) {
    for (let e = outStart[u]; e < outStart[u + 1]; e++) {
      const a = find(u), b = find(out[e]);
      if (a !== b) root[Math.max(a, b)] = Math.min(a, b);
    }
  }
  const component = new Int32Array(count).fill(-1);
  const numberOf = new Int32Array(count).fill(-1);
  let components = 0;
  for (let u = 0; u < count; u++) {
    const r = find(u);
    if (numberOf[r] < 0) numberOf[r] = components++;
    component[u] = numberOf[r];
  }
  const top = new Int32Array(components).fill(2 ** 30);
  for (let u = 0; u < count; u++) if (rank[u] < top[component[u]]) top[component[u]] = rank[u];
  for (let u = 0; u < count; u++) rank[u] -= top[component[u]];
  return { rank, component, components };
}

/**
 * Work the simplex method may do per group of units (links and units visited): at most about
 * 100 ms here; royal92 reaches the shortest lines with a fifth of it.
 */
const SIMPLEX_BUDGET = 5_000_000;

/**
 * Runs the network simplex method on each connected group of units (`simplex.ts`), with repeated
 * links between two units merged into one of summed weight.
 */
function shortenLines(count: number, outStart: Int32Array, out: Int32Array, back: Uint8Array, rank: Int32Array) {
  const root = new Int32Array(count);
  for (let u = 0; u < count; u++) root[u] = u;
  const find = (x: number) => {
    while (root[x] !== x) x = root[x] = root[root[x]];
    return x;
  };
  for (let u = 0; u < count; u++) {
    for (let e = outStart[u]; e < outStart[u + 1]; e++) {
      if (back[e]) continue;
      const a = find(u), b = find(out[e]);
      if (a !== b) root[Math.max(a, b)] = Math.min(a, b);
    }
  }
  // Units of each group, in order; local numbers within the group.
  const groupOf = new Int32Array(count);
  const size = new Int32Array(count);
  for (let u = 0; u < count; u++) size[(groupOf[u] = find(u))]++;
  const start = new Int32Array(count + 1);
  for (let r = 0; r < count; r++) start[r + 1] = start[r] + size[r];
  const members = new Int32Array(count);
  const local = new Int32Array(count);
  const fill = start.slice(0, count);
  for (let u = 0; u < count; u++) {
    const r = groupOf[u];
    local[u] = fill[r] - start[r];
    members[fill[r]++] = u;
  }
  const seenFrom = new Int32Array(count).fill(-1);
  const linkTo = new Int32Array(count);
  for (let r = 0; r < count; r++) {
    const n = size[r];
    if (n < 2) continue;
    const tail: number[] = [], head: number[] = [], weight: number[] = [];
    for (let i = start[r]; i < start[r + 1]; i++) {
      const u = members[i];
      for (let e = outStart[u]; e < outStart[u + 1]; e++) {
        if (back[e]) continue;
        const v = out[e];
        if (seenFrom[v] === u) {
          weight[linkTo[v]]++;
          continue;
        }
        seenFrom[v] = u;
        linkTo[v] = tail.length;
        tail.push(local[u]);
        head.push(local[v]);
        weight.push(1);
      }
    }
    const rows = new Int32Array(n);
    for (let i = 0; i < n; i++) rows[i] = rank[members[start[r] + i]];
    networkSimplex({ nodes: n, tail: Int32Array.from(tail), head: Int32Array.from(head), weight: Float64Array.from(weight) }, rows, SIMPLEX_BUDGET);
    for (let i = 0; i < n; i++) rank[members[start[r] + i]] = rows[i];
  }
}
