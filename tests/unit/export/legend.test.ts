import { describe, expect, it } from 'vitest';
import { legendOf, type LineKind } from '../../../src/screens/tree/chart/chartModel.ts';

const birth: LineKind = { data: { kind: 'parent' }, color: undefined, width: 1.5, dash: [] };
const adoptedDashed: LineKind = { data: { kind: 'parent', pedigree: 'adopted' }, color: undefined, width: 1.5, dash: [4, 4] };
const adoptedSame: LineKind = { data: { kind: 'parent', pedigree: 'adopted' }, color: undefined, width: 1.5, dash: [] };
const fosterDotted: LineKind = { data: { kind: 'parent', pedigree: 'foster' }, color: undefined, width: 1.5, dash: [1, 3] };
const spouse: LineKind = { data: { kind: 'spouse' }, color: '#c77d3e', width: 2, dash: [6, 5] };

describe('chart legend (issue 22)', () => {
  it.each([
    ['nothing drawn', [], false, []],
    ['parent lines only', [birth, birth], false, ['Parent and child']],
    ['partners', [birth, spouse, spouse], false, ['Parent and child', 'Partners (each couple its own colour)']],
    ['an adopted line drawn dashed', [birth, adoptedDashed, adoptedDashed], false, ['Parent and child', 'Adopted child']],
    ['an adopted line drawn like a birth line: not told apart', [birth, adoptedSame], false, ['Parent and child']],
    ['two pedigrees and a private card', [fosterDotted, birth, adoptedDashed, spouse], true, ['Parent and child', 'Foster child', 'Adopted child', 'Partners (each couple its own colour)', 'Private: a living person whose details are not shared']],
    ['only a private card', [], true, ['Private: a living person whose details are not shared']],
  ] as const)('%s', (_, lines, hasPrivate, labels) => {
    expect(legendOf(lines, hasPrivate).map((e) => e.label)).toEqual(labels);
  });

  it('shows each line as drawn', () => {
    const [parent, adopted, partners, note] = legendOf([birth, adoptedDashed, spouse], true);
    expect(parent!.line).toEqual({ color: undefined, width: 1.5, dash: [] });
    expect(adopted!.line).toEqual({ color: undefined, width: 1.5, dash: [4, 4] });
    expect(partners!.line).toEqual({ color: '#c77d3e', width: 2, dash: [6, 5] });
    expect(note!.line).toBeUndefined();
  });
});
