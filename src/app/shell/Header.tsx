import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { authState } from '../../state/auth.ts';
import { openAuthDialog } from '../../state/authDialog.ts';
import { Brand } from './Brand.tsx';
import { UserMenu } from './UserMenu.tsx';

/** §1: brand; the user menu when signed in; Sign in / Sign up off the landing page when signed out. */
export function Header() {
  const { user, initialising } = useSnapshot(authState);
  const { pathname } = useLocation();
  const onLanding = pathname === '/';
  return (
    <header className="app-header">
      <Brand to={user ? '/app/home' : '/'} />
      <div className="app-header-actions">
        {user ? (
          <UserMenu user={user} />
        ) : (
          !initialising &&
          !onLanding && (
            <>
              <button className="btn btn-ghost" onClick={() => openAuthDialog('signin')}>
                Sign in
              </button>
              <button className="btn btn-primary" onClick={() => openAuthDialog('signup')}>
                Sign up
              </button>
            </>
          )
        )}
      </div>
    </header>
  );
}
