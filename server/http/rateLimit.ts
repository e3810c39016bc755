import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../src/domain/errors.ts';
import type { Queryable } from '../db/database.ts';
import { TOO_MANY_REQUESTS } from './errors.ts';

export interface RateLimit {
  /** Hits allowed per subject (an address, an account) in each window. */
  max: number;
  timeWindowMs: number;
}

/** The counters kept, each per subject: a client address, or an account's normalised e-mail. */
export const LIMITED = {
  signIn: 'sign-in',
  /** A right password or a password reset (which proves the mailbox) clears it. */
  signInAccount: 'sign-in-account',
  invitationAccept: 'invitation-accept',
  /** Opening an invitation link (its details, joining, finishing a sign-up): guessing tokens. */
  invitationLookup: 'invitation-lookup',
  /** Invitations made, renewed or re-sent, per member. */
  invitationCreate: 'invitation-create',
  passwordResetRequest: 'password-reset-request',
  passwordResetConfirm: 'password-reset-confirm',
  /** E-mail change requests per member, and their confirmations per address. */
  emailChange: 'email-change',
  /** Password changes and account deletions per member (each checks the password). */
  passwordChange: 'password-change',
} as const;

/** Expired windows are deleted every this many hits of a process (and at each start). */
const PRUNE_EVERY_HITS = 500;

/**
 * Fixed-window counters in the database (`rate_limits`), so every process on one PostgreSQL
 * counts against the same limit and a restart forgets nothing. One statement per hit: the
 * upsert is atomic, so concurrent requests can never slip past the limit together.
 */
export function createRateLimiter(db: Queryable) {
  let hitsSincePrune = 0;
  const keyOf = (bucket: string, subject: string) => createHash('sha256').update(`${bucket}\n${subject}`).digest('hex');

  /** Counts one hit; answers 0 while within the limit, else the seconds until the window ends. */
  async function hit(bucket: string, subject: string, limit: RateLimit): Promise<number> {
    if (++hitsSincePrune >= PRUNE_EVERY_HITS) {
      hitsSincePrune = 0;
      await db.query('DELETE FROM rate_limits WHERE window_ends < now()');
    }
    const rows = await db.query<{ hits: number; wait: number }>(
      `INSERT INTO rate_limits AS r (key, hits, window_ends) VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.hits + 1 END,
         window_ends = CASE WHEN r.window_ends <= now() THEN excluded.window_ends ELSE r.window_ends END
       RETURNING hits, ceil(extract(epoch FROM window_ends - now()))::integer AS wait`,
      [keyOf(bucket, subject), limit.timeWindowMs],
    );
    const row = rows[0]!;
    return row.hits > limit.max ? Math.max(1, Number(row.wait)) : 0;
  }

  return {
    hit,

    /** Counts one hit and refuses the request with a coded 429 and Retry-After when over the limit. */
    async enforce(reply: FastifyReply, bucket: string, subject: string, limit: RateLimit): Promise<void> {
      const wait = await hit(bucket, subject, limit);
      if (!wait) return;
      reply.header('Retry-After', String(wait));
      throw new AppError('resource-exhausted', TOO_MANY_REQUESTS);
    },

    /** Forgets a subject's hits (a right password ends the count of wrong ones). */
    async clear(bucket: string, subject: string): Promise<void> {
      await db.query('DELETE FROM rate_limits WHERE key = $1', [keyOf(bucket, subject)]);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
