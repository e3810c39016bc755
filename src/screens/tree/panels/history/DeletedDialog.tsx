import { useEffect, useState } from 'react';
import { backend } from '../../../../backend/index.ts';
import { Modal } from '../../../../components/Modal.tsx';
import { notify } from '../../../../components/notify.ts';
import type { DeletedPerson } from '../../../../domain/history/wire.ts';
import { cardName } from '../../../../domain/labels.ts';
import { useTree } from '../../treeContext.ts';
import { historyUi } from './historyUi.ts';
import { historyClientId, HISTORY_TEXTS as T, whenText } from './texts.ts';
import './history.css';

/**
 * Recently deleted (issue 24): the people deleted from the tree in the last 90 days, who deleted
 * them and when; Restore brings one back with their relationships, cards and details as a new
 * change (owners and editors; the tree menu offers it to them only).
 */
export function DeletedDialog({ onClose }: { onClose(): void }) {
  const tree = useTree();
  const graphId = tree.session.graphId;
  const [list, setList] = useState<{ people: DeletedPerson[]; actors: Record<string, string> } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState('');
  useEffect(() => {
    backend.history.deleted(graphId).then(setList, (e: { message?: string }) => setError(e.message ?? T.failed));
  }, [graphId]);
  const restore = async (p: DeletedPerson) => {
    const name = cardName(p);
    setBusy(p.profileId);
    try {
      await backend.history.restore(graphId, p.revision, p.profileId, historyClientId());
      notify.success(T.restored(name));
      historyUi.version++;
      setList((l) => l && { ...l, people: l.people.filter((x) => x.profileId !== p.profileId) });
    } catch (e) {
      notify.error((e as { message?: string }).message ?? T.restoreFailed);
    } finally {
      setBusy('');
    }
  };
  return (
    <Modal title={T.deletedTitle} description={T.deletedDescription} size="lg" onClose={onClose} testId="deleted-dialog">
      {!list && !error && <p className="history-note">{T.loading}</p>}
      {error && (
        <p className="history-error" role="alert">
          {error}
        </p>
      )}
      {list && !list.people.length && <p className="history-note">{T.deletedEmpty}</p>}
      {list && list.people.length > 0 && (
        <ul className="history-list" data-testid="deleted-list">
          {list.people.map((p) => {
            const name = cardName(p);
            return (
              <li key={p.profileId} className="history-entry history-deleted">
                <div>
                  <strong>{name}</strong>
                  <p className="history-by">{T.deletedBy(list.actors[p.actorUid] || T.someone, whenText(p.at))}</p>
                </div>
                <button type="button" className="btn btn-secondary" aria-label={T.restoreLabel(name)} disabled={busy !== ''} onClick={() => restore(p)}>
                  {T.restore}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
