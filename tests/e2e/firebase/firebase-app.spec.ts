import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { ensureFirstInvitation } from '../../../scripts/firebaseFirstInvitation.ts';
import { addNewRelative as addOnScreen, card, fitView, pressCardButton, type NewPerson } from '../tree/treePage.ts';
import type { FirebaseE2E } from './globalSetup.ts';

/**
 * The Firebase build (VITE_BACKEND=firebase) end to end against the emulators, one journey in
 * order: the first account from the first-invitation script's link, signing in, the tree, people
 * added and edited, Apply, a second tab seeing the edit live, a relative invited and joining in
 * another browser, a viewer seeing living relatives as Private, a GEDCOM import and export, and
 * everything still there after a reload. Screenshots of the Firebase build go to docs/screenshots
 * when KINFOLK_SCREENSHOTS is set.
 */

const site = JSON.parse(process.env.KINFOLK_FIREBASE_E2E ?? 'null') as FirebaseE2E | null;
if (!site) throw new Error('KINFOLK_FIREBASE_E2E is not set: run this with playwright.firebase.config.ts');
const SHOTS = process.env.KINFOLK_SCREENSHOTS ? 'docs/screenshots' : null;

/** Empties the emulators' Auth accounts and Firestore documents: the journey starts with no account. */
async function emptyEmulators() {
  const { projectId, hosts } = site!;
  for (const url of [
    `http://${hosts.auth}/emulator/v1/projects/${projectId}/accounts`,
    `http://${hosts.firestore}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
  ]) {
    const res = await fetch(url, { method: 'DELETE' });
    expect(res.ok, `${url}: ${res.status}`).toBe(true);
  }
}

/** The link scripts/firebaseFirstInvitation.ts prints while the project has no account. */
async function firstAccountLink(email: string): Promise<string> {
  process.env.FIRESTORE_EMULATOR_HOST = site!.hosts.firestore;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = site!.hosts.auth;
  const link = await ensureFirstInvitation(site!.projectId, email, [site!.url]);
  if (!link) throw new Error('the emulators already hold an account');
  return link;
}

/** A browser of its own (its own IndexedDB, so its own Firebase session), allowed to read what the page copies. */
async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: site!.url, permissions: ['clipboard-read', 'clipboard-write'], ...options });
  const page = await context.newPage();
  watch(page);
  return page;
}

/** Uncaught errors fail the journey where they happen, named. */
const errors: string[] = [];
function watch(page: Page) {
  page.on('pageerror', (e) => errors.push(e.message));
}

async function signInOn(page: Page, who: { email: string; password: string }) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
}

/** The tree, loaded: the first open of a tree goes through a cold function worker on a busy machine. */
async function openTree(page: Page) {
  await page.goto('/app/tree');
  await expect(page.getByText('Loading your data…')).toHaveCount(0, { timeout: 90_000 });
  await expect(page.locator('[data-node-id]').first()).toBeAttached();
}

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const panel = (page: Page) => page.getByRole('complementary', { name: 'Person details' });

async function addNewRelative(page: Page, of: string, relation: 'Child' | 'Spouse' | 'Mother' | 'Father', person: NewPerson) {
  await fitView(page);
  await addOnScreen(page, of, relation, person);
}

async function openDetails(page: Page, name: string) {
  await fitView(page);
  const box = (await card(page, name).boundingBox())!;
  await page.mouse.click(box.x + 20, box.y + 20);
  await expect(panel(page).getByRole('heading', { name })).toBeVisible();
}

async function applyChanges(page: Page) {
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByRole('button', { name: 'Apply changes' })).toHaveCount(0);
  await expect(page.locator('.save-status')).toHaveText('All changes saved');
}

const OWNER = { email: 'grace.hopper@example.com', password: 'grace password 1' };

/** A small family, all long dead: GEDCOM 5.5.1 as another program would write it. */
const GEDCOM = `0 HEAD
1 SOUR Other
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Isaac /Newton/
1 SEX M
1 BIRT
2 DATE 25 DEC 1642
1 DEAT
2 DATE 20 MAR 1727
1 FAMC @F1@
0 @I2@ INDI
1 NAME Hannah /Ayscough/
1 SEX F
1 BIRT
2 DATE 1623
1 DEAT
2 DATE 1679
1 FAMS @F1@
0 @I3@ INDI
1 NAME Isaac /Newton/
1 SEX M
1 BIRT
2 DATE 1606
1 DEAT
2 DATE 1642
1 FAMS @F1@
0 @F1@ FAM
1 HUSB @I3@
1 WIFE @I2@
1 CHIL @I1@
0 TRLR
`;

test('the Firebase build: first account, tree, live edits, invitation, privacy, GEDCOM, reload', async ({ browser }) => {
  await emptyEmulators();
  let a!: Page;

  await test.step('the first account, from the first-invitation link', async () => {
    const s = await newPage(browser);
    await s.goto(await firstAccountLink(OWNER.email));
    const signUp = s.getByRole('form', { name: 'Sign up' });
    await expect(signUp.getByLabel('Email')).toHaveValue(OWNER.email);
    await signUp.getByLabel('First name').fill('Grace');
    await signUp.getByLabel('Last name').fill('Hopper');
    await signUp.getByLabel('Gender').selectOption('Female');
    await signUp.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await signUp.getByLabel('Confirm password').fill(OWNER.password);
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await expect(s).toHaveURL(/\/app\//);
    await s.context().close();
  });

  await test.step('signing in, in another browser, and opening the tree', async () => {
    a = await newPage(browser);
    await signInOn(a, OWNER);
    await openTree(a);
    await expect(a.getByRole('heading', { name: 'Hopper family tree' })).toBeVisible();
    await expect(a.getByTestId('tree-role')).toHaveText('Owner');
    await expect(card(a, 'Grace Hopper')).toBeAttached();
  });

  let tab!: Page;
  await test.step('people added and edited, Apply; a second tab sees it live', async () => {
    tab = await a.context().newPage();
    watch(tab);
    await openTree(tab);
    await addNewRelative(a, 'Grace Hopper', 'Child', { firstName: 'Mary', lastName: 'Hopper', gender: 'F', birthYear: '1990' });
    await addNewRelative(a, 'Mary Hopper', 'Child', { firstName: 'Ada', lastName: 'Hopper', gender: 'F', birthYear: '2015' });
    await addNewRelative(a, 'Grace Hopper', 'Father', { firstName: 'Walter', lastName: 'Hopper', birthYear: '1905' });
    await applyChanges(a);
    await fitView(tab);
    await expect(card(tab, 'Ada Hopper')).toBeAttached();
    await expect(card(tab, 'Walter Hopper')).toBeAttached();

    // An edit of Mary's details; the tab with her details open sees it arrive.
    await openDetails(tab, 'Mary Hopper');
    await openDetails(a, 'Mary Hopper');
    await panel(a).getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = a.getByRole('dialog', { name: 'Edit Person' });
    await edit.getByLabel('Bio').fill('Mathematician, like her mother.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(a, 'Profile updated')).toBeVisible();
    await expect(panel(tab).getByTestId('panel-bio')).toHaveText('Mathematician, like her mother.');
    await a.keyboard.press('Escape');
    await tab.close();
  });

  let c!: Page;
  await test.step('a relative invited as a viewer joins in another browser and sees the living as Private', async () => {
    await fitView(a);
    await pressCardButton(a, 'Mary Hopper', 'Invite');
    const dialog = a.getByRole('dialog', { name: 'Invite' });
    await dialog.getByLabel('Email').fill('mary.hopper@example.com');
    await dialog.getByRole('radio', { name: 'Viewer' }).check();
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect(toast(a, 'Invitation created. We opened your mail app with a prefilled invite.')).toBeVisible();
    const link = await a.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${site!.url}/invite\\?token=[0-9a-f]{32}$`));

    c = await newPage(browser);
    await c.goto(link);
    await expect(c.getByText('Grace Hopper invites you to join the Hopper family tree as Mary Hopper.')).toBeVisible();
    const form = c.getByRole('form', { name: 'Sign up' });
    await expect(form.getByLabel('Email')).toHaveValue('mary.hopper@example.com');
    await form.getByLabel('Gender').selectOption('Female');
    await form.getByLabel('Password', { exact: true }).fill('mary password 1');
    await form.getByLabel('Confirm password').fill('mary password 1');
    await form.getByRole('button', { name: 'Create account' }).click();
    // Joined at once on Firebase: she lands on her own card, its details open.
    await expect(c).toHaveURL(/\/app\/tree/);
    await expect(panel(c).getByRole('heading', { name: 'Mary Hopper' })).toBeVisible();
    await expect(c.getByRole('heading', { name: 'Hopper family tree' })).toBeVisible();
    await expect(c.getByTestId('tree-role')).toHaveText('Viewer');
    await fitView(c);
    await expect(card(c, 'Private')).toBeAttached();
    await expect(card(c, 'Ada Hopper')).toHaveCount(0);
    await expect(card(c, 'Walter Hopper')).toBeAttached();
    await openDetails(c, 'Private');
    await expect(panel(c).getByTestId('panel-private')).toHaveText('Private: this person may be living. Only the editors of this family tree see their details.');
    await expect(panel(c).getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  });

  await test.step('a GEDCOM file imported, then the tree exported', async () => {
    const file = test.info().outputPath('newton.ged');
    await writeFile(file, GEDCOM);
    await a.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    const chooser = a.waitForEvent('filechooser');
    await a.getByRole('menuitem', { name: 'Import GEDCOM…' }).click();
    await (await chooser).setFiles(file);
    await a.getByRole('dialog', { name: 'Import newton.ged?' }).getByRole('button', { name: 'Import', exact: true }).click();
    const summary = a.getByRole('dialog', { name: 'Import complete' });
    await expect(summary).toContainText('3 people and 1 family were added to your tree.');
    await summary.getByRole('button', { name: 'Close' }).last().click();
    await fitView(a);
    await expect(card(a, 'Hannah Ayscough')).toBeAttached();
    // The viewer sees them arrive too (dead long ago: not private).
    await fitView(c);
    await expect(card(c, 'Hannah Ayscough')).toBeAttached();

    await a.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    await a.getByRole('menuitem', { name: 'Export GEDCOM…' }).click();
    const exportDialog = a.getByRole('dialog', { name: 'Export GEDCOM' });
    await exportDialog.getByRole('radio', { name: 'GEDCOM 5.5.1' }).check();
    const download = a.waitForEvent('download');
    await exportDialog.getByRole('button', { name: 'Export', exact: true }).click();
    const text = await readFile((await (await download).path())!, 'utf8');
    expect(text.startsWith('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n')).toBe(true);
    expect(text.match(/^0 @[^@]+@ INDI$/gm)).toHaveLength(7);
    for (const name of ['Grace /Hopper/', 'Mary /Hopper/', 'Ada /Hopper/', 'Walter /Hopper/', 'Hannah /Ayscough/']) expect(text).toContain(`1 NAME ${name}`);
  });

  await test.step('after a reload everything is there', async () => {
    await a.reload();
    await openTree(a);
    await fitView(a);
    for (const name of ['Grace Hopper', 'Mary Hopper', 'Ada Hopper', 'Walter Hopper', 'Hannah Ayscough']) await expect(card(a, name)).toBeAttached();
    await openDetails(a, 'Mary Hopper');
    await expect(panel(a).getByTestId('panel-bio')).toHaveText('Mathematician, like her mother.');
  });

  if (SHOTS) {
    await test.step('screenshots of the Firebase build: tree, profile, members', async () => {
      for (const [size, scheme, options] of [
        ['desktop', 'light', { viewport: { width: 1440, height: 900 } }],
        ['desktop', 'dark', { viewport: { width: 1440, height: 900 } }],
        ['phone', 'dark', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
        ['phone', 'light', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
      ] as const) {
        const page = await newPage(browser, { ...options, colorScheme: scheme });
        const shot = (what: string) => page.screenshot({ path: `${SHOTS}/firebase-${size}-${what}-${scheme}.png` });
        await signInOn(page, OWNER);
        await openTree(page);
        await fitView(page);
        await expect(card(page, 'Hannah Ayscough')).toBeAttached();
        await shot('tree');
        await page.getByRole('button', { name: 'Members' }).click();
        await expect(page.getByRole('dialog', { name: 'Members' }).getByTestId('member-row')).toHaveCount(2);
        await shot('members');
        await page.keyboard.press('Escape');
        await page.goto('/app/profile');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);
        await shot('profile');
        await page.context().close();
      }
    });
  }

  expect(errors).toEqual([]);
});
