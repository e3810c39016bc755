import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { diffGraphs, stampChangeSet } from '../../../src/domain/changeSet.ts';
import { newProfile } from '../../../src/domain/profile.ts';
import { parentEdge, personNode } from '../../../src/domain/relationships.ts';
import type { LoadedGraph } from '../../../src/backend/ports.ts';
import type { Gender, Graph } from '../../../src/domain/types.ts';

/**
 * A family placed at given spots, saved straight through the save API in one change set, so a
 * test starts from a tree of any shape without building it through the dialogs. Positions are
 * offsets from the primary card, which the tree made when it was first opened.
 */
export interface SeedPerson {
  key: string;
  first: string;
  last: string;
  gender?: Gender;
  birthYear?: string;
  at: [number, number];
}

export interface SeedFamily {
  /** The primary person's own key (their card already exists). */
  primary: string;
  people: SeedPerson[];
  /** [parentKey, childKey] */
  parents?: [string, string][];
  spouses?: [string, string][];
}

export async function seedFamily(page: Page, family: SeedFamily): Promise<void> {
  const res = await page.request.get('/api/graph');
  expect(res.status()).toBe(200);
  const loaded = (await res.json()) as LoadedGraph;
  const saved = loaded.graph;
  const primary = saved.nodes.find((n) => n.data.isPrimary)!;
  const graph: Graph = structuredClone(saved);
  const now = new Date().toISOString();
  const by = { uid: loaded.ownerUid, now };
  const nodeOf = new Map<string, string>([[family.primary, primary.id]]);
  const profileOf = new Map<string, string>([[family.primary, primary.data.profileId]]);
  let next = 1001 + saved.nodes.length;
  for (const p of family.people) {
    if (p.key === family.primary) continue;
    const profileId = `pr:${randomBytes(16).toString('hex')}`;
    const nodeId = `n${next++}`;
    graph.profiles[profileId] = newProfile(profileId, { firstName: p.first, lastName: p.last, gender: p.gender ?? '', birthYear: p.birthYear ?? '' }, by);
    graph.nodes.push(personNode(nodeId, profileId, { x: primary.position.x + p.at[0], y: primary.position.y + p.at[1] }, now));
    nodeOf.set(p.key, nodeId);
    profileOf.set(p.key, profileId);
  }
  const profile = (key: string) => graph.profiles[profileOf.get(key)!];
  for (const [parent, child] of family.parents ?? []) {
    graph.edges.push(parentEdge(nodeOf.get(parent)!, nodeOf.get(child)!));
    profile(parent).children.push(profileOf.get(child)!);
    profile(child).parents.push(profileOf.get(parent)!);
  }
  for (const [a, b] of family.spouses ?? []) {
    profile(a).spouses.push(profileOf.get(b)!);
    profile(b).spouses.push(profileOf.get(a)!);
  }
  const changes = stampChangeSet(diffGraphs(saved, graph), by);
  const save = await page.request.post(`/api/graphs/${loaded.graphId}/changes`, { data: { changes, clientId: 'seed' } });
  expect(save.status(), await save.text()).toBe(200);
}

/** Ten people: the primary person with her spouse, parents, brother and his wife, and children. */
export const TEN_PEOPLE = (primary: { first: string; last: string }): SeedFamily => ({
  primary: 'me',
  people: [
    { key: 'me', first: primary.first, last: primary.last, at: [0, 0] },
    { key: 'spouse', first: 'William', last: 'King', gender: 'M', at: [180, 0] },
    { key: 'mother', first: 'Margaret', last: 'Hale', gender: 'F', at: [-90, -160] },
    { key: 'father', first: 'Thomas', last: 'Hale', gender: 'M', at: [90, -160] },
    { key: 'brother', first: 'George', last: 'Hale', gender: 'M', at: [-200, 0] },
    { key: 'sister-in-law', first: 'Lily', last: 'Hale', gender: 'F', at: [-380, 0] },
    { key: 'nephew', first: 'Oliver', last: 'Hale', gender: 'M', at: [-290, 160] },
    { key: 'son', first: 'Byron', last: 'King', gender: 'M', at: [-40, 160] },
    { key: 'daughter', first: 'Anne', last: 'King', gender: 'F', at: [100, 160] },
    { key: 'youngest', first: 'Ralph', last: 'King', gender: 'M', at: [240, 160] },
  ],
  parents: [
    ['mother', 'me'],
    ['father', 'me'],
    ['mother', 'brother'],
    ['father', 'brother'],
    ['brother', 'nephew'],
    ['sister-in-law', 'nephew'],
    ['me', 'son'],
    ['spouse', 'son'],
    ['me', 'daughter'],
    ['spouse', 'daughter'],
    ['me', 'youngest'],
    ['spouse', 'youngest'],
  ],
  spouses: [
    ['me', 'spouse'],
    ['mother', 'father'],
    ['brother', 'sister-in-law'],
  ],
});

