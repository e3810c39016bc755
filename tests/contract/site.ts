import type { Backend } from '../../src/backend/backend.ts';
import type { ImportLimits } from '../../src/domain/changeSetChunks.ts';
import type { AuthUser } from '../../src/domain/types.ts';

/**
 * What a contract spec needs from a backend, whichever it is. Each backend's site
 * (httpSite.ts, firebaseSite.ts) starts the real thing (a self-hosted server on PGlite, the
 * Firebase emulators) and makes browsers: each its own session (cookie jar, Firebase app)
 * holding the backend's real adapters. The specs (specs/*.ts) talk only to the ports.
 */

/** One browser of the site: every port, as the app's `backend` gives them. */
export type Browser = Backend;

export interface Account {
  email: string;
  password: string;
  /** What signing in answers for this account. */
  user: AuthUser;
}

export interface AuthSite {
  /** A new browser, signed out. */
  browser(): Browser;
  /** An account made the backend's own way, signed in nowhere. */
  addAccount(): Promise<Account>;
  /** The code of the reset e-mail last sent to `email`, once it has been sent. */
  resetCode(email: string): Promise<string>;
  /** How many reset e-mails `email` was sent. */
  resetsSentTo(email: string): Promise<number>;
}

export interface Member extends Account {
  uid: string;
  browser: Browser;
}

export interface Site extends AuthSite {
  /** The site's own origin: invitation links point there. */
  readonly origin: string;
  /** What one bulk import may hold on this backend. */
  readonly importLimits: ImportLimits;
  /** GETs a URL a port answered (a photo), as the page would. */
  fetchUrl(url: string): Promise<Response>;
  /** A pending invitation without a tree to join, as the site's first-account link or an admin makes one. */
  invitationFor(email: string): Promise<string>;
  /** A new member, signed in in a new browser, who joined through an invitation (the only way in). */
  member(): Promise<Member>;
}

let n = 0;
/** Names and an address no other test of the run uses. */
export function newcomer(prefix = 'member') {
  n += 1;
  const id = `${Date.now().toString(36)}${n}`;
  return { firstName: 'ada', lastName: 'LOVELACE', gender: 'Female' as const, email: `${prefix}-${id}@example.com`, password: 'correct horse battery' };
}
