/**
 * The blood search of "How are we related?": every closest common ancestor of `a` and `b` (the
 * smallest up + down), over the integer arrays of `kinIndex`, with no generation cap.
 *
 * A shortest line from a to b goes up from a to the common ancestor, then down to b. Each side
 * searches generation by generation from its person: up through parents ("up": the ancestors,
 * each at its depth), and down again from those ancestors through children ("down": the people
 * below one's ancestors, each at its smallest up + down). A line is found where one side's up
 * meets the other side's up (the common ancestor itself) or down (a person on the line, whose
 * common ancestor is then followed up from them). A line of up + down = t not found yet must pass
 * beyond what has been searched: t > min(A up levels + B down levels, B up levels + A down levels)
 * (`undiscoveredAbove`). The search stops when that bound reaches the best found, so every tie is
 * kept (a couple, the two couples of double cousins, 3 + 1 against 2 + 2), and each step extends
 * the cheaper of the two half-searches that raise the bound. Far-apart people then meet half way:
 * a person 21 generations below an ancestor is reached from both ends, about 10 generations each,
 * instead of walking all of the younger one's (under collapse, 16,000) ancestors. Only up
 * searches when one side has none left: two people without a common ancestor stop once both
 * sides' ancestors are all seen.
 *
 * Each person is visited at most once per side and direction (keys above the run's base in one
 * record per person, `kinIndex.ts`; nothing cleared), so pedigree collapse stays linear: Gramps' recursive search walked every
 * path and timed out on 40% of random pairs of a 100,000-person tree (gramps #2526).
 */
import { claimBase, MANY_PARENTS, RECORD, SLOTS, type KinIndex } from './kinIndex.ts';

/** What a line's reader needs of a side: each ancestor reached, its depth and the child toward the start. */
export interface Side {
  reached(i: number): boolean;
  depth(i: number): number;
  via(i: number): number;
}

/** A search's state for one side. Levels are complete through `upLevel` / `downLevel`; Infinity when none are left. */
interface Searching {
  /** The record slots of this side. */
  up: number;
  via: number;
  down: number;
  upQueue: Int32Array;
  downQueue: Int32Array;
  /** `upStarts[d]`: where depth d begins in `upQueue`; `upEnd`: its length. */
  upStarts: number[];
  upEnd: number;
  upLevel: number;
  /** The deepest depth with an ancestor (once the up search is done). */
  deepest: number;
  downStarts: number[];
  downEnd: number;
  downLevel: number;
  /** False when the start person is excluded: no line turns down at them. */
  turnsAtStart: boolean;
}

const UP_UP = 0;
/** a's ancestor on b's way down: the common ancestor is above it, on b's side. */
const A_UP_B_DOWN = 1;
const A_DOWN_B_UP = 2;
/** An excluded person's key offset: seen by every side, never a meeting. */
const FAR = 2 ** 30;

/** A line of up + down not found yet is longer than this. */
export const undiscoveredAbove = (A: { upLevel: number; downLevel: number }, B: { upLevel: number; downLevel: number }) =>
  Math.min(A.upLevel + B.downLevel, B.upLevel + A.downLevel);

/** The work of the next up step (the frontier's size), Infinity when none is left. */
const upCost = (s: Searching) => (s.upLevel === Infinity ? Infinity : s.upEnd - s.upStarts[s.upLevel]!);

/** The work of the next down step: the people that far down and the ancestors at that depth; Infinity when it cannot go yet. */
function downCost(s: Searching): number {
  if (s.downLevel === Infinity || s.downLevel > s.upLevel) return Infinity;
  const d = s.downLevel;
  const ancestors = s.upLevel !== Infinity || d <= s.deepest ? (s.upStarts[d + 1] ?? s.upEnd) - s.upStarts[d]! : 0;
  return s.downEnd - s.downStarts[d]! + ancestors;
}

export interface SearchResult {
  found: number[];
  A: Side;
  B: Side;
  searchedAll: boolean;
  /** Every ancestor of both was seen (so the sides can be searched against: `meetWhole`). */
  wholeAncestries: boolean;
}

/**
 * The closest common ancestors of people `ai` and `bi` (indexes), with `A` and `B` giving each
 * found ancestor's depth and the path toward each start (valid until the next search of `ix`).
 * `excluded` people are neither passed through nor met at; the search stops after `maxVisited`
 * people (then `searchedAll` is false).
 */
