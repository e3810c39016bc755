import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { backend } from '../../../../backend/index.ts';
import { Modal } from '../../../../components/Modal.tsx';
import { notify } from '../../../../components/notify.ts';
import { FIELD_LABELS, summarySentence } from '../../../../domain/history/describe.ts';
import { HISTORY_MESSAGES, type RevertConflict } from '../../../../domain/history/types.ts';
import type { RevertPlan } from '../../../../domain/history/wire.ts';
import { cardName } from '../../../../domain/labels.ts';
import { useTreeGraph } from '../../dialogs/useTreeGraph.ts';
import { useTree } from '../../treeContext.ts';
import { historyUi } from './historyUi.ts';
import { historyClientId, HISTORY_TEXTS as T, whenText } from './texts.ts';

/**
 * The revert's preview (issue 24): what reverting one change, or everything after it, would put
 * back, and what has changed since; with anything changed since, the revert is refused (gramps'
 * rule) and the dialog says what. Reverting saves a new change; the history keeps both.
 */
export function RevertDialog() {
  const { revert } = useSnapshot(historyUi);
  if (!revert) return null;
  return <RevertPreview key={`${revert.revision}-${revert.mode}`} revision={revert.revision} mode={revert.mode} at={revert.at} onClose={() => (historyUi.revert = null)} />;
}

function RevertPreview({ revision, mode, at, onClose }: { revision: number; mode: 'one' | 'after'; at: string; onClose(): void }) {
  const tree = useTree();
  const graph = useTreeGraph();
  const [plan, setPlan] = useState<RevertPlan | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const graphId = tree.session.graphId;
  useEffect(() => {
    backend.history.previewRevert(graphId, revision, mode).then(setPlan, (e: { message?: string }) => setError(e.message ?? T.revertFailed));
  }, [graphId, revision, mode]);
  const conflictText = (c: RevertConflict) => {
    if (c.kind !== 'profiles') return `A ${c.kind === 'nodes' ? 'card' : c.kind === 'edges' ? 'line' : c.kind.slice(0, -1)}`;
    const who = cardName(graph.profiles[c.id]);
    const field = c.field?.split(':')[0];
    return field ? `${who}: ${field === 'events' ? 'an event' : field === 'names' ? 'another name' : (FIELD_LABELS[field] ?? field)}` : who;
  };
  const nothing = plan && !plan.conflicts.length && !plan.profileIds.length && plan.summary.other === 0;
  const confirm = async () => {
    setBusy(true);
    try {
      await backend.history.revert(graphId, revision, mode, historyClientId());
      notify.success(T.reverted);
      historyUi.version++;
      onClose();
    } catch (e) {
      setError((e as { message?: string }).message ?? T.revertFailed);
      setBusy(false);
    }
  };
  return (
    <Modal title={mode === 'one' ? T.previewTitleOne : T.previewTitleAfter} description={whenText(at)} onClose={onClose} testId="revert-dialog">
      {!plan && !error && <p className="history-note">{T.loading}</p>}
      {plan && !nothing && <p>{T.previewBody(summarySentence(plan.summary))}</p>}
      {nothing && <p>{T.previewNothing}</p>}
      {plan && plan.conflicts.length > 0 && (
        <div className="history-conflicts" role="alert">
          <p>{T.conflicts}</p>
          <ul>
            {[...new Set(plan.conflicts.map(conflictText))].map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p className="history-error" role="alert">
          {error}
        </p>
      )}
      <div className="tree-dialog-footer">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {T.cancel}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!plan || busy || !!nothing || plan.conflicts.length > 0}
          title={plan?.conflicts.length ? HISTORY_MESSAGES.conflict : undefined}
          onClick={confirm}
        >
          {T.confirm}
        </button>
      </div>
    </Modal>
  );
}
