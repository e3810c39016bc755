import { beforeEach, describe, expect, it } from 'vitest';
import type { PendingInvitation } from '../../../src/backend/ports.ts';
import {
  forgetInvitation,
  invitationDates,
  invitationFor,
  invitationsState,
  loadInvitations,
  refreshInvitations,
  rememberInvitation,
  resetInvitations,
  touchesInvitations,
} from '../../../src/screens/tree/invitations/pendingInvitations.ts';
import { shortDate } from '../../../src/components/dates.ts';
import { pendingInvitation } from '../../browser/tree/fixtures.ts';

const NOW = '2026-11-22T10:00:00.000Z';

describe('a card’s pending invitation', () => {
  beforeEach(resetInvitations);

  it('the newest invitation for the card is the one shown', () => {
    const items: PendingInvitation[] = [
      pendingInvitation({ id: 'a', nodeId: 'n1', createdAt: '2026-11-01T00:00:00.000Z' }),
      pendingInvitation({ id: 'b', nodeId: 'n1', createdAt: '2026-11-20T00:00:00.000Z' }),
      pendingInvitation({ id: 'c', nodeId: 'n2', createdAt: '2026-11-21T00:00:00.000Z' }),
    ];
    expect(invitationFor(items, 'n1')?.id).toBe('b');
    expect(invitationFor(items, 'n3')).toBeUndefined();
  });

  it.each([
    ['fresh', { createdAt: NOW, expiresAt: '2026-12-06T10:00:00.000Z', status: 'pending' as const }, { sent: '22 Nov 2026', expiry: 'Expires 6 Dec 2026 (in 14 days)', expired: false }],
    ['made a minute ago', { createdAt: '2026-11-22T09:59:00.000Z', expiresAt: '2026-12-06T09:59:00.000Z', status: 'pending' as const }, { sent: '22 Nov 2026', expiry: 'Expires 6 Dec 2026 (in 14 days)', expired: false }],
    ['a day left', { createdAt: '2026-11-09T09:00:00.000Z', expiresAt: '2026-11-23T11:00:00.000Z', status: 'pending' as const }, { sent: '9 Nov 2026', expiry: 'Expires 23 Nov 2026 (in 1 day)', expired: false }],
    ['hours left', { createdAt: '2026-11-08T12:00:00.000Z', expiresAt: '2026-11-22T12:00:00.000Z', status: 'pending' as const }, { sent: '8 Nov 2026', expiry: 'Expires 22 Nov 2026 (in less than a day)', expired: false }],
    ['past its date', { createdAt: '2026-11-01T12:00:00.000Z', expiresAt: '2026-11-15T12:00:00.000Z', status: 'pending' as const }, { sent: '1 Nov 2026', expiry: 'Expired 15 Nov 2026', expired: true }],
    ['said expired by the server', { createdAt: NOW, expiresAt: '2026-12-06T10:00:00.000Z', status: 'expired' as const }, { sent: '22 Nov 2026', expiry: 'Expired 6 Dec 2026', expired: true }],
  ])('dates: %s', (_name, inv, said) => {
    expect(invitationDates(inv, NOW)).toEqual(said);
  });

  it('a date that cannot be read shows nothing', () => {
    expect(shortDate('')).toBe('');
  });

  it('loads a tree’s invitations and keeps them in step with what this tab does', async () => {
    const items = [pendingInvitation({ id: 'a' })];
    await loadInvitations({ list: async () => items }, 'u1');
    expect(invitationsState).toMatchObject({ graphId: 'u1', status: 'ready', items });
    rememberInvitation(pendingInvitation({ id: 'a', createdAt: '2026-11-23T00:00:00.000Z' }));
    rememberInvitation(pendingInvitation({ id: 'b' }));
    expect(invitationsState.items.map((i) => [i.id, i.createdAt])).toEqual([
      ['b', NOW],
      ['a', '2026-11-23T00:00:00.000Z'],
    ]);
    // Another tree's invitation is not this tree's business.
    rememberInvitation(pendingInvitation({ id: 'x', graphId: 'other' }));
    expect(invitationsState.items).toHaveLength(2);
    forgetInvitation('a');
    expect(invitationsState.items.map((i) => i.id)).toEqual(['b']);
  });

  it('an answer for a tree no longer open is dropped; a failure is kept as such', async () => {
    let answer!: (v: PendingInvitation[]) => void;
    const slow = loadInvitations({ list: () => new Promise((r) => (answer = r)) }, 'g1');
    await loadInvitations({ list: async () => Promise.reject(new Error('offline')) }, 'g2');
    answer([pendingInvitation()]);
    await slow;
    expect(invitationsState).toMatchObject({ graphId: 'g2', status: 'error', items: [] });
  });
});

// Issue 19, item 17: the owner's open panel showed a used invitation as pending until a reload.
describe('invitations used up while the tree is open', () => {
  beforeEach(resetInvitations);
  const items = [pendingInvitation({ id: 'a', nodeId: 'n1' }), pendingInvitation({ id: 'b', nodeId: 'n2' })];
  const profileOf = (id: string) => ({ n1: 'pr:mary', n2: 'pr:ed' })[id];

  it.each([
    ['the invited card', { nodes: ['n1'], profiles: [] }, true],
    ["the invited card's profile (a member who joined left)", { nodes: [], profiles: ['pr:ed'] }, true],
    ['other cards and profiles', { nodes: ['n9'], profiles: ['pr:other'] }, false],
  ])('a change of %s reads them again: %s', (_name, changed, expected) => {
    expect(touchesInvitations(items, changed, profileOf)).toBe(expected);
    expect(touchesInvitations([], changed, profileOf)).toBe(false);
  });

  it('reading them again keeps what is shown until the answer, then shows only what is still pending', async () => {
    await loadInvitations({ list: async () => items }, 'g1');
    let answer!: (v: PendingInvitation[]) => void;
    const refreshing = refreshInvitations({ list: () => new Promise((r) => (answer = r)) }, 'g1');
    expect(invitationsState.items.map((i) => i.id)).toEqual(['a', 'b']);
    answer([items[1]!]);
    await refreshing;
    expect(invitationsState.items.map((i) => i.id)).toEqual(['b']);
    expect(invitationsState.status).toBe('ready');
  });
});
