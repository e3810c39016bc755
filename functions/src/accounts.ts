import type { Auth } from 'firebase-admin/auth';

/** Does Firebase Auth hold any account? (One page of one user: a single cheap call.) */
export function accountsIn(auth: Auth): { hasAccounts(): Promise<boolean> } {
  return { hasAccounts: async () => (await auth.listUsers(1)).users.length > 0 };
}
