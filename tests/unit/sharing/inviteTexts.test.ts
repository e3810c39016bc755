import { describe, expect, it } from 'vitest';
import { AppError, type ErrorCode } from '../../../src/domain/errors.ts';
import { INVITATION_PROBLEMS, invitationLead, invitationProblem, INVITE_TEXTS } from '../../../src/screens/invite/inviteTexts.ts';

describe('the invitation page', () => {
  it.each<[string, unknown, (typeof INVITATION_PROBLEMS)[keyof typeof INVITATION_PROBLEMS]]>([
    ['an unknown link', new AppError('auth/invitation-invalid', 'This invitation link is not valid.'), INVITATION_PROBLEMS.invalid],
    ['a malformed link (never sent)', new Error('malformed'), INVITATION_PROBLEMS.invalid],
    ['a malformed link the server refused', new AppError('invalid-argument', 'The invitation link is malformed.'), INVITATION_PROBLEMS.invalid],
    ['a used link', new AppError('auth/invitation-used', 'x'), INVITATION_PROBLEMS.used],
    ['a revoked link', new AppError('auth/invitation-revoked', 'x'), INVITATION_PROBLEMS.revoked],
    ['an expired link', new AppError('auth/invitation-expired', 'x'), INVITATION_PROBLEMS.expired],
    ['no connection', new AppError('unavailable', 'x'), INVITATION_PROBLEMS.unreachable],
    ['a time-out', new AppError('deadline-exceeded', 'x'), INVITATION_PROBLEMS.unreachable],
  ])('%s has its own message', (_name, error, problem) => {
    expect(invitationProblem(error)).toEqual(problem);
  });

  it('each problem says something different, and only the network offers to try again', () => {
    const all = Object.values(INVITATION_PROBLEMS);
    expect(new Set(all.map((p) => p.title)).size).toBe(all.length);
    expect(all.filter((p) => p.retry)).toEqual([INVITATION_PROBLEMS.unreachable]);
  });

  it('too many lookups: the server’s sentence, and trying again later', () => {
    const code: ErrorCode = 'resource-exhausted';
    const p = invitationProblem(new AppError(code, 'Too many attempts. Please wait a few minutes and try again.'));
    expect(p.text).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(p.retry).toBe(true);
  });

  it.each([
    [{ inviterName: 'Grace Hopper', treeName: 'Hopper family tree', personName: 'Mary Hopper' }, 'Grace Hopper invites you to join the Hopper family tree as Mary Hopper.'],
    [{ inviterName: 'Grace Hopper', treeName: 'Hopper family tree', personName: '' }, 'Grace Hopper invites you to join the Hopper family tree.'],
    [{ inviterName: '', treeName: 'Hopper family tree', personName: 'Mary Hopper' }, 'You are invited to join the Hopper family tree as Mary Hopper.'],
    [{ inviterName: '', treeName: '', personName: '' }, INVITE_TEXTS.leadUnnamed],
  ])('says who invites whom as whom: %o', (info, lead) => {
    expect(invitationLead(info)).toBe(lead);
  });
});
