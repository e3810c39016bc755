/**
 * The sharing screens of issue 11 for `scripts/screenshots.ts`: the invitation page (its two
 * tabs, "Check your e-mail", a revoked link), Home's trees and the sidebar's switcher, a tree as a
 * viewer sees it (a private person and why), a card's pending invitation, the owner's Members
 * dialog, the profile's choice of what viewers see, and the Account screen with its deletion
 * dialog; in light and dark, at desktop 1440 × 900, on a 1024 × 768 tablet and a 390 × 844 phone
 * (touch), named `{size}-share-{screen}-{theme}.png` like the other screenshots.
 *
 * The family is made once: Grace Hopper's tree (her father born 1905, her daughter Mary who
 * joined as an editor, Mary's daughter Ada who is living and unclaimed, Mary's husband Charles
 * who joined as a viewer and has a tree of his own), with a pending invitation for Ada and a
 * revoked one for Walter.
 */
import type { Browser, BrowserContext, Page } from 'playwright';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningServer } from '../server/app.ts';
import { addRelative, pressCardButton, signIn } from './screenshotSite.ts';

const PASSWORD = 'correct horse battery';
const GRACE = { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' };
const MARY = { email: 'mary@example.com', firstName: 'Mary', lastName: 'Hopper' };
const CHARLES = { email: 'charles@example.com', firstName: 'Charles', lastName: 'Babbage' };

interface Site {
  out: string;
  dataDir: string;
  server: RunningServer;
  browser: Browser;
}

async function api(server: RunningServer, method: string, path: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), Origin: server.url, ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return { res, json: res.status === 204 ? null : await res.json() };
}

