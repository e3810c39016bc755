import type { LayoutInput } from './types.ts';

/**
 * The input in index form, the shape every later step reads: people 0…n−1 in input order,
 * families as compressed lists (CSR) of partner and child indices, and each person's spouse
 * neighbours. Unknown ids and repeats are dropped, and a person listed as both partner and
 * child of one family stays a partner only, so no later step meets a malformed family.
 */
export interface FamilyStructure {
  ids: string[];
  /** Partners of family f: partners[partnerStart[f] … partnerStart[f + 1]). */
  partnerStart: Int32Array;
  partners: Int32Array;
  childStart: Int32Array;
  children: Int32Array;
  /** The first family listing each person as a child, or −1. */
  birthFamily: Int32Array;
  /** Families each person is a partner of: parentFamilies[parentStart[p] … parentStart[p + 1]). */
  parentStart: Int32Array;
  parentFamilies: Int32Array;
}

export function familyStructure(input: LayoutInput): FamilyStructure {
  const index = new Map<string, number>();
  const ids: string[] = [];
  for (const id of input.people) {
    if (index.has(id)) continue;
    index.set(id, ids.length);
    ids.push(id);
  }
  const n = ids.length;
  const partnerList: number[] = [];
  const childList: number[] = [];
  const partnerStart: number[] = [0];
  const childStart: number[] = [0];
  const birthFamily = new Int32Array(n).fill(-1);
  // Marks who is already in the family being read, by a stamp per family (no clearing).
  const seen = new Int32Array(n).fill(-1);
  let f = 0;
  for (const family of input.families) {
    const p0 = partnerList.length;
    const c0 = childList.length;
    for (const id of family.partners) {
      const p = index.get(id);
      if (p === undefined || seen[p] === f) continue;
      seen[p] = f;
      partnerList.push(p);
    }
    for (const id of family.children) {
      const c = index.get(id);
      if (c === undefined || seen[c] === f) continue;
      seen[c] = f;
      childList.push(c);
    }
    const partners = partnerList.length - p0;
    const children = childList.length - c0;
    // Nothing to draw: no partners (siblings of unknown parents), or one partner and no child.
    if (partners === 0 || (partners === 1 && children === 0)) {
      partnerList.length = p0;
      childList.length = c0;
      continue;
    }
    for (let i = c0; i < childList.length; i++) if (birthFamily[childList[i]] < 0) birthFamily[childList[i]] = f;
    partnerStart.push(partnerList.length);
    childStart.push(childList.length);
    f++;
  }
  const families = f;
  const parentStart = new Int32Array(n + 1);
  for (const p of partnerList) parentStart[p + 1]++;
  for (let i = 0; i < n; i++) parentStart[i + 1] += parentStart[i];
  const parentFamilies = new Int32Array(partnerList.length);
  const fill = parentStart.slice(0, n);
  for (let fam = 0; fam < families; fam++) {
    for (let i = partnerStart[fam]; i < partnerStart[fam + 1]; i++) parentFamilies[fill[partnerList[i]]++] = fam;
  }
  return {
    ids,
    partnerStart: Int32Array.from(partnerStart),
    partners: Int32Array.from(partnerList),
    childStart: Int32Array.from(childStart),
    children: Int32Array.from(childList),
    birthFamily,
    parentStart,
    parentFamilies,
  };
}

export function familyCount(s: FamilyStructure): number {
  return s.partnerStart.length - 1;
}
