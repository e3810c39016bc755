import { describe, expect, it } from 'vitest';
import { mayReplacePhoto } from '../../../server/routes/avatars.ts';

const PR = 'pr:0123456789abcdef0123456789abcdef';

describe('mayReplacePhoto: nobody replaces another member’s photo', () => {
  it.each([
    ['my own profile', { id: 'ada', ownerUid: 'ada', createdBy: 'ada' }, 'ada', true],
    ["another member's own profile", { id: 'bob', ownerUid: 'bob', createdBy: 'bob' }, 'ada', false],
    ["another member's own profile I somehow created", { id: 'bob', ownerUid: '', createdBy: 'ada' }, 'ada', false],
    ['a relative I created, unclaimed', { id: PR, ownerUid: '', createdBy: 'ada' }, 'ada', true],
    ['a relative I created, claimed by another member', { id: PR, ownerUid: 'bob', createdBy: 'ada' }, 'ada', false],
    ['a relative claimed by me', { id: PR, ownerUid: 'ada', createdBy: 'bob' }, 'ada', true],
    ['a relative someone else created, unclaimed (issue 19: editors fix any relative)', { id: PR, ownerUid: '', createdBy: 'bob' }, 'ada', true],
    ['no signed-in member', { id: PR, ownerUid: '', createdBy: '' }, '', false],
  ])('%s → %s', (_, profile, uid, expected) => {
    expect(mayReplacePhoto(profile, uid, 'editor')).toBe(expected);
  });
});
