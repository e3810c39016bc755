/**
 * "How are we related?": the closest relationships between two people over the profiles'
 * parents, children and spouses (issue 24). Pure; reads only `profiles` (and, to name adopted,
 * foster and step links, the links' kinds when given).
 *
 * Blood: every common ancestor at the smallest up + down (`search.ts`: a couple, two couples for
 * double cousins, a great-aunt who is also a first cousin: 3 + 1 and 2 + 2), named here.
 *
 * Marriage: one spouse step at either end (your spouse's sister, your sister's husband), named
 * from the blood relation on the other side of that one step, never built from path pieces past
 * it (webtrees #3115, #4416 named those wrongly); and a parent's spouse's child (a stepsibling).
 * A blood relation always comes first; among marriage relations the nearest. Spouses who are
 * also blood relatives (Victoria and Albert, first cousins) are both.
 */
import type { Pedigree } from '../types.ts';
import { hasLink, type KinLinks, type KinProfiles } from './kinGraph.ts';
import { kinIndex, type KinIndex } from './kinIndex.ts';
import { meetWhole, search, type Side } from './search.ts';

export type { KinProfiles } from './kinGraph.ts';

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
  /** The first link of the path that is not by birth (adopted, foster, step), when the links' kinds were given. */
  link?: Pedigree;
}

export type Kinship =
  | { kind: 'same' }
  /**
   * `also`: the closest lines that do not go through the first lines' common ancestors, when there
   * are any: a second relationship through pedigree collapse (a mother who is also a half-sister,
   * a grandmother who is also a great-aunt when cousins married). `married`: they are spouses too.
   */
  | { kind: 'blood'; lines: BloodLine[]; also: BloodLine[]; married?: boolean }
  /** `a` and `b` are married. */
  | { kind: 'spouse' }
  /** `b` is a blood relative (`lines`) of `a`'s spouse `via`: "your spouse's sister". */
  | { kind: 'spouses-relative'; via: string; lines: BloodLine[] }
  /** `b` is the spouse of `a`'s blood relative `via`: "your sister's husband". */
  | { kind: 'relatives-spouse'; via: string; lines: BloodLine[] }
  /** `b` is the child of `a`'s parent's spouse, and no child of `a`'s parents: `path` is a, parent, stepparent, b. */
  | { kind: 'step-sibling'; path: string[] }
  | { kind: 'none'; searchedAll: boolean };

export interface KinshipOptions {
  /** Stop after visiting this many ancestors in one blood search (then `searchedAll` is false). */
  maxVisited?: number;
  /** Look for a second relationship through pedigree collapse (`also`); true unless false. */
  also?: boolean;
  /** People a blood search may not pass through nor meet at (the start people excepted). */
  exclude?: readonly string[];
  /**
   * The object the integer index is kept for: the graph, whose profiles record an edit may change
   * in place (`claimGraph`), so that an edit gets a new index; `profiles` when not given.
   */
  indexKey?: object;
  /** The kind of each parent link not by birth, by `linkKey(parent, child)` (profile ids). */
  links?: ReadonlyMap<string, Pedigree>;
}

export const DEFAULT_MAX_VISITED = 500_000;

export const linkKey = (parent: string, child: string) => `${parent}>${child}`;

/** The closest blood lines between `a` and `b` ([] when none), and whether the search finished. */
export function bloodLines(profiles: KinProfiles, a: string, b: string, o: KinshipOptions = {}): { lines: BloodLine[]; searchedAll: boolean } {
  const { lines, searchedAll } = bloodSearch(profiles, a, b, o);
  return { lines, searchedAll };
}

/** `bloodLines`, and when none was found with both ancestries searched whole, the two sides (valid until the next search). */
function bloodSearch(profiles: KinProfiles, a: string, b: string, o: KinshipOptions) {
  const nothing = { lines: [] as BloodLine[], searchedAll: true, sides: null };
  if (!profiles[a] || !profiles[b] || a === b) return nothing;
  const ix = kinIndex(profiles, o.indexKey);
  const ai = ix.at.get(a);
  const bi = ix.at.get(b);
  // Different families: no common ancestor, nothing to search (an in-law's family is often one).
  if (ai === undefined || bi === undefined || ix.family[ai] !== ix.family[bi]) return nothing;
  const excluded = (o.exclude ?? []).flatMap((id) => ix.at.get(id) ?? []);
  const { found, A, B, searchedAll, wholeAncestries } = search(ix, ai, bi, o.maxVisited ?? DEFAULT_MAX_VISITED, excluded);
  const lines = linesFrom(ix, A, B, found);
  if (o.links?.size) for (const l of lines) l.link = firstLink(l.path, o.links);
  return { lines, searchedAll, sides: !lines.length && wholeAncestries && !o.exclude?.length ? { ix, A, B } : null };
}

