/**
 * "How are we related?": the closest relationships between two people over the profiles'
 * parents, children and spouses (issue 24). Pure; reads only `profiles`.
 *
 * Blood: both people's ancestors are searched level by level, one level of the smaller frontier
 * at a time, each person visited once per side, until no common ancestor nearer than the best
 * found can remain. Every common ancestor at the smallest up + down is kept (a couple, or two
 * couples for double cousins; a person who is both mother and sister gets "mother", the nearer).
 * Visiting each person once is what keeps pedigree collapse linear: Gramps' recursive search
 * walked every path and timed out on 40% of random pairs of a 100,000-person tree (gramps #2526).
 *
 * Marriage: one spouse step at either end (your spouse's sister, your sister's husband), named
 * from the blood relation on the other side of that one step, never built from path pieces past
 * it (webtrees #3115, #4416 named those wrongly). A blood relation always wins over one by
 * marriage; among marriage relations the nearest.
 */
import type { Profile } from '../types.ts';

export type KinProfiles = Readonly<Record<string, Pick<Profile, 'id' | 'parents' | 'children' | 'spouses' | 'gender'>>>;

/** One blood line: `a` goes `up` generations to `ancestors`, then `down` to `b`. */
export interface BloodLine {
  up: number;
  down: number;
  /** The common ancestor, with their partner when both are (a full relation); one alone when half or unknown. */
  ancestors: string[];
  /** Only one parent is shared and both children's other parents are known and differ. */
  half: boolean;
  /** Profile ids from `a` to `b` through `ancestors[0]`. */
  path: string[];
}

export type Kinship =
  | { kind: 'same' }
  /**
   * `also`: the closest lines that do not go through the first lines' common ancestors, when there
   * are any: a second relationship through pedigree collapse (a mother who is also a half-sister,
   * a grandmother who is also a great-aunt when cousins married).
   */
  | { kind: 'blood'; lines: BloodLine[]; also: BloodLine[] }
  /** `a` and `b` are married. */
  | { kind: 'spouse' }
  /** `b` is a blood relative (`lines`) of `a`'s spouse `via`: "your spouse's sister". */
  | { kind: 'spouses-relative'; via: string; lines: BloodLine[] }
  /** `b` is the spouse of `a`'s blood relative `via`: "your sister's husband". */
  | { kind: 'relatives-spouse'; via: string; lines: BloodLine[] }
  | { kind: 'none'; searchedAll: boolean };

export interface KinshipOptions {
  /** Stop after visiting this many ancestors in one blood search (then `searchedAll` is false). */
  maxVisited?: number;
  /** Look for a second relationship through pedigree collapse (`also`); true unless false. */
  also?: boolean;
  /** People a blood search may not pass through nor meet at (the start people excepted). */
  exclude?: readonly string[];
}

export const DEFAULT_MAX_VISITED = 500_000;

/**
 * The profiles' parent links as integer arrays, built once per profiles object (an edit makes a
 * new one) and shared by every search of it: a search then reads and marks typed arrays instead
 * of string-keyed maps, which is what keeps a 16,000-ancestor search under a millisecond.
 */
interface KinIndex {
  ids: string[];
  at: Map<string, number>;
  parentStart: Int32Array;
  parentList: Int32Array;
  sides: [SideArrays, SideArrays];
  /** `excluded[i] === run` when person i is excluded in this run. */
  excluded: Uint32Array;
  run: number;
}

interface SideArrays {
  /** `mark[i] === run` when person i is reached in this run. */
  mark: Uint32Array;
  depth: Int32Array;
  /** The child through which each ancestor was first reached (toward the start). */
  via: Int32Array;
}

const indexes = new WeakMap<KinProfiles, KinIndex>();

function sideArrays(n: number): SideArrays {
  return { mark: new Uint32Array(n), depth: new Int32Array(n), via: new Int32Array(n) };
}

export function kinIndex(profiles: KinProfiles): KinIndex {
  const known = indexes.get(profiles);
  if (known) return known;
  const ids = Object.keys(profiles);
  const at = new Map(ids.map((id, i) => [id, i]));
  const parentStart = new Int32Array(ids.length + 1);
  const list: number[] = [];
  ids.forEach((id, i) => {
    parentStart[i] = list.length;
    for (const p of profiles[id]!.parents) {
      const j = at.get(p);
      if (j !== undefined) list.push(j);
    }
  });
  parentStart[ids.length] = list.length;
  const index: KinIndex = { ids, at, parentStart, parentList: Int32Array.from(list), sides: [sideArrays(ids.length), sideArrays(ids.length)], excluded: new Uint32Array(ids.length), run: 0 };
  indexes.set(profiles, index);
  return index;
}

interface Side extends SideArrays {
  frontier: number[];
  level: number;
}

