import { describe, expect, it } from 'vitest';
import { findKinship, kinshipWord, type BloodLine, type KinProfiles } from '../../../src/domain/kinship/index.ts';
import { kinIndex } from '../../../src/domain/kinship/kinIndex.ts';
import type { Gender, Profile } from '../../../src/domain/types.ts';
import { seeded } from '../gedcom/graphHelpers.ts';

type P = Pick<Profile, 'id' | 'gender' | 'parents' | 'children' | 'spouses'>;

/** Rows of people whose parents are drawn from the few rows before (heavy collapse, generations mixed), a few with three parents. */
function collapsedFamily(rows: number, perRow: number, seed: number): Record<string, P> {
  const random = seeded(seed);
  const out: Record<string, P> = {};
  const all: string[] = [];
  for (let r = 0; r < rows; r++) {
    const row: string[] = [];
    for (let i = 0; i < perRow; i++) {
      const id = `r${r}-${i}`;
      out[id] = { id, gender: (['F', 'M'] as Gender[])[Math.floor(random() * 2)]!, parents: [], children: [], spouses: [] };
      const earlier = all.slice(Math.max(0, all.length - perRow * 3));
      const count = !earlier.length || random() < 0.1 ? 0 : random() < 0.15 ? 1 : random() < 0.05 ? 3 : 2;
      for (let k = 0; k < count; k++) {
        const p = earlier[Math.floor(random() * earlier.length)]!;
        if (out[id].parents.includes(p)) continue;
        out[id].parents.push(p);
        out[p]!.children.push(id);
      }
      row.push(id);
    }
    all.push(...row);
  }
  return out;
}

/** Each ancestor's smallest depth from `from` (itself at 0), not passing through `excluded` (the start excepted). */
function ancestors(F: Record<string, P>, from: string, excluded: Set<string>): Map<string, number> {
  const depth = new Map([[from, 0]]);
  let level = [from];
  for (let d = 1; level.length; d++) {
    const next: string[] = [];
    for (const i of level) for (const p of F[i]!.parents) if (!depth.has(p) && !excluded.has(p)) (depth.set(p, d), next.push(p));
    level = next;
  }
  return depth;
}

/** Every closest common ancestor with its up and down, found the slow way. */
function closest(F: Record<string, P>, a: string, b: string, excluded = new Set<string>()): string[] {
  const A = ancestors(F, a, excluded);
  const B = ancestors(F, b, excluded);
  const common = [...A.keys()].filter((c) => B.has(c) && !excluded.has(c)).map((c) => [c, A.get(c)!, B.get(c)!] as const);
  const best = Math.min(...common.map(([, u, d]) => u + d));
  return common.filter(([, u, d]) => u + d === best).map(([c, u, d]) => `${c} ${u}/${d}`).sort();
}

const found = (lines: BloodLine[]) => lines.flatMap((l) => l.ancestors.map((c) => `${c} ${l.up}/${l.down}`)).sort();

/** A path goes a → … → b one parent or child link at a time: up `up` links, then down `down`. */
function pathIsLine(F: Record<string, P>, l: BloodLine, a: string, b: string): boolean {
  const p = l.path;
  if (p[0] !== a || p[p.length - 1] !== b || p.length !== l.up + l.down + 1 || p[l.up] !== l.ancestors[0]) return false;
  return p.every((x, i) => i === 0 || (i <= l.up ? F[p[i - 1]!]!.parents.includes(x) : F[x]!.parents.includes(p[i - 1]!)));
}

describe('the blood search finds every closest common ancestor (against a search of whole ancestries)', () => {
  it.each([1, 2, 3, 4])('random collapsed family %i, with the second search through collapse', (seed) => {
    const F = collapsedFamily(14, 12, seed);
    const ids = Object.keys(F);
    const random = seeded(seed + 100);
    let related = 0;
    for (let k = 0; k < 300; k++) {
      const a = ids[Math.floor(random() * ids.length)]!;
      const b = ids[Math.floor(random() * ids.length)]!;
      if (a === b) continue;
      const kin = findKinship(F as KinProfiles, a, b);
      const expected = closest(F, a, b);
      if (kin.kind !== 'blood') {
        expect(expected, `${a} → ${b}`).toEqual([]);
        continue;
      }
      related++;
      expect(found(kin.lines), `${a} → ${b}`).toEqual(expected);
      for (const l of [...kin.lines, ...kin.also]) expect(pathIsLine(F, l, a, b), `${a} → ${b}: ${l.path.join(' ')}`).toBe(true);
      const excluded = new Set(kin.lines.flatMap((l) => l.ancestors));
      expect(found(kin.also), `${a} → ${b} also`).toEqual(closest(F, a, b, excluded));
    }
    expect(related).toBeGreaterThan(100);
  });
});

describe('the blood search without a generation cap', () => {
  it('names a line 10,000 generations long, its ancestors followed up from where the two sides met', () => {
    const F: Record<string, P> = {};
    const add = (id: string) => (F[id] = { id, gender: 'F', parents: [], children: [], spouses: [] });
    const child = (p: string, c: string) => (F[p]!.children.push(c), F[c]!.parents.push(p));
    // One line down from root, each of it with a second parent of no known ancestry (so going up
    // from the last one costs more than going down from root), and root's other child, aunt.
    add('root');
    add('aunt');
    child('root', 'aunt');
    let last = 'root';
    for (let i = 1; i <= 10_000; i++) {
      add(`g${i}`);
      add(`s${i}`);
      child(last, `g${i}`);
      child(`s${i}`, `g${i}`);
      last = `g${i}`;
    }
    const k = findKinship(F as KinProfiles, last, 'aunt', { also: false });
    expect(kinshipWord(k, 'F')).toBe('9998th great-aunt');
    expect(k.kind === 'blood' && k.lines[0]!.path.length).toBe(10_002);
  });

  it("finds the same once the keys start over (a run's keys are its base + a depth; near 2^30 all are zeroed)", () => {
    const F = collapsedFamily(8, 10, 7);
    const ids = Object.keys(F);
    kinIndex(F as KinProfiles).next = 2 ** 30 - 5;
    for (let k = 0; k < 40; k++) {
      const [a, b] = [ids[(k * 7) % ids.length]!, ids[(k * 13 + 5) % ids.length]!];
      if (a === b) continue;
      const kin = findKinship(F as KinProfiles, a, b, { also: false });
      expect(kin.kind === 'blood' ? found(kin.lines) : [], `${a} → ${b}`).toEqual(kin.kind === 'blood' || !closest(F, a, b).length ? closest(F, a, b) : ['a blood line']);
    }
    expect(kinIndex(F as KinProfiles).next).toBeLessThan(2 ** 20);
  });
});
