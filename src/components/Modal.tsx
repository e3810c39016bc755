import * as Dialog from '@radix-ui/react-dialog';
import { useId, type ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';
import './modal.css';

export interface ModalProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  onClose: () => void;
  /** More classes on the dialog's content (a screen's own look). */
  className?: string;
  testId?: string;
}

/**
 * A modal dialog on Radix: focus trap, Escape and a click on the backdrop close it, and so does
 * the close button in the corner. The tree's dialogs, Members and the account's deletion use it.
 */
export function Modal({ title, description, children, size = 'md', onClose, className, testId }: ModalProps) {
  const descriptionId = useId();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" data-testid="dialog-backdrop" />
        <Dialog.Content
          className={`dialog-content modal-${size}${className ? ` ${className}` : ''}`}
          aria-describedby={description ? descriptionId : undefined}
          data-testid={testId}
          onInteractOutside={(e) => {
            // A toast's Undo stays usable while a dialog is open (the merge's, a place's): pressing
            // it neither closes the dialog nor is blocked by it (components.css lets toasts take the pointer).
            if (e.target instanceof Element && e.target.closest('[data-sonner-toast]')) e.preventDefault();
          }}
          onEscapeKeyDown={(e) => {
            // Escape in an open combobox closes its suggestions, not the whole dialog (and what was typed).
            if (isOpenCombobox(e.target)) e.preventDefault();
          }}
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function isOpenCombobox(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true';
}
