import { familyCount, type FamilyStructure } from './structure.ts';

/**
 * Spouse units: everyone linked by marriage (a couple, a person with several spouses, their
 * spouses' other spouses) shares one row and is placed as one block, in an order that puts as
 * many partners side by side as a line allows. Later steps move units, never single partners.
 */
export interface SpouseUnits {
  count: number;
  unitOf: Int32Array;
  /** Members of unit u, left to right: members[start[u] … start[u + 1]). */
  start: Int32Array;
  members: Int32Array;
  /** Each person's place in its unit, 0 at the left. */
  slot: Int32Array;
  /** The unit holding the partners of each family. */
  familyUnit: Int32Array;
}

export function spouseUnits(s: FamilyStructure): SpouseUnits {
  const n = s.ids.length;
  const families = familyCount(s);
  const root = new Int32Array(n);
  for (let i = 0; i < n; i++) root[i] = i;
  const find = (x: number) => {
    while (root[x] !== x) x = root[x] = root[root[x]];
    return x;
  };
  for (let f = 0; f < families; f++) {
    const a = find(s.partners[s.partnerStart[f]]);
    for (let i = s.partnerStart[f] + 1; i < s.partnerStart[f + 1]; i++) {
      const b = find(s.partners[i]);
      if (a !== b) root[b] = a;
    }
  }

  // Spouse neighbours (consecutive partners of each family), deduplicated per person.
  const spouseStart = new Int32Array(n + 1);
  for (let f = 0; f < families; f++) {
    for (let i = s.partnerStart[f] + 1; i < s.partnerStart[f + 1]; i++) {
      spouseStart[s.partners[i - 1] + 1]++;
      spouseStart[s.partners[i] + 1]++;
    }
  }
  for (let i = 0; i < n; i++) spouseStart[i + 1] += spouseStart[i];
  const spouses = new Int32Array(spouseStart[n]);
  const spouseEnd = spouseStart.slice(0, n);
  const add = (a: number, b: number) => {
    for (let j = spouseStart[a]; j < spouseEnd[a]; j++) if (spouses[j] === b) return;
    spouses[spouseEnd[a]++] = b;
  };
  for (let f = 0; f < families; f++) {
    for (let i = s.partnerStart[f] + 1; i < s.partnerStart[f + 1]; i++) {
      add(s.partners[i - 1], s.partners[i]);
      add(s.partners[i], s.partners[i - 1]);
    }
  }

  // Units numbered by first appearance (people in input order).
  const unitOf = new Int32Array(n).fill(-1);
  const unitOfRoot = new Int32Array(n).fill(-1);
  let count = 0;
  const sizes: number[] = [];
  for (let p = 0; p < n; p++) {
    const r = find(p);
    if (unitOfRoot[r] < 0) {
      unitOfRoot[r] = count++;
      sizes.push(0);
    }
    unitOf[p] = unitOfRoot[r];
    sizes[unitOf[p]]++;
  }
  const start = new Int32Array(count + 1);
  for (let u = 0; u < count; u++) start[u + 1] = start[u] + sizes[u];
  // Within a unit, people as the families first name them as partners (a couple as given).
  const sequence = new Int32Array(n);
  const listed = new Uint8Array(n);
  let k = 0;
  for (const p of s.partners) if (!listed[p]) (listed[p] = 1), (sequence[k++] = p);
  for (let p = 0; p < n; p++) if (!listed[p]) sequence[k++] = p;
  const grouped = new Int32Array(n);
  const fill = start.slice(0, count);
  for (const p of sequence) grouped[fill[unitOf[p]]++] = p;

  const members = new Int32Array(n);
  const slot = new Int32Array(n);
  const remaining = new Int32Array(n);
  const visited = new Uint8Array(n);
  for (let p = 0; p < n; p++) remaining[p] = spouseEnd[p] - spouseStart[p];
  for (let u = 0; u < count; u++) {
    const from = start[u];
    const size = start[u + 1] - from;
    if (size === 1) {
      members[from] = grouped[from];
      continue;
    }
    orderUnit(grouped.subarray(from, from + size), members.subarray(from, from + size), spouseStart, spouseEnd, spouses, remaining, visited);
  }
  for (let u = 0; u < count; u++) for (let i = start[u]; i < start[u + 1]; i++) slot[members[i]] = i - start[u];

  const familyUnit = new Int32Array(families);
  for (let f = 0; f < families; f++) familyUnit[f] = unitOf[s.partners[s.partnerStart[f]]];
  return { count, unitOf, start, members, slot, familyUnit };
}

/**
 * A left-to-right order of one unit that keeps partners adjacent where it can: a greedy cover of
 * the spouse links by paths, each walked from a person with the fewest spouses towards the
 * neighbour with the fewest left. The first path is the middle; later ones go right, left, right…
 * so a person with many spouses keeps the nearest ones on both sides. Linear in the unit's links.
 */
function orderUnit(
  people: Int32Array,
  out: Int32Array,
  spouseStart: Int32Array,
  spouseEnd: Int32Array,
  spouses: Int32Array,
  remaining: Int32Array,
  visited: Uint8Array,
) {
  const size = people.length;
  // Starting candidates by their number of spouses, fewest first (counting sort, stable).
  let maxDegree = 0;
  for (const p of people) maxDegree = Math.max(maxDegree, remaining[p]);
  const byDegree = new Int32Array(maxDegree + 2);
  for (const p of people) byDegree[remaining[p] + 1]++;
  for (let d = 0; d <= maxDegree; d++) byDegree[d + 1] += byDegree[d];
  const candidates = new Int32Array(size);
  for (const p of people) candidates[byDegree[remaining[p]]++] = p;

  const visit = (p: number) => {
    visited[p] = 1;
    for (let j = spouseStart[p]; j < spouseEnd[p]; j++) remaining[spouses[j]]--;
  };
  // Paths are laid into a buffer twice the unit's size, growing from the middle both ways.
  const buffer = new Int32Array(2 * size + 1);
  let left = size;
  let right = size;
  let paths = 0;
  let next = 0;
  const path: number[] = [];
  while (right - left < size) {
    while (visited[candidates[next]]) next++;
    let p = candidates[next];
    path.length = 0;
    for (;;) {
      visit(p);
      path.push(p);
      let best = -1;
      for (let j = spouseStart[p]; j < spouseEnd[p]; j++) {
        const q = spouses[j];
        if (!visited[q] && (best < 0 || remaining[q] < remaining[best])) best = q;
      }
      if (best < 0) break;
      p = best;
    }
    if (paths % 2 === 0) for (const q of path) buffer[right++] = q;
    else for (let i = path.length - 1; i >= 0; i--) buffer[--left] = path[i];
    paths++;
  }
  out.set(buffer.subarray(left, right));
}
