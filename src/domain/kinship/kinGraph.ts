/**
 * The people and their parent, child and spouse links as integer arrays (compressed rows), the one
 * form every kinship search reads: a search then marks typed arrays instead of string-keyed maps,
 * and the same arrays go to the "relationship to everyone" worker as transferables (no clone of
 * 100,000 profiles).
 */
import type { Gender, Profile } from '../types.ts';

export type KinProfiles = Readonly<Record<string, Pick<Profile, 'id' | 'parents' | 'children' | 'spouses' | 'gender'>>>;

/** The links alone: what a worker needs (no strings to copy). */
export type KinLinks = Omit<KinGraph, 'ids' | 'at'>;

export interface KinGraph {
  ids: string[];
  /** Each id's index. */
  at: Map<string, number>;
  /** 0 unknown, 1 female, 2 male. */
  sex: Uint8Array;
  parentStart: Int32Array;
  parentList: Int32Array;
  childStart: Int32Array;
  childList: Int32Array;
  spouseStart: Int32Array;
  spouseList: Int32Array;
}

const SEX: Record<string, number> = { F: 1, M: 2 };
export const genderOfSex = (s: number): Gender => (s === 1 ? 'F' : s === 2 ? 'M' : '');

/** Builds the arrays from profiles; links to people not in `profiles` are left out. */
export function buildKinGraph(profiles: KinProfiles): KinGraph {
  const ids = Object.keys(profiles);
  const people = Object.values(profiles);
  const n = ids.length;
  const at = new Map<string, number>();
  for (let i = 0; i < n; i++) at.set(ids[i]!, i);
  const sex = new Uint8Array(n);
  for (let i = 0; i < n; i++) sex[i] = SEX[people[i]!.gender] ?? 0;
  const rows = (key: 'parents' | 'children' | 'spouses') => {
    let total = 0;
    for (let i = 0; i < n; i++) total += people[i]![key].length;
    const start = new Int32Array(n + 1);
    const list = new Int32Array(total);
    let k = 0;
    for (let i = 0; i < n; i++) {
      start[i] = k;
      const links = people[i]![key];
      for (let m = 0; m < links.length; m++) {
        const j = at.get(links[m]!);
        if (j !== undefined) list[k++] = j;
      }
    }
    start[n] = k;
    return [start, k === total ? list : list.slice(0, k)] as const;
  };
  const [parentStart, parentList] = rows('parents');
  const [childStart, childList] = rows('children');
  const [spouseStart, spouseList] = rows('spouses');
  return { ids, at, sex, parentStart, parentList, childStart, childList, spouseStart, spouseList };
}

/** The typed arrays of a graph, to hand to a worker as transferables. */
export function kinGraphBuffers(g: KinLinks): ArrayBuffer[] {
  return [g.sex, g.parentStart, g.parentList, g.childStart, g.childList, g.spouseStart, g.spouseList].map((a) => a.buffer as ArrayBuffer);
}

export function hasLink(start: Int32Array, list: Int32Array, i: number, j: number): boolean {
  for (let k = start[i]!; k < start[i + 1]!; k++) if (list[k] === j) return true;
  return false;
}
