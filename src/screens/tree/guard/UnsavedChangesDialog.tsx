import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import { DISCARD_TEXTS } from './DiscardChangesDialog.tsx';

interface UnsavedChangesDialogProps {
  open: boolean;
  /** Saves; resolves when saved, rejects when the save failed (the dialog stays, nothing is lost). */
  onApplyAndLeave: () => Promise<void>;
  onStay: () => void;
  /** Asks for the discard confirmation (the member leaves once they confirm). */
  onDiscard: () => void;
}

/** §4: leaving the tree (a link, or browser Back) with unsaved changes asks first. */
export function UnsavedChangesDialog({ open, onApplyAndLeave, onStay, onDiscard }: UnsavedChangesDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && !busy && onStay()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog-content">
          <AlertDialog.Title className="dialog-title">Unsaved changes</AlertDialog.Title>
          <AlertDialog.Description className="dialog-description">
            You have changes to your family tree that are not saved yet. Apply them before you leave?
          </AlertDialog.Description>
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={onDiscard}>
              {DISCARD_TEXTS.action}
            </button>
            <AlertDialog.Cancel className="btn btn-secondary" disabled={busy}>
              Stay
            </AlertDialog.Cancel>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await onApplyAndLeave();
                } finally {
                  setBusy(false);
                }
              }}
            >
              {busy ? 'Applying…' : 'Apply & leave'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
