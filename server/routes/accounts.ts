import type { FastifyInstance } from 'fastify';
import { AppError } from '../../src/domain/errors.ts';
import { AUTH_MESSAGES } from '../../src/domain/validation/auth.ts';

/**
 * Self-service sign-up. The §1 switch for it exists and is off (§1, §4): accounts are made by
 * accepting an invitation, so this answers every caller the same coded refusal.
 */
export function accountRoutes(app: FastifyInstance): void {
  app.post('/api/accounts', async () => {
    throw new AppError('auth/signup-disabled', AUTH_MESSAGES.signUpDisabled);
  });
}
