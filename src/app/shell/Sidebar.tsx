import { NavLink } from 'react-router-dom';
import { HomeIcon, TreeIcon } from '../../components/icons.tsx';
import { SECOND_LINE } from '../config.ts';

/** §1: Home and Family Tree, shown when signed in. */
export function Sidebar() {
  return (
    <nav className="app-sidebar" aria-label="Main">
      <NavLink to="/app/home" className="nav-link">
        <HomeIcon /> Home
      </NavLink>
      <NavLink to="/app/tree" className="nav-link">
        <TreeIcon /> Family Tree
      </NavLink>
      <p className="sidebar-footnote">{SECOND_LINE}</p>
    </nav>
  );
}
