import { Link } from 'react-router-dom';
import { birthLabel, memberName, genderLabel, orDash } from '../../domain/labels.ts';
import type { Profile } from '../../domain/types.ts';
import { PROFILE_PAGE_MESSAGES } from '../profile/messages.ts';

type Summary = Pick<Profile, 'firstName' | 'lastName' | 'birthYear' | 'birthMonth' | 'birthDay' | 'gender' | 'bio'>;

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
              <dd>{orDash(memberName(profile))}</dd>
            </div>
            <div>
              <dt>Born</dt>
              <dd>{orDash(birthLabel(profile))}</dd>
            </div>
            <div>
              <dt>Gender</dt>
              <dd>{genderLabel(profile.gender)}</dd>
            </div>
          </dl>
          <p className="home-bio">{profile.bio || PROFILE_PAGE_MESSAGES.noBio}</p>
          <Link to="/app/profile" className="btn btn-secondary">
            View Profile
          </Link>
        </>
      )}
    </article>
  );
}
