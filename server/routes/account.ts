import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountResponse, SessionResponse } from '../../src/backend/api.ts';
import { CARD_CHOICE_INVALID, CLAIMED_CARD_CHOICES, MAX_TREE_CHOICES, SAME_EMAIL, WRONG_PASSWORD } from '../../src/domain/ownAccount.ts';
import { AppError } from '../../src/domain/errors.ts';
import { isTreeLeftRefusal } from '../../src/domain/save/treesLeft.ts';
import { DEFAULT_VIEWER_VISIBILITY, isVisibility, VISIBILITIES, VISIBILITY_CHOICE_INVALID } from '../../src/domain/privacy.ts';
import { AUTH_MESSAGES, EMAIL_MAX_CHARS, EMAIL_TOO_LONG, MAX_PASSWORD_LENGTH, isValidEmail, normaliseEmail, validateNewPassword } from '../../src/domain/validation/auth.ts';
import { DEFAULT_DIGEST, DIGEST_CHOICE_INVALID, DIGEST_FREQUENCIES, isDigestFrequency } from '../../src/domain/activity/types.ts';
import { setDigest } from '../activity/sqlActivity.ts';
import { deleteAccount, ownData } from '../account.ts';
import { checkPassword, hashPassword } from '../auth/passwords.ts';
import { SECRET_TOKEN, hashToken, newSecretToken } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { GraphService } from '../graphs/service.ts';
import { parseBody } from '../http/errors.ts';
import { LIMITED } from '../http/rateLimit.ts';
import { clearSessionCookie, requireUser, sessionHash, toAuthUser } from '../http/session.ts';
import { emailChangeMail, emailTakenMail } from '../../src/mail/templates.ts';
import { INVALID_CREDENTIAL } from './session.ts';
import { EMAIL_IN_USE, EMAIL_LINK_INVALID } from '../../src/domain/invitations.ts';

/** How long the link confirming a new address works. */
export const EMAIL_CHANGE_HOURS = 24;

