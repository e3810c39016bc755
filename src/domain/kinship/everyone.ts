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
import { genderOfSex, type KinGraph, type KinLinks } from './kinGraph.ts';
import { bloodRelationship, kinshipWord } from './words.ts';
import type { Gender } from '../types.ts';

/** Each person's closest blood line from one person: `up` −1 when none. */
export interface BloodFrom {
  up: Int32Array;
  down: Int32Array;
  half: Uint8Array;
  /** 1 when two couples of common ancestors, no one in both, are the closest (double cousins), as `findKinship` pairs them. */
  double: Uint8Array;
}

/**
 * Up to two couples of closest common ancestors of each person's lines, 4 slots a person (−1
 * empty): the second kept only when no one is in both, all that "double" needs.
 */
function addCouple(couples: Int32Array, i: number, x: number, y: number) {
  const s = i * 4;
  if (couples[s] === -1) (couples[s] = x), (couples[s + 1] = y);
  else if (couples[s + 2] === -1 || !apart(couples, s, s + 2)) {
    // The second slot takes a couple apart from the first, else any other one until one apart comes.
    const other = x !== couples[s] || y !== couples[s + 1];
    const isApart = x !== couples[s] && x !== couples[s + 1] && y !== couples[s] && y !== couples[s + 1];
    if (isApart || (other && couples[s + 2] === -1)) (couples[s + 2] = x), (couples[s + 3] = y);
  }
}

/** Whether the couples at slots `a` and `b` share no one. */
const apart = (c: Int32Array, a: number, b: number) => c[a] !== c[b] && c[a] !== c[b + 1] && c[a + 1] !== c[b] && c[a + 1] !== c[b + 1];

/** Every person's closest blood line from `from` (an index of `g`). */
export function bloodFrom(g: KinLinks, from: number): BloodFrom {
  const n = g.sex.length;
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
  const double = new Uint8Array(n);
  // The couples of common ancestors of the lines offered at the best (total, up): a line with one ancestor counts for none.
  const couples = new Int32Array(n * 4).fill(-1);
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
        double[x] = couples[x * 4 + 2] !== -1 && apart(couples, x * 4, x * 4 + 2) ? 1 : 0;
        const mySide = t === u && u > 0 ? childrenAt(g, x, (ch) => ancestorDepth[ch] === u - 1) : [];
        for (let k = childStart[x]!; k < childStart[x + 1]!; k++) {
          const child = childList[k]!;
          if (up[child] !== -1) continue;
          // Below an ancestor (t === u) the line is half by that ancestor's two children; further down, as its parent's.
          const offered = t === u ? (u > 0 && halfThrough(g, x, mySide, [child]) ? 1 : 0) : half[x]!;
          const better = t + 1 < bestTotal[child]! || (t + 1 === bestTotal[child] && u < bestUp[child]!);
          if (better) {
            bestTotal[child] = t + 1;
            bestUp[child] = u;
            halfOffered[child] = offered;
            couples.fill(-1, child * 4, child * 4 + 4);
            q.items.push(child);
            q.totals.push(t + 1);
            left++;
          } else if (t + 1 === bestTotal[child] && u === bestUp[child]) halfOffered[child] &= offered;
          else continue;
          if (t === u && u > 0) {
            // The line's couple, as findKinship pairs one: another ancestor at this depth, a parent of this child and of one on my side.
            const partner = otherParentAmong(g, child, x, (y) => ancestorDepth[y] === u && mySide.some((m) => hasParent(g, m, y)));
            if (partner !== -1) addCouple(couples, child, Math.min(x, partner), Math.max(x, partner));
          } else if (t > u) {
            for (let c = 0; c < 4; c += 2) if (couples[x * 4 + c] !== -1) addCouple(couples, child, couples[x * 4 + c]!, couples[x * 4 + c + 1]!);
          }
        }
      }
    }
  }
  return { up, down, half, double };
}

const line = (up: number, down: number, half: boolean) => ({ up, down, half, ancestors: [], path: [] });

/** How each person is related, as numbers (what the worker hands back, without a copy). */
export const RELATION = { none: 0, blood: 1, spouse: 2, spousesRelative: 3, relativesSpouse: 4, stepSibling: 5, self: 6 } as const;

export interface Relations {
  kind: Uint8Array;
  /** The blood line the relation is named from (the spouse's or the relative's for in-laws). */
  up: Int32Array;
  down: Int32Array;
  half: Uint8Array;
  /** 1 for double cousins (two couples of closest common ancestors), blood relations only. */
  double: Uint8Array;
}

