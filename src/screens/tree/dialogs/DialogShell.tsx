import * as Dialog from '@radix-ui/react-dialog';
import { useId, type ReactNode } from 'react';
import { CloseIcon } from '../../../components/icons.tsx';
import { closeDialog } from '../treeUi.ts';
import './dialogs.css';

interface DialogShellProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  /** Defaults to closing the tree's current dialog. */
  onClose?: () => void;
  testId?: string;
}

/**
 * Every tree modal is a Radix Dialog: focus trap, Escape and a click on the backdrop close it,
 * and so does the close button in the corner.
 */
export function DialogShell({ title, description, children, footer, size = 'md', onClose = closeDialog, testId }: DialogShellProps) {
  const descriptionId = useId();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" data-testid="dialog-backdrop" />
        <Dialog.Content
          className={`dialog-content tree-dialog tree-dialog-${size}`}
          aria-describedby={description ? descriptionId : undefined}
          data-testid={testId}
        >
          <Dialog.Close className="icon-btn dialog-close" aria-label="Close">
            <CloseIcon />
          </Dialog.Close>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          {description && (
            <Dialog.Description id={descriptionId} className="dialog-description">
              {description}
            </Dialog.Description>
          )}
          {children}
          {footer && <div className="tree-dialog-footer">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
