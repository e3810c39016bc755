/**
 * What the screenshot scripts share: a throwaway server on a temporary data folder serving the
 * built front end, Debian's Chromium, and one member (Ada Lovelace) made through the first
 * invitation. `close()` takes all of it down again.
 */
import { chromium, type Browser, type Page } from 'playwright';
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

/** The sizes every screen is shot at: desktop, a touch tablet and a touch phone. */
export const SCREEN_SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, touch: false },
  { name: 'tablet', viewport: { width: 1024, height: 768 }, touch: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const;
export type ScreenSize = (typeof SCREEN_SIZES)[number];

/** Signs in through the landing page's form and waits for Home. */
export async function signIn(page: Page, who: { email: string; password: string } = MEMBER) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/app\/home/);
}

/** Presses one of a card's buttons through the accessibility mirror, with the whole tree in view. */
export async function pressCardButton(page: Page, name: string, button: string) {
  await page.getByRole('button', { name: 'Fit view' }).click();
  await page.locator(`[data-node-id][aria-label="${name}"]`).getByRole('button', { name: button, exact: true }).focus();
  await page.keyboard.press('Enter');
}

/** Adds a new relative through Add Relative and Create Person, as a member would. */
export async function addRelative(page: Page, of: string, relation: string, first: string, last: string, gender: string, year: string) {
  await pressCardButton(page, of, 'Add Relative');
  const dialog = page.getByRole('dialog', { name: 'Add Relative' });
  if (relation === 'Mother' || relation === 'Father') await dialog.getByRole('radio', { name: 'Parent' }).check();
  await dialog.getByRole('radio', { name: relation }).check();
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  const form = page.getByRole('form', { name: 'Create Person' });
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill(last);
  if (gender) await form.getByLabel('Gender').selectOption(gender);
  if (year) await form.getByLabel('Birth date').fill(year);
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await page.locator(`[data-node-id][aria-label="${first} ${last}"]`).waitFor({ state: 'attached' });
}

export const card = (page: Page, name: string) => page.locator(`[data-node-id][aria-label^="${name}"]`);
export const panel = (page: Page) => page.getByRole('complementary', { name: 'Person details' });

/** Waits for what slides and fades in to come to rest. */
export async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.waitForTimeout(300);
}
