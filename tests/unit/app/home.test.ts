import { describe, expect, it } from 'vitest';
import { homeGreeting } from '../../../src/screens/home/greeting.ts';
import { offersNewTree } from '../../../src/screens/home/TreeList.tsx';

// Issue 19, item 17: a brand-new member was greeted "Welcome back", and nothing on Home started a tree.
describe('Home for a new and a returning member', () => {
  it.each([
    ['a member who opened a tree before', 'ready', [{ current: false }, { current: true }], 'Welcome back, Ada.'],
    ['a member who never opened one', 'ready', [{ current: false }], 'Welcome, Ada.'],
    ['a member with no tree listed yet', 'ready', [], 'Welcome, Ada.'],
    ['while the trees load', 'loading', [], 'Welcome back, Ada.'],
  ] as const)('%s: %s', (_name, status, trees, said) => {
    expect(homeGreeting('Ada', { status, trees })).toBe(said);
  });

  it.each([
    ['only trees others own', [{ graphId: 'g-other' }], true],
    ['no tree', [], true],
    ['a tree of their own', [{ graphId: 'u1' }, { graphId: 'g-other' }], false],
  ])('"New tree" with %s: %s', (_name, trees, offered) => {
    expect(offersNewTree(trees, 'u1')).toBe(offered);
  });
});
