import type { ReactNode } from 'react';
import { Modal } from '../../../components/Modal.tsx';
import { closeDialog } from '../treeUi.ts';
import './dialogs.css';

interface DialogShellProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  size?: 'md' | 'lg';
  /** Defaults to closing the tree's current dialog. */
  onClose?: () => void;
  testId?: string;
}

/** Every tree modal: a `Modal` that closes the tree's current dialog unless told otherwise. */
export function DialogShell({ title, description, children, footer, size = 'md', onClose = closeDialog, testId }: DialogShellProps) {
  return (
    <Modal title={title} description={description} size={size} onClose={onClose} className="tree-dialog" testId={testId}>
      {children}
      {footer && <div className="tree-dialog-footer">{footer}</div>}
    </Modal>
  );
}