function pathUp(ix: KinIndex, side: Side, from: number): string[] {
  const out: string[] = [];
  for (let i = from; i !== -1; i = side.via(i)) out.push(ix.g.ids[i]!);
  return out.reverse();
}

/** Whether `p` is a parent of `child` (indexes). */
const isParent = (g: KinLinks, p: number, child: number) => hasLink(g.parentStart, g.parentList, child, p);

function otherParents(g: KinLinks, child: number, than: number): number[] {
  const out: number[] = [];
  for (let k = g.parentStart[child]!; k < g.parentStart[child + 1]!; k++) if (g.parentList[k] !== than) out.push(g.parentList[k]!);
  return out;
}

/** Half: both children's other parents are known and none is shared (unknown other parents do not make a half relation). */
export function isHalf(g: KinLinks, ancestor: number, childA: number, childB: number): boolean {
  const otherA = otherParents(g, childA, ancestor);
  const otherB = otherParents(g, childB, ancestor);
  return otherA.length > 0 && otherB.length > 0 && !otherA.some((p) => otherB.includes(p));
}

/**
 * The ancestor's children on one side's lines: those the side reached one generation nearer its
 * start (more than one under pedigree collapse; the relation is full when any two make it full).
 */
export function childrenAt(g: KinLinks, ancestor: number, at: (child: number) => boolean): number[] {
  const out: number[] = [];
  for (let k = g.childStart[ancestor]!; k < g.childStart[ancestor + 1]!; k++) if (at(g.childList[k]!)) out.push(g.childList[k]!);
  return out;
}

/** Half through every pair of the ancestor's children on the two sides. */
export function halfThrough(g: KinLinks, ancestor: number, childrenA: number[], childrenB: number[]): boolean {
  return childrenA.every((x) => childrenB.every((y) => isHalf(g, ancestor, x, y)));
}

/** The lines through each common ancestor found, `A` the side of the person the line starts from. */
function linesFrom(ix: KinIndex, A: Side, B: Side, found: number[]): BloodLine[] {
  const { g } = ix;
  const lines: BloodLine[] = [];
  const taken = new Set<number>();
  // The nearest to `a` first (a great-aunt before a first cousin), then by id: the same answer every time.
  const order = [...found].sort((x, y) => A.depth(x) - A.depth(y) || (g.ids[x]! < g.ids[y]! ? -1 : 1));
  for (const ci of order) {
    if (taken.has(ci)) continue;
    taken.add(ci);
    const up = A.depth(ci);
    const down = B.depth(ci);
    const path = [...pathUp(ix, A, ci), ...pathUp(ix, B, ci).reverse().slice(1)];
    const ancestors = [g.ids[ci]!];
    let half = false;
    if (up > 0 && down > 0) {
      // The ancestor's children on each side's closest lines (more than one under pedigree collapse).
      const near = (side: Side, depth: number) => (ch: number) => side.reached(ch) && side.depth(ch) === depth;
      const childrenA = childrenAt(g, ci, near(A, up - 1));
      const childrenB = childrenAt(g, ci, near(B, down - 1));
      // The partner: another closest common ancestor, a parent of one of those children on each side.
      const partner = order.find((oi) => !taken.has(oi) && A.depth(oi) === up && B.depth(oi) === down && childrenA.some((x) => isParent(g, oi, x)) && childrenB.some((y) => isParent(g, oi, y)));
      if (partner !== undefined) {
        taken.add(partner);
        ancestors.push(g.ids[partner]!);
      } else half = halfThrough(g, ci, childrenA, childrenB);
    }
    lines.push({ up, down, ancestors, half, path });
  }
  // A full line before a half one of the same shape: one full line makes the relation full.
  return lines.sort((x, y) => x.up - y.up || Number(x.half) - Number(y.half));
}

function firstLink(path: string[], links: ReadonlyMap<string, Pedigree>): Pedigree | undefined {
  for (let i = 1; i < path.length; i++) {
    const kind = links.get(linkKey(path[i]!, path[i - 1]!)) ?? links.get(linkKey(path[i - 1]!, path[i]!));
    if (kind) return kind;
  }
  return undefined;
}

function nearest(lines: BloodLine[]): number {
  return Math.min(...lines.map((l) => l.up + l.down));
}

