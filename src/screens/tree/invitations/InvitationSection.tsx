import { useState } from 'react';
import type { PendingInvitation } from '../../../backend/ports.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { CopyIcon, MailIcon, SendIcon, TrashIcon } from '../../../components/icons.tsx';
import { ROLE_LABELS } from '../../../components/roleLabels.ts';
import { copyInvitationLink, INVITATION_TEXTS as T, resendInvitation, revokeInvitation, type InvitationActionContext } from './invitationActions.ts';
import { invitationDates } from './pendingInvitations.ts';

interface InvitationSectionProps {
  invitation: PendingInvitation;
  ctx: InvitationActionContext;
  /** The moment the dates are read against (ISO). */
  now: string;
}

/**
 * A card's pending invitation in its details panel: to whom and as what, when it was sent and
 * when it stops working, with Copy link, Resend and Revoke (confirmed first: it cannot be undone).
 */
export function InvitationSection({ invitation, ctx, now }: InvitationSectionProps) {
  const [busy, setBusy] = useState<'copy' | 'resend' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const dates = invitationDates(invitation, now);
  const run = async (which: 'copy' | 'resend') => {
    setBusy(which);
    await (which === 'copy' ? copyInvitationLink : resendInvitation)(ctx, invitation);
    setBusy(null);
  };
  return (
    <section className="invitation-section" aria-labelledby={`invitation-${invitation.id}`} data-testid="pending-invitation">
      <h3 id={`invitation-${invitation.id}`} className="invitation-section-title">
        <MailIcon size={16} /> {T.title}
      </h3>
      <p className="invitation-section-to truncate">{T.invited(invitation.email, ROLE_LABELS[invitation.role])}</p>
      <p className="invitation-section-meta">{T.sent(dates.sent, invitation.inviterName)}</p>
      <p className={`invitation-section-meta${dates.expired ? ' invitation-expired' : ''}`}>{dates.expiry}</p>
      <div className="invitation-section-actions">
        <button type="button" className="btn btn-secondary" disabled={!!busy} onClick={() => void run('copy')}>
          <CopyIcon size={16} /> {T.copyLink}
        </button>
        <button type="button" className="btn btn-secondary" disabled={!!busy} onClick={() => void run('resend')}>
          <SendIcon size={16} /> {T.resend}
        </button>
        <button type="button" className="btn btn-ghost btn-danger-text" disabled={!!busy} onClick={() => setConfirming(true)}>
          <TrashIcon size={16} /> {T.revoke}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={T.revokeTitle}
        description={T.revokeDescription(invitation.email)}
        confirm={T.revokeConfirm}
        confirming={T.revoking}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          if (await revokeInvitation(ctx, invitation)) setConfirming(false);
        }}
      />
    </section>
  );
}
