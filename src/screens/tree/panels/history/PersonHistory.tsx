import { useState } from 'react';
import { personChangeLines } from '../../../../domain/history/describe.ts';
import { cardName } from '../../../../domain/labels.ts';
import type { Graph, Profile } from '../../../../domain/types.ts';
import { treeRights } from '../../actions/rights.ts';
import { useTree } from '../../treeContext.ts';
import { useSessionRole } from '../../useSessionVersion.ts';
import { EntryLines } from './EntryLines.tsx';
import { openRevert } from './historyUi.ts';
import { HISTORY_TEXTS as T, whenText } from './texts.ts';
import { useHistory } from './useHistory.ts';
import './history.css';

/**
 * A person's history in the details panel (issue 24): behind a "History" button, who changed what
 * and when, field by field (details, relatives, events, other names, marriages), newest first,
 * each change revertible by the tree's owner and editors.
 */
export function PersonHistory({ graph, profile }: { graph: Graph; profile: Profile }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="facts-section history-person" aria-label={T.personTitle}>
      <div className="facts-head">
        <h3>{T.personTitle}</h3>
        <button type="button" className="btn btn-ghost facts-add" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="person-history-toggle">
          {open ? T.personHide : T.personButton}
        </button>
      </div>
      {open && <PersonHistoryList graph={graph} profileId={profile.id} />}
    </section>
  );
}

function PersonHistoryList({ graph, profileId }: { graph: Graph; profileId: string }) {
  const tree = useTree();
  const role = useSessionRole(tree.session);
  const mayRevert = treeRights(role).build;
  const history = useHistory(tree.session.graphId, { profileId });
  const nameOf = (id: string) => cardName(graph.profiles[id]);
  if (history.status === 'loading' && !history.entries.length) return <p className="history-note">{T.loading}</p>;
  if (history.status === 'failed') return <p className="history-note">{T.failed}</p>;
  if (!history.entries.length) return <p className="history-note">{T.empty}</p>;
  return (
    <>
      <ol className="history-list" data-testid="person-history">
        {history.entries.map((e) => {
          const when = whenText(e.at);
          return (
            <li key={e.revision} className="history-entry">
              <div className="history-entry-head">
                <span className="history-by">{T.by(history.actors[e.actorUid] || T.someone, when)}</span>
                {mayRevert && e.changes && (
                  <button type="button" className="btn btn-ghost history-revert" aria-label={T.revertOneLabel(when)} onClick={() => openRevert(e.revision, 'one', e.at)}>
                    {T.revertOne}
                  </button>
                )}
              </div>
              {e.revertOf && <p className="history-note">{T.revertedNote(e.revertOf)}</p>}
              <EntryLines lines={personChangeLines(e, profileId, nameOf, graph.profiles[profileId])} />
            </li>
          );
        })}
      </ol>
      {history.more && (
        <button type="button" className="btn btn-ghost" onClick={history.loadOlder}>
          {T.older}
        </button>
      )}
    </>
  );
}
