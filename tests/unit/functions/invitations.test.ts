import { describe, expect, it } from 'vitest';
import type { InvitationDoc } from '../../../src/backend/firebase/paths.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { createHash } from 'node:crypto';
import { INVITATION_EXPIRED, INVITATION_INVALID, INVITATION_MALFORMED, INVITATION_REVOKED, INVITATION_USED, INVITED_NODE_ID_MAX, invitationExpired, NODE_ID_REQUIRED, NODE_ID_TOO_LONG } from '../../../src/domain/invitations.ts';
import { AUTH_MESSAGES, EMAIL_MAX_CHARS, EMAIL_TOO_LONG } from '../../../src/domain/validation/auth.ts';
import {
  acceptedByCaller,
  checkAcceptInput,
  checkCreateInput,
  firstAccountInvitation,
  hashInvitationToken,
  inviteOrigin,
  inviteUrl,
  newInvitation,
  pendingView,
  renewedInvitation,
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
  const now = new Date('2026-03-01T12:00:00.000Z');

  it('holds the §3 fields: a 32-hex token from the random source kept only as its SHA-256, the trimmed lower-cased e-mail, editor by default, pending for 14 days', () => {
    const fields = checkCreateInput({ callerUid: 'u1', nodeId: 'n1002', email: '  Ann@Example.COM ' });
    expect(fields).toEqual({ email: 'ann@example.com', nodeId: 'n1002', inviterUid: 'u1', graphUid: 'u1', role: 'editor' });
    const { doc, token } = newInvitation(fields, counting, now);
    expect(token).toBe('00112233445566778899aabbccddeeff');
    expect(doc).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      tokenHash: createHash('sha256').update(token).digest('hex'),
      email: 'ann@example.com',
      nodeId: 'n1002',
      inviterUid: 'u1',
      graphUid: 'u1',
      role: 'editor',
      status: 'pending',
      createdAt: '2026-03-01T12:00:00.000Z',
      expiresAt: '2026-03-15T12:00:00.000Z',
      firstAccount: false,
    });
    expect(JSON.stringify(doc)).not.toContain(token);
  });

  it('gives the role asked for, editor or viewer, and refuses any other', () => {
    expect(checkCreateInput({ callerUid: 'u1', nodeId: 'n1002', email: 'a@b.co', role: 'viewer' }).role).toBe('viewer');
    for (const role of ['owner', 'admin', 3]) {
      expect(coded(() => checkCreateInput({ callerUid: 'u1', nodeId: 'n1002', email: 'a@b.co', role }))).toMatchObject({ code: 'invalid-argument' });
    }
  });

  it('a renewed link is a new token and 14 more days; the id stays and the earlier token no longer matches', () => {
    const { doc, token } = newInvitation(checkCreateInput({ callerUid: 'u1', nodeId: 'n1002', email: 'a@b.co' }), counting, now);
    let n = 0;
    const other = (bytes: Uint8Array<ArrayBuffer>) => bytes.map(() => (n += 7) % 256);
    const later = new Date('2026-03-10T00:00:00.000Z');
    const renewed = renewedInvitation(doc, other, later);
    expect(renewed.token).not.toBe(token);
    expect(renewed.doc).toMatchObject({ id: doc.id, tokenHash: hashInvitationToken(renewed.token), createdAt: later.toISOString(), expiresAt: '2026-03-24T00:00:00.000Z' });
    expect(renewed.doc.tokenHash).not.toBe(hashInvitationToken(token));
  });

  it('expires at the stated time, not before; the first-account invitation never does', () => {
    const { doc } = newInvitation(checkCreateInput({ callerUid: 'u1', nodeId: 'n1002', email: 'a@b.co' }), counting, now);
    expect(invitationExpired(doc, new Date('2026-03-15T11:59:59.999Z'))).toBe(false);
    expect(invitationExpired(doc, new Date('2026-03-15T12:00:00.000Z'))).toBe(true);
    expect(invitationExpired(firstAccountInvitation('', counting, now).doc, new Date('2099-01-01'))).toBe(false);
  });

  it('shows members the pending invitation with its card, inviter and state, never the token', () => {
    const { doc } = newInvitation(checkCreateInput({ callerUid: 'u1', graphUid: 'g1', nodeId: 'n1002', email: 'a@b.co', role: 'viewer' }), counting, now);
    const view = pendingView(doc, { profileId: 'pr:x', inviterName: 'Grace Hopper' }, now);
    expect(view).toEqual({
      id: doc.id,
      graphId: 'g1',
      nodeId: 'n1002',
      profileId: 'pr:x',
      email: 'a@b.co',
      role: 'viewer',
      inviterUid: 'u1',
      inviterName: 'Grace Hopper',
      createdAt: doc.createdAt,
      expiresAt: doc.expiresAt,
      status: 'pending',
    });
    expect(pendingView(doc, { profileId: '', inviterName: '' }, new Date('2026-04-01')).status).toBe('expired');
  });

  it('takes the graph named, and the inviter only when it is the caller', () => {
    expect(checkCreateInput({ callerUid: 'u1', inviterUid: 'u1', graphUid: 'g2', nodeId: 'n1002', email: 'a@b.co' }).graphUid).toBe('g2');
    expect(coded(() => checkCreateInput({ callerUid: 'u1', inviterUid: 'u2', nodeId: 'n1002', email: 'a@b.co' }))).toMatchObject({ code: 'permission-denied' });
  });

  it.each(['', 'annabella', 'a@b', 'a b@c.d', '@example.com', 42, undefined])("refuses the e-mail %j with §5's invalid-email", (email) => {
    expect(coded(() => checkCreateInput({ callerUid: 'u1', nodeId: 'n1002', email }))).toEqual({ code: 'invalid-email', message: AUTH_MESSAGES.invalidEmail });
  });

  it.each([
    ['', NODE_ID_REQUIRED],
    [7, NODE_ID_REQUIRED],
    ['n'.repeat(INVITED_NODE_ID_MAX + 1), NODE_ID_TOO_LONG],
  ])('refuses the node id %j in the server’s words (src/domain invitationTargetProblem)', (nodeId, message) => {
    expect(coded(() => checkCreateInput({ callerUid: 'u1', nodeId, email: 'a@b.co' }))).toEqual({ code: 'invalid-argument', message });
  });

  it('refuses an address longer than any takes before asking whether it is one', () => {
    expect(coded(() => checkCreateInput({ callerUid: 'u1', nodeId: 'n1', email: `${'a'.repeat(EMAIL_MAX_CHARS)}@b.co` }))).toEqual({ code: 'invalid-argument', message: EMAIL_TOO_LONG });
  });

  it.each(['a/b', '__name__', 'x'.repeat(129), 7])('refuses the graph id %j, which could not name a document', (graphUid) => {
    expect(coded(() => checkCreateInput({ callerUid: 'u1', graphUid, nodeId: 'n1002', email: 'a@b.co' }))).toEqual({ code: 'invalid-argument', message: 'graphUid is not valid.' });
  });

  it('makes the first-account invitation with no graph and the e-mail given, or none', () => {
    expect(firstAccountInvitation(' Admin@Example.com', counting, now).doc).toMatchObject({ email: 'admin@example.com', firstAccount: true, graphUid: '', nodeId: '', status: 'pending', expiresAt: '' });
    expect(firstAccountInvitation('', counting, now).doc.email).toBe('');
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
  const now = new Date('2026-03-01T12:00:00.000Z');
  const stored = (over: Partial<InvitationDoc> = {}): InvitationDoc => ({
    id: '00112233445566778899aabb',
    tokenHash: hashInvitationToken(token),
    email: 'a@b.co',
    nodeId: 'n1002',
    inviterUid: 'u1',
    graphUid: 'u1',
    role: 'editor',
    status: 'pending',
    createdAt: '2026-02-20T12:00:00.000Z',
    expiresAt: '2026-03-06T12:00:00.000Z',
    firstAccount: false,
    ...over,
  });

  it.each<[string, unknown, InvitationDoc | null, boolean, { code: string; message: string } | null]>([
    ['a pending invitation', token, stored(), true, null],
    ['a malformed token', 'XYZ', stored(), false, { code: 'invalid-argument', message: INVITATION_MALFORMED }],
    ['an upper-case token', token.toUpperCase(), stored(), false, { code: 'invalid-argument', message: INVITATION_MALFORMED }],
    ['an unknown token', token, null, false, { code: 'auth/invitation-invalid', message: INVITATION_INVALID }],
    ['an accepted invitation', token, stored({ status: 'accepted' }), false, { code: 'auth/invitation-used', message: INVITATION_USED }],
    ['a revoked invitation', token, stored({ status: 'revoked' }), false, { code: 'auth/invitation-revoked', message: INVITATION_REVOKED }],
    ['an expired invitation', token, stored({ expiresAt: '2026-03-01T12:00:00.000Z' }), false, { code: 'auth/invitation-expired', message: INVITATION_EXPIRED }],
    ['the first-account invitation while no account exists', token, stored({ firstAccount: true }), false, null],
    ['the first-account invitation once one exists', token, stored({ firstAccount: true }), true, { code: 'auth/invitation-used', message: INVITATION_USED }],
  ])('%s', (_name, t, doc, hasAccounts, expected) => {
    expect(coded(() => usableInvitation(t, doc, hasAccounts, now))).toEqual(expected);
  });
});

describe('acceptedByCaller (an accept sent again after its answer was lost)', () => {
  const doc = (over: Partial<InvitationDoc>): InvitationDoc => ({
    id: '00112233445566778899aabb',
    tokenHash: '',
    email: 'a@b.co',
    nodeId: 'n1',
    inviterUid: 'u1',
    graphUid: 'u1',
    role: 'editor',
    status: 'pending',
    createdAt: '',
    expiresAt: '',
    firstAccount: false,
    ...over,
  });
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
