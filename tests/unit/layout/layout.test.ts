import { describe, expect, it } from 'vitest';
import { countCrossings, LAYOUT, layoutFamilies, type LayoutFamily, type LayoutInput } from '../../../src/domain/layout/index.ts';
import { rowPairCrossings } from '../../../src/domain/layout/crossings.ts';
import { packBoxes } from '../../../src/domain/layout/pack.ts';
import { generations } from '../../../src/domain/layout/ranks.ts';
import { familyCount, familyStructure } from '../../../src/domain/layout/structure.ts';
import { spouseUnits } from '../../../src/domain/layout/units.ts';
import { generateLayoutInput } from '../../../bench/layout/familyInput.ts';
import { checkLayout } from './invariants.ts';

const fam = (partners: string[], children: string[] = []): LayoutFamily => ({ partners, children });
const input = (people: string, ...families: LayoutFamily[]): LayoutInput => ({ people: people.split(' '), families });

/** Each person's unit members, left to right, by id. */
function unitsOf(i: LayoutInput): string[][] {
  const s = familyStructure(i);
  const u = spouseUnits(s);
  return Array.from({ length: u.count }, (_, k) => Array.from(u.members.subarray(u.start[k], u.start[k + 1]), (p) => s.ids[p]!));
}

/** Row of each person, by id. */
function rowsOf(i: LayoutInput): Record<string, number> {
  const s = familyStructure(i);
  const u = spouseUnits(s);
  const g = generations(s, u);
  return Object.fromEntries(s.ids.map((id, p) => [id, g.rank[u.unitOf[p]!]!]));
}

describe('familyStructure', () => {
  it.each([
    ['unknown ids are dropped', input('a b c', fam(['a', 'x'], ['b', 'y'])), 1, [['a'], ['b']]],
    ['repeats are dropped', input('a b c', fam(['a', 'a'], ['b', 'b', 'c'])), 1, [['a'], ['b', 'c']]],
    ['a partner listed as a child stays a partner', input('a b c', fam(['a', 'b'], ['b', 'c'])), 1, [['a', 'b'], ['c']]],
    ['no partners: nothing to draw', input('a b', fam([], ['a', 'b'])), 0, []],
    ['one partner, no child: nothing to draw', input('a', fam(['a'])), 0, []],
  ] as const)('%s', (_, i, families, lists) => {
    const s = familyStructure(i);
    expect(familyCount(s)).toBe(families);
    if (families) {
      expect(Array.from(s.partners.subarray(s.partnerStart[0], s.partnerStart[1]), (p) => s.ids[p])).toEqual(lists[0]);
      expect(Array.from(s.children.subarray(s.childStart[0], s.childStart[1]), (p) => s.ids[p])).toEqual(lists[1]);
    }
  });

  it('keeps each person once, in input order', () => {
    expect(familyStructure(input('a b a c')).ids).toEqual(['a', 'b', 'c']);
  });
});

describe('spouseUnits', () => {
  it.each([
    ['single people are units of one', input('a b'), [['a'], ['b']]],
    ['a couple keeps its order', input('a b', fam(['b', 'a'])), [['b', 'a']]],
    ['a remarriage chain is one line, each couple side by side', input('a b c d', fam(['a', 'b']), fam(['b', 'c']), fam(['c', 'd'])), [['a', 'b', 'c', 'd']]],
    ['two spouses: one each side', input('h w1 w2', fam(['h', 'w1']), fam(['h', 'w2'])), [['w1', 'h', 'w2']]],
    [
      'four spouses: the two nearest beside, the others next out',
      input('k q1 q2 q3 q4', fam(['k', 'q1']), fam(['k', 'q2']), fam(['k', 'q3']), fam(['k', 'q4'])),
      [['q3', 'q1', 'k', 'q2', 'q4']],
    ],
  ] as const)('%s', (_, i, units) => {
    expect(unitsOf(i)).toEqual(units);
  });
});

