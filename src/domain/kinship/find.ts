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
  | { kind: 'blood'; lines: BloodLine[] }
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
}

export const DEFAULT_MAX_VISITED = 500_000;

interface Side {
  depth: Map<string, number>;
  /** The child through which each ancestor was first reached (toward the start). */
  via: Map<string, string>;
  frontier: string[];
  level: number;
}

function startSide(id: string): Side {
  return { depth: new Map([[id, 0]]), via: new Map(), frontier: [id], level: 0 };
}

/** The closest blood lines between `a` and `b` ([] when none), and whether the search finished. */
export function bloodLines(profiles: KinProfiles, a: string, b: string, o: KinshipOptions = {}): { lines: BloodLine[]; searchedAll: boolean } {
  const max = o.maxVisited ?? DEFAULT_MAX_VISITED;
  if (!profiles[a] || !profiles[b]) return { lines: [], searchedAll: true };
  const A = startSide(a);
  const B = startSide(b);
  let best = Infinity;
  const found = new Set<string>();
  if (a === b) return { lines: [], searchedAll: true };
  let visited = 2;
  const consider = (id: string) => {
    const t = A.depth.get(id)! + B.depth.get(id)!;
    if (t < best) {
      best = t;
      found.clear();
    }
    if (t === best) found.add(id);
  };
  for (;;) {
    // An undiscovered common ancestor is deeper than one side's level: once the best is no more
    // than both levels, none as near can remain (ties count: both of a couple, double cousins).
    if (best <= Math.min(A.level, B.level)) break;
    const canA = A.frontier.length > 0;
    const canB = B.frontier.length > 0;
    if (!canA && !canB) break;
    const side = canA && (!canB || A.frontier.length <= B.frontier.length) ? A : B;
    const other = side === A ? B : A;
    const next: string[] = [];
    const d = side.level + 1;
    for (const id of side.frontier) {
      for (const p of profiles[id]?.parents ?? []) {
        if (side.depth.has(p) || !profiles[p]) continue;
        side.depth.set(p, d);
        side.via.set(p, id);
        next.push(p);
        if (other.depth.has(p)) consider(p);
      }
    }
    side.frontier = next;
    side.level = d;
    visited += next.length;
    if (!next.length) side.level = Infinity;
    if (visited > max) return { lines: linesFrom(profiles, A, B, found), searchedAll: false };
  }
  return { lines: linesFrom(profiles, A, B, found), searchedAll: true };
}

function pathUp(side: Side, from: string): string[] {
  const out = [from];
  for (let id = side.via.get(from); id !== undefined; id = side.via.get(id)) out.push(id);
  return out.reverse();
}

function linesFrom(profiles: KinProfiles, A: Side, B: Side, found: Set<string>): BloodLine[] {
  const lines: BloodLine[] = [];
  const taken = new Set<string>();
  for (const c of [...found].sort()) {
    if (taken.has(c)) continue;
    taken.add(c);
    const up = A.depth.get(c)!;
    const down = B.depth.get(c)!;
    const path = [...pathUp(A, c), ...pathUp(B, c).reverse().slice(1)];
    const ancestors = [c];
    let half = false;
    if (up > 0 && down > 0) {
      const childA = A.via.get(c)!;
      const childB = B.via.get(c)!;
      const partner = [...found].find(
        (o) => !taken.has(o) && A.depth.get(o) === up && B.depth.get(o) === down && profiles[childA]!.parents.includes(o) && profiles[childB]!.parents.includes(o),
      );
      if (partner) {
        taken.add(partner);
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
  if (blood.lines.length) return { kind: 'blood', lines: blood.lines };
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
