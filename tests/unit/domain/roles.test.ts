import { describe, expect, it } from 'vitest';
import { canEditTree, canInvite, canManageTree, isMemberRole, isTreeRole, treeName, type TreeRole } from '../../../src/domain/roles.ts';

describe('roles per tree (§6)', () => {
  it.each([
    ['owner', true, true, true],
    ['editor', true, true, false],
    ['viewer', false, false, false],
    [null, false, false, false],
  ] as const)('%s: edits %s, invites %s, manages %s', (role: TreeRole | null, edits, invites, manages) => {
    expect(canEditTree(role)).toBe(edits);
    expect(canInvite(role)).toBe(invites);
    expect(canManageTree(role)).toBe(manages);
  });

  it('knows its roles; only editor and viewer can be given', () => {
    expect(['owner', 'editor', 'viewer', 'member', ''].map(isTreeRole)).toEqual([true, true, true, false, false]);
    expect(['owner', 'editor', 'viewer'].map(isMemberRole)).toEqual([false, true, true]);
  });
});

describe('treeName', () => {
  it.each([
    ['', 'hopper', 'Hopper family tree'],
    ['', "o'neil-smith", "O'Neil-Smith family tree"],
    ['', '', 'Family tree'],
    ['  The Hoppers & Smiths ', 'hopper', 'The Hoppers & Smiths'],
  ])('name %j, owner %j → %j', (custom, last, expected) => expect(treeName(custom, last)).toBe(expected));
});
