import type { TreeSession } from './session/treeSession.ts';

/** A quiet line saying where the member's edits are: saving, saved, waiting, or offline. */
export function SaveStatus({ session }: { session: TreeSession }) {
  const { status, text } = describe(session);
  return (
    <span className={`save-status save-status-${status}`} role="status" aria-live="polite">
      <span className="save-status-dot" aria-hidden="true" />
      {text}
    </span>
  );
}

function describe(s: TreeSession): { status: string; text: string } {
  if (s.status !== 'ready') return { status: 'idle', text: '' };
  // An import on screen is not saved until its commit answers.
  if (s.saving || s.savingBulk) return { status: 'saving', text: 'Saving…' };
  // Where the edits are kept is said only when the device could keep them.
  const kept = s.backupFailed ? '' : ' — kept on this device';
  if (s.network === 'offline') return { status: 'offline', text: s.unsaved ? `Offline${kept || ' — changes not saved yet'}` : 'Offline' };
  if (s.lastSaveError && s.unsaved) return { status: 'error', text: `Not saved yet${kept}` };
  if (s.unsaved) return { status: 'unsaved', text: 'Unsaved changes' };
  return { status: 'saved', text: 'All changes saved' };
}
