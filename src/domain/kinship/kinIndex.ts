/**
 * The working memory of the kinship searches (`search.ts`), built once per profiles object (or
 * `indexKey`) and shared by every search of it. Each person is one record of 8 integers: the
 * first two parents, then for each side of a search (a's, b's) the key of the person as an
 * ancestor (the run's base + depth), the child it was reached through, and its key on the way
 * down (base + up + down). A visit then reads one record (32 bytes, one cache line) instead of a
 * value in each of a dozen arrays; keys at or above the run's base are this run's, so a search
 * clears nothing.
 */
import { buildKinGraph, type KinGraph, type KinProfiles } from './kinGraph.ts';

export const RECORD = 8;
/** In a record's second slot: more than two parents, read from `g.parentStart` / `g.parentList`. */
export const MANY_PARENTS = -2;
/** Record slots: a's side, then b's side. */
export const SLOTS = [
  { up: 2, via: 3, down: 4 },
  { up: 5, via: 6, down: 7 },
] as const;

export interface KinIndex {
  g: KinGraph;
  at: Map<string, number>;
  people: Int32Array;
  /** The base of the next run's keys: every key below it is stale. */
  next: number;
  /** Each side's ancestors and people on the way down, in the order reached. */
  queues: { up: Int32Array; down: Int32Array }[];
  /** The spouses' side of a search by marriage (`meetWhole`): marks stamped with `run`. */
  spouses: { mark: Uint32Array; depth: Int32Array; via: Int32Array; queue: Int32Array };
  /** `found[i] === run` when person i is a closest common ancestor found in this run; `climbed` when the lines above i were followed. */
  found: Uint32Array;
  climbed: [Uint32Array, Uint32Array];
  run: number;
  /** The family (set of people joined by parent links) of each person: two families share no ancestor. */
  family: Int32Array;
}

const indexes = new WeakMap<object, KinIndex>();

export function kinIndex(profiles: KinProfiles, key: object = profiles): KinIndex {
  const known = indexes.get(key);
  if (known) return known;
  const g = buildKinGraph(profiles);
  const n = g.ids.length;
  const people = new Int32Array(n * RECORD);
  for (let i = 0; i < n; i++) {
    const start = g.parentStart[i]!;
    const count = g.parentStart[i + 1]! - start;
    people[i * RECORD] = count > 0 ? g.parentList[start]! : -1;
    people[i * RECORD + 1] = count > 2 ? MANY_PARENTS : count === 2 ? g.parentList[start + 1]! : -1;
  }
  const index: KinIndex = {
    g,
    at: g.at,
    people,
    next: 1,
    queues: [
      { up: new Int32Array(n), down: new Int32Array(n) },
      { up: new Int32Array(n), down: new Int32Array(n) },
    ],
    spouses: { mark: new Uint32Array(n), depth: new Int32Array(n), via: new Int32Array(n), queue: new Int32Array(n) },
    found: new Uint32Array(n),
    climbed: [new Uint32Array(n), new Uint32Array(n)],
    run: 0,
    family: families(g),
  };
  indexes.set(key, index);
  return index;
}

/** Room for a run's keys (base + at most `span`): past 2^30 every key is zeroed and bases start again. */
export function claimBase(ix: KinIndex, span: number): number {
  if (ix.next + span >= 2 ** 30) {
    const { people } = ix;
    for (let r = 0; r < people.length; r += RECORD) {
      for (const s of SLOTS) people[r + s.up] = people[r + s.down] = 0;
    }
    ix.next = 1;
  }
  return ix.next;
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
