import { describe, expect, it } from 'vitest';
import type { InvitationDoc } from '../../../src/backend/firebase/paths.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { INVITATION_INVALID, INVITATION_MALFORMED, INVITATION_USED } from '../../../src/domain/invitations.ts';
import { AUTH_MESSAGES } from '../../../src/domain/validation/auth.ts';
import {
  acceptedByCaller,
  checkAcceptInput,
  checkCreateInput,
  firstAccountInvitation,
  inviteOrigin,
  inviteUrl,
  newInvitation,
  siteOrigins,
  usableInvitation,
} from '../../../functions/src/invitations.ts';

const counting = (bytes: Uint8Array<ArrayBuffer>) => bytes.map((_, i) => i * 17);
const coded = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? { code: e.code, message: e.message } : e;
  }
  return null;
};

describe('a new invitation (§3)', () => {
  it('holds the §3 fields: a 32-hex token from the random source, the trimmed lower-cased e-mail, pending', () => {
    const fields = checkCreateInput({ callerUid: 'u1', nodeId: 'n1002', email: '  Ann@Example.COM ' });
    expect(fields).toEqual({ email: 'ann@example.com', nodeId: 'n1002', inviterUid: 'u1', graphUid: 'u1' });
    const doc = newInvitation(fields, counting, 'server-time');
    expect(doc).toEqual({ token: expect.stringMatching(/^[0-9a-f]{32}$/), email: 'ann@example.com', nodeId: 'n1002', inviterUid: 'u1', graphUid: 'u1', status: 'pending', createdAt: 'server-time', firstAccount: false });
    expect(doc.token).toBe('00112233445566778899aabbccddeeff');
  });

  it('takes the graph named, and the inviter only when it is the caller', () => {
    expect(checkCreateInput({ callerUid: 'u1', inviterUid: 'u1', graphUid: 'g2', nodeId: 'n1002', email: 'a@b.co' }).graphUid).toBe('g2');
    expect(coded(() => checkCreateInput({ callerUid: 'u1', inviterUid: 'u2', nodeId: 'n1002', email: 'a@b.co' }))).toMatchObject({ code: 'permission-denied' });
  });

  it.each(['', 'annabella', 'a@b', 'a b@c.d', '@example.com', 42, undefined])("refuses the e-mail %j with §5's invalid-email", (email) => {
    expect(coded(() => checkCreateInput({ callerUid: 'u1', nodeId: 'n1002', email }))).toEqual({ code: 'invalid-email', message: AUTH_MESSAGES.invalidEmail });
  });

  it.each([[''], ['n'.repeat(41)], [7]])('refuses the node id %j', (nodeId) => {
    expect(coded(() => checkCreateInput({ callerUid: 'u1', nodeId, email: 'a@b.co' }))).toMatchObject({ code: 'invalid-argument' });
  });

  it.each(['a/b', '__name__', 'x'.repeat(129), 7])('refuses the graph id %j, which could not name a document', (graphUid) => {
    expect(coded(() => checkCreateInput({ callerUid: 'u1', graphUid, nodeId: 'n1002', email: 'a@b.co' }))).toEqual({ code: 'invalid-argument', message: 'graphUid is not valid.' });
  });

  it('makes the first-account invitation with no graph and the e-mail given, or none', () => {
    expect(firstAccountInvitation(' Admin@Example.com', counting, 't')).toMatchObject({ email: 'admin@example.com', firstAccount: true, graphUid: '', nodeId: '', status: 'pending' });
    expect(firstAccountInvitation('', counting, 't').email).toBe('');
  });
});

describe('the invitation link (§7: on the site’s own origin)', () => {
  const site = siteOrigins('https://kinfolk.example, https://www.kinfolk.example/', 'demo-kinfolk');

  it('uses the configured origins, else the project’s Hosting domains', () => {
    expect(site).toEqual(['https://kinfolk.example', 'https://www.kinfolk.example']);
    expect(siteOrigins('', 'my-app')).toEqual(['https://my-app.web.app', 'https://my-app.firebaseapp.com']);
    expect(siteOrigins(undefined, 'my-app')).toEqual(['https://my-app.web.app', 'https://my-app.firebaseapp.com']);
  });

  it.each([
    ['https://www.kinfolk.example', 'https://www.kinfolk.example'],
    ['https://evil.example', 'https://kinfolk.example'],
    [undefined, 'https://kinfolk.example'],
  ])('the calling page %s gets links on %s', (origin, expected) => {
    expect(inviteOrigin(origin, site)).toBe(expected);
  });

  it('puts the token in /invite?token=', () => {
    expect(inviteUrl('https://kinfolk.example', '00112233445566778899aabbccddeeff')).toBe('https://kinfolk.example/invite?token=00112233445566778899aabbccddeeff');
  });
});