const Password = z.string().max(MAX_PASSWORD_LENGTH, INVALID_CREDENTIAL);
const SettingsBody = z.strictObject({
  viewerVisibility: z.enum(VISIBILITIES, VISIBILITY_CHOICE_INVALID).optional(),
  digest: z.enum(DIGEST_FREQUENCIES, DIGEST_CHOICE_INVALID).optional(),
});
const EmailBody = z.strictObject({ email: z.string().max(EMAIL_MAX_CHARS, EMAIL_TOO_LONG), password: Password });
const PasswordBody = z.strictObject({
  currentPassword: Password,
  newPassword: z.string().max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`),
});
const DeleteBody = z.strictObject({
  password: Password,
  card: z.enum(CLAIMED_CARD_CHOICES, CARD_CHOICE_INVALID),
  trees: z
    .array(
      z.discriminatedUnion('action', [
        z.strictObject({ graphId: z.string().max(128), action: z.literal('transfer'), toUid: z.string().max(128) }),
        z.strictObject({ graphId: z.string().max(128), action: z.literal('delete') }),
      ]),
    )
    .max(MAX_TREE_CHOICES),
});

/**
 * One's own data (issue 11; src/backend/api.ts "account"): settings, e-mail and password changes,
 * the download and the deletion. Every change that needs proof asks for the current password.
 */
export function ownAccountRoutes(app: FastifyInstance, ctx: AppContext, graphs: GraphService): void {
  const { db, limiter, mailer, streams } = ctx;

  async function passwordOk(uid: string, password: string): Promise<boolean> {
    const rows = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE uid = $1', [uid]);
    return checkPassword(rows[0]?.password_hash ?? null, password);
  }

  async function requirePassword(uid: string, password: string): Promise<void> {
    if (!(await passwordOk(uid, password))) throw new AppError('auth/invalid-credential', WRONG_PASSWORD);
  }

  async function settingsOf(uid: string): Promise<AccountResponse> {
    const rows = await db.query<{ viewer_visibility: string; digest: string }>('SELECT viewer_visibility, digest FROM users WHERE uid = $1', [uid]);
    const v = rows[0]?.viewer_visibility;
    const d = rows[0]?.digest;
    return { viewerVisibility: isVisibility(v) ? v : DEFAULT_VIEWER_VISIBILITY, digest: isDigestFrequency(d) ? d : DEFAULT_DIGEST };
  }

  app.get('/api/account', async (request): Promise<AccountResponse> => {
    const user = await requireUser(request, db);
    return settingsOf(user.uid);
  });

  /** What viewers see of the member's claimed cards; their open streams reload under the new choice. */
  app.patch('/api/account', async (request): Promise<AccountResponse> => {
    const user = await requireUser(request, db);
    const body = parseBody(SettingsBody, request.body);
    if (body.viewerVisibility) {
      await db.query('UPDATE users SET viewer_visibility = $2, updated_at = now() WHERE uid = $1', [user.uid, body.viewerVisibility]);
      const viewers = await db.query<{ uid: string; graph_id: string }>(
        `SELECT DISTINCT m.uid, m.graph_id FROM profiles p JOIN graph_profiles gp ON gp.profile_id = p.id
           JOIN graph_members m ON m.graph_id = gp.graph_id AND m.role = 'viewer'
          WHERE (p.id = $1 OR p.owner_uid = $1) AND m.uid <> $1`,
        [user.uid],
      );
      for (const v of viewers) await streams.end({ uid: v.uid, graphId: v.graph_id }, 'reload');
    }
    if (body.digest) await setDigest(db, user.uid, body.digest, new Date());
    return settingsOf(user.uid);
  });

  /**
   * A new sign-in address, confirmed by a link sent to it. The answer is 202 whatever the
   * address: one that already has an account gets a mail saying so instead of a link.
   */
  app.post('/api/account/email', async (request, reply) => {
    const user = await requireUser(request, db);
    await limiter.enforce(reply, LIMITED.emailChange, user.uid, ctx.rateLimits.passwordReset);
    const body = parseBody(EmailBody, request.body);
    if (!isValidEmail(body.email)) throw new AppError('invalid-email', AUTH_MESSAGES.invalidEmail);
    const email = normaliseEmail(body.email);
    if (email === user.email) throw new AppError('invalid-argument', SAME_EMAIL);
    await requirePassword(user.uid, body.password);
    const taken = await db.query('SELECT 1 FROM users WHERE email = $1', [email]);
    const log = request.log;
    let message;
    let link = '';
    if (taken.length) message = emailTakenMail(email);
    else {
      const token = newSecretToken();
      await db.query(`INSERT INTO email_changes (token_hash, uid, new_email, expires_at) VALUES ($1, $2, $3, now() + interval '${EMAIL_CHANGE_HOURS} hours')`, [
        hashToken(token),
        user.uid,
        email,
      ]);
      link = `${ctx.baseUrl()}/confirm-email?token=${token}`;
      message = emailChangeMail(email, { link, validHours: EMAIL_CHANGE_HOURS });
    }
    ctx.background(
      mailer.send(message).then(
        (sent) => {
          if (sent.file) log.info(`Mail "${message.subject}" written to ${sent.file}${link ? `; link: ${link}` : ''}`);
        },
        (err: unknown) => log.error({ err }, 'could not send the e-mail change mail'),
      ),
    );
    return reply.code(202).send();
  });

  /** The confirmation link: the sign-in address and the e-mail of the member's own cards change. */
  app.post<{ Params: { token: string } }>('/api/account/email/:token', async (request, reply): Promise<SessionResponse> => {
    await limiter.enforce(reply, LIMITED.emailChange, request.ip, ctx.rateLimits.passwordReset);
    const { token } = request.params;
    if (!SECRET_TOKEN.test(token)) throw new AppError('auth/confirmation-link-invalid', EMAIL_LINK_INVALID);
    const changed = await db
      .transaction(async (tx) => {
        const used = await tx.query<{ uid: string; new_email: string }>(
          `UPDATE email_changes SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING uid, new_email`,
          [hashToken(token)],
        );
        const row = used[0];
        if (!row) throw new AppError('auth/confirmation-link-invalid', EMAIL_LINK_INVALID);
        await tx.query('UPDATE email_changes SET used_at = now() WHERE uid = $1 AND used_at IS NULL', [row.uid]);
        const users = await tx.query<{ uid: string; email: string; display_name: string; photo_url: string }>(
          'UPDATE users SET email = $2, updated_at = now() WHERE uid = $1 RETURNING uid, email, display_name, photo_url',
          [row.uid, row.new_email],
        );
        return users[0]!;
      })
      .catch((e: unknown) => {
        if (isUniqueViolation(e)) throw new AppError('auth/email-already-in-use', EMAIL_IN_USE);
        throw e;
      });
    const cards = await db.query<{ id: string }>('SELECT id FROM profiles WHERE (id = $1 OR owner_uid = $1) AND data->>\'email\' IS DISTINCT FROM $2', [changed.uid, changed.email]);
    for (const { id } of cards) {
      await graphs.updateProfile(changed.uid, id, { email: changed.email }).catch((e: unknown) => {
        if (!isTreeLeftRefusal(e)) throw e;
      });
    }
    return { user: toAuthUser(changed) };
  });

  /** Needs the current password; every other session of the member ends, and its streams. */
  app.post('/api/account/password', async (request, reply) => {
    const user = await requireUser(request, db);
    await limiter.enforce(reply, LIMITED.passwordChange, user.uid, ctx.rateLimits.signInAccount);
    const body = parseBody(PasswordBody, request.body);
    await requirePassword(user.uid, body.currentPassword);
    const problem = validateNewPassword(body.newPassword, body.newPassword);
    if (problem) throw new AppError('invalid-argument', problem);
    const current = sessionHash(request);
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE uid = $1', [user.uid, passwordHash]);
      await tx.query('DELETE FROM sessions WHERE uid = $1 AND token_hash <> $2', [user.uid, current]);
      await tx.query('UPDATE password_resets SET used_at = now() WHERE uid = $1 AND used_at IS NULL', [user.uid]);
    });
    await limiter.clear(LIMITED.passwordChange, user.uid);
    await streams.end({ uid: user.uid, exceptSession: current }, 'signed-out');
    return reply.code(204).send();
  });

  app.get('/api/account/export', async (request, reply) => {
    const user = await requireUser(request, db);
    const data = await ownData(db, user.uid, new Date(), ctx.baseUrl());
    return reply
      .header('Content-Disposition', `attachment; filename="kinfolk-${user.uid}.json"`)
      .header('Cache-Control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data));
  });

  app.delete('/api/account', async (request, reply) => {
    const user = await requireUser(request, db);
    await limiter.enforce(reply, LIMITED.passwordChange, user.uid, ctx.rateLimits.signInAccount);
    const body = parseBody(DeleteBody, request.body);
    await requirePassword(user.uid, body.password);
    const { publications, removed } = await deleteAccount(db, user.uid, body, new Date());
    graphs.publish(publications);
    await streams.end({ uid: user.uid }, 'signed-out');
    for (const r of removed) await streams.end(r, 'removed');
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });
}