describe('generations', () => {
  it.each([
    ['parents above children', input('a b c d', fam(['a', 'b'], ['c']), fam(['c'], ['d'])), { a: 0, b: 0, c: 1, d: 2 }],
    [
      // e married d, three generations down: e's parents hang right above e, not at the top.
      'a spouse’s parents sit just above the spouse',
      input('a b c d e p q', fam(['a'], ['b']), fam(['b'], ['c']), fam(['c'], ['d']), fam(['d', 'e']), fam(['p', 'q'], ['e'])),
      { a: 0, b: 1, c: 2, d: 3, e: 3, p: 2, q: 2 },
    ],
    [
      'an uncle marrying his niece shares her row (her parent stays above)',
      input('g u s n', fam(['g'], ['u', 's']), fam(['s'], ['n']), fam(['u', 'n'])),
      { g: 0, s: 1, u: 2, n: 2 },
    ],
    [
      // r's son a marries d, four generations down a long line: r, a's brother b and b's son c
      // slide down with a (the lines' total length is least), rather than a long line from r.
      'a family marrying into a deeper line slides down to it',
      input('p0 p1 p2 p3 d r a b c', fam(['p0'], ['p1']), fam(['p1'], ['p2']), fam(['p2'], ['p3']), fam(['p3'], ['d']), fam(['r'], ['a', 'b']), fam(['a', 'd']), fam(['b'], ['c'])),
      { p0: 0, p1: 1, p2: 2, p3: 3, d: 4, r: 3, a: 4, b: 4, c: 5 },
    ],
    ['a circle (own ancestor) still gets rows', input('a b c', fam(['a'], ['b']), fam(['b'], ['c']), fam(['c'], ['a'])), { a: 0, b: 1, c: 2 }],
    ['separate families each start at the top', input('a b c d', fam(['a'], ['b']), fam(['c'], ['d'])), { a: 0, b: 1, c: 0, d: 1 }],
  ] as const)('%s', (_, i, rows) => {
    expect(rowsOf(i)).toEqual(rows);
  });
});

describe('rowPairCrossings', () => {
  it.each([
    ['none', [0, 1, 2], [0, 1, 2], 0],
    ['one swap', [0, 1], [1, 0], 1],
    ['all reversed', [0, 1, 2, 3], [3, 2, 1, 0], 6],
    ['shared top end never crosses', [0, 0, 0], [2, 1, 0], 0],
    ['shared bottom end never crosses', [0, 1, 2], [5, 5, 5], 0],
    ['a fan crossing one line', [0, 0, 1], [0, 2, 1], 1],
  ])('%s', (_, top, bottom, crossings) => {
    expect(rowPairCrossings(top, bottom, top.length)).toBe(crossings);
  });
});

describe('countCrossings', () => {
  const at = (x: number, row: number) => ({ x, y: row * LAYOUT.rowPitch });
  const twoFamilies = input('a b c d', fam(['a'], ['d']), fam(['b'], ['c']));
  it.each([
    ['children under their own parents', { a: at(0, 0), b: at(200, 0), c: at(200, 1), d: at(0, 1) }, 0],
    ['children swapped', { a: at(0, 0), b: at(200, 0), c: at(0, 1), d: at(200, 1) }, 1],
    ['a line passing down through a row crosses the lines it passes', { a: at(0, 0), b: at(400, 0), d: at(800, 2), c: at(0, 1) }, 0],
  ])('%s', (_, positions, crossings) => {
    expect(countCrossings(twoFamilies, positions)).toBe(crossings);
  });

  it('counts a long line where it drops, between each two rows', () => {
    // a's line drops at a's middle down to row 2; b's child in row 1 is to the left of it, b right of it.
    const i = input('a b c d', fam(['a'], ['d']), fam(['b'], ['c']));
    expect(countCrossings(i, { a: at(0, 0), b: at(300, 0), c: at(-300, 1), d: at(0, 2) })).toBe(1);
  });
});

describe('packBoxes', () => {
  it('places boxes apart, tallest first, in shelves', () => {
    const boxes = [
      { width: 1000, height: 200 },
      { width: 400, height: 800 },
      { width: 300, height: 100 },
    ];
    const at = packBoxes(boxes);
    expect(at[1]).toEqual({ x: 0, y: 0 });
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const apart = at[i]!.x + boxes[i]!.width <= at[j]!.x || at[j]!.x + boxes[j]!.width <= at[i]!.x || at[i]!.y + boxes[i]!.height <= at[j]!.y || at[j]!.y + boxes[j]!.height <= at[i]!.y;
        expect(apart).toBe(true);
      }
    }
    expect(packBoxes(boxes)).toEqual(at);
  });
});

