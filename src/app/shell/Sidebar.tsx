import { useEffect } from 'react';
import { NavLink } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HomeIcon, TreeIcon } from '../../components/icons.tsx';
import { authState } from '../../state/auth.ts';
import { currentTree, loadTrees, treesState } from '../../state/trees.ts';
import { ActivityBadge } from '../../components/ActivityBadge.tsx';
import { SECOND_LINE } from '../config.ts';
import { TreeSwitcher } from './TreeSwitcher.tsx';

/** §1: Home and Family Tree, shown when signed in; and the switch between trees, for a member of several. */
export function Sidebar() {
  const { user } = useSnapshot(authState);
  const { trees } = useSnapshot(treesState);
  // The badge of the tree Family Tree opens: what others changed there since the last visit.
  const opens = currentTree(trees);
  useEffect(() => {
    if (user) void loadTrees(user.uid);
  }, [user]);
  return (
    <nav className="app-sidebar" aria-label="Main">
      <NavLink to="/app/home" className="nav-link">
        <HomeIcon /> Home
      </NavLink>
      <NavLink to="/app/tree" className="nav-link">
        <TreeIcon /> Family Tree
        <ActivityBadge count={opens?.activity?.count ?? 0} />
      </NavLink>
      <TreeSwitcher />
      <p className="sidebar-footnote">{SECOND_LINE}</p>
    </nav>
  );
}
