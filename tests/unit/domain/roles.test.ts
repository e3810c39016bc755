import { describe, expect, it } from 'vitest';
import { canEditTree, canInvite, canManageTree, compareMembers, isMemberRole, isTreeRole, treeName, type TreeRole } from '../../../src/domain/roles.ts';

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

  it.each([
    ['the owner before everyone, whatever the names', [['viewer', 'Abe', 'u1'], ['owner', 'Zoe', 'u2'], ['editor', 'Ann', 'u3']], ['u2', 'u1', 'u3']],
    ['then by name, not by role', [['editor', 'Zed', 'u1'], ['viewer', 'Bea', 'u2'], ['owner', 'Cy', 'u3']], ['u3', 'u2', 'u1']],
    ['names as people read them (case, accents)', [['editor', 'éva', 'u1'], ['editor', 'Eve', 'u2'], ['editor', 'adam', 'u3']], ['u3', 'u1', 'u2']],
    ['equal names by uid', [['viewer', 'Kim', 'b'], ['editor', 'Kim', 'a'], ['owner', 'Lee', 'c']], ['c', 'a', 'b']],
  ] as const)('members are listed %s', (_, members, order) => {
    const list = members.map(([role, name, uid]) => ({ role, name, uid }));
    expect([...list].sort(compareMembers).map((m) => m.uid)).toEqual(order);
    expect([...list].reverse().sort(compareMembers).map((m) => m.uid)).toEqual(order);
  });
});
