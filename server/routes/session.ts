import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SessionResponse } from '../../src/backend/api.ts';
import { AppError } from '../../src/domain/errors.ts';
import { AUTH_FAILURES, EMAIL_MAX_CHARS, EMAIL_TOO_LONG, MAX_PASSWORD_LENGTH, normaliseEmail, validateSignIn } from '../../src/domain/validation/auth.ts';
import { checkPassword } from '../auth/passwords.ts';
import type { AppContext } from '../context.ts';
import { parseBody } from '../http/errors.ts';
import { LIMITED, signInFrom, signInHeld } from '../http/rateLimit.ts';
import {
  clearSessionCookie,
  createSession,
  endSession,
  hasSessionCookie,
  sessionUser,
  setSessionCookie,
  toAuthUser,
} from '../http/session.ts';

export const INVALID_CREDENTIAL = AUTH_FAILURES.invalidCredential;

const SignInBody = z.object({
  email: z.string().max(EMAIL_MAX_CHARS, EMAIL_TOO_LONG).default(''),
  password: z.string().max(MAX_PASSWORD_LENGTH, 'Incorrect email or password.').default(''),
});

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, limiter } = ctx;

  app.get('/api/session', async (request, reply): Promise<SessionResponse> => {
    const user = await sessionUser(request, db);
    if (!user && hasSessionCookie(request)) clearSessionCookie(request, reply);
    return { user };
  });

  /**
   * Every attempt counts against the client's address, and against the account named: from this
   * address and from all (`signInHeld`: a guesser is held without locking the owner out, and
   * spreading guesses over many addresses gets one from each, up to a cap). The right password
   * clears the account's counts. A held attempt is refused before its password is checked.
   */
  app.post('/api/session', async (request, reply): Promise<SessionResponse> => {
    await limiter.enforce(reply, LIMITED.signIn, request.ip, ctx.rateLimits.signIn);
    const body = parseBody(SignInBody, request.body);
    const problem = validateSignIn(body);
    if (problem) throw new AppError('invalid-argument', problem);
    const email = normaliseEmail(body.email);
    const { signInAccount, signInAccountAnywhere } = ctx.rateLimits;
    const account = await limiter.count(LIMITED.signInAccount, email, signInAccount.timeWindowMs);
    const here = await limiter.count(LIMITED.signInAccountAddress, signInFrom(email, request.ip), signInAccount.timeWindowMs);
    const anywhere = await limiter.count(LIMITED.signInAccountAnywhere, email, signInAccountAnywhere.timeWindowMs);
    const held = signInHeld({ account: account.hits, here: here.hits, anywhere: anywhere.hits }, signInAccount.max, signInAccountAnywhere.max);
    if (held) limiter.refuse(reply, { account, here, anywhere }[held].wait);
    const rows = await db.query<{ uid: string; email: string; display_name: string; photo_url: string; password_hash: string }>(
      'SELECT uid, email, display_name, photo_url, password_hash FROM users WHERE email = $1',
      [email],
    );
    const row = rows[0];
    if (!(await checkPassword(row?.password_hash ?? null, body.password)) || !row) {
      throw new AppError('auth/invalid-credential', INVALID_CREDENTIAL);
    }
    await limiter.clear(LIMITED.signInAccount, email);
    await limiter.clear(LIMITED.signInAccountAddress, signInFrom(email, request.ip));
    await limiter.clear(LIMITED.signInAccountAnywhere, email);
    // A new sign-in replaces whatever session this browser had.
    await endSession(request, db, ctx.streams);
    setSessionCookie(request, reply, await createSession(db, row.uid));
    return { user: toAuthUser(row) };
  });

  app.delete('/api/session', async (request, reply) => {
    await endSession(request, db, ctx.streams);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });
}