const FIRST = ['Anne', 'Byron', 'Clara', 'David', 'Edith', 'Frank', 'Grace', 'Henry', 'Iris', 'James', 'Kate', 'Louis', 'Mary', 'Nigel', 'Olive', 'Peter', 'Rose', 'Simon', 'Tess', 'Victor'];
const LAST = ['Hale', 'King', 'Moore', 'Shaw', 'Price', 'Wood', 'Cole', 'Reed', 'Lane', 'Fox', 'Hart', 'Bell', 'Ward', 'Gray', 'Nash', 'Ross', 'Dunn', 'Webb'];

/**
 * A wide family of four generations (352 people): 8 couples, three children each, each child
 * married; their children (three per couple) married too, and two children per couple under
 * those. The member is a woman in the third generation, near the middle. Rows 160 apart, cards
 * 140 apart: the last row is about 20,000 units wide, like a big imported tree.
 */
export function bigFamily(primary: { first: string; last: string }): SeedFamily {
  const people: SeedPerson[] = [];
  const parents: [string, string][] = [];
  const spouses: [string, string][] = [];
  let n = 0;
  const person = (gender: Gender, row: number, col: number, key = `p${n}`) => {
    const i = n++;
    people.push({ key, first: FIRST[i % FIRST.length], last: LAST[Math.floor(i / FIRST.length) % LAST.length], gender, at: [col * 140, row * 160] });
    return key;
  };
  const rows: [string, string][][] = [[]];
  for (let c = 0; c < 8; c++) {
    const a = person('M', 0, 0), b = person('F', 0, 0);
    spouses.push([a, b]);
    rows[0].push([a, b]);
  }
  const childrenPerCouple = [3, 3, 2];
  const meRow = 2;
  for (let row = 1; row <= 3; row++) {
    rows[row] = [];
    const couples = rows[row - 1];
    const count = couples.length * childrenPerCouple[row - 1];
    const meAt = row === meRow ? Math.floor(count / 2) : -1;
    let k = 0;
    for (const [a, b] of couples) {
      for (let c = 0; c < childrenPerCouple[row - 1]; c++, k++) {
        const child = k === meAt ? person('F', row, 0, 'me') : person(k % 2 ? 'F' : 'M', row, 0);
        parents.push([a, child], [b, child]);
        if (row < 3) {
          const spouse = person(k % 2 ? 'M' : 'F', row, 0);
          spouses.push([child, spouse]);
          rows[row].push([child, spouse]);
        }
      }
    }
  }
  // Lay each row out left to right in the order made (children under their parents' order),
  // centred on 0, then shift everyone so the member is at (0, 0).
  const byRow = new Map<number, SeedPerson[]>();
  for (const p of people) byRow.set(p.at[1], [...(byRow.get(p.at[1]) ?? []), p]);
  for (const row of byRow.values()) row.forEach((p, i) => (p.at = [(i - row.length / 2) * 140, p.at[1]]));
  const me = people.find((p) => p.key === 'me')!;
  const [mx, my] = me.at;
  for (const p of people) p.at = [p.at[0] - mx, p.at[1] - my];
  me.first = primary.first;
  me.last = primary.last;
  return { primary: 'me', people, parents, spouses };
}
