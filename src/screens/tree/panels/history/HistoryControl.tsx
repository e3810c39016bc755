import { useSnapshot } from 'valtio';
import { ActivityDialog } from './ActivityDialog.tsx';
import { DeletedDialog } from './DeletedDialog.tsx';
import { historyUi } from './historyUi.ts';
import { RevertDialog } from './RevertDialog.tsx';

/** The history's dialogs, mounted once beside the tree's others. */
export function HistoryControl() {
  const { activity, deleted } = useSnapshot(historyUi);
  return (
    <>
      {activity && <ActivityDialog onClose={() => (historyUi.activity = false)} />}
      {deleted && <DeletedDialog onClose={() => (historyUi.deleted = false)} />}
      <RevertDialog />
    </>
  );
}