export function search(ix: KinIndex, ai: number, bi: number, maxVisited: number, excluded: readonly number[] = []): SearchResult {
  const { parentStart, parentList, childStart, childList } = ix.g;
  const rec = ix.people;
  const n = ix.g.ids.length;
  const base = claimBase(ix, 4 * n + 2);
  const run = ++ix.run;
  const side = (k: 0 | 1, at: number): Searching => {
    const { up, via, down } = SLOTS[k];
    rec[at * RECORD + up] = base;
    rec[at * RECORD + via] = -1;
    ix.queues[k]!.up[0] = at;
    return { up, via, down, upQueue: ix.queues[k]!.up, downQueue: ix.queues[k]!.down, upStarts: [0, 1], upEnd: 1, upLevel: 0, deepest: 0, downStarts: [0, 0], downEnd: 0, downLevel: 0, turnsAtStart: true };
  };
  const A = side(0, ai);
  const B = side(1, bi);
  for (const x of excluded) {
    const r = x * RECORD;
    for (const s of SLOTS) {
      if (x === ai || x === bi) {
        // A start person stays their side's start; the other side can neither reach nor meet them.
        if (rec[r + s.up] !== base) rec[r + s.up] = base + FAR;
      } else rec[r + s.up] = base + FAR;
      rec[r + s.down] = base + FAR;
    }
    if (x === ai) A.turnsAtStart = false;
    if (x === bi) B.turnsAtStart = false;
  }
  let best = Infinity;
  const meetings: number[] = [];
  const kinds: number[] = [];
  const meet = (p: number, t: number, kind: number) => {
    if (t < best) {
      best = t;
      meetings.length = 0;
      kinds.length = 0;
    }
    if (t === best) {
      meetings.push(p);
      kinds.push(kind);
    }
  };
  let visited = 2;
  let searchedAll = true;

  /** One generation further up on `s`'s side. */
  const up = (s: Searching, o: Searching, downKind: number) => {
    const { upQueue, up: mine, via } = s;
    const { up: theirs, down: theirsDown } = o;
    const d = s.upLevel + 1;
    const key = base + d;
    const from = s.upStarts[s.upLevel]!;
    const to = s.upEnd;
    let end = to;
    const reach = (p: number, i: number) => {
      const q = p * RECORD;
      if (rec[q + mine]! >= base) return;
      rec[q + mine] = key;
      rec[q + via] = i;
      upQueue[end++] = p;
      const other = rec[q + theirs]!;
      if (other >= base) meet(p, d + other - base, UP_UP);
      const otherDown = rec[q + theirsDown]!;
      if (otherDown >= base) meet(p, d + otherDown - base, downKind);
    };
    for (let f = from; f < to; f++) {
      const i = upQueue[f]!;
      const r = i * RECORD;
      const second = rec[r + 1]!;
      if (second === MANY_PARENTS) {
        for (let k = parentStart[i]!, last = parentStart[i + 1]!; k < last; k++) reach(parentList[k]!, i);
        continue;
      }
      const first = rec[r]!;
      if (first >= 0) reach(first, i);
      if (second >= 0) reach(second, i);
    }
    visited += end - to;
    s.upEnd = end;
    if (end === to) {
      s.deepest = s.upLevel;
      s.upLevel = Infinity;
    } else {
      s.upStarts.push(end);
      s.upLevel = d;
    }
  };

  /** One step further down on `s`'s side: the children of the ancestors at this depth and of the people this far down. */
  const down = (s: Searching, o: Searching, kind: number) => {
    const { downQueue, upQueue, down: mine } = s;
    const theirs = o.up;
    const e = s.downLevel;
    const t = e + 1;
    const key = base + t;
    const start = s.downEnd;
    let end = start;
    const reach = (from: Int32Array, a: number, b: number) => {
      for (let f = a; f < b; f++) {
        const i = from[f]!;
        for (let k = childStart[i]!, last = childStart[i + 1]!; k < last; k++) {
          const c = childList[k]!;
          const q = c * RECORD;
          if (rec[q + mine]! >= base) continue;
          rec[q + mine] = key;
          downQueue[end++] = c;
          const other = rec[q + theirs]!;
          if (other >= base) meet(c, t + other - base, kind);
        }
      }
    };
    if (s.upLevel !== Infinity || e <= s.deepest) reach(upQueue, e === 0 && !s.turnsAtStart ? 1 : s.upStarts[e]!, s.upStarts[e + 1] ?? s.upEnd);
    reach(downQueue, s.downStarts[e]!, start);
    visited += end - start;
    s.downEnd = end;
    s.downStarts.push(end);
    // Nothing more below: no one this far down, and no ancestor left to start from.
    s.downLevel = end === start && s.upLevel === Infinity && t > s.deepest ? Infinity : t;
  };

  for (;;) {
    const termA = A.upLevel + B.downLevel;
    const termB = B.upLevel + A.downLevel;
    if (best <= Math.min(termA, termB)) break;
    // Raise the smaller term (either at a tie) by its cheaper step.
    let cost = Infinity;
    let step = -1;
    const offer = (c: number, which: number) => {
      if (c < cost) (cost = c), (step = which);
    };
    if (termA <= termB) offer(upCost(A), 0), offer(downCost(B), 1);
    if (termB <= termA) offer(upCost(B), 2), offer(downCost(A), 3);
    if (step === 0) up(A, B, A_UP_B_DOWN);
    else if (step === 1) down(B, A, A_UP_B_DOWN);
    else if (step === 2) up(B, A, A_DOWN_B_UP);
    else if (step === 3) down(A, B, A_DOWN_B_UP);
    else break;
    if (visited > maxVisited) {
      searchedAll = false;
      break;
    }
  }

  // The common ancestors: met directly, or above a person met on the other side's way down.
  const found: number[] = [];
  const add = (c: number) => {
    if (ix.found[c] === run) return;
    ix.found[c] = run;
    found.push(c);
  };
  /**
   * `x` is on `near`'s up and `far`'s way down: its parents one step nearer `far`'s ancestors are
   * on the line too (marked as `near`'s ancestors), up to the common ancestors. A stack, not
   * recursion: a line may be thousands of generations long.
   */
  const climb = (from: number, near: Searching, far: Searching, climbed: Uint32Array) => {
    const stack = [from];
    while (stack.length) {
      const x = stack.pop()!;
      const rx = x * RECORD;
      const e = rec[rx + far.down]! - base;
      const d = rec[rx + near.up]! - base + 1;
      const parents = rec[rx + 1] === MANY_PARENTS ? Array.from(parentList.subarray(parentStart[x]!, parentStart[x + 1]!)) : [rec[rx]!, rec[rx + 1]!];
      for (const p of parents) {
        if (p < 0) continue;
        const q = p * RECORD;
        const ancestor = rec[q + far.up] === base + e - 1;
        const above = rec[q + far.down] === base + e - 1;
        if (!ancestor && !above) continue;
        if (rec[q + near.up]! < base) {
          rec[q + near.up] = base + d;
          rec[q + near.via] = x;
        }
        if (ancestor) add(p);
        if (above && climbed[p] !== run) {
          climbed[p] = run;
          stack.push(p);
        }
      }
    }
  };
  meetings.forEach((x, m) => {
    if (kinds[m] === UP_UP) add(x);
    else if (kinds[m] === A_UP_B_DOWN) climb(x, A, B, ix.climbed[0]);
    else climb(x, B, A, ix.climbed[1]);
  });

  // Excluded people's keys go (the next run's base may be below them); the next base is above every key of this run.
  for (const x of excluded) for (const s of SLOTS) (rec[x * RECORD + s.up] = 0), (rec[x * RECORD + s.down] = 0);
  rec[ai * RECORD + A.up] = rec[bi * RECORD + B.up] = base;
  ix.next = base + Math.max(A.upStarts.length, A.downStarts.length, B.upStarts.length, B.downStarts.length, best === Infinity ? 0 : best) + 2;
  const view = (s: Searching): Side => ({
    reached: (i) => {
      const k = rec[i * RECORD + s.up]!;
      return k >= base && k < ix.next;
    },
    depth: (i) => rec[i * RECORD + s.up]! - base,
    via: (i) => rec[i * RECORD + s.via]!,
  });
  return { found, A: view(A), B: view(B), searchedAll, wholeAncestries: A.upLevel === Infinity && B.upLevel === Infinity };
}

