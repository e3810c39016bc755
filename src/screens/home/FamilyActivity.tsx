import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { activitySentence, treeActivityPath } from '../../domain/activity/sinceLastVisit.ts';
import { treesState } from '../../state/trees.ts';
import { ActivityBadge } from '../../components/ActivityBadge.tsx';
import { ACTIVITY_TEXTS as T } from './activityTexts.ts';

/**
 * Home's "What's new in your family" (issue 24, item 3): for each tree the member belongs to, one
 * sentence per relative who changed something since their last visit ("Klaus added 3 people and
 * a photo"), each leading to the tree's Activity. Read with the trees list (TreeSummary.activity).
 */
export function FamilyActivity() {
  const { trees, status } = useSnapshot(treesState);
  const changed = trees.filter((t) => (t.activity?.count ?? 0) > 0);
  return (
    <article className="card home-activity" aria-labelledby="home-activity-title" aria-busy={status === 'loading' && !trees.length}>
      <h2 id="home-activity-title" className="card-title">
        {T.title}
      </h2>
      <p className="muted home-activity-lead">{T.lead}</p>
      {!trees.length && status === 'loading' && (
        <div className="skeleton-lines" aria-label={T.loading}>
          <span />
          <span />
        </div>
      )}
      {!trees.length && status === 'error' && <p className="muted">{T.failed}</p>}
      {status !== 'loading' && status !== 'error' && !changed.length && (
        <p className="home-activity-empty" data-testid="home-activity-empty">
          {T.empty}
        </p>
      )}
      {changed.length > 0 && (
        <ul className="home-activity-trees" data-testid="home-activity">
          {changed.map((t) => (
            <li key={t.graphId} className="home-activity-tree">
              <div className="home-activity-head">
                <h3 className="home-activity-name">{t.name}</h3>
                <ActivityBadge count={t.activity!.count} />
              </div>
              <ul className="home-activity-lines">
                {t.activity!.lines.map((l) => (
                  <li key={l.actorUid}>
                    <Link to={treeActivityPath(t.graphId)} className="home-activity-line">
                      {activitySentence(l)}
                    </Link>
                  </li>
                ))}
              </ul>
              <Link to={treeActivityPath(t.graphId)} className="btn btn-ghost home-activity-all" aria-label={T.seeAllLabel(t.name)}>
                {T.seeAll}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
