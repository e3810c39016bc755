import { expect, it } from 'vitest';
import { layoutFamilies } from '../../../src/domain/layout/index.ts';
import { runLayout } from '../../../src/screens/tree/layout/runLayout.ts';
import { generateLayoutInput } from '../../../bench/layout/familyInput.ts';

it('lays out in a Web Worker, reporting progress, with the same answer as in place', async () => {
  const input = generateLayoutInput(3000, 2);
  const told: number[] = [];
  const result = await runLayout(input, (f) => told.push(f));
  expect(result).toEqual(layoutFamilies(input));
  expect(told.length).toBeGreaterThan(1);
  expect(told.at(-1)).toBe(1);
});

it('answers a failed layout with an error', async () => {
  // A malformed request (no families list) throws inside the worker.
  await expect(runLayout({ people: ['a'] } as never)).rejects.toThrow();
});
