/**
 * "My relationship to everyone" (issue 24): what every person of the tree is to one person, in the
 * words of `findKinship` (the closest relationship; a second one through pedigree collapse is the
 * dialog's). One pass for the whole tree instead of one search per person: the person's ancestors
 * are found once (each at its smallest depth), then every ancestor's descendants are reached in
 * order of up + down, the nearer ancestor first at a tie, from all ancestors at once (a bucket
 * queue per number of generations up), so each person is settled once, at their closest common
 * ancestor. The same again from each spouse gives the in-laws. Linear in people and links:
 * 100,000 people in tens of milliseconds, run in a worker (src/screens/tree/kinship/).
 */
import { childrenAt, halfThrough } from './find.ts';
import { genderOfSex, type KinGraph } from './kinGraph.ts';
import { kinshipWord } from './words.ts';
import type { Kinship } from './find.ts';

/** Each person's closest blood line from one person: `up` −1 when none. */
export interface BloodFrom {
  up: Int32Array;
  down: Int32Array;
  half: Uint8Array;
}

/** Every person's closest blood line from `from` (an index of `g`). */
export function bloodFrom(g: KinGraph, from: number): BloodFrom {
  const n = g.ids.length;
  const { parentStart, parentList, childStart, childList } = g;
  // The ancestors, each at their smallest depth.
  const ancestorDepth = new Int32Array(n).fill(-1);
  const levels: number[][] = [[from]];
  ancestorDepth[from] = 0;
  for (let d = 0; levels[d]!.length; d++) {
    const next: number[] = [];
    for (const i of levels[d]!) {
      for (let k = parentStart[i]!; k < parentStart[i + 1]!; k++) {
        const p = parentList[k]!;
        if (ancestorDepth[p] !== -1) continue;
        ancestorDepth[p] = d + 1;
        next.push(p);
      }
    }
    levels.push(next);
  }
  const up = new Int32Array(n).fill(-1);
  const down = new Int32Array(n).fill(-1);
  const half = new Uint8Array(n);
  // The best (total, up) offered to each person so far.
  const bestTotal = new Int32Array(n).fill(0x7fffffff);
  const bestUp = new Int32Array(n);
  // Half when every line offered at the best (total, up) is half: one full line makes it full.
  const halfOffered = new Uint8Array(n);
  // One queue per number of generations up; each is filled in order of its total.
  const queues: { items: number[]; totals: number[]; head: number }[] = levels.map((ancestors, u) => {
    for (const a of ancestors) {
      bestTotal[a] = u;
      bestUp[a] = u;
    }
    return { items: [...ancestors], totals: ancestors.map(() => u), head: 0 };
  });
  let left = queues.reduce((s, q) => s + q.items.length, 0);
  for (let t = 0; left > 0; t++) {
    for (let u = 0; u <= t && u < queues.length; u++) {
      const q = queues[u]!;
      while (q.head < q.items.length && q.totals[q.head] === t) {
        const x = q.items[q.head++]!;
        left--;
        if (up[x] !== -1 || bestTotal[x] !== t || bestUp[x] !== u) continue;
        up[x] = u;
        down[x] = t - u;
        half[x] = halfOffered[x]!;
        const mySide = t === u && u > 0 ? childrenAt(g, x, (ch) => ancestorDepth[ch] === u - 1) : [];
        for (let k = childStart[x]!; k < childStart[x + 1]!; k++) {
          const child = childList[k]!;
          if (up[child] !== -1) continue;
          // Below an ancestor (t === u) the line is half by that ancestor's two children; further down, as its parent's.
          const offered = t === u ? (u > 0 && halfThrough(g, x, mySide, [child]) ? 1 : 0) : half[x]!;
          if (t + 1 < bestTotal[child]! || (t + 1 === bestTotal[child] && u < bestUp[child]!)) {
            bestTotal[child] = t + 1;
            bestUp[child] = u;
            halfOffered[child] = offered;
            q.items.push(child);
            q.totals.push(t + 1);
            left++;
          } else if (t + 1 === bestTotal[child] && u === bestUp[child]) halfOffered[child] &= offered;
        }
      }
    }
  }
  return { up, down, half };
}

