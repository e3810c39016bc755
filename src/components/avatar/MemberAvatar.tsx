import { useSnapshot } from 'valtio';
import { authState } from '../../state/auth.ts';
import { ownProfileState } from '../../state/ownProfile.ts';
import { Avatar } from './Avatar.tsx';

/** The signed-in member's face: their small photo, or the default drawn from their profile. */
export function MemberAvatar({ size }: { size: number }) {
  const { user } = useSnapshot(authState);
  const { profile } = useSnapshot(ownProfileState);
  if (!user) return null;
  const src = (size > 170 ? profile?.photoURL : profile?.photoURLSmall) || user.photoURL;
  return <Avatar src={src} seed={user.uid} gender={profile?.gender} size={size} />;
}
