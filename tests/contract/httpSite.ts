import { createHttpMediaStore } from '../../src/backend/http/httpMediaStore.ts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import type { Backend } from '../../src/backend/backend.ts';
import { createHttpAccountService } from '../../src/backend/http/httpAccountService.ts';
import { createHttpAuthService } from '../../src/backend/http/httpAuthService.ts';
import { createHttpAvatarStore } from '../../src/backend/http/httpAvatarStore.ts';
import { createHttpGraphImporter } from '../../src/backend/http/httpGraphImport.ts';
import { createHttpGraphRepository, type EventSourceLike } from '../../src/backend/http/httpGraphRepository.ts';
import { createHttpInvitationService } from '../../src/backend/http/httpInvitationService.ts';
import { createHttpHistoryService } from '../../src/backend/http/httpHistoryService.ts';
import { createHttpMemberService } from '../../src/backend/http/httpMemberService.ts';
import { createHttpProfileRepository } from '../../src/backend/http/httpProfileRepository.ts';
import { IMPORT_LIMITS } from '../../src/domain/changeSetChunks.ts';
import { CONFIRM_SIGNUP_LINK, eventually, useTestServer } from '../integration/helpers.ts';
import { readableMail, resetTokenIn, startSmtpPeer } from '../integration/smtp.ts';
import { newcomer, signedInUser, type Account, type Browser, type Site } from './site.ts';

/**
 * The self-hosted backend for the contract specs: the real server (PGlite, emptied before each
 * test) with an SMTP peer for the reset mail, and browsers holding the real HTTP adapters.
 *
 * The adapters speak to the page's own origin with the global fetch, as in a browser. Here each
 * browser has its own cookie jar: the port calls of a browser run in its AsyncLocalStorage
 * context, and the fetch installed for the file resolves paths against the server and keeps the
 * cookies of the browser it is called for. Other tabs hear of sign-in through a BroadcastChannel
 * named per browser, so two browsers of a test do not hear each other. EventSource (not in Node
 * 20) is a small reader of the server's event stream over that fetch.
 */

interface Jar {
  id: number;
  cookies: Map<string, string>;
}

const current = new AsyncLocalStorage<Jar>();

