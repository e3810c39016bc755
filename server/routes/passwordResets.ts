import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../src/domain/errors.ts';
import {
  AUTH_FAILURES,
  AUTH_MESSAGES,
  MAX_PASSWORD_LENGTH,
  normaliseEmail,
  validateNewPassword,
  validateResetRequest,
  EMAIL_MAX_CHARS,
  EMAIL_TOO_LONG,
} from '../../src/domain/validation/auth.ts';
import { hashPassword } from '../auth/passwords.ts';
import { SECRET_TOKEN, hashToken, newSecretToken } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { parseBody } from '../http/errors.ts';
import { LIMITED, signInFrom } from '../http/rateLimit.ts';
import { clearSessionCookie } from '../http/session.ts';
import { resetPasswordMail } from '../../src/mail/templates.ts';

export const RESET_VALID_MINUTES = 60;
export const RESET_LINK_INVALID = AUTH_FAILURES.resetLinkInvalid;

const ResetRequestBody = z.object({ email: z.string().max(EMAIL_MAX_CHARS, EMAIL_TOO_LONG).default('') });
const NewPasswordBody = z.object({
  password: z.string().max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`).default(''),
});

async function liveReset(db: Queryable, token: string): Promise<string | null> {
  if (!SECRET_TOKEN.test(token)) return null;
  const rows = await db.query<{ uid: string }>(
    `SELECT uid FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
    [hashToken(token)],
  );
  return rows[0]?.uid ?? null;
}

export function passwordResetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, mailer, limiter } = ctx;
  const limit = ctx.rateLimits.passwordReset;

  app.post('/api/password-resets', async (request, reply) => {
    await limiter.enforce(reply, LIMITED.passwordResetRequest, request.ip, limit);
    const body = parseBody(ResetRequestBody, request.body);
    const problem = validateResetRequest(body.email);
    if (problem) throw new AppError('invalid-argument', problem);
    const email = normaliseEmail(body.email);
    const users = await db.query<{ uid: string; email: string }>('SELECT uid, email FROM users WHERE email = $1', [email]);
    const user = users[0];
    if (user) {
      const token = newSecretToken();
      await db.query(
        `INSERT INTO password_resets (token_hash, uid, expires_at)
         VALUES ($1, $2, now() + interval '${RESET_VALID_MINUTES} minutes')`,
        [hashToken(token), user.uid],
      );
      const link = `${ctx.baseUrl()}/reset-password?token=${token}`;
      const log = request.log;
      // Sent after answering, so the answer (and its timing) is the same for unknown addresses.
      ctx.background(
        mailer.send(resetPasswordMail(user.email, link, RESET_VALID_MINUTES)).then(
          (sent) => {
            if (sent.file) log.info(`Password reset mail written to ${sent.file}; link: ${link}`);
          },
          (err: unknown) => log.error({ err }, 'could not send the password reset mail'),
        ),
      );
    }
    return reply.code(202).send({ message: AUTH_MESSAGES.resetSent });
  });

  app.get<{ Params: { token: string } }>('/api/password-resets/:token', async (request, reply) => {
    if (!(await liveReset(db, request.params.token))) throw new AppError('auth/reset-link-invalid', RESET_LINK_INVALID);
    return reply.code(204).send();
  });

  app.post<{ Params: { token: string } }>('/api/password-resets/:token', async (request, reply) => {
    await limiter.enforce(reply, LIMITED.passwordResetConfirm, request.ip, limit);
    const { token } = request.params;
    if (!(await liveReset(db, token))) throw new AppError('auth/reset-link-invalid', RESET_LINK_INVALID);
    const { password } = parseBody(NewPasswordBody, request.body);
    const problem = validateNewPassword(password, password);
    if (problem) throw new AppError('invalid-argument', problem);
    const passwordHash = await hashPassword(password);
    const { uid, email } = await db.transaction(async (tx) => {
      const used = await tx.query<{ uid: string }>(
        `UPDATE password_resets SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING uid`,
        [hashToken(token)],
      );
      const uid = used[0]?.uid;
      if (!uid) throw new AppError('auth/reset-link-invalid', RESET_LINK_INVALID);
      const updated = await tx.query<{ email: string }>(
        'UPDATE users SET password_hash = $2, updated_at = now() WHERE uid = $1 RETURNING email',
        [uid, passwordHash],
      );
      await tx.query('DELETE FROM sessions WHERE uid = $1', [uid]);
      // Any other link sent to this member dies with this one.
      await tx.query('UPDATE password_resets SET used_at = now() WHERE uid = $1 AND used_at IS NULL', [uid]);
      return { uid, email: updated[0]!.email };
    });
    await ctx.streams.end({ uid }, 'signed-out');
    // Whoever set the new password holds the mailbox: wrong guesses by others no longer lock them out.
    await limiter.clear(LIMITED.signInAccount, email);
    await limiter.clear(LIMITED.signInAccountAnywhere, email);
    await limiter.clear(LIMITED.signInAccountAddress, signInFrom(email, request.ip));
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });
}
