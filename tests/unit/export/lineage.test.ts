import { describe, expect, it } from 'vitest';
import { clampLineageGenerations, lineageChart, lineageHit, lineageRelation, type LineageLayout } from '../../../engine/export/lineage.ts';

/** Ann's parents Bob and Cat; Bob's parents Dan and Eve; Ann's children Fay and Gus; Fay's child Hal. */
const PARENTS: Record<string, string[]> = { ann: ['bob', 'cat'], bob: ['dan', 'eve'], fay: ['ann'], gus: ['ann'], hal: ['fay'] };
const links = {
  parentsOf: (id: string) => PARENTS[id] ?? [],
  childrenOf: (id: string) => Object.keys(PARENTS).filter((c) => PARENTS[c]!.includes(id)),
};
const SIZES = { cardWidth: 100, cardHeight: 50, columnGap: 40, rowGap: 10 };
const at = (c: ReturnType<typeof lineageChart>) => Object.fromEntries(c.places.map((p) => [p.id, [p.x, p.y]]));

describe('lineageChart', () => {
  it.each([
    // Pedigree: Ann left; Bob centred on Dan (row 0) and Eve (row 1); Cat on row 2; Ann between Bob and Cat.
    ['pedigree', 3, { ann: [0, 75], bob: [140, 30], cat: [140, 120], dan: [280, 0], eve: [280, 60] }, 280 + 100, 170],
    ['pedigree', 2, { ann: [0, 30], bob: [140, 0], cat: [140, 60] }, 240, 110],
    // Descendants: Fay (with Hal) row 0, Gus row 1.
    ['descendants', 3, { ann: [0, 30], fay: [140, 0], gus: [140, 60], hal: [280, 0] }, 380, 110],
    // Hourglass: ancestors to the left of Ann, descendants to the right, Ann's middle the same for both.
    ['hourglass', 2, { bob: [0, 0], cat: [0, 60], ann: [140, 30], fay: [280, 0], gus: [280, 60] }, 380, 110],
  ] as const)('%s of %i generations', (layout, generations, places, width, height) => {
    const c = lineageChart('ann', layout as LineageLayout, generations, links, SIZES);
    expect(at(c)).toEqual(places);
    expect([c.width, c.height]).toEqual([width, height]);
    expect(c.lines).toHaveLength(Object.keys(places).length - 1);
  });

  it('draws elbows from the card facing the next generation to the next card', () => {
    const c = lineageChart('ann', 'hourglass', 2, links, SIZES);
    const lines = c.lines.map((l) => l.map((p) => [p.x, p.y]));
    // Ann's left edge (140) to Bob's right edge (100); Ann's right edge (240) to Fay's left edge (280).
    expect(lines).toContainEqual([[140, 55], [120, 55], [120, 25], [100, 25]]);
    expect(lines).toContainEqual([[240, 55], [260, 55], [260, 25], [280, 25]]);
  });

  it('gives a person reached twice a card in each place', () => {
    const cousins = { parentsOf: (id: string) => ({ a: ['b', 'c'], b: ['x'], c: ['x'] })[id] ?? [], childrenOf: () => [] };
    const c = lineageChart('a', 'pedigree', 3, cousins, SIZES);
    expect(c.places.filter((p) => p.id === 'x')).toHaveLength(2);
  });

  it('finds the place under a point', () => {
    const c = lineageChart('ann', 'pedigree', 2, links, SIZES);
    expect(lineageHit(c, 150, 70, SIZES)?.id).toBe('cat');
    expect(lineageHit(c, 120, 70, SIZES)).toBeNull();
  });
});

describe('lineageChart: partners beside each descendant', () => {
  // Ann's partner Ian; Fay's partner Jon; Gus has none.
  const SPOUSES: Record<string, string[]> = { ann: ['ian'], fay: ['jon'], bob: ['cat'] };
  const withPartners = { ...links, partnersOf: (id: string) => SPOUSES[id] ?? [] };
  const kinds = (c: ReturnType<typeof lineageChart>) => Object.fromEntries(c.places.map((p) => [p.id, p.side === 'partner' ? `partner of ${p.partnerOf}` : p.side]));

  it.each([
    // Fay above her partner Jon in column 1, centred on their child Hal (the couple's middle, y 55,
    // is Hal's); Gus under the couple; Ann and Ian centred on Fay's and Gus's middles.
    ['descendants', 3, { ann: [0, 30], ian: [0, 90], fay: [140, 0], jon: [140, 60], hal: [280, 30], gus: [140, 120] }, 380, 170],
    ['descendants', 2, { ann: [0, 30], ian: [0, 90], fay: [140, 0], jon: [140, 60], gus: [140, 120] }, 240, 170],
    // Hourglass: the ancestors' side has no partners (Bob's partner Cat is there as Ann's mother).
    ['hourglass', 2, { bob: [0, 0], cat: [0, 60], ann: [140, 30], ian: [140, 90], fay: [280, 0], jon: [280, 60], gus: [280, 120] }, 380, 170],
  ] as const)('%s of %i generations', (layout, generations, expected, width, height) => {
    const c = lineageChart('ann', layout, generations, withPartners, SIZES);
    expect(at(c)).toEqual(expected);
    expect([c.width, c.height]).toEqual([width, height]);
    expect(kinds(c).ian).toBe('partner of ann');
    // Every place's card is apart from every other's: no two overlap.
    for (const a of c.places)
      for (const b of c.places)
        if (a !== b) expect(a.x !== b.x || Math.abs(a.y - b.y) >= SIZES.cardHeight + SIZES.rowGap).toBe(true);
  });

  it('joins a partner to the card above and leaves for the children from the couple’s middle', () => {
    const c = lineageChart('ann', 'descendants', 2, withPartners, SIZES);
    const lines = c.lines.map((l) => l.map((p) => [p.x, p.y]));
    // Ann (0, 30) and Ian (0, 90): a line through the 10-unit gap at the cards' middle.
    expect(lines).toContainEqual([[50, 80], [50, 90]]);
    // To Fay (140, 0) and Gus (140, 120) from Ann's right edge at the couple's middle (y 85).
    expect(lines).toContainEqual([[100, 85], [120, 85], [120, 25], [140, 25]]);
    expect(lines).toContainEqual([[100, 85], [120, 85], [120, 145], [140, 145]]);
    expect(c.places.map((p) => p.id)).toEqual(['ann', 'ian', 'fay', 'jon', 'gus']);
  });

  it('leaves the pedigree without partners', () => {
    const c = lineageChart('ann', 'pedigree', 3, withPartners, SIZES);
    expect(c.places.some((p) => p.side === 'partner')).toBe(false);
  });
});

describe('lineageRelation', () => {
  it.each([
    ['root', 0, ''],
    ['up', 1, 'Parent'],
    ['up', 2, 'Grandparent'],
    ['up', 3, 'Great-grandparent'],
    ['up', 4, '2nd great-grandparent'],
    ['down', 1, 'Child'],
    ['down', 5, '3rd great-grandchild'],
    ['down', 13, '11th great-grandchild'],
    ['up', 24, '22nd great-grandparent'],
  ] as const)('%s %i: "%s"', (side, g, words) => expect(lineageRelation(side, g)).toBe(words));
});

it.each([[1, 2], [4, 4], [11, 10], [Number.NaN, 2]])('generations %s clamp to %s', (g, out) => expect(clampLineageGenerations(g)).toBe(out));
