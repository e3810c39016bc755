import * as Tooltip from '@radix-ui/react-tooltip';
import { useEffect } from 'react';
import { notify } from '../../components/notify.ts';
import { SCREEN_COMMANDS, screenCommandForKey } from './actions/commands.ts';
import { treeRights } from './actions/rights.ts';
import { bindUndoRedo, redoAction, undoAction } from './actions/undoRedo.ts';
import type { TreeSession } from './session/treeSession.ts';
import { useSessionVersion } from './useSessionVersion.ts';

const isMac = typeof navigator !== 'undefined' && /Mac|iP(hone|ad)/.test(navigator.platform);

/**
 * The toolbar's Undo and Redo of the member's own changes in this tab (issue 24), and their keys
 * (Ctrl/Cmd+Z; Ctrl/Cmd+Shift+Z or Ctrl+Y): both run the same screen commands. Not offered to a
 * viewer, who changes nothing.
 */
export function UndoRedoButtons({ session }: { session: TreeSession }) {
  useSessionVersion(session);
  useEffect(() => {
    const ctx = { session, notify };
    bindUndoRedo({ undo: () => undoAction(ctx), redo: () => redoAction(ctx) });
    const onKey = (e: KeyboardEvent) => {
      const id = e.defaultPrevented ? undefined : screenCommandForKey(e);
      // A viewer's keys keep the browser's meaning: they have no changes to take back.
      if ((id !== 'undo' && id !== 'redo') || !treeRights(session.role).build) return;
      e.preventDefault();
      SCREEN_COMMANDS[id].run();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      bindUndoRedo(null);
    };
  }, [session]);

  if (!treeRights(session.role).build) return null;
  return (
    <div className="tree-undo" role="group" aria-label="Undo and redo">
      <CommandButton id="undo" enabled={session.canUndo} keys="Control+Z">
        <path d="M9 14 4 9l5-5" />
        <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
      </CommandButton>
      <CommandButton id="redo" enabled={session.canRedo} keys="Control+Shift+Z Control+Y">
        <path d="m15 14 5-5-5-5" />
        <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
      </CommandButton>
    </div>
  );
}

function CommandButton({ id, enabled, keys, children }: { id: 'undo' | 'redo'; enabled: boolean; keys: string; children: React.ReactNode }) {
  const command = SCREEN_COMMANDS[id];
  return (
    <Tooltip.Root delayDuration={300}>
      <Tooltip.Trigger asChild>
        <button type="button" className="btn btn-secondary tree-undo-button" aria-label={command.label} aria-keyshortcuts={keys} disabled={!enabled} onClick={() => command.run()}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            {children}
          </svg>
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="tooltip" sideOffset={6}>
          {`${command.label} (${command.shortcut(isMac)})`}
          <Tooltip.Arrow className="tooltip-arrow" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
