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
  /** Attempts on one account from one address (subject `signInFrom`); a right password clears it. */
  signInAccountAddress: 'sign-in-account-address',
  /** Attempts on one account from every address together: the cap that holds for all. */
  signInAccountAnywhere: 'sign-in-account-anywhere',
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

/** The subject of the per-account-and-address sign-in counter. */
export const signInFrom = (email: string, address: string) => `${email}\n${address}`;

/** Attempts on one account counted so far in their windows, this one included. */
export interface SignInCounts {
  /** From every address (the window of `signInAccount`). */
  account: number;
  /** From this request's address. */
  here: number;
  /** From every address (the window of `signInAccountAnywhere`). */
  anywhere: number;
}

/**
 * Whether a sign-in attempt is refused before its password is checked. Guessing one account is
 * held per account and address (`perAddress`), so one guesser does not lock its owner out; once
 * the account has had more than `perAddress` attempts, an address that already tried it waits,
 * and only an address with no attempt yet has its password checked (a guesser spread over many
 * addresses gets one guess from each, and never more than `anywhere` in all). Answers the
 * counter that holds it (whose window's end is when to try again), or null.
 */
export function signInHeld(counts: SignInCounts, perAddress: number, anywhere: number): keyof SignInCounts | null {
  if (counts.anywhere > anywhere) return 'anywhere';
  if (counts.here > perAddress) return 'here';
  return counts.account > perAddress && counts.here > 1 ? 'account' : null;
}

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

  /** Counts one hit; answers the hits in the window so far and the seconds until it ends. */
  async function count(bucket: string, subject: string, timeWindowMs: number): Promise<{ hits: number; wait: number }> {
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
      [keyOf(bucket, subject), timeWindowMs],
    );
    const row = rows[0]!;
    return { hits: Number(row.hits), wait: Math.max(1, Number(row.wait)) };
  }

  /** Counts one hit; answers 0 while within the limit, else the seconds until the window ends. */
  async function hit(bucket: string, subject: string, limit: RateLimit): Promise<number> {
    const { hits, wait } = await count(bucket, subject, limit.timeWindowMs);
    return hits > limit.max ? wait : 0;
  }

  /** Refuses the request with a coded 429 and Retry-After. */
  function refuse(reply: FastifyReply, wait: number): never {
    reply.header('Retry-After', String(wait));
    throw new AppError('resource-exhausted', TOO_MANY_REQUESTS);
  }

  return {
    hit,
    count,
    refuse,

    /** Counts one hit and refuses the request with a coded 429 and Retry-After when over the limit. */
    async enforce(reply: FastifyReply, bucket: string, subject: string, limit: RateLimit): Promise<void> {
      const wait = await hit(bucket, subject, limit);
      if (wait) refuse(reply, wait);
    },

    /** Forgets a subject's hits (a right password ends the count of wrong ones). */
    async clear(bucket: string, subject: string): Promise<void> {
      await db.query('DELETE FROM rate_limits WHERE key = $1', [keyOf(bucket, subject)]);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