/** The closest blood lines between `a` and `b` ([] when none), and whether the search finished. */
export function bloodLines(profiles: KinProfiles, a: string, b: string, o: KinshipOptions = {}): { lines: BloodLine[]; searchedAll: boolean } {
  const max = o.maxVisited ?? DEFAULT_MAX_VISITED;
  if (!profiles[a] || !profiles[b] || a === b) return { lines: [], searchedAll: true };
  const ix = kinIndex(profiles);
  const run = ++ix.run;
  const start = (arrays: SideArrays, id: number): Side => {
    arrays.mark[id] = run;
    arrays.depth[id] = 0;
    arrays.via[id] = -1;
    return { ...arrays, frontier: [id], level: 0 };
  };
  for (const id of o.exclude ?? []) {
    const i = ix.at.get(id);
    if (i !== undefined) ix.excluded[i] = run;
  }
  const A = start(ix.sides[0], ix.at.get(a)!);
  const B = start(ix.sides[1], ix.at.get(b)!);
  let best = Infinity;
  let found: number[] = [];
  let visited = 2;
  let searchedAll = true;
  for (;;) {
    // An undiscovered common ancestor is deeper than one side's level, so none nearer can remain.
    // Ties with the same up and down (both of a couple, double cousins' two couples) are found by
    // the same level; a tie split otherwise (3 + 1 against 2 + 2) may be left out.
    if (best <= Math.min(A.level, B.level) + 1) break;
    const canA = A.frontier.length > 0;
    const canB = B.frontier.length > 0;
    if (!canA && !canB) break;
    const side = canA && (!canB || A.frontier.length <= B.frontier.length) ? A : B;
    const other = side === A ? B : A;
    const next: number[] = [];
    const d = side.level + 1;
    for (const i of side.frontier) {
      for (let k = ix.parentStart[i]!; k < ix.parentStart[i + 1]!; k++) {
        const p = ix.parentList[k]!;
        if (side.mark[p] === run || ix.excluded[p] === run) continue;
        side.mark[p] = run;
        side.depth[p] = d;
        side.via[p] = i;
        next.push(p);
        if (other.mark[p] === run) {
          const t = d + other.depth[p]!;
          if (t < best) {
            best = t;
            found = [];
          }
          if (t === best) found.push(p);
        }
      }
    }
    side.frontier = next;
    side.level = next.length ? d : Infinity;
    visited += next.length;
    if (visited > max) {
      searchedAll = false;
      break;
    }
  }
  return { lines: linesFrom(profiles, ix, A, B, found), searchedAll };
}

function pathUp(ix: KinIndex, side: Side, from: number): string[] {
  const out: string[] = [];
  for (let i = from; i !== -1; i = side.via[i]!) out.push(ix.ids[i]!);
  return out.reverse();
}

function linesFrom(profiles: KinProfiles, ix: KinIndex, A: Side, B: Side, found: number[]): BloodLine[] {
  const lines: BloodLine[] = [];
  const taken = new Set<number>();
  const byId = found.map((i) => ix.ids[i]!).sort();
  for (const c of byId) {
    const ci = ix.at.get(c)!;
    if (taken.has(ci)) continue;
    taken.add(ci);
    const up = A.depth[ci]!;
    const down = B.depth[ci]!;
    const path = [...pathUp(ix, A, ci), ...pathUp(ix, B, ci).reverse().slice(1)];
    const ancestors = [c];
    let half = false;
    if (up > 0 && down > 0) {
      const childA = ix.ids[A.via[ci]!]!;
      const childB = ix.ids[B.via[ci]!]!;
      const partner = byId.find((o) => {
        const oi = ix.at.get(o)!;
        return !taken.has(oi) && A.depth[oi] === up && B.depth[oi] === down && profiles[childA]!.parents.includes(o) && profiles[childB]!.parents.includes(o);
      });
      if (partner) {
        taken.add(ix.at.get(partner)!);
        ancestors.push(partner);
      } else {
        const otherA = profiles[childA]!.parents.filter((p) => p !== c && profiles[p]);
        const otherB = profiles[childB]!.parents.filter((p) => p !== c && profiles[p]);
        half = otherA.length > 0 && otherB.length > 0 && !otherA.some((p) => otherB.includes(p));
      }
    }
    lines.push({ up, down, ancestors, half, path });
  }
  return lines;
}

function nearest(lines: BloodLine[]): number {
  return Math.min(...lines.map((l) => l.up + l.down));
}

/** How `b` is related to `a`: blood first, else through one spouse step, else none. */
export function findKinship(profiles: KinProfiles, a: string, b: string, o: KinshipOptions = {}): Kinship {
  if (a === b) return { kind: 'same' };
  const pa = profiles[a];
  const pb = profiles[b];
  if (!pa || !pb) return { kind: 'none', searchedAll: true };
  const blood = bloodLines(profiles, a, b, o);
  if (blood.lines.length) {
    const exclude = blood.lines.flatMap((l) => l.ancestors);
    return { kind: 'blood', lines: blood.lines, also: o.also === false ? [] : bloodLines(profiles, a, b, { ...o, exclude }).lines };
  }
  if (pa.spouses.includes(b)) return { kind: 'spouse' };
  let searchedAll = blood.searchedAll;
  let best: Kinship | undefined;
  let bestCost = Infinity;
  const offer = (k: Kinship & { lines: BloodLine[] }) => {
    const cost = nearest(k.lines);
    if (cost < bestCost) {
      bestCost = cost;
      best = k;
    }
  };
  for (const s of pa.spouses) {
    if (s === b || !profiles[s]) continue;
    const r = bloodLines(profiles, s, b, o);
    searchedAll &&= r.searchedAll;
    if (r.lines.length) offer({ kind: 'spouses-relative', via: s, lines: r.lines.map((l) => ({ ...l, path: [a, ...l.path] })) });
  }
  for (const s of pb.spouses) {
    if (s === a || !profiles[s]) continue;
    const r = bloodLines(profiles, a, s, o);
    searchedAll &&= r.searchedAll;
    if (r.lines.length) offer({ kind: 'relatives-spouse', via: s, lines: r.lines.map((l) => ({ ...l, path: [...l.path, b] })) });
  }
  return best ?? { kind: 'none', searchedAll };
}
