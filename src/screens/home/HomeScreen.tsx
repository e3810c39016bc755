import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { MemberAvatar } from '../../components/avatar/MemberAvatar.tsx';
import { userDisplayName } from '../../components/userName.ts';
import { TreeIcon } from '../../components/icons.tsx';
import { authState } from '../../state/auth.ts';
import { ownProfileState } from '../../state/ownProfile.ts';
import { loadTrees, treesState } from '../../state/trees.ts';
import { homeGreeting } from './greeting.ts';
import { ProfileSummary } from './ProfileSummary.tsx';
import { FamilyActivity } from './FamilyActivity.tsx';
import { TreeList } from './TreeList.tsx';
import './home.css';

/** §2 signed-in home: greeting, the call to open the tree, the member's trees, the member and their profile. */
export function HomeScreen() {
  const { user } = useSnapshot(authState);
  const { profile, status } = useSnapshot(ownProfileState);
  const trees = useSnapshot(treesState);
  const name = userDisplayName(user);
  const uid = user?.uid;
  // What relatives changed is read afresh on each visit to Home (the sidebar's list may be older).
  useEffect(() => {
    if (uid) void loadTrees(uid, true);
  }, [uid]);
  return (
    <div className="page home">
      <section className="home-hero card">
        <div className="home-hero-text">
          <h1>{homeGreeting(name, trees)}</h1>
          <p className="home-lead">Pick up where you left off — add relatives, link profiles, and map your family's story.</p>
          <Link to="/app/tree" className="btn btn-primary btn-lg home-cta">
            <TreeIcon /> Open Family Tree
          </Link>
        </div>
      </section>
      {user && <FamilyActivity />}
      {user && <TreeList uid={user.uid} />}
      {user && (
        <section className="home-grid">
          <article className="card home-user" aria-labelledby="home-account-title">
            <h2 id="home-account-title" className="card-title">Your account</h2>
            <div className="home-user-row">
              <MemberAvatar size={64} />
              <div style={{ minWidth: 0 }}>
                <p className="home-user-name">{name}</p>
                <p className="muted truncate">{user.email}</p>
              </div>
            </div>
          </article>
          <ProfileSummary profile={profile ?? (status === 'error' ? null : undefined)} />
        </section>
      )}
    </div>
  );
}
