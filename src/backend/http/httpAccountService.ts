import { AppError } from '../../domain/errors.ts';
import type { AccountResponse, SessionResponse } from '../api.ts';
import type { AccountService } from '../ports.ts';
import { request, toAppError, safeJson } from './request.ts';

/** One's own data on the self-hosted server (src/backend/api.ts "account"). */
export function createHttpAccountService(): AccountService {
  return {
    settings: () => request<AccountResponse>('GET', '/api/account'),
    updateSettings: (changes) => request<AccountResponse>('PATCH', '/api/account', changes),
    changeEmail: (email, password) => request<void>('POST', '/api/account/email', { email, password }),
    async confirmEmailChange(token) {
      const { user } = await request<SessionResponse>('POST', `/api/account/email/${encodeURIComponent(token)}`);
      return user!;
    },
    changePassword: (currentPassword, newPassword) => request<void>('POST', '/api/account/password', { currentPassword, newPassword }),
    async download() {
      let response: Response;
      try {
        response = await fetch('/api/account/export', { credentials: 'same-origin' });
      } catch {
        throw new AppError('unavailable', 'The server could not be reached. Check your internet connection.');
      }
      if (!response.ok) throw toAppError(response.status, safeJson(await response.text()));
      return response.blob();
    },
    deleteAccount: (input) => request<void>('DELETE', '/api/account', input),
  };
}
