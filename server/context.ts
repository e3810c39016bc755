import type { Database } from './db/database.ts';
import type { RateLimit, RateLimiter } from './http/rateLimit.ts';
import type { StreamRegistry } from './graphs/streams.ts';
import type { Mailer } from './mail/mailer.ts';

export type { RateLimit };

export interface RateLimits {
  /** Sign-in attempts (and invitation acceptances) per client address. */
  signIn: RateLimit;
  /**
   * Sign-in attempts per account (the e-mail typed) and address; past `max` attempts on the account
   * from all addresses, an address that already tried waits (http/rateLimit.ts `signInHeld`). A
   * right password resets them.
   */
  signInAccount: RateLimit;
  /** Sign-in attempts per account from every address together: the cap a guesser with many addresses meets. */
  signInAccountAnywhere: RateLimit;
  /** Password-reset requests and new passwords per client address. */
  passwordReset: RateLimit;
  /** Invitation links opened per client address (details, joining, finishing a sign-up). */
  invitationLookup: RateLimit;
  /** Invitations made, renewed or re-sent per member (each may send a mail). */
  invitationCreate: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: { max: 10, timeWindowMs: 5 * 60_000 },
  signInAccount: { max: 10, timeWindowMs: 15 * 60_000 },
  signInAccountAnywhere: { max: 100, timeWindowMs: 15 * 60_000 },
  passwordReset: { max: 5, timeWindowMs: 15 * 60_000 },
  invitationLookup: { max: 30, timeWindowMs: 5 * 60_000 },
  invitationCreate: { max: 30, timeWindowMs: 10 * 60_000 },
};

/** What every route group needs. */
export interface AppContext {
  db: Database;
  mailer: Mailer;
  /** The site's address for links in mails and the console (public URL, or where it listens). */
  baseUrl(): string;
  rateLimits: RateLimits;
  /** Counters shared by every process on the database. */
  limiter: RateLimiter;
  /** The live streams, to end those of a member whose right to them ended. */
  streams: StreamRegistry;
  /** Keeps a promise (a mail being sent) alive until the server closes. */
  background(task: Promise<unknown>): void;
}
