import { describe, expect, it } from 'vitest';
import { buildKinGraph, findKinship, kinshipWord, relationshipsToEveryone, type KinProfiles } from '../../../src/domain/kinship/index.ts';
import type { Gender, Profile } from '../../../src/domain/types.ts';
import { seeded } from '../gedcom/graphHelpers.ts';

type P = Pick<Profile, 'id' | 'gender' | 'parents' | 'children' | 'spouses'>;

/** A random family with pedigree collapse: `generations` rows, each couple drawn from the row before; some remarriages. */
function randomFamily(generations: number, perRow: number, seed: number): Record<string, P> {
  const random = seeded(seed);
  const out: Record<string, P> = {};
  let prev: string[] = [];
  for (let g = 0; g < generations; g++) {
    const row: string[] = [];
    for (let i = 0; i < perRow; i++) {
      const id = `g${g}-${i}`;
      out[id] = { id, gender: (['F', 'M', ''] as Gender[])[Math.floor(random() * 3)]!, parents: [], children: [], spouses: [] };
      const pick = () => prev[Math.floor(random() * prev.length)]!;
      if (prev.length && random() < 0.9) {
        const a = pick();
        const b = pick();
        for (const p of a === b || random() < 0.2 ? [a] : [a, b]) {
          out[id].parents.push(p);
          out[p]!.children.push(id);
        }
        const [x, y] = out[id].parents;
        if (x && y && !out[x]!.spouses.includes(y)) out[x]!.spouses.push(y), out[y]!.spouses.push(x);
      }
      row.push(id);
    }
    // A few marriages within the row: in-laws and stepfamilies.
    for (let i = 0; i + 1 < row.length; i += 4) {
      const [a, b] = [row[i]!, row[i + 1]!];
      if (!out[a]!.spouses.includes(b)) out[a]!.spouses.push(b), out[b]!.spouses.push(a);
    }
    prev = row;
  }
  return out;
}

describe('relationshipsToEveryone', () => {
  it.each([1, 2, 3])('says for every person what findKinship says first (random family %i)', (seed) => {
    const F = randomFamily(7, 14, seed);
    const g = buildKinGraph(F);
    for (const me of ['g6-0', 'g3-5', 'g0-2']) {
      const words = relationshipsToEveryone(g, g.ids.indexOf(me));
      const expected = g.ids.map((id) => kinshipWord(findKinship(F as KinProfiles, me, id, { also: false }), F[id]!.gender));
      const wrong = g.ids.flatMap((id, i) => (words[i] === expected[i] ? [] : [`${me} → ${id}: ${words[i]} / ${expected[i]}`]));
      expect(wrong).toEqual([]);
      expect(words.filter(Boolean).length).toBeGreaterThan(10);
    }
  });

  it('names the family around one person', () => {
    const F: Record<string, P> = {};
    const add = (id: string, gender: Gender) => (F[id] = { id, gender, parents: [], children: [], spouses: [] });
    const child = (p: string, c: string) => (F[p]!.children.push(c), F[c]!.parents.push(p));
    const wed = (a: string, b: string) => (F[a]!.spouses.push(b), F[b]!.spouses.push(a));
    for (const [id, g] of [['dad', 'M'], ['mum', 'F'], ['me', 'F'], ['bro', 'M'], ['sm', 'F'], ['ss', 'M'], ['h', 'M'], ['hs', 'F'], ['hm', 'F'], ['bw', 'F']] as const) add(id, g);
    for (const c of ['me', 'bro']) child('dad', c), child('mum', c);
    child('sm', 'ss');
    for (const c of ['h', 'hs']) child('hm', c);
    wed('dad', 'mum');
    wed('dad', 'sm');
    wed('me', 'h');
    wed('bro', 'bw');
    const g = buildKinGraph(F);
    const words = Object.fromEntries(relationshipsToEveryone(g, g.ids.indexOf('me')).map((w, i) => [g.ids[i], w]));
    expect(words).toEqual({ dad: 'father', mum: 'mother', me: '', bro: 'brother', sm: 'stepmother', ss: 'stepbrother', h: 'husband', hs: 'sister-in-law', hm: 'mother-in-law', bw: 'sister-in-law' });
  });

  it('names double cousins and a mother who is also a half-sister as the finder does', () => {
    // Brothers b1, b2 (of p1 + p2) married sisters s1, s2 (of q1 + q2): their children d1 and d2
    // are double first cousins, d1's son e1 and d2's daughter e2 double second cousins. b1's son
    // h by another wife is d1's half-brother and d2's first cousin (one couple of grandparents).
    // f's daughter m2 is also the mother of f's son x (webtrees #1388).
    const F: Record<string, P> = {};
    const add = (id: string, gender: Gender) => (F[id] = { id, gender, parents: [], children: [], spouses: [] });
    const child = (p: string, c: string) => (F[p]!.children.push(c), F[c]!.parents.push(p));
    const wed = (a: string, b: string) => (F[a]!.spouses.push(b), F[b]!.spouses.push(a));
    for (const [id, g] of [['p1', 'M'], ['p2', 'F'], ['q1', 'M'], ['q2', 'F'], ['b1', 'M'], ['b2', 'M'], ['s1', 'F'], ['s2', 'F'], ['w', 'F'], ['h', 'M'], ['d1', 'F'], ['d1b', 'M'], ['d2', 'M'], ['e1', 'M'], ['e2', 'F'], ['e1w', 'F'], ['e2h', 'M'], ['f', 'M'], ['fw', 'F'], ['m2', 'F'], ['x', 'M']] as const) add(id, g);
    for (const c of ['b1', 'b2']) child('p1', c), child('p2', c);
    for (const c of ['s1', 's2']) child('q1', c), child('q2', c);
    for (const c of ['d1', 'd1b']) child('b1', c), child('s1', c);
    child('b2', 'd2'), child('s2', 'd2');
    child('b1', 'h'), child('w', 'h');
    child('d1', 'e1'), child('e1w', 'e1');
    child('d2', 'e2'), child('e2h', 'e2');
    child('f', 'm2'), child('fw', 'm2'), child('f', 'x'), child('m2', 'x');
    wed('p1', 'p2'), wed('q1', 'q2'), wed('b1', 's1'), wed('b2', 's2'), wed('b1', 'w'), wed('f', 'fw'), wed('f', 'm2');
    const g = buildKinGraph(F);
    const from = (me: string) => Object.fromEntries(relationshipsToEveryone(g, g.ids.indexOf(me)).map((w, i) => [g.ids[i], w]));
    const finder = (me: string, id: string) => kinshipWord(findKinship(F as KinProfiles, me, id, { also: false }), F[id]!.gender);
    const d1 = from('d1');
    expect([d1.d2, d1.e2, d1.h, d1.d1b]).toEqual(['double first cousin', 'double first cousin once removed', 'half-brother', 'brother']);
    expect(from('e1').e2).toBe('double second cousin');
    expect(from('h').d2).toBe('first cousin');
    expect(from('x').m2).toBe('mother');
    for (const me of ['d1', 'e1', 'h', 'x', 'd2']) {
      const words = from(me);
      for (const id of g.ids) expect(words[id], `${me} → ${id}`).toBe(id === me ? '' : finder(me, id));
    }
  });
});