describe('usableInvitation', () => {
  const token = '00112233445566778899aabbccddeeff';
  const stored = (over: Partial<InvitationDoc> = {}): InvitationDoc => ({ token, email: 'a@b.co', nodeId: 'n1002', inviterUid: 'u1', graphUid: 'u1', status: 'pending', createdAt: 't', firstAccount: false, ...over });

  it.each<[string, unknown, InvitationDoc | null, boolean, { code: string; message: string } | null]>([
    ['a pending invitation', token, stored(), true, null],
    ['a malformed token', 'XYZ', stored(), false, { code: 'invalid-argument', message: INVITATION_MALFORMED }],
    ['an upper-case token', token.toUpperCase(), stored(), false, { code: 'invalid-argument', message: INVITATION_MALFORMED }],
    ['an unknown token', token, null, false, { code: 'auth/invitation-invalid', message: INVITATION_INVALID }],
    ['an accepted invitation', token, stored({ status: 'accepted' }), false, { code: 'auth/invitation-used', message: INVITATION_USED }],
    ['the first-account invitation while no account exists', token, stored({ firstAccount: true }), false, null],
    ['the first-account invitation once one exists', token, stored({ firstAccount: true }), true, { code: 'auth/invitation-used', message: INVITATION_USED }],
  ])('%s', (_name, t, doc, hasAccounts, expected) => {
    expect(coded(() => usableInvitation(t, doc, hasAccounts))).toEqual(expected);
  });
});

describe('acceptedByCaller (an accept sent again after its answer was lost)', () => {
  const doc = (over: Partial<InvitationDoc>): InvitationDoc => ({ token: '00112233445566778899aabbccddeeff', email: 'a@b.co', nodeId: 'n1', inviterUid: 'u1', graphUid: 'u1', status: 'pending', createdAt: 't', firstAccount: false, ...over });
  it.each<[string, InvitationDoc | null, boolean]>([
    ['accepted by this caller', doc({ status: 'accepted', acceptedBy: 'u2' }), true],
    ['accepted by someone else', doc({ status: 'accepted', acceptedBy: 'u3' }), false],
    ['still pending', doc({}), false],
    ['unknown', null, false],
  ])('%s', (_name, stored, expected) => {
    expect(acceptedByCaller(stored, 'u2')).toBe(expected);
  });
});

describe('checkAcceptInput (§5 sign-up rules)', () => {
  it('capitalises the names and keeps the chosen gender', () => {
    expect(checkAcceptInput({ firstName: 'mARY-jane', lastName: ' o’neil ', gender: 'Prefer not to say' })).toEqual({ firstName: 'Mary-Jane', lastName: 'O’Neil', gender: 'Prefer not to say' });
  });

  it.each<[Record<string, unknown>, string]>([
    [{ firstName: '', lastName: 'B', gender: 'Male' }, AUTH_MESSAGES.namesRequired],
    [{ firstName: 'A', lastName: '  ', gender: 'Male' }, AUTH_MESSAGES.namesRequired],
    [{ lastName: 'B', gender: 'Male' }, AUTH_MESSAGES.namesRequired],
    [{ firstName: 'A'.repeat(101), lastName: 'B', gender: 'Male' }, 'First name is too long.'],
    [{ firstName: 'A', lastName: 'B'.repeat(101), gender: 'Male' }, 'Last name is too long.'],
    [{ firstName: 'A', lastName: 'B', gender: 'M' }, AUTH_MESSAGES.genderRequired],
    [{ firstName: 'A', lastName: 'B' }, AUTH_MESSAGES.genderRequired],
  ])('%j → %s', (input, message) => {
    expect(coded(() => checkAcceptInput(input))).toEqual({ code: 'invalid-argument', message });
  });
});
