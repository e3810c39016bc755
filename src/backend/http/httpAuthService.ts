import type { AuthUser } from '../../domain/types.ts';
import type { SessionResponse, SignUpResponse } from '../api.ts';
import type { AuthListener, AuthService, SignUpInput } from '../ports.ts';
import { request } from './request.ts';

/**
 * AuthService over the self-hosted server's cookie session. Other tabs of the same site hear of
 * sign-in and sign-out through a BroadcastChannel, as Firebase's listener would tell them.
 */
export function createHttpAuthService(): AuthService {
  const listeners = new Set<AuthListener>();
  let current: AuthUser | null | undefined;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('kinfolk-auth');

  function publish(user: AuthUser | null, fromOtherTab = false) {
    current = user;
    for (const l of listeners) l(user);
    if (!fromOtherTab) channel?.postMessage({ user });
  }

  channel?.addEventListener('message', (e: MessageEvent<{ user: AuthUser | null }>) => publish(e.data.user, true));

  let loading: Promise<void> | null = null;
  function load() {
    loading ??= request<SessionResponse>('GET', '/api/session')
      .then((r) => publish(r.user, true))
      .catch(() => publish(null, true));
    return loading;
  }

  return {
    onAuthStateChanged(listener) {
      listeners.add(listener);
      if (current !== undefined) listener(current);
      else void load();
      return () => listeners.delete(listener);
    },
    async signIn(email, password) {
      const { user } = await request<SessionResponse>('POST', '/api/session', { email, password });
      publish(user);
      return user!;
    },
    async signOut() {
      await request<void>('DELETE', '/api/session');
      publish(null);
    },
    async sendPasswordResetEmail(email) {
      await request<void>('POST', '/api/password-resets', { email });
    },
    async checkPasswordResetToken(token) {
      await request<void>('GET', `/api/password-resets/${encodeURIComponent(token)}`);
    },
    async confirmPasswordReset(token, password) {
      await request<void>('POST', `/api/password-resets/${encodeURIComponent(token)}`, { password });
    },
    async updateProfile(changes) {
      const { user } = await request<SessionResponse>('PATCH', '/api/me', changes);
      publish(user);
      return user!;
    },
    async signUp(input: SignUpInput) {
      const { user } = await request<SessionResponse>('POST', '/api/accounts', input);
      publish(user);
      return user!;
    },
    async acceptInvitation(token, input: SignUpInput) {
      const answer = await request<SignUpResponse>('POST', `/api/invitations/${encodeURIComponent(token)}/accept`, input);
      if (answer.status === 'signed-in') publish(answer.user);
      return answer;
    },
    async confirmSignUp(token) {
      const { user } = await request<SessionResponse>('POST', `/api/signups/${encodeURIComponent(token)}`);
      publish(user);
      return user!;
    },
  };
}
