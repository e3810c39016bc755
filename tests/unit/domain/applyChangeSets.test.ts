import { describe, expect, it } from 'vitest';
import { applyChangeSets } from '../../../src/domain/applyChangeSets.ts';
import { applyChangeSet, emptyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { parentEdge } from '../../../src/domain/relationships.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { makeGraph } from './helpers.ts';

const base = (): Graph =>
  makeGraph({
    people: [{ node: 'n1001', profile: 'u-owner', primary: true }, { node: 'n1002' }, { node: 'n1003' }],
    parents: [['n1001', 'n1002']],
  });

type Step = (g: Graph, cs: ChangeSet) => void;
const moved: Step = (g, cs) => cs.nodes.upsert.push({ ...g.nodes[1]!, position: { x: 5, y: 5 } });
const added: Step = (g, cs) => cs.nodes.upsert.push({ ...g.nodes[2]!, id: 'n1009' });
const removedCard: Step = (_g, cs) => cs.nodes.remove.push('n1002');
const addedBack: Step = (g, cs) => cs.nodes.upsert.push({ ...g.nodes[1]!, position: { x: 9, y: 9 } });
const line: Step = (_g, cs) => cs.edges.upsert.push(parentEdge('n1001', 'n1003'));
const unlinked: Step = (_g, cs) => cs.edges.remove.push('e-n1001-n1002');
const patched: Step = (_g, cs) => cs.profiles.upsert.push({ id: 'pr:n1003', set: { bio: 'hello' }, add: { parents: ['u-owner'] } });
const created: Step = (_g, cs) => cs.profiles.upsert.push({ id: 'pr:new', create: true, set: { firstName: 'New' } });
const removedProfile: Step = (_g, cs) => cs.profiles.remove.push('pr:n1002');
const upsertAndRemove: Step = (g, cs) => {
  cs.nodes.upsert.push({ ...g.nodes[2]!, position: { x: 1, y: 1 } });
  cs.nodes.remove.push('n1003');
};

describe('applyChangeSets', () => {
  it.each<{ name: string; steps: Step[][] }>([
    { name: 'nothing', steps: [] },
    { name: 'a move', steps: [[moved]] },
    { name: 'a new card, a line, a patch and a new profile in one', steps: [[added, line, patched, created]] },
    { name: 'a card removed, then added again (it goes to the end)', steps: [[removedCard], [moved], [addedBack]] },
    { name: 'a card moved twice, then its line removed', steps: [[moved], [moved], [unlinked]] },
    { name: 'a profile patched, removed, and created again', steps: [[patched], [removedProfile], [created, patched]] },
    { name: 'one change set both upserting and removing a card', steps: [[upsertAndRemove]] },
  ])('gives what applying each in turn gives: $name', ({ steps }) => {
    const g = base();
    const sets = steps.map((group, i) => {
      const cs = emptyChangeSet(i);
      for (const step of group) step(g, cs);
      return cs;
    });
    const oneByOne = sets.reduce(applyChangeSet, g);
    const atOnce = applyChangeSets(g, sets);
    expect(atOnce).toEqual(oneByOne);
    expect(atOnce.nodes.map((n) => n.id)).toEqual(oneByOne.nodes.map((n) => n.id));
    expect(Object.keys(atOnce.profiles)).toEqual(Object.keys(oneByOne.profiles));
  });

  it('leaves its input alone and keeps untouched entities as the same objects', () => {
    const g = base();
    const copy = structuredClone(g);
    const cs = emptyChangeSet(0);
    moved(g, cs);
    patched(g, cs);
    const out = applyChangeSets(g, [cs]);
    expect(g).toEqual(copy);
    expect(out.nodes[0]).toBe(g.nodes[0]);
    expect(out.edges).toBe(g.edges);
    expect(out.profiles['u-owner']).toBe(g.profiles['u-owner']);
  });
});
