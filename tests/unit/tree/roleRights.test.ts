import { describe, expect, it } from 'vitest';
import { mayEditDetails, treeRights } from '../../../src/screens/tree/actions/rights.ts';
import type { TreeRole } from '../../../src/domain/roles.ts';

describe('what a role lets the tree screen offer (§6 roles)', () => {
  it.each<[TreeRole, ReturnType<typeof treeRights>]>([
    ['owner', { build: true, invite: true, manage: true }],
    ['editor', { build: true, invite: true, manage: false }],
    ['viewer', { build: false, invite: false, manage: false }],
  ])('%s', (role, rights) => {
    expect(treeRights(role)).toEqual(rights);
  });

  const me = 'u-me';
  const own = { id: me, ownerUid: me, createdBy: me };
  const claimedByMe = { id: 'pr:a', ownerUid: me, createdBy: 'u-other' };
  const madeByMe = { id: 'pr:b', ownerUid: '', createdBy: me };
  const madeByOther = { id: 'pr:c', ownerUid: '', createdBy: 'u-other' };
  const claimedByOther = { id: 'pr:d', ownerUid: 'u-other', createdBy: me };
  it.each<[string, typeof own, TreeRole, boolean]>([
    ['own profile, viewer', own, 'viewer', true],
    ['a card I claimed, viewer', claimedByMe, 'viewer', true],
    ['an unclaimed card I made as an editor, now a viewer', madeByMe, 'viewer', false],
    ['someone else’s card, viewer', madeByOther, 'viewer', false],
    ['an unclaimed card I made, editor', madeByMe, 'editor', true],
    ['an unclaimed card someone else made, editor', madeByOther, 'editor', false],
    ['a card another member claimed, owner', claimedByOther, 'owner', false],
    ['own profile, owner', own, 'owner', true],
  ])('edit details: %s', (_name, profile, role, may) => {
    expect(mayEditDetails(profile, me, role)).toBe(may);
  });
});