describe('layoutFamilies', () => {
  it('lays out nothing', () => {
    expect(layoutFamilies({ people: [], families: [] })).toEqual({ positions: {}, width: 0, height: 0, crossings: 0 });
  });

  it('puts a couple side by side and centres them over their children, siblings 140 apart', () => {
    const r = layoutFamilies(input('f m a b c', fam(['f', 'm'], ['a', 'b', 'c'])));
    const p = r.positions;
    expect(p.m!.x - p.f!.x).toBe(LAYOUT.partnerPitch);
    expect([p.a!.y, p.b!.y, p.c!.y]).toEqual([LAYOUT.rowPitch, LAYOUT.rowPitch, LAYOUT.rowPitch]);
    expect([p.b!.x - p.a!.x, p.c!.x - p.b!.x]).toEqual([140, 140]);
    expect((p.f!.x + p.m!.x) / 2).toBe(p.b!.x);
    expect(r).toMatchObject({ width: 3 * 140 - 8, height: LAYOUT.rowPitch + LAYOUT.card.height, crossings: 0 });
  });

  it('keeps a remarried parent between both spouses, each family under its couple', () => {
    const i = input('w1 h w2 a b', fam(['h', 'w1'], ['a']), fam(['h', 'w2'], ['b']));
    const p = layoutFamilies(i).positions;
    expect(p.w1!.x < p.h!.x && p.h!.x < p.w2!.x).toBe(true);
    expect(p.a!.x < p.b!.x).toBe(true);
    expect(checkLayout(i, layoutFamilies(i))).toMatchObject({ overlaps: 0, parentsNotAbove: 0, couplesApart: 0 });
  });

  it('draws a cousin marriage once, as longer lines', () => {
    // Two brothers' children marry each other.
    const i = input('g a b ca cb k', fam(['g'], ['a', 'b']), fam(['a'], ['ca']), fam(['b'], ['cb']), fam(['ca', 'cb'], ['k']));
    const r = layoutFamilies(i);
    expect(Object.keys(r.positions).sort()).toEqual([...i.people].sort());
    expect(checkLayout(i, r)).toMatchObject({ missing: 0, extra: 0, overlaps: 0, parentsNotAbove: 0, couplesApart: 0 });
  });

  it('packs separate families side by side without overlap', () => {
    const i = input('a b c d e', fam(['a'], ['b']), fam(['c', 'd']));
    const r = layoutFamilies(i);
    expect(checkLayout(i, r)).toMatchObject({ missing: 0, overlaps: 0, outside: 0 });
  });

  it('finishes on circular data, each person once', () => {
    const i = input('a b c d', fam(['a', 'b'], ['c']), fam(['c', 'a'], ['b']), fam(['d'], ['d']));
    const r = layoutFamilies(i);
    expect(Object.keys(r.positions)).toHaveLength(4);
    expect(checkLayout(i, r).overlaps).toBe(0);
  });

  it('reports its crossings as countCrossings counts them', () => {
    const i = generateLayoutInput(2000, 3);
    const r = layoutFamilies(i);
    expect(r.crossings).toBe(countCrossings(i, r.positions));
  });

  it('is deterministic, and reports progress up to 1', () => {
    const i = generateLayoutInput(1500, 5);
    const told: number[] = [];
    const a = layoutFamilies(i, { onProgress: (f) => told.push(f) });
    expect(layoutFamilies(i)).toEqual(a);
    expect(told.at(-1)).toBe(1);
    expect(told).toEqual([...told].sort((x, y) => x - y));
  });

  it('keeps the invariants on a generated family of 3,000 (seeds 1–5)', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const i = generateLayoutInput(3000, seed);
      const c = checkLayout(i, layoutFamilies(i));
      expect(c).toMatchObject({ missing: 0, extra: 0, overlaps: 0, parentsNotAbove: 0, outside: 0, linesThroughCards: 0 });
      expect(c.couplesApart).toBeLessThan(c.couples * 0.1);
    }
  });
});
