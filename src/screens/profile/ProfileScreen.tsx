import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Avatar } from '../../components/avatar/Avatar.tsx';
import { ArrowLeftIcon } from '../../components/icons.tsx';
import { userDisplayName } from '../../components/userName.ts';
import { authState } from '../../state/auth.ts';

/** /app/profile: the member's own profile. */
export default function ProfileScreen() {
  const { user } = useSnapshot(authState);
  if (!user) return null;
  return (
    <div className="page">
      <section className="card profile-header">
        <Avatar src={user.photoURL} seed={user.uid} size={96} />
        <div>
          <h1>{userDisplayName(user)}</h1>
          <p className="muted">{user.email}</p>
        </div>
        <Link to="/app/home" className="btn btn-secondary">
          <ArrowLeftIcon size={18} /> Back to Home
        </Link>
      </section>
    </div>
  );
}