const line = (up: number, down: number, half: boolean) => ({ up, down, half, ancestors: [], path: [] });

/**
 * What each person of `g` is to the person at `me`, as `kinshipWord` says it ('' for `me` and for
 * people not related by blood nor one marriage step), in the order of `g.ids`.
 */
export function relationshipsToEveryone(g: KinGraph, me: number): string[] {
  const n = g.ids.length;
  const { spouseStart, spouseList, parentStart, parentList, childStart, childList } = g;
  const mine = bloodFrom(g, me);
  const spouses: number[] = [];
  for (let k = spouseStart[me]!; k < spouseStart[me + 1]!; k++) spouses.push(spouseList[k]!);
  const theirs = spouses.map((s) => bloodFrom(g, s));
  const out = new Array<string>(n).fill('');
  const say = (i: number, k: Kinship) => (out[i] = kinshipWord(k, genderOfSex(g.sex[i]!)));
  const isSpouse = new Uint8Array(n);
  for (const s of spouses) isSpouse[s] = 1;
  // Stepsiblings: the children of a parent's spouse who is not a parent.
  const stepSibling = new Uint8Array(n);
  for (let k = parentStart[me]!; k < parentStart[me + 1]!; k++) {
    const parent = parentList[k]!;
    for (let m = spouseStart[parent]!; m < spouseStart[parent + 1]!; m++) {
      const step = spouseList[m]!;
      if (hasParent(g, me, step)) continue;
      for (let c = childStart[step]!; c < childStart[step + 1]!; c++) stepSibling[childList[c]!] = 1;
    }
  }
  for (let i = 0; i < n; i++) {
    if (i === me) continue;
    if (mine.up[i]! >= 0) {
      say(i, { kind: 'blood', lines: [line(mine.up[i]!, mine.down[i]!, mine.half[i] === 1)], also: [] });
      continue;
    }
    if (isSpouse[i]) {
      say(i, { kind: 'spouse' });
      continue;
    }
    // Their spouse's blood relative, or the spouse of one of ours: the nearer (theirs at a tie), as findKinship.
    let best: Kinship | null = null;
    let cost = Infinity;
    let bestUp = Infinity;
    theirs.forEach((r, s) => {
      const t = r.up[i]! + r.down[i]!;
      if (r.up[i]! < 0 || i === spouses[s]) return;
      if (t < cost || (t === cost && r.up[i]! < bestUp)) {
        cost = t;
        bestUp = r.up[i]!;
        best = { kind: 'spouses-relative', via: '', lines: [line(r.up[i]!, r.down[i]!, r.half[i] === 1)] };
      }
    });
    let ours: Kinship | null = null;
    let oursCost = Infinity;
    let oursUp = Infinity;
    for (let k = spouseStart[i]!; k < spouseStart[i + 1]!; k++) {
      const s = spouseList[k]!;
      if (s === me || mine.up[s]! < 0) continue;
      const t = mine.up[s]! + mine.down[s]!;
      if (t < oursCost || (t === oursCost && mine.up[s]! < oursUp)) {
        oursCost = t;
        oursUp = mine.up[s]!;
        ours = { kind: 'relatives-spouse', via: '', lines: [line(mine.up[s]!, mine.down[s]!, mine.half[s] === 1)] };
      }
    }
    if (ours && oursCost < cost) (best = ours), (cost = oursCost);
    if (stepSibling[i] && 2 < cost) best = { kind: 'step-sibling', path: [] };
    if (best) say(i, best);
  }
  return out;
}

function hasParent(g: KinGraph, child: number, parent: number): boolean {
  for (let k = g.parentStart[child]!; k < g.parentStart[child + 1]!; k++) if (g.parentList[k] === parent) return true;
  return false;
}
