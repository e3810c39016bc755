/**
 * §7's optional auth-token sync: the site's own server (e.g. one that renders pages or sets a
 * session cookie) hears of every ID token as `POST {url}` with `Authorization: Bearer {token}`,
 * and of sign-out as `DELETE {url}` without one. Calls go out one at a time in the order the
 * tokens came, so a late POST can never land after the DELETE of the sign-out that followed it.
 * A failed call is only logged (§8: immediate persistence failures are only logged); the next
 * token change tries again.
 */
export interface AuthTokenSync {
  /** Sends the token (or the sign-out when null) unless it is the one sent last; resolves when done. */
  sync(token: string | null): Promise<void>;
}

export interface AuthTokenSyncOptions {
  fetch?: typeof fetch;
  log?: (message: string, error?: unknown) => void;
}

export function createAuthTokenSync(url: string, options: AuthTokenSyncOptions = {}): AuthTokenSync {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const log = options.log ?? ((message, error) => console.warn(message, error));
  /** What the server was last told (undefined: nothing yet). */
  let sent: string | null | undefined;
  let queue: Promise<void> = Promise.resolve();

  async function send(token: string | null) {
    try {
      const response = await doFetch(
        url,
        token === null
          ? { method: 'DELETE', credentials: 'same-origin' }
          : { method: 'POST', credentials: 'same-origin', headers: { Authorization: `Bearer ${token}` } },
      );
      if (!response.ok) log(`The auth-token sync answered ${response.status}.`);
    } catch (e) {
      log('The auth-token sync could not be reached.', e);
    }
  }

  return {
    sync(token) {
      if (token === sent) return queue;
      sent = token;
      queue = queue.then(() => send(token));
      return queue;
    },
  };
}
