import { describe, expect, it } from 'vitest';
import { chainFacts, undoFacts, type FactsOutcome } from '../../../../src/domain/facts/factsResult.ts';
import { coupleId } from '../../../../src/domain/facts/types.ts';
import { deletePerson, unlinkRelation } from '../../../../src/domain/relationships.ts';
import type { Graph } from '../../../../src/domain/types.ts';
import { couple, event, place } from '../factsFixtures.ts';
import { frozenCopy, makeGraph } from '../helpers.ts';

function ok<T>(r: FactsOutcome<T>): Exclude<FactsOutcome<T>, { ok: false }> {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r as Exclude<FactsOutcome<T>, { ok: false }>;
}

/** Victoria married Albert (a marriage at the Chapel Royal); Albert later married Mary too. */
const married = (): Graph => {
  const g = makeGraph({ people: [{ node: 'n1' }, { node: 'n2' }, { node: 'n3' }], spouses: [['n1', 'n2'], ['n2', 'n3']] });
  const marriage = couple('pr:n1', 'pr:n2', [event('ev1', { type: 'MARR', date: '10 FEB 1840', placeId: 'pl1' })]);
  const second = couple('pr:n2', 'pr:n3', [event('ev2', { type: 'MARR', date: '1850' })]);
  return { ...g, places: { pl1: place('pl1', { name: 'Chapel Royal' }) }, couples: { [marriage.id]: marriage, [second.id]: second } };
};

describe("a couple goes with the spouses' link", () => {
  it('unlinking spouses removes their couple and its events; undo brings it back exactly', () => {
    const g = married();
    const before = frozenCopy(g);
    const r = ok(unlinkRelation(g, { nodeId: 'n1', relation: { kind: 'spouse', nodeId: 'n2' } }));
    expect(g).toEqual(before);
    expect(r.graph.couples![coupleId('pr:n1', 'pr:n2')]).toBeUndefined();
    // The other marriage of the same person stays; places stay (other events may name them).
    expect(r.graph.couples![coupleId('pr:n2', 'pr:n3')]).toEqual(g.couples![coupleId('pr:n2', 'pr:n3')]);
    expect(r.graph.places).toEqual(g.places);
    expect(r.facts.couples).toEqual([{ id: coupleId('pr:n1', 'pr:n2'), before: g.couples![coupleId('pr:n1', 'pr:n2')] }]);
    const undone = undoFacts(r.graph, r);
    expect(undone.graph.couples).toEqual(g.couples);
    expect(undone.graph.profiles).toEqual(g.profiles);
  });

  it('unlinking a parent leaves couples alone', () => {
    const withChild = makeGraph({ people: [{ node: 'n1' }, { node: 'n2' }, { node: 'n4' }], spouses: [['n1', 'n2']], parents: [['n1', 'n4']] });
    const c = couple('pr:n1', 'pr:n2', [event('ev1', { type: 'MARR' })]);
    const r = ok(unlinkRelation({ ...withChild, couples: { [c.id]: c } }, { nodeId: 'n4', relation: { kind: 'parent', nodeId: 'n1' } }));
    expect(r.graph.couples).toEqual({ [c.id]: c });
    expect(r.facts.couples).toEqual([]);
  });

  it('deleting a person removes every couple they were in; undo brings them back', () => {
    const g = married();
    const r = ok(deletePerson(g, 'n2'));
    expect(r.graph.couples).toEqual({});
    const undone = undoFacts(r.graph, r);
    expect(undone.graph.couples).toEqual(g.couples);
    expect(undone.graph.profiles['pr:n2']).toEqual(g.profiles['pr:n2']);
  });

  it('deleting a selection one by one undoes as one (each couple as before the first step)', () => {
    const g = married();
    const first = ok(deletePerson(g, 'n1'));
    const second = ok(deletePerson(first.graph, 'n2'));
    const chained = chainFacts(g, [first, second]);
    expect(chained.graph.couples).toEqual({});
    expect(chained.facts.couples.map((e) => e.id).sort()).toEqual([coupleId('pr:n1', 'pr:n2'), coupleId('pr:n2', 'pr:n3')].sort());
    const undone = undoFacts(chained.graph, chained);
    expect(undone.graph.couples).toEqual(g.couples);
    expect(undone.graph.profiles).toEqual(g.profiles);
  });
});
