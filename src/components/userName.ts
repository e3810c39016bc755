import { displayName } from '../domain/labels.ts';
import type { AuthUser } from '../domain/types.ts';

/** §3: the display name falls back to the e-mail, then 'User' (the domain rule). */
export function userDisplayName(user: Pick<AuthUser, 'displayName' | 'email'> | null | undefined): string {
  return displayName({ displayName: user?.displayName, email: user?.email });
}
