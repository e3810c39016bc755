import { expect, it } from 'vitest';
import { generatePeople } from '../../../bench/scene/europeanNames.ts';
import { dismissedPairs, findDuplicates } from '../../../src/domain/duplicates/index.ts';
import type { Profile } from '../../../src/domain/types.ts';
import { findDuplicatesOffThread } from '../../../src/screens/tree/duplicates/runDuplicates.ts';

/** 2,000 generated people and a copy of every tenth, one of them said not to be a duplicate. */
function treeWithCopies() {
  const base = generatePeople(2_000);
  const copies: Profile[] = base.filter((_, i) => i % 10 === 0).map((p, i) => ({ ...p, id: `dup:${i}` }));
  const profiles = Object.fromEntries([...base, ...copies].map((p) => [p.id, p]));
  const notDuplicates = { nd1: { id: 'nd1', people: [base[0]!.id, 'dup:0'] as [string, string] } };
  return { profiles, places: {}, notDuplicates, copies };
}

it('finds in a Web Worker, from the narrow copies it is sent, exactly the pairs found in place', async () => {
  const graph = treeWithCopies();
  const inPlace = findDuplicates(graph.profiles, {}, { dismissed: dismissedPairs(graph.notDuplicates) });
  const found = await findDuplicatesOffThread(graph as never, null);
  expect(found.length).toBeGreaterThan(150);
  expect(found).toEqual(inPlace);
  // The pair said not to be a duplicate is left out.
  expect(found.some((p) => [p.a, p.b].includes('dup:0') && [p.a, p.b].includes(graph.notDuplicates.nd1.people[0]))).toBe(false);
});

it('among an import: only pairs with one of its people', async () => {
  const graph = treeWithCopies();
  const among = new Set(graph.copies.slice(0, 50).map((c) => c.id));
  const found = await findDuplicatesOffThread(graph as never, among);
  expect(found.length).toBeGreaterThan(0);
  expect(found.every((p) => among.has(p.a) || among.has(p.b))).toBe(true);
});
