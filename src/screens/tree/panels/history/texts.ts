import { FORMER_MEMBER } from '../../../../domain/activity/sinceLastVisit.ts';

/** The history's words on screen (issue 24; docs/PRODUCT.md "History and revert"). */
export const HISTORY_TEXTS = {
  personButton: 'Show changes',
  personHide: 'Hide changes',
  personTitle: 'History',
  empty: 'No changes recorded yet.',
  loading: 'Loading history…',
  failed: 'Could not load the history.',
  older: 'Show older',
  by: (who: string, when: string) => `${who} · ${when}`,
  someone: FORMER_MEMBER,
  revertOne: 'Revert',
  revertOneLabel: (when: string) => `Revert the change of ${when}`,
  revertAfter: 'Revert this and all later',
  revertAfterLabel: (when: string) => `Revert the change of ${when} and every change after it`,
  activityCommand: 'Activity…',
  activityTitle: 'Activity',
  activityDescription: 'Every change to this family tree, newest first.',
  member: 'Member',
  everyone: 'Everyone',
  from: 'From',
  to: 'To',
  bulk: 'Imported people (kept as a summary: it cannot be reverted here)',
  revertedNote: (revisions: readonly number[]) => (revisions.length === 1 ? 'Reverted an earlier change' : `Reverted ${revisions.length} earlier changes`),
  previewTitleOne: 'Revert this change?',
  previewTitleAfter: 'Revert this change and every change after it?',
  previewBody: (what: string) => `This puts back what was there before, as a new change (${what}). Nothing is erased from the history.`,
  previewNothing: 'There is nothing left to revert.',
  conflicts: 'Changed again since, so this change cannot be reverted:',
  confirm: 'Revert',
  cancel: 'Cancel',
  reverted: 'Change reverted',
  revertFailed: 'Failed to revert the change',
  deletedCommand: 'Recently deleted…',
  deletedTitle: 'Recently deleted',
  deletedDescription: 'People deleted from this family tree in the last 90 days. Restoring brings them back with their relationships and details.',
  deletedEmpty: 'Nobody has been deleted in the last 90 days.',
  deletedBy: (who: string, when: string) => `Deleted by ${who} · ${when}`,
  restore: 'Restore',
  restoreLabel: (name: string) => `Restore ${name}`,
  restored: (name: string) => `${name} restored`,
  restoreFailed: 'Failed to restore the person',
} as const;

export function whenText(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A client id for a revert or restore: not this tab's, so the live stream's echo is applied like another member's change. */
export function historyClientId(): string {
  return `history-${Math.random().toString(36).slice(2, 10)}`;
}
