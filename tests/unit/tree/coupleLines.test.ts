import { describe, expect, it } from 'vitest';
import { coupleLineLabel, partnersOfLine } from '../../../src/screens/tree/canvas/coupleLines.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { couple, event } from '../domain/factsFixtures.ts';
import { makeGraph } from '../domain/helpers.ts';

const spouseLine = { source: 'n1', target: 'n2', data: { kind: 'spouse' } };

function married(date: string): Graph {
  const g = makeGraph({ people: [{ node: 'n1' }, { node: 'n2' }, { node: 'n3' }], spouses: [['n1', 'n2']], parents: [['n1', 'n3']] });
  const c = couple('pr:n1', 'pr:n2', [event('ev1', { type: 'MARR', date })]);
  return { ...g, couples: { [c.id]: c } };
}

describe("a couple's line", () => {
  it('is labelled with the marriage year; a parent line and a couple without a marriage are not', () => {
    const g = married('10 FEB 1840');
    expect(coupleLineLabel(g, spouseLine)).toBe('m. 1840');
    expect(coupleLineLabel(g, { source: 'n1', target: 'n3', data: { kind: 'parent' } })).toBe('');
    expect(coupleLineLabel({ ...g, couples: {} }, spouseLine)).toBe('');
  });

  it('follows a changed couple (couples are replaced, never changed in place)', () => {
    const g = married('10 FEB 1840');
    expect(coupleLineLabel(g, spouseLine)).toBe('m. 1840');
    expect(coupleLineLabel(married('ABT 1841'), spouseLine)).toBe('m. about 1841');
  });

  it('names its partners, the source card first', () => {
    expect(partnersOfLine(married(''), spouseLine)).toEqual(['pr:n1', 'pr:n2']);
    expect(partnersOfLine(married(''), { ...spouseLine, data: { kind: 'parent' } })).toBeNull();
  });
});
