import { useMemo, useState } from 'react';
import { entrySentence } from '../../../../domain/history/describe.ts';
import { cardName } from '../../../../domain/labels.ts';
import type { HistoryEntry } from '../../../../domain/history/types.ts';
import { treeRights } from '../../actions/rights.ts';
import { Modal } from '../../../../components/Modal.tsx';
import { useTree } from '../../treeContext.ts';
import { useSessionRole } from '../../useSessionVersion.ts';
import { openRevert } from './historyUi.ts';
import { HISTORY_TEXTS as T, whenText } from './texts.ts';
import { useHistory } from './useHistory.ts';
import './history.css';

/** The day after an ISO date (yyyy-mm-dd), so "To" includes its whole day. */
function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/**
 * The tree's activity (issue 24): every change, newest first, who made it and what it did in a
 * few words, filtered by member and by date; owners and editors revert one change or everything
 * after it from here.
 */
export function ActivityDialog({ onClose }: { onClose(): void }) {
  const tree = useTree();
  const role = useSessionRole(tree.session);
  const mayRevert = treeRights(role).build;
  const [actorUid, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = useMemo(
    () => ({ ...(actorUid ? { actorUid } : {}), ...(from ? { from: `${from}T00:00:00.000Z` } : {}), ...(to ? { to: dayAfter(to) } : {}) }),
    [actorUid, from, to],
  );
  const history = useHistory(tree.session.graphId, query);
  const nameOf = (id: string) => cardName(tree.session.graph.profiles[id]);
  // The members the list has named so far (the filter keeps the chosen one while it is narrowed).
  const [known, setKnown] = useState<Record<string, string>>({});
  const actors = { ...known, ...history.actors };
  if (Object.keys(history.actors).some((uid) => !(uid in known))) setKnown(actors);

  return (
    <Modal title={T.activityTitle} description={T.activityDescription} size="lg" onClose={onClose} testId="activity-dialog">
      <div className="history-filters">
        <label>
          {T.member}
          <select value={actorUid} onChange={(e) => setActor(e.target.value)} data-testid="activity-member">
            <option value="">{T.everyone}</option>
            {Object.entries(actors).map(([uid, name]) => (
              <option key={uid} value={uid}>
                {name || T.someone}
              </option>
            ))}
          </select>
        </label>
        <label>
          {T.from}
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {T.to}
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
      </div>
      {history.status === 'loading' && !history.entries.length && <p className="history-note">{T.loading}</p>}
      {history.status === 'failed' && <p className="history-note">{T.failed}</p>}
      {history.status === 'ready' && !history.entries.length && <p className="history-note">{T.empty}</p>}
      <ol className="history-list history-activity" data-testid="activity-list">
        {history.entries.map((e) => (
          <ActivityRow key={e.revision} entry={e} who={actors[e.actorUid] || T.someone} mayRevert={mayRevert} nameOf={nameOf} />
        ))}
      </ol>
      {history.more && (
        <button type="button" className="btn btn-ghost" onClick={history.loadOlder}>
          {T.older}
        </button>
      )}
    </Modal>
  );
}

function ActivityRow({ entry, who, mayRevert, nameOf }: { entry: HistoryEntry; who: string; mayRevert: boolean; nameOf(id: string): string }) {
  const when = whenText(entry.at);
  return (
    <li className="history-entry">
      <div className="history-entry-head">
        <span>
          <strong>{who}</strong> {entry.kind === 'bulk' ? T.bulk : entrySentence(entry, nameOf)}
        </span>
        <span className="history-by">{when}</span>
      </div>
      {entry.revertOf && <p className="history-note">{T.revertedNote(entry.revertOf)}</p>}
      {mayRevert && entry.changes && (
        <div className="history-actions">
          <button type="button" className="btn btn-ghost" aria-label={T.revertOneLabel(when)} onClick={() => openRevert(entry.revision, 'one', entry.at)}>
            {T.revertOne}
          </button>
          <button type="button" className="btn btn-ghost" aria-label={T.revertAfterLabel(when)} onClick={() => openRevert(entry.revision - 1, 'after', entry.at)}>
            {T.revertAfter}
          </button>
        </div>
      )}
    </li>
  );
}
