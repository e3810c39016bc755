import type { Database } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';

export interface RateLimit {
  /** Requests allowed per IP address in each window. */
  max: number;
  timeWindowMs: number;
}

export interface RateLimits {
  signIn: RateLimit;
  passwordReset: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: { max: 10, timeWindowMs: 5 * 60_000 },
  passwordReset: { max: 5, timeWindowMs: 15 * 60_000 },
};

/** What every route group needs. */
export interface AppContext {
  db: Database;
  mailer: Mailer;
  /** The site's address for links in mails and the console (public URL, or where it listens). */
  baseUrl(): string;
  rateLimits: RateLimits;
  /** Keeps a promise (a mail being sent) alive until the server closes. */
  background(task: Promise<unknown>): void;
}
