import type { AuthUser } from '../domain/types.ts';

/** §3: the display name falls back to the e-mail, then 'User'. */
export function userDisplayName(user: Pick<AuthUser, 'displayName' | 'email'> | null | undefined): string {
  return user?.displayName?.trim() || user?.email?.trim() || 'User';
}
