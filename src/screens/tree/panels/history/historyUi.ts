import { proxy } from 'valtio';
import type { RevertMode } from '../../../../domain/history/wire.ts';

/** Which of the history's dialogs is open (opened from the tree menu and the details panel). */
export const historyUi = proxy({
  activity: false,
  deleted: false,
  revert: null as { revision: number; mode: RevertMode; at: string } | null,
  /** Bumped after a revert or restore: open lists read again. */
  version: 0,
});

export const openActivity = () => void (historyUi.activity = true);
export const openDeleted = () => void (historyUi.deleted = true);
export const openRevert = (revision: number, mode: RevertMode, at: string) => void (historyUi.revert = { revision, mode, at });
