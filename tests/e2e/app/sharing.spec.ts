import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../../server/app.ts';
import { startSmtpPeer } from '../../integration/smtp.ts';
import { signInOn } from '../fixtures.ts';
import { linkIn, recipientsOf } from '../mail.ts';
import { addNewRelative as addOnScreen, card, fitView, openTree, pressCardButton, toast, type NewPerson } from '../tree/treePage.ts';

/**
 * Issue 11 end to end, in Chromium with several browser contexts (each its own cookies): families
 * share trees through invitations alone, with roles, private living relatives, and one's own data.
 * The site sends its mail to a real SMTP peer, where the tests read the links.
 */

let server: Awaited<ReturnType<typeof startServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let dataDir: string;
let accounts = 0;

test.beforeAll(async () => {
  smtp = await startSmtpPeer();
  dataDir = await mkdtemp(join(tmpdir(), 'kinfolk-sharing-'));
  const lots = { max: 1000, timeWindowMs: 60_000 };
  server = await startServer({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    serveStatic: true,
    log: false,
    smtpUrl: smtp.url,
    rateLimits: { signIn: lots, signInAccount: lots, signInAccountAnywhere: lots, passwordReset: lots, invitationLookup: lots, invitationCreate: lots },
  });
});

test.afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const PASSWORD = 'correct horse battery';

