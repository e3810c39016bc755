import { describe, expect, it } from 'vitest';
import { treeRights } from '../../../src/screens/tree/actions/rights.ts';
import type { TreeRole } from '../../../src/domain/roles.ts';

describe('what a role lets the tree screen offer (§6 roles)', () => {
  it.each<[TreeRole, ReturnType<typeof treeRights>]>([
    ['owner', { build: true, invite: true, manage: true }],
    ['editor', { build: true, invite: true, manage: false }],
    ['viewer', { build: false, invite: false, manage: false }],
  ])('%s', (role, rights) => {
    expect(treeRights(role)).toEqual(rights);
  });
});
