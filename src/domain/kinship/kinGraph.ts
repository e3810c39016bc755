/**
 * The people and their parent, child and spouse links as integer arrays (compressed rows), the one
 * form every kinship search reads: a search then marks typed arrays instead of string-keyed maps,
 * and the same arrays go to the "relationship to everyone" worker as transferables (no clone of
 * 100,000 profiles).
 */
import type { Gender, Profile } from '../types.ts';

export type KinProfiles = Readonly<Record<string, Pick<Profile, 'id' | 'parents' | 'children' | 'spouses' | 'gender'>>>;

export interface KinGraph {
  ids: string[];
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
  const at = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) at.set(ids[i]!, i);
  const sex = new Uint8Array(ids.length);
  const rows = (pick: (p: KinProfiles[string]) => readonly string[]) => {
    const start = new Int32Array(ids.length + 1);
    let list = new Int32Array(ids.length * 2 + 16);
    let n = 0;
    for (let i = 0; i < ids.length; i++) {
      start[i] = n;
      for (const id of pick(profiles[ids[i]!]!)) {
        const j = at.get(id);
        if (j === undefined) continue;
        if (n === list.length) {
          const bigger = new Int32Array(list.length * 2);
          bigger.set(list);
          list = bigger;
        }
        list[n++] = j;
      }
    }
    start[ids.length] = n;
    return [start, list.slice(0, n)] as const;
  };
  for (let i = 0; i < ids.length; i++) sex[i] = SEX[profiles[ids[i]!]!.gender] ?? 0;
  const [parentStart, parentList] = rows((p) => p.parents);
  const [childStart, childList] = rows((p) => p.children);
  const [spouseStart, spouseList] = rows((p) => p.spouses);
  return { ids, sex, parentStart, parentList, childStart, childList, spouseStart, spouseList };
}

/** The typed arrays of a graph, to hand to a worker as transferables. */
export function kinGraphBuffers(g: KinGraph): ArrayBuffer[] {
  return [g.sex, g.parentStart, g.parentList, g.childStart, g.childList, g.spouseStart, g.spouseList].map((a) => a.buffer as ArrayBuffer);
}

export function hasLink(start: Int32Array, list: Int32Array, i: number, j: number): boolean {
  for (let k = start[i]!; k < start[i + 1]!; k++) if (list[k] === j) return true;
  return false;
}