/** `b` is the child of a spouse of `a`'s parent who is not `a`'s parent: a, that parent, the stepparent, b. */
function stepSiblingPath(profiles: KinProfiles, a: string, b: string): string[] | null {
  const pa = profiles[a]!;
  for (const parent of pa.parents) {
    for (const step of profiles[parent]?.spouses ?? []) {
      if (!pa.parents.includes(step) && profiles[step]?.children.includes(b)) return [a, parent, step, b];
    }
  }
  return null;
}

/** How `b` is related to `a`: blood first (and spouses too when they are), else through one spouse step, else none. */
export function findKinship(profiles: KinProfiles, a: string, b: string, o: KinshipOptions = {}): Kinship {
  if (a === b) return { kind: 'same' };
  const pa = profiles[a];
  const pb = profiles[b];
  if (!pa || !pb) return { kind: 'none', searchedAll: true };
  const blood = bloodSearch(profiles, a, b, o);
  if (blood.lines.length) {
    const exclude = blood.lines.flatMap((l) => l.ancestors);
    const also = o.also === false ? [] : bloodLines(profiles, a, b, { ...o, exclude }).lines;
    return { kind: 'blood', lines: blood.lines, also, ...(pa.spouses.includes(b) ? { married: true } : {}) };
  }
  if (pa.spouses.includes(b)) return { kind: 'spouse' };
  let searchedAll = blood.searchedAll;
  let best: Kinship | undefined;
  let bestCost = Infinity;
  const offer = (k: Kinship, cost: number) => {
    if (cost < bestCost) {
      bestCost = cost;
      best = k;
    }
  };
  const withLinks = (lines: BloodLine[]) => {
    if (o.links?.size) for (const l of lines) l.link = firstLink(l.path, o.links);
    return lines;
  };
  const aSpouses = pa.spouses.filter((s) => s !== b && profiles[s]);
  const bSpouses = pb.spouses.filter((s) => s !== a && profiles[s]);
  if (blood.sides && aSpouses.length + bSpouses.length) {
    // Both ancestries were searched whole: each spouse's ancestors are searched once, against them.
    const { ix, A, B } = blood.sides;
    const fromSpouses = (spouses: string[], whole: Side, spousesFirst: boolean) => {
      const S = meetWhole(ix, spouses.map((s) => ix.at.get(s)!), whole);
      if (!S.found.length) return [];
      return withLinks(spousesFirst ? linesFrom(ix, S.side, whole, S.found) : linesFrom(ix, whole, S.side, S.found));
    };
    const theirs = aSpouses.length ? fromSpouses(aSpouses, B, true) : [];
    if (theirs.length) offer({ kind: 'spouses-relative', via: theirs[0]!.path[0]!, lines: theirs.map((l) => ({ ...l, path: [a, ...l.path] })) }, nearest(theirs));
    const ours = bSpouses.length ? fromSpouses(bSpouses, A, false) : [];
    if (ours.length) offer({ kind: 'relatives-spouse', via: ours[0]!.path[ours[0]!.path.length - 1]!, lines: ours.map((l) => ({ ...l, path: [...l.path, b] })) }, nearest(ours));
  } else {
    for (const s of aSpouses) {
      const r = bloodLines(profiles, s, b, o);
      searchedAll &&= r.searchedAll;
      if (r.lines.length) offer({ kind: 'spouses-relative', via: s, lines: r.lines.map((l) => ({ ...l, path: [a, ...l.path] })) }, nearest(r.lines));
    }
    for (const s of bSpouses) {
      const r = bloodLines(profiles, a, s, o);
      searchedAll &&= r.searchedAll;
      if (r.lines.length) offer({ kind: 'relatives-spouse', via: s, lines: r.lines.map((l) => ({ ...l, path: [...l.path, b] })) }, nearest(r.lines));
    }
  }
  const step = stepSiblingPath(profiles, a, b);
  if (step) offer({ kind: 'step-sibling', path: step }, 2);
  return best ?? { kind: 'none', searchedAll };
}

/** Every path of a finding, the closest first (for the dialog and the canvas highlight). */
export function kinshipPaths(k: Kinship, a: string, b: string): string[][] {
  switch (k.kind) {
    case 'same':
    case 'none':
      return [];
    case 'spouse':
      return [[a, b]];
    case 'step-sibling':
      return [k.path];
    case 'blood':
      return [...[...k.lines, ...k.also].map((l) => l.path), ...(k.married ? [[a, b]] : [])];
    default:
      return k.lines.map((l) => l.path);
  }
}
