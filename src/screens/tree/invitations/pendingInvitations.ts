import { proxy } from 'valtio';
import type { InvitationService, PendingInvitation } from '../../../backend/ports.ts';
import { shortDate } from '../../../components/dates.ts';

/**
 * The open tree's invitations not yet used or revoked (pending, or expired and renewable), for
 * the details panel of the card each one is for. Loaded when the tree opens for a member who may
 * invite (owner, editor), and kept in step with what this tab does to them (create, a new link,
 * resend, revoke). Small and flat: a tree has a handful of invitations, not thousands.
 */
export interface InvitationsState {
  graphId: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: PendingInvitation[];
}

export const invitationsState = proxy<InvitationsState>({ graphId: '', status: 'idle', items: [] });

/** Loads the tree's invitations; an answer for a tree no longer open is dropped. */
export async function loadInvitations(service: Pick<InvitationService, 'list'>, graphId: string): Promise<void> {
  invitationsState.graphId = graphId;
  invitationsState.status = 'loading';
  invitationsState.items = [];
  try {
    const items = await service.list(graphId);
    if (invitationsState.graphId !== graphId) return;
    invitationsState.items = items;
    invitationsState.status = 'ready';
  } catch {
    if (invitationsState.graphId === graphId) invitationsState.status = 'error';
  }
}

/**
 * Reads the tree's invitations again without emptying what is shown meanwhile: a relative joined
 * on an invited card, or a member who joined left again (issue 19, item 17: the open panel showed
 * the used invitation as pending until a reload).
 */
export async function refreshInvitations(service: Pick<InvitationService, 'list'>, graphId: string): Promise<void> {
  if (invitationsState.graphId !== graphId || invitationsState.status === 'loading') return;
  try {
    const items = await service.list(graphId);
    if (invitationsState.graphId !== graphId) return;
    invitationsState.items = items;
    invitationsState.status = 'ready';
  } catch {
    // What is shown stays: the next change or a reload reads them again.
  }
}

/**
 * Whether a change of the tree may have used an invitation up: it touched an invited card, or
 * the profile that card shows (a membership begins and ends on the member's card and profile).
 */
export function touchesInvitations(items: readonly PendingInvitation[], changed: { nodes: readonly string[]; profiles: readonly string[] }, profileOf: (nodeId: string) => string | undefined): boolean {
  if (!items.length) return false;
  const nodes = new Set(changed.nodes);
  const profiles = new Set(changed.profiles);
  return items.some((i) => nodes.has(i.nodeId) || profiles.has(profileOf(i.nodeId) ?? ''));
}

export function resetInvitations() {
  invitationsState.graphId = '';
  invitationsState.status = 'idle';
  invitationsState.items = [];
}

/** A new or renewed invitation replaces the one with its id (renewing keeps the id). */
export function rememberInvitation(invitation: PendingInvitation) {
  if (invitation.graphId !== invitationsState.graphId) return;
  invitationsState.items = [invitation, ...invitationsState.items.filter((i) => i.id !== invitation.id)];
}

export function forgetInvitation(id: string) {
  invitationsState.items = invitationsState.items.filter((i) => i.id !== id);
}

/** The invitation a card's panel shows: the newest one made for that card. */
export function invitationFor(items: readonly PendingInvitation[], nodeId: string): PendingInvitation | undefined {
  let newest: PendingInvitation | undefined;
  for (const i of items) if (i.nodeId === nodeId && (!newest || i.createdAt > newest.createdAt)) newest = i;
  return newest;
}

const DAY_MS = 86_400_000;

/**
 * What the panel says about an invitation's dates at `now` (ISO): when it was sent and when it
 * stops working, or that it has.
 */
export function invitationDates(invitation: Pick<PendingInvitation, 'createdAt' | 'expiresAt' | 'status'>, now: string): { sent: string; expiry: string; expired: boolean } {
  const left = Date.parse(invitation.expiresAt) - Date.parse(now);
  const expired = invitation.status === 'expired' || left <= 0;
  const date = shortDate(invitation.expiresAt);
  if (expired) return { sent: shortDate(invitation.createdAt), expiry: `Expired ${date}`, expired };
  // Rounded: a link made a minute ago has "14 days" left, as its mail says.
  const days = Math.round(left / DAY_MS);
  const inDays = left < DAY_MS ? 'in less than a day' : days === 1 ? 'in 1 day' : `in ${days} days`;
  return { sent: shortDate(invitation.createdAt), expiry: `Expires ${date} (${inDays})`, expired };
}