/** `saveBodyLimit` lowers the server's and the adapter's largest save body (bytes). */
export function useHttpSite(options: { saveBodyLimit?: number } = {}): Site {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(() => smtp?.close());
  const site = useTestServer({ server: () => ({ smtpUrl: smtp.url, saveBodyLimit: options.saveBodyLimit }) });

  beforeAll(() => {
    const realFetch = globalThis.fetch;
    const RealChannel = globalThis.BroadcastChannel;
    vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
      const jar = current.getStore();
      // The test's own requests (tests/integration/helpers.ts Client) are not a browser's.
      if (!jar) return realFetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input), site.server.url);
      const headers = new Headers(init.headers);
      if (jar.cookies.size) headers.set('cookie', [...jar.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      const response = await realFetch(url, { ...init, headers });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair, ...attributes] = cookie.split(';');
        const [name, value = ''] = pair!.split('=');
        const expired = !value || attributes.some((a) => /^\s*max-age=0\b/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
        if (expired) jar.cookies.delete(name!.trim());
        else jar.cookies.set(name!.trim(), value);
      }
      return response;
    });
    vi.stubGlobal(
      'BroadcastChannel',
      class extends RealChannel {
        constructor(name: string) {
          super(`${name}:${current.getStore()?.id ?? 'none'}`);
        }
      },
    );
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  let jars = 0;
  const jarOf = new WeakMap<Browser, Jar>();
  function browser(): Browser {
    const jar: Jar = { id: ++jars, cookies: new Map() };
    const make = (): Backend => {
      const imports = createHttpGraphImporter({ retryMs: 10 });
      const eventSource = (url: string) => new FetchEventSource(url);
      return {
        auth: createHttpAuthService(),
        profiles: createHttpProfileRepository(),
        avatars: createHttpAvatarStore(),
        media: createHttpMediaStore(),
        graphs: createHttpGraphRepository({ eventSource, window: null, retryMs: 100, maxRetryMs: 400, bulk: imports, saveBodyLimit: options.saveBodyLimit }),
        imports,
        invitations: createHttpInvitationService(),
        members: createHttpMemberService(),
        account: createHttpAccountService(),
        history: createHttpHistoryService(),
      };
    };
    const backend = current.run(jar, make);
    const made = Object.fromEntries(Object.entries(backend).map(([name, port]) => [name, inJar(port as object, jar)])) as unknown as Browser;
    jarOf.set(made, jar);
    return made;
  }

  async function addAccount(): Promise<Account> {
    const person = newcomer('account');
    const token = await site.server.createInvitation({ email: person.email });
    const res = await site.client().post(`/api/invitations/${token}/accept`, person);
    if (res.status !== 200) throw new Error(`accepting the invitation answered ${res.status}: ${res.text}`);
    return { email: person.email, password: person.password, user: res.body.user };
  }

  return {
    get origin() {
      return site.server.url;
    },
    importLimits: IMPORT_LIMITS,
    // Photos are served to members of a tree showing them (issue 11): fetched with the browser's session.
    fetchUrl: (url, b) => current.run(jarOf.get(b)!, () => fetch(new URL(url, site.server.url))),
    browser,
    addAccount,
    invitationFor: (email) => site.server.createInvitation({ email }),
    async member() {
      const person = newcomer();
      const token = await site.server.createInvitation({ email: person.email });
      const b = browser();
      const user = signedInUser(await b.auth.acceptInvitation(token, person));
      return { uid: user.uid, email: person.email, password: person.password, user, browser: b };
    },
    async join(b, token, input) {
      const answer = await b.auth.acceptInvitation(token, input);
      if (answer.status === 'signed-in') return answer.user;
      const mail = await eventually(() => smtp.received.findLast((m) => m.to.includes(input.email.trim().toLowerCase()) && CONFIRM_SIGNUP_LINK.test(readableMail(m.raw))));
      return b.auth.confirmSignUp(readableMail(mail.raw).match(CONFIRM_SIGNUP_LINK)![1]!);
    },
    async resetCode(email) {
      const mail = await eventually(() => smtp.received.findLast((m) => m.to.includes(email)));
      return resetTokenIn(mail.raw)!;
    },
    async resetsSentTo(email) {
      return smtp.received.filter((m) => m.to.includes(email)).length;
    },
  };
}

/** The port with every method run in the browser's context (its cookies, its channel). */
function inJar<T extends object>(port: T, jar: Jar): T {
  return new Proxy(port, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (...args: unknown[]) => current.run(jar, () => (value as (...a: unknown[]) => unknown).apply(target, args)) : value;
    },
  });
}

const CLOSED = 2;

/** The parts of EventSource the adapter uses, over fetch: events, `open`, and `error` when the stream ends. */
class FetchEventSource implements EventSourceLike {
  readyState = 0;
  private readonly listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  private readonly abort = new AbortController();

  constructor(url: string) {
    void this.read(url);
  }

  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.readyState = CLOSED;
    this.abort.abort();
  }

  private emit(type: string, data: string) {
    for (const l of this.listeners.get(type) ?? []) l({ data } as MessageEvent<string>);
  }

  private async read(url: string) {
    try {
      const response = await fetch(url, { headers: { Accept: 'text/event-stream' }, signal: this.abort.signal });
      if (!response.ok || !response.body) return this.fail();
      this.readyState = 1;
      this.emit('open', '');
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n?/g, '\n');
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          this.dispatch(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
      this.fail();
    } catch {
      if (!this.abort.signal.aborted) this.fail();
    }
  }

  private dispatch(block: string) {
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      if (colon === 0) continue;
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) this.emit(type, data.join('\n'));
  }

  private fail() {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.emit('error', '');
  }
}
