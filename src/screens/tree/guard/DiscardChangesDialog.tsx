import * as AlertDialog from '@radix-ui/react-alert-dialog';

export const DISCARD_TEXTS = {
  action: 'Discard changes',
  title: 'Discard changes?',
  description: 'The changes to your family tree that are not saved yet will be lost, here and on this device. The tree goes back to what was last saved.',
  cancel: 'Cancel',
} as const;

interface DiscardChangesDialogProps {
  open: boolean;
  onDiscard: () => void;
  onCancel: () => void;
}

/** §4: the member can always drop what is not saved (an edit the server keeps refusing, say). */
export function DiscardChangesDialog({ open, onDiscard, onCancel }: DiscardChangesDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog-content">
          <AlertDialog.Title className="dialog-title">{DISCARD_TEXTS.title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-description">{DISCARD_TEXTS.description}</AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel className="btn btn-secondary">{DISCARD_TEXTS.cancel}</AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn-danger" onClick={onDiscard}>
              {DISCARD_TEXTS.action}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
