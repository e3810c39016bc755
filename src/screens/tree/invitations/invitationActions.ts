import { errorMessage } from '../../../components/errorMessage.ts';
import type { InvitationService, PendingInvitation } from '../../../backend/ports.ts';
import { notify } from '../../../components/notify.ts';
import type { Notifier } from '../actions/context.ts';
import { inviteEffects, offerLink } from '../actions/invite.ts';
import { forgetInvitation, rememberInvitation } from './pendingInvitations.ts';

/** The texts of a pending invitation in the details panel (§2 "Details panel"). */
export const INVITATION_TEXTS = {
  title: 'Invitation',
  invited: (email: string, role: string) => `${email} · ${role}`,
  sent: (date: string, inviter: string) => (inviter ? `Sent ${date} by ${inviter}` : `Sent ${date}`),
  copyLink: 'Copy link',
  resend: 'Resend',
  revoke: 'Revoke',
  linkCopied: 'Invitation link copied',
  linkCopiedDetail: 'It is a new link: the one sent before no longer works.',
  copyFailed: 'Failed to copy the invitation link',
  resent: (email: string) => `Invitation sent again to ${email}`,
  resentByYou: 'New invitation link ready. We opened your mail app with a prefilled invite.',
  resendFailed: 'Failed to resend the invitation',
  revokeTitle: 'Revoke the invitation?',
  revokeDescription: (email: string) => `The link sent to ${email} stops working at once. You can invite them again later.`,
  revokeConfirm: 'Revoke invitation',
  revoking: 'Revoking…',
  revoked: 'Invitation revoked',
  revokeFailed: 'Failed to revoke the invitation',
} as const;

export interface InvitationActionContext {
  service: Pick<InvitationService, 'renewLink' | 'resend' | 'revoke'>;
  /** The card's name, for the prefilled mail when the server does not send it. */
  personName: string;
  notify?: Notifier;
}

const toastOf = (ctx: InvitationActionContext): Notifier => ctx.notify ?? notify;
const failed = (ctx: InvitationActionContext, text: string, e: unknown) => toastOf(ctx).error(text, { description: errorMessage(e, '') || undefined });

/**
 * "Copy link": tokens are kept hashed, so the old link cannot be shown again; a new one is made
 * (14 more days) and copied, and the old one stops working.
 */
export async function copyInvitationLink(ctx: InvitationActionContext, invitation: PendingInvitation): Promise<boolean> {
  try {
    const link = await ctx.service.renewLink(invitation.graphId, invitation.id);
    rememberInvitation(link.invitation);
    await inviteEffects.copy(link.inviteUrl);
    toastOf(ctx).success(INVITATION_TEXTS.linkCopied, { description: INVITATION_TEXTS.linkCopiedDetail });
    return true;
  } catch (e) {
    failed(ctx, INVITATION_TEXTS.copyFailed, e);
    return false;
  }
}

/**
 * "Resend": a new link for 14 more days. The server mails it where SMTP is configured; otherwise
 * the member's mail app opens with the prefilled invitation (§7) and the link is copied.
 */
export async function resendInvitation(ctx: InvitationActionContext, invitation: PendingInvitation): Promise<boolean> {
  try {
    const link = await ctx.service.resend(invitation.graphId, invitation.id);
    rememberInvitation(link.invitation);
    if (link.mailed) {
      toastOf(ctx).success(INVITATION_TEXTS.resent(invitation.email));
    } else {
      await offerLink(invitation.email, link.inviteUrl, ctx.personName);
      toastOf(ctx).success(INVITATION_TEXTS.resentByYou);
    }
    return true;
  } catch (e) {
    failed(ctx, INVITATION_TEXTS.resendFailed, e);
    return false;
  }
}

/** "Revoke" (after its confirmation): the link stops working at once. */
export async function revokeInvitation(ctx: InvitationActionContext, invitation: PendingInvitation): Promise<boolean> {
  try {
    await ctx.service.revoke(invitation.graphId, invitation.id);
    forgetInvitation(invitation.id);
    toastOf(ctx).success(INVITATION_TEXTS.revoked);
    return true;
  } catch (e) {
    failed(ctx, INVITATION_TEXTS.revokeFailed, e);
    return false;
  }
}
