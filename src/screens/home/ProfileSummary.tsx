import { Link } from 'react-router-dom';
import type { Profile } from '../../domain/types.ts';

type Summary = Pick<Profile, 'firstName' | 'lastName' | 'birthYear' | 'birthMonth' | 'birthDay' | 'gender' | 'bio'>;

function birthLabel(p: Summary): string {
  return [p.birthYear, p.birthMonth, p.birthDay].filter(Boolean).join('-');
}

const GENDER: Record<string, string> = { M: 'Male', F: 'Female' };

/** The member's own profile in brief, with the way to complete it. */
export function ProfileSummary({ profile }: { profile: Summary | null | undefined }) {
  return (
    <article className="card" aria-labelledby="home-profile-title" aria-busy={profile === undefined}>
      <h2 id="home-profile-title" className="card-title">Your profile</h2>
      {profile === undefined ? (
        <div className="skeleton-lines" aria-label="Loading your profile">
          <span />
          <span />
          <span />
        </div>
      ) : profile === null ? (
        <p className="muted">Your profile could not be loaded right now.</p>
      ) : (
        <>
          <dl className="details-list">
            <div>
              <dt>Name</dt>
              <dd>{`${profile.firstName} ${profile.lastName}`.trim() || '—'}</dd>
            </div>
            <div>
              <dt>Born</dt>
              <dd>{birthLabel(profile) || '—'}</dd>
            </div>
            <div>
              <dt>Gender</dt>
              <dd>{GENDER[profile.gender] ?? '—'}</dd>
            </div>
          </dl>
          <p className="home-bio">{profile.bio || 'No bio yet.'}</p>
          <Link to="/app/profile" className="btn btn-secondary">
            View Profile
          </Link>
        </>
      )}
    </article>
  );
}
