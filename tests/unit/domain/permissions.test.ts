import { describe, expect, it } from 'vitest';
import { canAddParent, canDeleteNode, canRemoveProfile, canShowEditProfile } from '../../../src/domain/permissions.ts';

describe('canShowEditProfile (§6)', () => {
  it.each([
    ['owner', 'u1', 'u1', true],
    ['someone else', 'u1', 'u2', false],
    ['no owner', '', 'u2', true],
  ])('%s', (_n, ownerUid, uid, expected) => expect(canShowEditProfile({ ownerUid }, uid)).toBe(expected));
});

describe('deleting', () => {
  it.each([
    [true, false],
    [false, true],
  ])('primary %s → deletable %s', (isPrimary, expected) =>
    expect(canDeleteNode({ data: { profileId: 'x', parentRole: '', isPrimary } })).toBe(expected));

  it.each([
    ['graph owner', { id: 'u0', ownerUid: 'u0', createdBy: 'u0' }, 'u0', false],
    ['unclaimed, by another', { id: 'pr:a', ownerUid: '', createdBy: 'u2' }, 'u1', true],
    ['claimed by another member', { id: 'pr:a', ownerUid: 'u2', createdBy: 'u1' }, 'u1', false],
    ['claimed by me', { id: 'pr:a', ownerUid: 'u1', createdBy: 'u2' }, 'u1', true],
  ])('canRemoveProfile: %s', (_n, profile, uid, expected) => expect(canRemoveProfile(profile, uid, 'u0')).toBe(expected));
});

describe('canAddParent', () => {
  it.each([
    [0, true],
    [1, true],
    [2, false],
    [3, false],
  ])('%i parents → %s', (count, expected) => expect(canAddParent(count)).toBe(expected));
});
