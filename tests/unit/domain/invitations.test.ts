import { describe, expect, it } from 'vitest';
import {
  INVITATION_EXPIRED,
  INVITATION_ID,
  INVITATION_INVALID,
  INVITATION_REVOKED,
  INVITATION_USED,
  invitationExpired,
  usableInvitation,
  type InvitationUse,
} from '../../../src/domain/invitations.ts';

/** The one rule of an invitation's use, which the server and the functions both apply. */
describe('usableInvitation', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const pending: InvitationUse = { status: 'pending', expiresAt: '2026-03-01T12:00:00.001Z', firstAccount: false };

  it.each([
    ['none', null, false, 'auth/invitation-invalid', INVITATION_INVALID],
    ['accepted', { ...pending, status: 'accepted' }, false, 'auth/invitation-used', INVITATION_USED],
    ['revoked', { ...pending, status: 'revoked' }, false, 'auth/invitation-revoked', INVITATION_REVOKED],
    ['expired at this very moment', { ...pending, expiresAt: now.toISOString() }, false, 'auth/invitation-expired', INVITATION_EXPIRED],
    ['accepted and expired: used wins', { ...pending, status: 'accepted', expiresAt: '2026-01-01T00:00:00.000Z' }, false, 'auth/invitation-used', INVITATION_USED],
    ['the first-account one once an account exists', { ...pending, expiresAt: null, firstAccount: true }, true, 'auth/invitation-used', INVITATION_USED],
  ] as const)('refuses %s with its own code and words', (_, invitation, hasAccounts, code, message) => {
    expect(() => usableInvitation(invitation, now, hasAccounts)).toThrow(expect.objectContaining({ code, message }));
  });

  it('lets a pending one through until its expiry, and the first-account one while nobody has an account', () => {
    expect(usableInvitation(pending, now, true)).toBe(pending);
    const first = { ...pending, expiresAt: null, firstAccount: true };
    expect(usableInvitation(first, now, false)).toBe(first);
    expect(invitationExpired(first, new Date('2999-01-01'))).toBe(false);
  });

  it('knows an invitation id: 24 lower-case hex characters', () => {
    expect(['00112233445566778899aabb', '00112233445566778899AABB', '00112233445566778899aab', '../00112233445566778899a'].map((id) => INVITATION_ID.test(id))).toEqual([true, false, false, false]);
  });
});
