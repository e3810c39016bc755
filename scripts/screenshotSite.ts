/**
 * What the screenshot scripts share: a throwaway server on a temporary data folder serving the
 * built front end, Debian's Chromium, and one member (Ada Lovelace) made through the first
 * invitation. `close()` takes all of it down again.
 */
import { chromium, type Browser } from 'playwright';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../server/app.ts';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';

export const MEMBER = { email: 'ada@example.com', password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' } as const;

export interface ScreenshotSite {
  out: string;
  dataDir: string;
  server: RunningServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function openScreenshotSite(out: string): Promise<ScreenshotSite> {
  await mkdir(out, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'kinfolk-shots-'));
  // One browser signs in and opens invitations many times over: the limits are for strangers.
  const lots = { max: 1000, timeWindowMs: 60_000 };
  const server = await startServer({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    serveStatic: true,
    log: false,
    rateLimits: { signIn: lots, signInAccount: lots, passwordReset: lots, invitationLookup: lots, invitationCreate: lots },
  });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const token = await server.createInvitation({ email: MEMBER.email });
  await fetch(`${server.url}/api/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ firstName: MEMBER.firstName, lastName: MEMBER.lastName, gender: 'Female', email: MEMBER.email, password: MEMBER.password }),
  });
  return {
    out,
    dataDir,
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
