/**
 * The working arrays of the kinship searches (`search.ts`), built once per profiles object (or
 * `indexKey`) and shared by every search of it: the links as integer arrays, and per side marks
 * stamped with the run's number, so that a search clears nothing and allocates nothing per node.
 */
import { buildKinGraph, type KinGraph, type KinProfiles } from './kinGraph.ts';

/** One person's side of a search: their ancestors ("up") and the people below those ancestors ("down"). */
export interface SideArrays {
  /** `mark[i] === run` when person i is an ancestor reached in this run (the start person at depth 0). */
  mark: Uint32Array;
  depth: Int32Array;
  /** The child through which each ancestor was reached (toward the start). */
  via: Int32Array;
  /** The ancestors in the order reached: generation by generation. */
  upQueue: Int32Array;
  /** `downMark[i] === run` when person i is reached by going up from the start, then down: `downDist` steps in all. */
  downMark: Uint32Array;
  downDist: Int32Array;
  downQueue: Int32Array;
}

export interface KinIndex {
  g: KinGraph;
  at: Map<string, number>;
  /** a's side, b's side, and the spouses' side of a search by marriage. */
  sides: [SideArrays, SideArrays, SideArrays];
  /** `excluded[i] === run` when person i is excluded in this run. */
  excluded: Uint32Array;
  /** `found[i] === run` when person i is a closest common ancestor found in this run. */
  found: Uint32Array;
  /** `climbed[k][i] === run` when the lines above person i were followed (k: which side went down). */
  climbed: [Uint32Array, Uint32Array];
  run: number;
  /** The family (set of people joined by parent links) of each person: two families share no ancestor. */
  family: Int32Array;
}

const indexes = new WeakMap<object, KinIndex>();

function sideArrays(n: number): SideArrays {
  return {
    mark: new Uint32Array(n),
    depth: new Int32Array(n),
    via: new Int32Array(n),
    upQueue: new Int32Array(n),
    downMark: new Uint32Array(n),
    downDist: new Int32Array(n),
    downQueue: new Int32Array(n),
  };
}

export function kinIndex(profiles: KinProfiles, key: object = profiles): KinIndex {
  const known = indexes.get(key);
  if (known) return known;
  const g = buildKinGraph(profiles);
  const n = g.ids.length;
  const index: KinIndex = {
    g,
    at: g.at,
    sides: [sideArrays(n), sideArrays(n), sideArrays(n)],
    excluded: new Uint32Array(n),
    found: new Uint32Array(n),
    climbed: [new Uint32Array(n), new Uint32Array(n)],
    run: 0,
    family: families(g),
  };
  indexes.set(key, index);
  return index;
}

/** Union-find over the parent links: each person's family by its root. */
function families(g: KinGraph): Int32Array {
  const n = g.ids.length;
  const up = new Int32Array(n);
  for (let i = 0; i < n; i++) up[i] = i;
  const root = (i: number) => {
    while (up[i] !== i) i = up[i] = up[up[i]!]!;
    return i;
  };
  for (let i = 0; i < n; i++) {
    for (let k = g.parentStart[i]!; k < g.parentStart[i + 1]!; k++) {
      const x = root(i);
      const y = root(g.parentList[k]!);
      if (x !== y) up[x] = y;
    }
  }
  for (let i = 0; i < n; i++) up[i] = root(i);
  return up;
}