/** A member with an account of their own (the site operator's invitation), on their own tree. */
async function member(firstName: string, lastName: string) {
  accounts += 1;
  const email = `${firstName.toLowerCase()}.${accounts}.${process.pid}@example.com`;
  const token = await server.createInvitation({ email });
  const res = await fetch(`${server.url}/api/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ firstName, lastName, gender: 'Female', email, password: PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { email, password: PASSWORD, name: `${firstName} ${lastName}` };
}

/** A browser context of its own, allowed to read what the page copies. */
async function context(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: server.url, permissions: ['clipboard-read', 'clipboard-write'] });
  return ctx.newPage();
}

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await context(browser);
  await signInOn(page, who);
  return page;
}

/** The newest mail the SMTP peer received for `to`, once it has arrived. */
async function mailTo(to: string, subject: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      found = [...smtp.received].reverse().find((m) => m.to.includes(to) && m.raw.includes(subject))?.raw;
      return !!found;
    })
    .toBe(true);
  return found!;
}

/** The mirror holds the cards in view only: the whole tree is brought into view first. */
async function addNewRelative(page: Page, of: string, relation: 'Child' | 'Spouse' | 'Mother' | 'Father', person: NewPerson) {
  await fitView(page);
  await addOnScreen(page, of, relation, person);
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Person details' });

async function openDetails(page: Page, name: string) {
  await fitView(page);
  const box = (await card(page, name).boundingBox())!;
  await page.mouse.click(box.x + 20, box.y + 20);
  await expect(panel(page).getByRole('heading', { name })).toBeVisible();
}

async function applyChanges(page: Page) {
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByRole('button', { name: 'Apply changes' })).toHaveCount(0);
}

/** Invite through the card's button; answers the link the page copied. */
async function invite(page: Page, name: string, email: string, role: 'Editor' | 'Viewer') {
  await fitView(page);
  await pressCardButton(page, name, 'Invite');
  const dialog = page.getByRole('dialog', { name: 'Invite' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('radio', { name: role }).check();
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(toast(page, 'Invitation created. We opened your mail app with a prefilled invite.')).toBeVisible();
  await expect(toast(page, `We also e-mailed the link to ${email}.`)).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

test('a family shares two trees by invitations alone: sign up, sign in to accept, roles, privacy, switching', async ({ browser }) => {
  test.setTimeout(240_000);
  const grace = await member('Grace', 'Hopper');
  const charles = await member('Charles', 'Babbage');

  // Charles has a tree of his own before Grace invites him to hers.
  const c = await signedIn(browser, charles);
  await openTree(c);
  await expect(c.getByRole('heading', { name: 'Babbage family tree' })).toBeVisible();

  // Grace builds her family: a daughter who is living, her grandchild, a father born over 110 years ago.
  const a = await signedIn(browser, grace);
  await openTree(a);
  await expect(a.getByTestId('tree-role')).toHaveText('Owner');
  await addNewRelative(a, 'Grace Hopper', 'Child', { firstName: 'Mary', lastName: 'Hopper', gender: 'F', birthYear: '1990' });
  await addNewRelative(a, 'Mary Hopper', 'Child', { firstName: 'Ada', lastName: 'Hopper', gender: 'F', birthYear: '2015' });
  await addNewRelative(a, 'Grace Hopper', 'Father', { firstName: 'Walter', lastName: 'Hopper', birthYear: '1905' });
  await addNewRelative(a, 'Mary Hopper', 'Spouse', { firstName: 'Charles', lastName: 'Babbage', gender: 'M' });
  await applyChanges(a);

  await test.step('the owner invites Mary from her card: the link arrives by SMTP and on the clipboard', async () => {
    const copied = await invite(a, 'Mary Hopper', 'mary.hopper@example.com', 'Editor');
    expect(copied).toMatch(new RegExp(`^${server.url}/invite\\?token=[0-9a-f]{32}$`));
    const mail = await mailTo('mary.hopper@example.com', 'Join our family tree on Kinfolk');
    expect(recipientsOf(mail)).toContain('mary.hopper@example.com');
    expect(linkIn(mail, '/invite')).toBe(copied);

    // Mary's card shows the pending invitation to Grace.
    await openDetails(a, 'Mary Hopper');
    const pending = panel(a).getByTestId('pending-invitation');
    await expect(pending).toContainText('mary.hopper@example.com · Editor');
    await expect(pending).toContainText(/Sent \d{1,2} \w{3} \d{4} by Grace Hopper/);
    await expect(pending).toContainText(/Expires \d{1,2} \w{3} \d{4} \(in 14 days\)/);
    await expect(pending.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(pending.getByRole('button', { name: 'Resend' })).toBeVisible();
    await expect(pending.getByRole('button', { name: 'Revoke' })).toBeVisible();

    // Mary opens it in a browser of her own and creates her account.
    const b = await context(browser);
    await b.goto(copied);
    await expect(b.getByRole('heading', { name: "You're invited to Kinfolk" })).toBeVisible();
    await expect(b.getByText('Grace Hopper invites you to join the Hopper family tree as Mary Hopper.')).toBeVisible();
    await expect(b.getByRole('tab', { name: 'Create account' })).toBeVisible();
    await expect(b.getByRole('tab', { name: 'Sign in to accept' })).toBeVisible();
    const form = b.getByRole('form', { name: 'Sign up' });
    await expect(form.getByLabel('First name')).toHaveValue('Mary');
    await expect(form.getByLabel('Last name')).toHaveValue('Hopper');
    await expect(form.getByLabel('Email')).toHaveValue('mary.hopper@example.com');
    await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');
    await form.getByLabel('Gender').selectOption('Female');
    await form.getByLabel('Password', { exact: true }).fill('mary password 1');
    await form.getByLabel('Confirm password').fill('mary password 1');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(b.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

    // The link in the confirmation mail makes the account and lands Mary on her own card.
    const confirm = linkIn(await mailTo('mary.hopper@example.com', 'Finish creating your Kinfolk account'), '/confirm-signup');
    expect(confirm).not.toBeNull();
    await b.goto(confirm!);
    await expect(b).toHaveURL(/\/app\/tree/);
    await expect(panel(b).getByRole('heading', { name: 'Mary Hopper' })).toBeVisible();
    await expect(b.getByRole('heading', { name: 'Hopper family tree' })).toBeVisible();
    await expect(b.getByTestId('tree-role')).toHaveText('Editor');

    // She writes her bio; Grace, with Mary's details open, sees it arrive.
    await panel(b).getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = b.getByRole('dialog', { name: 'Edit Person' });
    await edit.getByLabel('Bio').fill('Mathematician, like her mother.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(b, 'Profile updated')).toBeVisible();
    await expect(panel(a).getByTestId('panel-bio')).toHaveText('Mathematician, like her mother.', { timeout: 10_000 });
    // The invitation is spent: Grace's panel no longer shows it.
    await expect(panel(a).getByTestId('pending-invitation')).toHaveCount(0);
    await b.context().close();
  });

  await test.step('Charles, a member of another tree, accepts a second invitation by signing in, as a viewer', async () => {
    await a.keyboard.press('Escape');
    const link = await invite(a, 'Charles Babbage', charles.email, 'Viewer');
    // He opens it signed out, as from his mail on another device, and signs in there.
    await c.context().clearCookies();
    await c.goto(link);
    await expect(c.getByText('Grace Hopper invites you to join the Hopper family tree as Charles Babbage.')).toBeVisible();
    await c.getByRole('tab', { name: 'Sign in to accept' }).click();
    const form = c.getByRole('form', { name: 'Sign in' });
    await expect(form.getByLabel('Email')).toHaveValue(charles.email);
    await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');
    await form.getByLabel('Password').fill(charles.password);
    await form.getByRole('button', { name: 'Sign in to accept' }).click();
    await expect(c).toHaveURL(/\/app\/tree\?tree=/);
    await expect(c.getByRole('heading', { name: 'Hopper family tree' })).toBeVisible();
    await expect(c.getByTestId('tree-role')).toHaveText('Viewer');
  });

  await test.step('the viewer sees the living grandchild as Private, and nothing offers him an edit', async () => {
    await fitView(c);
    await expect(card(c, 'Private')).toBeAttached();
    await expect(card(c, 'Ada Hopper')).toHaveCount(0);
    await expect(card(c, 'Walter Hopper')).toBeAttached();
    // Cards carry only "View details"; no Add Relative, Unlink, Delete or Invite anywhere.
    for (const name of ['Private', 'Walter Hopper', 'Grace Hopper', 'Mary Hopper', 'Charles Babbage']) {
      const buttons = card(c, name).getByRole('button');
      await expect(buttons).toHaveCount(1);
      await expect(buttons).toHaveAccessibleName('View details');
    }
    await openDetails(c, 'Private');
    await expect(panel(c).getByTestId('panel-private')).toHaveText('Private: this person may be living. Only the editors of this family tree see their details.');
    await expect(panel(c).getByTestId('panel-born')).toHaveText('—');
    await expect(panel(c).getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(panel(c).getByRole('button', { name: 'Add Relative' })).toHaveCount(0);
    await expect(panel(c).getByRole('button', { name: /Collapse Children|Expand Children/ })).toHaveCount(0);
    // Mary chose the default for viewers: her name only.
    await c.keyboard.press('Escape');
    await openDetails(c, 'Mary Hopper');
    await expect(panel(c).getByTestId('panel-private')).toHaveText('Private: this member chose what viewers of this family tree see of them.');
    await expect(panel(c).getByTestId('panel-bio')).toHaveText('—');
    // Keys change nothing either: Delete on a selected card opens no dialog.
    await card(c, 'Walter Hopper').focus();
    await c.keyboard.press('Enter');
    await c.keyboard.press('Delete');
    await expect(c.getByRole('dialog')).toHaveCount(0);
    await expect(c.getByRole('button', { name: 'Apply changes' })).toHaveCount(0);
    await expect(c.getByRole('button', { name: 'Tidy up' })).toHaveCount(0);
    await c.keyboard.press('Shift+T');
    await expect(c.getByRole('button', { name: 'Apply changes' })).toHaveCount(0);
    // The server refuses a viewer's write however it is sent.
    const graphId = new URL(c.url()).searchParams.get('tree')!;
    const refused = await c.request.post(`/api/graphs/${encodeURIComponent(graphId)}/changes`, {
      data: { changes: { baseRevision: 0, nodes: { upsert: [], remove: ['n1002'] }, edges: { upsert: [], remove: [] }, profiles: { upsert: [], remove: [] } }, clientId: 'e2e' },
      headers: { Origin: server.url },
    });
    expect(refused.status()).toBe(403);
  });

  await test.step('Charles switches between his two trees from the sidebar and from Home', async () => {
    await c.getByRole('button', { name: 'Switch family tree: Hopper family tree' }).click();
    const menu = c.getByRole('menu');
    await expect(menu.getByRole('menuitemradio')).toHaveCount(2);
    await menu.getByRole('menuitemradio', { name: /Babbage family tree/ }).click();
    await expect(c.getByRole('heading', { name: 'Babbage family tree' })).toBeVisible();
    await expect(c.getByTestId('tree-role')).toHaveText('Owner');
    await expect(card(c, 'Charles Babbage')).toBeAttached();

    // Home lists both, with his role and how many people each holds; the last opened is marked.
    await c.getByRole('link', { name: 'Home', exact: true }).click();
    const trees = c.getByTestId('home-tree');
    await expect(trees).toHaveCount(2);
    await expect(trees.filter({ hasText: 'Babbage family tree' })).toContainText('Owner · 1 person');
    await expect(trees.filter({ hasText: 'Babbage family tree' })).toContainText('Opened last');
    await expect(trees.filter({ hasText: 'Hopper family tree' })).toContainText('Viewer · 5 people · Shared by Grace Hopper');
    await c.getByRole('link', { name: 'Open Hopper family tree' }).click();
    await expect(c.getByRole('heading', { name: 'Hopper family tree' })).toBeVisible();
    await expect(c.getByTestId('tree-role')).toHaveText('Viewer');

    // The server remembers the last one opened: the plain Family Tree link opens it again.
    await c.getByRole('link', { name: 'Home', exact: true }).click();
    await c.getByRole('link', { name: 'Family Tree', exact: true }).click();
    await expect(c.getByRole('heading', { name: 'Hopper family tree' })).toBeVisible();
  });

  await test.step("the owner sees the members and makes Charles an editor; his open tree follows", async () => {
    await a.getByRole('button', { name: 'Members' }).click();
    const dialog = a.getByRole('dialog', { name: 'Members' });
    const rows = dialog.getByTestId('member-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'Grace Hopper' })).toContainText('Owner');
    await expect(rows.filter({ hasText: 'Mary Hopper' })).toContainText('mary.hopper@example.com');
    await dialog.getByRole('button', { name: 'Change the role of Charles Babbage' }).click();
    await a.getByRole('menuitemradio', { name: /Editor/ }).click();
    await expect(toast(a, 'Charles Babbage is now an editor')).toBeVisible();
    await expect(c.getByTestId('tree-role')).toHaveText('Editor', { timeout: 10_000 });
    await fitView(c);
    await expect(card(c, 'Ada Hopper')).toBeAttached();
    await a.keyboard.press('Escape');
  });
  await a.context().close();
  await c.context().close();
});

test('the owner revokes a pending invitation and its link is refused', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await member('Ida', 'Noddack');
  const a = await signedIn(browser, owner);
  await openTree(a);
  await addNewRelative(a, 'Ida Noddack', 'Child', { firstName: 'Walter', lastName: 'Noddack', gender: 'M' });
  await applyChanges(a);
  const link = await invite(a, 'Walter Noddack', 'walter.noddack@example.com', 'Editor');

  await openDetails(a, 'Walter Noddack');
  const pending = panel(a).getByTestId('pending-invitation');
  await pending.getByRole('button', { name: 'Revoke' }).click();
  const confirm = a.getByRole('alertdialog', { name: 'Revoke the invitation?' });
  await expect(confirm).toContainText('The link sent to walter.noddack@example.com stops working at once.');
  await confirm.getByRole('button', { name: 'Revoke invitation' }).click();
  await expect(toast(a, 'Invitation revoked')).toBeVisible();
  await expect(pending).toHaveCount(0);

  const b = await context(browser);
  await b.goto(link);
  await expect(b.getByRole('heading', { name: 'This invitation was withdrawn' })).toBeVisible();
  await expect(b.getByRole('form', { name: 'Sign up' })).toHaveCount(0);
  await a.context().close();
  await b.context().close();
});

test('a member downloads their data and deletes their account', async ({ browser }) => {
  test.setTimeout(120_000);
  const lise = await member('Lise', 'Meitner');
  const a = await signedIn(browser, lise);
  await openTree(a);
  await addNewRelative(a, 'Lise Meitner', 'Mother', { firstName: 'Hedwig', lastName: 'Meitner', birthYear: '1905' });
  await applyChanges(a);

  await a.getByRole('button', { name: /Account menu/ }).click();
  await a.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(a.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();

  const downloading = a.waitForEvent('download');
  await a.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kinfolk-.+\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    format: string;
    account: { email: string };
    profiles: { firstName: string }[];
    trees: { name: string; graph: { profiles: Record<string, { firstName: string }> }; files: { name: string }[] }[];
  };
  expect(data.format).toBe('kinfolk-own-data/1');
  expect(data.account.email).toBe(lise.email);
  expect(data.profiles.map((p) => p.firstName)).toContain('Lise');
  expect(data.trees.map((t) => t.name)).toEqual(['Meitner family tree']);
  expect(Object.values(data.trees[0]!.graph.profiles).map((p) => p.firstName).sort()).toEqual(['Hedwig', 'Lise']);
  await expect(toast(a, 'Your data was downloaded')).toBeVisible();

  await a.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = a.getByRole('dialog', { name: 'Delete your account' });
  await expect(dialog.getByText('Nobody else belongs to it, so it is deleted with your account.')).toBeVisible();
  await expect(dialog.getByText('2 people on the trees you delete will be gone for good, with their relationships.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Choose what stays of your card.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Keep my name only' }).check();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Enter your password to confirm.')).toBeVisible();
  await dialog.getByLabel('Your password').fill(lise.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(a).toHaveURL(new RegExp(`${server.url}/$`));
  await expect(toast(a, 'Your account was deleted')).toBeVisible();

  // The account is gone: signing in with it fails like any unknown address.
  const form = a.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(lise.email);
  await form.getByLabel('Password').fill(lise.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByRole('alert')).toHaveText('Incorrect email or password.');
  await a.context().close();
});
