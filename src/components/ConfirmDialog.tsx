import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The confirming button's label, and its label while `onConfirm` runs. */
  confirm: string;
  confirming?: string;
  cancel?: string;
  /** A destructive confirmation gets the danger button. */
  danger?: boolean;
  /** Runs on confirm; the dialog stays open (busy) until it settles, and closes on success. */
  onConfirm: () => Promise<unknown> | void;
  onCancel: () => void;
  children?: ReactNode;
}

/**
 * A question before an action that cannot be taken back (Radix AlertDialog: focus starts on
 * Cancel, Escape cancels). Used by Revoke, Remove member, Delete account and the like.
 */
export function ConfirmDialog({ open, title, description, confirm, confirming, cancel = 'Cancel', danger, onConfirm, onCancel, children }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const run = async (e: React.MouseEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && !busy && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog-content">
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-description">{description}</AlertDialog.Description>
          {children}
          <div className="dialog-actions">
            <AlertDialog.Cancel className="btn btn-secondary" disabled={busy}>
              {cancel}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} onClick={run} disabled={busy}>
              {busy && confirming ? confirming : confirm}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