/** An account of its own (the operator's invitation); answers its session cookie. */
async function account(server: RunningServer, who: typeof GRACE): Promise<string> {
  const token = await server.createInvitation({ email: who.email });
  const { res } = await api(server, 'POST', `/api/invitations/${token}/accept`, { ...who, gender: 'Female', password: PASSWORD });
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** The newest link to `path` mailed to `to`, from the outbox (waiting for the mail to be written). */
async function mailedLink(dataDir: string, to: string, path: string): Promise<string> {
  const dir = join(dataDir, 'outbox');
  for (let tries = 0; tries < 100; tries++) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort().reverse();
    for (const f of files) {
      const raw = (await readFile(join(dir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      if (!raw.match(/^To: (.*)$/m)?.[1]?.includes(to)) continue;
      const link = raw.match(new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_-]+`))?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No ${path} link for ${to}`);
}


const cardOf = (page: Page, name: string) => page.locator(`[data-node-id][aria-label="${name}"]`);



/** Invites through the card's button; answers the created invitation as the server sent it. */
async function invite(page: Page, name: string, email: string, role: 'Editor' | 'Viewer') {
  await pressCardButton(page, name, 'Invite');
  const dialog = page.getByRole('dialog', { name: 'Invite' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('radio', { name: role }).check();
  const created = page.waitForResponse((r) => r.url().endsWith('/api/invitations') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  const answer = (await (await created).json()) as { token: string; inviteUrl: string; invitation: { id: string; graphId: string } };
  await dialog.waitFor({ state: 'detached' });
  return answer;
}

export interface SharingLinks {
  pendingInvite: string;
  revokedInvite: string;
}

/** Builds the family once, through the screens where a member would and the API elsewhere. */
export async function setUpSharing({ server, browser, dataDir }: Site): Promise<SharingLinks> {
  await account(server, GRACE);
  const charles = await account(server, CHARLES);

  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  // Charles's own tree gets its first card the first time he opens it.
  await signIn(page, { email: CHARLES.email, password: PASSWORD });
  await page.goto('/app/tree');
  await cardOf(page, 'Charles Babbage').waitFor({ state: 'attached' });
  await page.getByText('All changes saved').waitFor();
  await context.clearCookies();
  await signIn(page, { email: GRACE.email, password: PASSWORD });
  await page.goto('/app/tree');
  await cardOf(page, 'Grace Hopper').waitFor({ state: 'attached' });
  await addRelative(page, 'Grace Hopper', 'Father', 'Walter', 'Hopper', '', '1905');
  await addRelative(page, 'Grace Hopper', 'Child', 'Mary', 'Hopper', 'F', '1990');
  await addRelative(page, 'Mary Hopper', 'Child', 'Ada', 'Hopper', 'F', '2015');
  await addRelative(page, 'Mary Hopper', 'Spouse', 'Charles', 'Babbage', 'M', '');
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await page.getByRole('button', { name: 'Apply changes' }).waitFor({ state: 'detached' });

  // Mary creates her account from her invitation and confirms it from the mail.
  const mary = await invite(page, 'Mary Hopper', MARY.email, 'Editor');
  await api(server, 'POST', `/api/invitations/${mary.token}/accept`, { ...MARY, gender: 'Female', password: PASSWORD });
  const confirm = new URL(await mailedLink(dataDir, MARY.email, '/confirm-signup')).searchParams.get('token')!;
  const { res } = await api(server, 'POST', `/api/signups/${confirm}`);
  const maryCookie = res.headers.get('set-cookie')!.split(';')[0]!;
  await api(server, 'PATCH', `/api/profiles/${(await api(server, 'GET', '/api/session', undefined, maryCookie)).json.user.uid}`, { set: { bio: 'Mathematician, like her mother. Keeps the family recipes.' } }, maryCookie);

  // Charles, who has a tree of his own, joins as a viewer by signing in.
  const charlesInvite = await invite(page, 'Charles Babbage', CHARLES.email, 'Viewer');
  await api(server, 'POST', `/api/invitations/${charlesInvite.token}/join`, undefined, charles);

  // A pending invitation for Ada, and one for Walter that Grace revoked.
  const ada = await invite(page, 'Ada Hopper', 'ada.hopper@example.com', 'Editor');
  const walter = await invite(page, 'Walter Hopper', 'walter@example.com', 'Viewer');
  await page.request.delete(`/api/graphs/${encodeURIComponent(walter.invitation.graphId)}/invitations/${walter.invitation.id}`, { headers: { Origin: server.url } });
  await context.close();
  return { pendingInvite: ada.inviteUrl, revokedInvite: walter.inviteUrl };
}

const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 } },
  tablet: { viewport: { width: 1024, height: 768 }, hasTouch: true },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

/** Lets entrance animations and late images settle before a shot. */
const settle = (page: Page) => page.waitForTimeout(350);

export async function sharingShots(site: Site, links: SharingLinks, scheme: 'light' | 'dark') {
  for (const [size, options] of Object.entries(VIEWPORTS)) {
    const contexts: BrowserContext[] = [];
    const open = async () => {
      const ctx = await site.browser.newContext({ baseURL: site.server.url, colorScheme: scheme, ...options });
      contexts.push(ctx);
      return ctx.newPage();
    };
    const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: join(site.out, `${size}-${name}-${scheme}.png`), fullPage });
    const treeReady = async (page: Page) => {
      await page.locator('[data-node-id]').first().waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Fit view' }).click();
      await settle(page);
    };
    const openPanel = async (page: Page, name: string) => {
      await page.getByRole('button', { name: 'Fit view' }).click();
      await settle(page);
      const box = (await cardOf(page, name).boundingBox())!;
      await page.mouse.click(box.x + 20, box.y + 20);
      await page.getByRole('complementary', { name: 'Person details' }).getByRole('heading', { name }).waitFor();
      await settle(page);
    };

    // The invitation page, signed out.
    const visitor = await open();
    await visitor.goto(links.pendingInvite);
    await visitor.getByRole('form', { name: 'Sign up' }).waitFor();
    await shot(visitor, 'share-invite', true);
    await visitor.getByRole('tab', { name: 'Sign in to accept' }).click();
    await visitor.getByRole('form', { name: 'Sign in' }).waitFor();
    await shot(visitor, 'share-invite-signin');
    await visitor.goto(links.revokedInvite);
    await visitor.getByRole('heading', { name: 'This invitation was withdrawn' }).waitFor();
    await shot(visitor, 'share-invite-revoked');
    await visitor.goto(links.pendingInvite);
    const form = visitor.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Gender').selectOption('Female');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await visitor.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await shot(visitor, 'share-invite-check-email');

    // Charles: his two trees, the switcher, and Grace's tree as a viewer sees it.
    const charles = await open();
    await signIn(charles, { email: CHARLES.email, password: PASSWORD });
    await charles.getByTestId('home-tree').nth(1).waitFor();
    await settle(charles);
    await shot(charles, 'share-home', true);
    await charles.goto('/app/tree');
    await treeReady(charles);
    await charles.getByRole('button', { name: /^Switch family tree/ }).click();
    await charles.getByRole('menu').waitFor();
    await settle(charles);
    await shot(charles, 'share-switcher');
    await charles.keyboard.press('Escape');
    await charles.getByRole('heading', { name: 'Hopper family tree' }).waitFor();
    await treeReady(charles);
    await shot(charles, 'share-tree-viewer');
    await openPanel(charles, 'Private');
    await shot(charles, 'share-tree-private');

    // Grace: Ada's pending invitation, the Members dialog, her account.
    const grace = await open();
    await signIn(grace, { email: GRACE.email, password: PASSWORD });
    await grace.goto('/app/tree');
    await treeReady(grace);
    await openPanel(grace, 'Ada Hopper');
    await grace.getByTestId('pending-invitation').waitFor();
    await shot(grace, 'share-tree-invitation');
    await grace.getByRole('button', { name: 'Close details' }).click();
    await grace.getByRole('button', { name: 'Members' }).click();
    await grace.getByTestId('member-row').nth(2).waitFor();
    await settle(grace);
    await shot(grace, 'share-members');
    await grace.getByRole('button', { name: 'Change the role of Charles Babbage' }).click();
    await grace.getByRole('menu').waitFor();
    await settle(grace);
    await shot(grace, 'share-members-role');
    await grace.keyboard.press('Escape');
    await grace.keyboard.press('Escape');
    await grace.goto('/app/account');
    await grace.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await settle(grace);
    await shot(grace, 'share-account', true);
    await grace.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = grace.getByRole('dialog', { name: 'Delete your account' });
    await dialog.getByRole('radio', { name: 'Keep my name only' }).click();
    await dialog.getByRole('radio', { name: 'Hand it to another member' }).click();
    await dialog.getByLabel('New owner').selectOption({ label: `Mary Hopper (${MARY.email})` });
    await settle(grace);
    await shot(grace, 'share-account-delete');

    // Mary: what viewers see of her, on her profile page.
    const mary = await open();
    await signIn(mary, { email: MARY.email, password: PASSWORD });
    await mary.goto('/app/profile');
    await mary.getByRole('radio', { name: 'My name only' }).waitFor();
    await settle(mary);
    await shot(mary, 'share-profile-privacy', true);

    for (const ctx of contexts) await ctx.close();
  }
}
