import { errorMessage } from '../../../components/errorMessage.ts';
import { cardName } from '../../../domain/labels.ts';
import type { MemberRole } from '../../../domain/roles.ts';
import { INVITE_EMAIL_ERROR_TOAST_MS } from '../../../domain/timing.ts';
import { isValidEmail } from '../../../domain/validation/auth.ts';
import { rememberInvitation } from '../invitations/pendingInvitations.ts';
import { notifier, type TreeActionContext } from './context.ts';
import { TREE_TOASTS } from './messages.ts';

/**
 * The browser side effects of an invitation, on an object so tests can replace them: opening the
 * mail-compose link and copying the invite link.
 */
export const inviteEffects = {
  openMail(href: string): void {
    const a = document.createElement('a');
    a.href = href;
    a.rel = 'noopener';
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
  },
  async copy(text: string): Promise<void> {
    await navigator.clipboard.writeText(text);
  },
};

export const INVITE_SUBJECT = 'Join our family tree on Kinfolk';

/** The prefilled invitation mail: the invite link, who it is for, how to use it. */
export function inviteMailto(email: string, inviteUrl: string, personName: string): string {
  const body = [
    'Hi,',
    '',
    `I've added ${personName === 'Unnamed' ? 'you' : personName} to our family tree on Kinfolk. Open this link to claim the profile and help map our family's story:`,
    '',
    inviteUrl,
    '',
    'See you there!',
  ].join('\n');
  return `mailto:${encodeURIComponent(email.trim())}?subject=${encodeURIComponent(INVITE_SUBJECT)}&body=${encodeURIComponent(body)}`;
}

export type InviteOutcome = 'cancelled' | 'invalid' | 'sent' | 'failed';

/** Under the success toast when the server also mailed the link (SMTP configured). */
export const mailedToo = (email: string) => `We also e-mailed the link to ${email}.`;

/** Opens the prefilled mail (a failure to is only logged) and copies the link (a refusal is ignored). */
export async function offerLink(email: string, inviteUrl: string, personName: string): Promise<void> {
  try {
    inviteEffects.openMail(inviteMailto(email, inviteUrl, personName));
  } catch (e) {
    console.warn('Could not open the mail app', e);
  }
  await inviteEffects.copy(inviteUrl).catch(() => undefined);
}

/**
 * The tree's invite prompt (§5, §7): empty input cancels; an invalid address gets the 3000 ms
 * error toast; otherwise the invitation is created with the role chosen, the mail app opens with
 * a prefilled subject and body holding the link, the link is copied (a refused clipboard is
 * ignored) and the §8 success toast shows (saying so when the server mailed the link too). The
 * card's details panel then shows the pending invitation. Failure toasts the error's message or
 * 'Failed to create invitation'.
 */
export async function inviteAction(ctx: TreeActionContext, nodeId: string, rawEmail: string, role: MemberRole = 'editor'): Promise<InviteOutcome> {
  const toast = notifier(ctx);
  const email = rawEmail.trim();
  if (!email) return 'cancelled';
  if (!isValidEmail(email)) {
    toast.error(TREE_TOASTS.invalidInviteEmail, { duration: INVITE_EMAIL_ERROR_TOAST_MS });
    return 'invalid';
  }
  try {
    if (!ctx.createInvitation) throw new Error(TREE_TOASTS.invitationFailed);
    const link = await ctx.createInvitation(nodeId, email, role);
    rememberInvitation(link.invitation);
    const node = ctx.session.graph.nodes.find((n) => n.id === nodeId);
    const name = cardName(node ? ctx.session.graph.profiles[node.data.profileId] : null);
    await offerLink(email, link.inviteUrl, name);
    toast.success(TREE_TOASTS.invitationCreated, link.mailed ? { description: mailedToo(email) } : undefined);
    return 'sent';
  } catch (e) {
    toast.error(errorMessage(e, TREE_TOASTS.invitationFailed));
    return 'failed';
  }
}