/** The arrays of `Relations`, to hand back from a worker as transferables. */
export const relationsBuffers = (r: Relations): ArrayBuffer[] => [r.kind, r.up, r.down, r.half, r.double].map((a) => a.buffer as ArrayBuffer);

/** What person `i` is to the person the relations were found from, in `kinshipWord`'s words ('' for none or themselves). */
export function relationWord(r: Relations, i: number, gender: Gender | undefined): string {
  const l = () => [line(r.up[i]!, r.down[i]!, r.half[i] === 1)];
  switch (r.kind[i]) {
    case RELATION.blood:
      return bloodRelationship(l()[0]!, gender, r.double[i] === 1);
    case RELATION.spouse:
      return kinshipWord({ kind: 'spouse' }, gender);
    case RELATION.spousesRelative:
      return kinshipWord({ kind: 'spouses-relative', via: '', lines: l() }, gender);
    case RELATION.relativesSpouse:
      return kinshipWord({ kind: 'relatives-spouse', via: '', lines: l() }, gender);
    case RELATION.stepSibling:
      return kinshipWord({ kind: 'step-sibling', path: [] }, gender);
    default:
      return '';
  }
}

/** How each person of `g` is related to the person at `me` (closest first, as `findKinship` says it). */
export function relationsToEveryone(g: KinLinks, me: number): Relations {
  const n = g.sex.length;
  const { spouseStart, spouseList, parentStart, parentList, childStart, childList } = g;
  const mine = bloodFrom(g, me);
  const spouses: number[] = [];
  for (let k = spouseStart[me]!; k < spouseStart[me + 1]!; k++) spouses.push(spouseList[k]!);
  const theirs = spouses.map((s) => bloodFrom(g, s));
  const out: Relations = { kind: new Uint8Array(n), up: new Int32Array(n), down: new Int32Array(n), half: new Uint8Array(n), double: new Uint8Array(n) };
  const set = (i: number, kind: number, from?: BloodFrom, j = i) => {
    out.kind[i] = kind;
    if (!from) return;
    out.up[i] = from.up[j]!;
    out.down[i] = from.down[j]!;
    out.half[i] = from.half[j]!;
  };
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
    if (i === me) {
      out.kind[i] = RELATION.self;
      continue;
    }
    if (mine.up[i]! >= 0) {
      set(i, RELATION.blood, mine);
      out.double[i] = mine.double[i]!;
      continue;
    }
    if (isSpouse[i]) {
      set(i, RELATION.spouse);
      continue;
    }
    // Their spouse's blood relative, or the spouse of one of ours: the nearer (theirs at a tie), as findKinship.
    let cost = Infinity;
    let bestUp = Infinity;
    theirs.forEach((r, s) => {
      if (r.up[i]! < 0 || i === spouses[s]) return;
      const t = r.up[i]! + r.down[i]!;
      if (t < cost || (t === cost && r.up[i]! < bestUp)) {
        cost = t;
        bestUp = r.up[i]!;
        set(i, RELATION.spousesRelative, r);
      }
    });
    let oursCost = Infinity;
    let oursUp = Infinity;
    let ours = -1;
    for (let k = spouseStart[i]!; k < spouseStart[i + 1]!; k++) {
      const s = spouseList[k]!;
      if (s === me || mine.up[s]! < 0) continue;
      const t = mine.up[s]! + mine.down[s]!;
      if (t < oursCost || (t === oursCost && mine.up[s]! < oursUp)) (oursCost = t), (oursUp = mine.up[s]!), (ours = s);
    }
    if (ours >= 0 && oursCost < cost) (cost = oursCost), set(i, RELATION.relativesSpouse, mine, ours);
    if (stepSibling[i] && 2 < cost) set(i, RELATION.stepSibling);
  }
  return out;
}

/** Every person's relationship word to the person at `me`, in the order of `g.ids` (tests and the bench). */
export function relationshipsToEveryone(g: KinGraph, me: number): string[] {
  const r = relationsToEveryone(g, me);
  return Array.from({ length: g.sex.length }, (_, i) => relationWord(r, i, genderOfSex(g.sex[i]!)));
}

function hasParent(g: KinLinks, child: number, parent: number): boolean {
  for (let k = g.parentStart[child]!; k < g.parentStart[child + 1]!; k++) if (g.parentList[k] === parent) return true;
  return false;
}

/** A parent of `child` other than `than` that passes `test`, or −1. */
function otherParentAmong(g: KinLinks, child: number, than: number, test: (parent: number) => boolean): number {
  for (let k = g.parentStart[child]!; k < g.parentStart[child + 1]!; k++) {
    const p = g.parentList[k]!;
    if (p !== than && test(p)) return p;
  }
  return -1;
}
