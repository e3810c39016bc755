import { describe, expect, it } from 'vitest';
import { countCrossings, layoutFamilies } from '../../../src/domain/layout/index.ts';
import { generateLayoutInput } from '../../../bench/layout/familyInput.ts';
import { royal92 } from '../../../bench/layout/gedcomInput.ts';
import { checkLayout } from './invariants.ts';

/**
 * The layout's invariants on real and big families (issue 9, item 3): royal92.ged read through
 * the GEDCOM parser (pedigree collapse, many remarriages) and a generated family of 100,000.
 * Each person exactly once, no two cards in one 140 × 100 box, every parent in a row above each
 * child (but where a child married into the parent's own chain of marriages: they share a row),
 * couples side by side wherever a spouse unit allows (a person with three or more spouses
 * cannot have them all beside). Crossings and couples apart are printed, not asserted: they
 * measure quality, and the bench reports them too.
 */
describe('layout invariants', () => {
  it('royal92.ged: 3,010 people, each once, no overlaps, parents above children', () => {
    const input = royal92();
    expect(input.people).toHaveLength(3010);
    const result = layoutFamilies(input);
    const check = checkLayout(input, result);
    console.log(
      `royal92: ${result.crossings} crossings; ${check.couplesApart} of ${check.couples} couples not side by side (multiple marriages); ` +
        `${check.parentsBesideChildren} parent–child pairs in one row (a son married his father's widow); ${result.width} × ${result.height}`,
    );
    expect(check).toMatchObject({ missing: 0, extra: 0, overlaps: 0, parentsNotAbove: 0, outside: 0, linesThroughCards: 0 });
    expect(check.couplesApart).toBeLessThan(check.couples * 0.1);
    expect(result.crossings).toBe(countCrossings(input, result.positions));
  });

  it('a generated family of 100,000: each once, no overlaps, parents above children', () => {
    const input = generateLayoutInput(100_000, 1);
    expect(input.people).toHaveLength(100_000);
    const result = layoutFamilies(input);
    const check = checkLayout(input, result);
    console.log(`generated 100,000: ${result.crossings} crossings; ${check.couplesApart} of ${check.couples} couples not side by side; ${result.width} × ${result.height}`);
    expect(check).toMatchObject({ missing: 0, extra: 0, overlaps: 0, parentsNotAbove: 0, outside: 0, linesThroughCards: 0 });
    expect(check.couplesApart).toBeLessThan(check.couples * 0.1);
  }, 60_000);
});
