import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { TreeSummary } from '../../backend/ports.ts';
import { treeLine } from '../../app/shell/TreeSwitcher.tsx';
import { PlusIcon, TreeIcon, UsersIcon } from '../../components/icons.tsx';
import { MembersDialog } from '../members/MembersDialog.tsx';
import { MEMBERS_TEXTS } from '../members/membersActions.ts';
import { loadTrees, treePath, treesState } from '../../state/trees.ts';
import { ActivityBadge } from '../../components/ActivityBadge.tsx';

export const TREE_LIST_TEXTS = {
  title: 'Your family trees',
  loading: 'Loading your family trees',
  failed: 'Your family trees could not be loaded right now.',
  retry: 'Try again',
  empty: 'You have no family tree yet. Open Family Tree to start yours.',
  open: 'Open',
  openLabel: (name: string) => `Open ${name}`,
  membersLabel: (name: string) => `Members of ${name}`,
  lastOpened: 'Opened last',
  by: (owner: string) => `Shared by ${owner}`,
  newTree: 'New tree',
  newTreeHint: 'Start a family tree of your own',
} as const;

/**
 * Whether Home offers "New tree": the member has no tree of their own yet (each member owns one,
 * its id their uid, made when first opened: the address treePath(uid) opens it; issue 19, item 17).
 */
export function offersNewTree(trees: readonly Pick<TreeSummary, 'graphId'>[], uid: string): boolean {
  return !trees.some((t) => t.graphId === uid);
}

/**
 * Home's list of the trees the member belongs to (§2 Home): name, their role, how many people it
 * holds and who shares it; the one opened last is marked. Open switches to it; its owner also
 * reaches the Members dialog from here.
 */
export function TreeList({ uid }: { uid: string }) {
  const { trees, status } = useSnapshot(treesState);
  const [members, setMembers] = useState<TreeSummary | null>(null);
  return (
    <article className="card home-trees" aria-labelledby="home-trees-title" aria-busy={status === 'loading' && !trees.length}>
      <h2 id="home-trees-title" className="card-title">
        {TREE_LIST_TEXTS.title}
      </h2>
      {!trees.length && status === 'loading' && (
        <div className="skeleton-lines" aria-label={TREE_LIST_TEXTS.loading}>
          <span />
          <span />
        </div>
      )}
      {!trees.length && status === 'error' && (
        <div className="home-trees-empty" role="alert">
          <p className="muted">{TREE_LIST_TEXTS.failed}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void loadTrees(uid, true)}>
            {TREE_LIST_TEXTS.retry}
          </button>
        </div>
      )}
      {!trees.length && status === 'ready' && <p className="muted">{TREE_LIST_TEXTS.empty}</p>}
      {trees.length > 0 && (
        <ul className="home-tree-list">
          {trees.map((t) => (
            <li key={t.graphId} className={`home-tree${t.current ? ' home-tree-current' : ''}`} data-testid="home-tree">
              <span className="home-tree-icon" aria-hidden="true">
                <TreeIcon />
              </span>
              <span className="home-tree-text">
                <span className="home-tree-name">
                  {t.name}
                  <ActivityBadge count={t.activity?.count ?? 0} />
                </span>
                <span className="home-tree-line">
                  {treeLine(t)}
                  {t.role !== 'owner' && t.ownerName ? ` · ${TREE_LIST_TEXTS.by(t.ownerName)}` : ''}
                </span>
                {t.current && <span className="home-tree-last">{TREE_LIST_TEXTS.lastOpened}</span>}
              </span>
              <span className="home-tree-actions">
                {t.role === 'owner' && (
                  <button type="button" className="btn btn-ghost" aria-label={TREE_LIST_TEXTS.membersLabel(t.name)} onClick={() => setMembers(t as TreeSummary)}>
                    <UsersIcon size={18} /> <span className="home-tree-members-text">{MEMBERS_TEXTS.open}</span>
                  </button>
                )}
                <Link to={treePath(t.graphId)} className={`btn ${t.current ? 'btn-primary' : 'btn-secondary'}`} aria-label={TREE_LIST_TEXTS.openLabel(t.name)}>
                  {TREE_LIST_TEXTS.open}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
      {status === 'ready' && offersNewTree(trees, uid) && (
        <Link to={treePath(uid)} className="btn btn-secondary home-new-tree" title={TREE_LIST_TEXTS.newTreeHint}>
          <PlusIcon size={18} /> {TREE_LIST_TEXTS.newTree}
        </Link>
      )}
      {members && <MembersDialog graphId={members.graphId} treeName={members.name} uid={uid} onClose={() => setMembers(null)} />}
    </article>
  );
}
