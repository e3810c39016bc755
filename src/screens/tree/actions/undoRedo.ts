import { HISTORY_MESSAGES } from '../../../domain/history/types.ts';
import type { UndoOutcome } from '../session/treeSession.ts';
import type { Notifier } from './context.ts';

/** The tree's Undo and Redo of the member's own changes (issue 24; docs/PRODUCT.md "Undo and Redo"). */
export const UNDO_TEXTS = {
  undo: 'Undo',
  redo: 'Redo',
  undone: 'Change undone',
  redone: 'Change redone',
  nothingToUndo: 'Nothing to undo',
  nothingToRedo: 'Nothing to redo',
  undoConflict: HISTORY_MESSAGES.undoConflict,
  redoConflict: HISTORY_MESSAGES.redoConflict,
} as const;

/** What Undo and Redo need of the open tree. */
export interface UndoRedoContext {
  session: { undo(): UndoOutcome; redo(): UndoOutcome };
  notify: Notifier;
}

/** Takes back the member's last change (Ctrl/Cmd+Z, the toolbar's Undo) and says what happened. */
export function undoAction(ctx: UndoRedoContext): UndoOutcome {
  const outcome = ctx.session.undo();
  tell(ctx.notify, outcome, UNDO_TEXTS.undone, UNDO_TEXTS.nothingToUndo, UNDO_TEXTS.undoConflict);
  return outcome;
}

/** Brings back the last change Undo took back (Ctrl/Cmd+Shift+Z, Ctrl+Y, the toolbar's Redo). */
export function redoAction(ctx: UndoRedoContext): UndoOutcome {
  const outcome = ctx.session.redo();
  tell(ctx.notify, outcome, UNDO_TEXTS.redone, UNDO_TEXTS.nothingToRedo, UNDO_TEXTS.redoConflict);
  return outcome;
}

function tell(notify: Notifier, outcome: UndoOutcome, done: string, empty: string, conflict: string) {
  if (outcome.ok) notify.success(done);
  else if (outcome.reason === 'empty') notify.info(empty);
  else notify.error(conflict);
}

/** Whoever shows the open tree's Undo and Redo runs them (the commands' keys reach them here). */
let handlers: { undo(): void; redo(): void } | null = null;

export function bindUndoRedo(next: { undo(): void; redo(): void } | null) {
  handlers = next;
}

export function runUndo() {
  handlers?.undo();
}

export function runRedo() {
  handlers?.redo();
}
