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
 * Each person is visited at most once per side and direction (marks stamped with the run's
 * number, no clearing), so pedigree collapse stays linear: Gramps' recursive search walked every
 * path and timed out on 40% of random pairs of a 100,000-person tree (gramps #2526).
 */
import type { KinIndex, SideArrays } from './kinIndex.ts';

/** What a line's reader needs of a side: each ancestor's depth and the child toward the start. */
export interface Side {
  run: number;
  mark: Uint32Array;
  depth: Int32Array;
  via: Int32Array;
}

/** A search's state for one side. Levels are complete through `upLevel` / `downLevel`; Infinity when none are left. */
interface Searching extends SideArrays {
  run: number;
  /** `upStarts[d]`: where depth d begins in `upQueue`; `upEnd`: its length. */
  upStarts: number[];
  upEnd: number;
  upLevel: number;
  /** The deepest depth with an ancestor (once the up search is done). */
  deepest: number;
  downStarts: number[];
  downEnd: number;
  downLevel: number;
}

const UP_UP = 0;
/** a's ancestor on b's down: the common ancestor is above it, on b's side. */
const A_UP_B_DOWN = 1;
const A_DOWN_B_UP = 2;

/** A line of up + down not found yet is longer than this. */
export const undiscoveredAbove = (A: { upLevel: number; downLevel: number }, B: { upLevel: number; downLevel: number }) =>
  Math.min(A.upLevel + B.downLevel, B.upLevel + A.downLevel);

function starting(arrays: SideArrays, at: number, run: number): Searching {
  arrays.mark[at] = run;
  arrays.depth[at] = 0;
  arrays.via[at] = -1;
  arrays.upQueue[0] = at;
  return { ...arrays, run, upStarts: [0, 1], upEnd: 1, upLevel: 0, deepest: 0, downStarts: [0, 0], downEnd: 0, downLevel: 0 };
}

/** The work of the next up step (the frontier's size), Infinity when none is left. */
const upCost = (s: Searching) => (s.upLevel === Infinity ? Infinity : s.upEnd - s.upStarts[s.upLevel]!);

/** The work of the next down step: the people at the level's distance down and the ancestors at that depth; Infinity when it cannot go yet. */
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
 * The closest common ancestors of people `ai` and `bi` (indexes), with `A` and `B` holding each
 * found ancestor's depth and the path toward each start. `excluded` people are neither passed
 * through nor met at; the search stops after `maxVisited` people (then `searchedAll` is false).
 */
export function search(ix: KinIndex, ai: number, bi: number, run: number, maxVisited: number, excluded: Uint32Array | null): SearchResult {
  const { parentStart, parentList, childStart, childList } = ix.g;
  const A = starting(ix.sides[0], ai, run);
  const B = starting(ix.sides[1], bi, run);
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
  const up = (s: Searching, other: Searching, downKind: number) => {
    const { mark, depth, via, upQueue } = s;
    const d = s.upLevel + 1;
    const from = s.upStarts[s.upLevel]!;
    const to = s.upEnd;
    let end = to;
    for (let f = from; f < to; f++) {
      const i = upQueue[f]!;
      for (let k = parentStart[i]!, last = parentStart[i + 1]!; k < last; k++) {
        const p = parentList[k]!;
        if (mark[p] === run || (excluded !== null && excluded[p] === run)) continue;
        mark[p] = run;
        depth[p] = d;
        via[p] = i;
        upQueue[end++] = p;
        if (other.mark[p] === run) meet(p, d + other.depth[p]!, UP_UP);
        if (other.downMark[p] === run) meet(p, d + other.downDist[p]!, downKind);
      }
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
  const down = (s: Searching, other: Searching, kind: number) => {
    const { downMark, downDist, downQueue, upQueue } = s;
    const e = s.downLevel;
    const t = e + 1;
    const start = s.downEnd;
    let end = start;
    const reach = (from: Int32Array, a: number, b: number) => {
      for (let f = a; f < b; f++) {
        const i = from[f]!;
        // An excluded start person is no common ancestor: no line turns down at them.
        if (excluded !== null && excluded[i] === run) continue;
        for (let k = childStart[i]!, last = childStart[i + 1]!; k < last; k++) {
          const c = childList[k]!;
          if (downMark[c] === run || (excluded !== null && excluded[c] === run)) continue;
          downMark[c] = run;
          downDist[c] = t;
          downQueue[end++] = c;
          if (other.mark[c] === run) meet(c, t + other.depth[c]!, kind);
        }
      }
    };
    if (e <= s.deepest || s.upLevel !== Infinity) reach(upQueue, s.upStarts[e]!, s.upStarts[e + 1] ?? s.upEnd);
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
    const steps: [number, () => void][] = [];
    if (termA <= termB) steps.push([upCost(A), () => up(A, B, A_UP_B_DOWN)], [downCost(B), () => down(B, A, A_UP_B_DOWN)]);
    if (termB <= termA) steps.push([upCost(B), () => up(B, A, A_DOWN_B_UP)], [downCost(A), () => down(A, B, A_DOWN_B_UP)]);
    let step: (() => void) | undefined;
    let cost = Infinity;
    for (const [c, f] of steps) if (c < cost) (cost = c), (step = f);
    if (!step) break;
    step();
    if (visited > maxVisited) {
      searchedAll = false;
      break;
    }
  }

  // The common ancestors: met directly, or above a person met on the other side's way down.
  const found: number[] = [];
  const foundMark = ix.found;
  const add = (c: number) => {
    if (foundMark[c] === run) return;
    foundMark[c] = run;
    found.push(c);
  };
  /**
   * `x` is on `near`'s up and `far`'s down: the parents of x one step nearer `far`'s ancestors
   * are on the line too (marked on `near`'s side as its ancestors), up to the common ancestors.
   */
  const climb = (x: number, near: Searching, far: Searching, climbed: Uint32Array) => {
    const e = far.downDist[x]!;
    for (let k = parentStart[x]!, last = parentStart[x + 1]!; k < last; k++) {
      const p = parentList[k]!;
      if (excluded !== null && excluded[p] === run) continue;
      const ancestor = far.mark[p] === run && far.depth[p] === e - 1;
      const above = far.downMark[p] === run && far.downDist[p] === e - 1;
      if (!ancestor && !above) continue;
      if (near.mark[p] !== run) {
        near.mark[p] = run;
        near.depth[p] = near.depth[x]! + 1;
        near.via[p] = x;
      }
      if (ancestor) add(p);
      if (above && climbed[p] !== run) {
        climbed[p] = run;
        climb(p, near, far, climbed);
      }
    }
  };
  meetings.forEach((x, m) => {
    if (kinds[m] === UP_UP) add(x);
    else if (kinds[m] === A_UP_B_DOWN) climb(x, A, B, ix.climbed[0]);
    else climb(x, B, A, ix.climbed[1]);
  });
  return { found, A, B, searchedAll, wholeAncestries: A.upLevel === Infinity && B.upLevel === Infinity };
}

/**
 * Searches the ancestors of `sources` (a person's spouses) level by level against a side whose
 * ancestors were all seen: the common ancestors at the smallest total, each spouse's ancestors
 * visited once. The returned side's paths end at the spouse the line starts from.
 */
export function meetWhole(ix: KinIndex, sources: number[], whole: Side): { side: Side; found: number[] } {
  const { parentStart, parentList } = ix.g;
  const run = ++ix.run;
  const { mark, depth, via, upQueue } = ix.sides[2];
  let best = Infinity;
  let found: number[] = [];
  const meet = (p: number, d: number) => {
    if (whole.mark[p] !== whole.run) return;
    const t = d + whole.depth[p]!;
    if (t < best) (best = t), (found = []);
    if (t === best) found.push(p);
  };
  let end = 0;
  for (const s of sources) {
    if (mark[s] === run) continue;
    mark[s] = run;
    depth[s] = 0;
    via[s] = -1;
    upQueue[end++] = s;
    meet(s, 0);
  }
  let from = 0;
  let level = 0;
  // An undiscovered meeting is at least level + 1 away: search on while it could tie the best.
  while (from < end && best > level) {
    const to = end;
    const d = level + 1;
    for (let f = from; f < to; f++) {
      const i = upQueue[f]!;
      for (let k = parentStart[i]!, last = parentStart[i + 1]!; k < last; k++) {
        const p = parentList[k]!;
        if (mark[p] === run) continue;
        mark[p] = run;
        depth[p] = d;
        via[p] = i;
        upQueue[end++] = p;
        meet(p, d);
      }
    }
    from = to;
    level = d;
  }
  return { side: { run, mark, depth, via }, found };
}
