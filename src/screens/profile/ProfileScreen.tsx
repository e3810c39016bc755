import * as Tabs from '@radix-ui/react-tabs';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Avatar } from '../../components/avatar/Avatar.tsx';
import { ArrowLeftIcon, PencilIcon, SettingsIcon } from '../../components/icons.tsx';
import { useToastsClearOf } from '../../components/toastArea.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { birthLabel, deathLabel, displayName, genderLabel, orDash } from '../../domain/labels.ts';
import { canShowEditProfile } from '../../domain/permissions.ts';
import type { Profile } from '../../domain/types.ts';
import { authState } from '../../state/auth.ts';
import { loadOwnProfile, ownProfileState } from '../../state/ownProfile.ts';
import { PROFILE_PAGE_MESSAGES as M } from './messages.ts';
import { ProfileEditor } from './ProfileEditor.tsx';
import { ProfilePrivacy } from './ProfilePrivacy.tsx';
import { ProfilePhotos } from './ProfilePhotos.tsx';
import { ProfileTimeline } from './ProfileTimeline.tsx';
import './profile.css';

/** Tabs after About and Timeline (§2): Photos is built (issue 23); Friends stays disabled. */
const LATER_TABS = ['Friends', 'Photos'] as const;
const BUILT_TABS: ReadonlySet<string> = new Set(['Photos']);

/**
 * /app/profile (§2, §4): the member's own profile. View mode, or the editor when `?edit=1` is in
 * the address ('Edit Profile' puts it there; Save and Cancel take it away), owner only (§6).
 */
export default function ProfileScreen() {
  const { user } = useSnapshot(authState);
  const { profile, status } = useSnapshot(ownProfileState);
  const [params, setParams] = useSearchParams();
  const keepToastsClear = useToastsClearOf('below');

  if (!user) return null;
  if (!profile) {
    return (
      <div className="page">
        {status === 'error' ? (
          <section className="card empty-state" role="alert">
            <h1>Your profile could not be loaded</h1>
            <p>Check your connection and try again.</p>
            <button className="btn btn-primary" onClick={() => void loadOwnProfile(user.uid)}>
              Try again
            </button>
          </section>
        ) : (
          <LoadingState text="Loading your profile…" />
        )}
      </div>
    );
  }

  const own = profile as Profile;
  const mayEdit = canShowEditProfile(own, user.uid);
  const editing = mayEdit && params.get('edit') === '1';
  const setEditing = (on: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (on) next.set('edit', '1');
        else next.delete('edit');
        return next;
      },
      { replace: !on },
    );
  const name = displayName({ firstName: own.firstName, lastName: own.lastName, email: own.email || user.email });
  const born = birthLabel(own);

  return (
    <div className="page profile-page">
      <section className="card profile-hero" aria-label="Profile" ref={keepToastsClear}>
        <Avatar src={own.photoURL} gender={own.gender} seed={own.id} size={120} alt={name} />
        <div className="profile-hero-text">
          <h1>{name}</h1>
          <p className="muted truncate">{own.email || user.email}</p>
          {born && <p className="profile-hero-meta">Born {born}</p>}
        </div>
        <div className="profile-hero-actions">
          {mayEdit && !editing && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing(true)}>
              <PencilIcon size={18} /> Edit Profile
            </button>
          )}
          <Link to="/app/account" className="btn btn-secondary">
            <SettingsIcon size={18} /> Account settings
          </Link>
          <Link to="/app/home" className="btn btn-secondary">
            <ArrowLeftIcon size={18} /> Back to Home
          </Link>
        </div>
      </section>

      <Tabs.Root defaultValue="about" className="profile-tabs">
        <Tabs.List className="tabs-list profile-tabs-list" aria-label="Profile sections">
          <Tabs.Trigger className="tabs-trigger" value="about">
            About
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs-trigger" value="timeline">
            Timeline
          </Tabs.Trigger>
          {LATER_TABS.map((label) => (
            <Tabs.Trigger key={label} className="tabs-trigger" value={label.toLowerCase()} disabled={!BUILT_TABS.has(label)}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="about">
          {editing ? (
            <ProfileEditor profile={own} onDone={() => setEditing(false)} />
          ) : (
            <div className="profile-about">
              <article className="card" aria-labelledby="profile-intro-title">
                <h2 id="profile-intro-title" className="card-title">
                  Intro
                </h2>
                {own.bio.trim() ? <p className="profile-bio">{own.bio}</p> : <p className="profile-bio-empty">{M.noBio}</p>}
              </article>
              <article className="card" aria-labelledby="profile-details-title">
                <h2 id="profile-details-title" className="card-title">
                  Details
                </h2>
                <dl className="profile-details">
                  <div>
                    <dt>Born</dt>
                    <dd>{orDash(born)}</dd>
                  </div>
                  <div>
                    <dt>Gender</dt>
                    <dd>{genderLabel(own.gender)}</dd>
                  </div>
                  <div>
                    <dt>Died</dt>
                    <dd>{orDash(deathLabel(own))}</dd>
                  </div>
                  <div>
                    <dt>Mother's maiden name</dt>
                    <dd>{orDash(own.mothersMaidenName)}</dd>
                  </div>
                </dl>
              </article>
              <ProfilePrivacy />
            </div>
          )}
        </Tabs.Content>
        <Tabs.Content value="timeline">
          <ProfileTimeline profile={own} />
        </Tabs.Content>

        <Tabs.Content value="photos">
          <ProfilePhotos uid={user.uid} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