/**
 * Searches the ancestors of `sources` (a person's spouses) level by level against a side whose
 * ancestors were all seen: the common ancestors at the smallest total, each spouse's ancestors
 * visited once. The returned side's paths end at the spouse the line starts from.
 */
export function meetWhole(ix: KinIndex, sources: number[], whole: Side): { side: Side; found: number[] } {
  const { parentStart, parentList } = ix.g;
  const run = ++ix.run;
  const { mark, depth, via, queue } = ix.spouses;
  let best = Infinity;
  let found: number[] = [];
  const meet = (p: number, d: number) => {
    if (!whole.reached(p)) return;
    const t = d + whole.depth(p);
    if (t < best) (best = t), (found = []);
    if (t === best) found.push(p);
  };
  let end = 0;
  for (const s of sources) {
    if (mark[s] === run) continue;
    mark[s] = run;
    depth[s] = 0;
    via[s] = -1;
    queue[end++] = s;
    meet(s, 0);
  }
  let from = 0;
  let level = 0;
  // An undiscovered meeting is at least level + 1 away: search on while it could tie the best.
  while (from < end && best > level) {
    const to = end;
    const d = level + 1;
    for (let f = from; f < to; f++) {
      const i = queue[f]!;
      for (let k = parentStart[i]!, last = parentStart[i + 1]!; k < last; k++) {
        const p = parentList[k]!;
        if (mark[p] === run) continue;
        mark[p] = run;
        depth[p] = d;
        via[p] = i;
        queue[end++] = p;
        meet(p, d);
      }
    }
    from = to;
    level = d;
  }
  const side: Side = { reached: (i) => mark[i] === run, depth: (i) => depth[i]!, via: (i) => via[i]! };
  return { side, found };
}
