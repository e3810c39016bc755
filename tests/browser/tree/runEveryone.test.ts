import { expect, it } from 'vitest';
import { buildKinGraph, relationshipsToEveryone } from '../../../src/domain/kinship/index.ts';
import { runEveryone } from '../../../src/screens/tree/kinship/runEveryone.ts';
import { family, UID } from './fixtures.ts';

it('works out the relationship to everyone in a Web Worker, with the same words as in place', async () => {
  const graph = family();
  const answer = await runEveryone(graph.profiles, UID);
  const g = buildKinGraph(graph.profiles);
  const inPlace = relationshipsToEveryone(g, g.at.get(UID)!);
  expect(g.ids.map((id) => answer.wordOf(id))).toEqual(inPlace);
  expect(answer.wordOf('pr:anne')).toBe('mother');
  expect(answer.wordOf('pr:byronk')).toBe('child');
  expect(answer.wordOf('pr:william')).toBe('husband');
  expect(answer.wordOf('pr:byron')).toBe('');
  expect(answer.wordOf('nobody')).toBe('');
});

it('a member without a person on the tree gets no words, without a worker', async () => {
  const answer = await runEveryone(family().profiles, 'not-on-the-tree');
  expect(answer.wordOf('pr:anne')).toBe('');
});
