import { expect, test, type Browser, type Page } from '@playwright/test';
import { addNew, loadGraph, saveOk, type Tree } from '../../integration/graphHelpers.ts';
import { startTestServer, type TestServer } from '../../integration/helpers.ts';
import { hopperFamily, type HopperMembers } from '../../integration/sharingHelpers.ts';
import { signInOn } from '../fixtures.ts';

/**
 * Issue 24, item 3, end to end: a relative (Grace, the owner) adds people to the tree; Ed, an
 * editor, finds on Home "Grace Hopper added 2 people" under What's new and a badge on the tree and
 * on Family Tree; the sentence opens the tree's Activity, and the badge is gone once he has been.
 */

let server: TestServer;
let family: HopperMembers;

test.beforeAll(async () => {
  // Five accounts (argon2 each) and a tree: slow on a loaded machine.
  test.setTimeout(240_000);
  server = await startTestServer(undefined, { serveStatic: true, digests: false });
  family = await hopperFamily(server);
});

test.afterAll(async () => {
  await server?.close();
});

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: server.url });
  const page = await ctx.newPage();
  await signInOn(page, who);
  return page;
}

/** Grace adds two children to her card, saved as her tree screen saves. */
async function graceAddsTwo(): Promise<void> {
  const h = family;
  const tree: Tree = { member: h.grace, graphId: h.tree.graphId, ownerUid: h.grace.uid, saved: (await loadGraph(h.grace.client)).graph, clientId: 'grace-tab' };
  const one = addNew(tree.saved, h.grace.uid, 'child', h.primary, { firstName: 'Anne', lastName: 'Hopper', birthYear: '1900' });
  const two = addNew(one.graph, h.grace.uid, 'child', h.primary, { firstName: 'Bert', lastName: 'Hopper', birthYear: '1902' });
  await saveOk(tree, two.graph);
}

test("a relative's changes show on Home with a badge until the member opens the tree", async ({ browser }) => {
  test.setTimeout(300_000);
  // Ed opens the tree (a visit: Vi's joining after him is seen).
  await loadGraph(family.ed.client);
  const ed = await signedIn(browser, family.ed);
  const whatsNew = ed.getByRole('article', { name: "What's new in your family" });
  await expect(whatsNew.getByText('Nothing new since your last visit.')).toBeVisible();
  await expect(ed.getByTestId('activity-badge')).toHaveCount(0);

  await graceAddsTwo();
  await ed.reload();
  const line = whatsNew.getByRole('link', { name: 'Grace Hopper added 2 people' });
  await expect(line).toBeVisible();
  await expect(whatsNew.getByRole('heading', { name: 'Hopper family tree' })).toBeVisible();
  const row = ed.getByTestId('home-tree').filter({ hasText: 'Hopper family tree' });
  await expect(row.getByTestId('activity-badge').locator('[aria-hidden="true"]')).toHaveText('1');
  await expect(row.getByText('1 change since your last visit')).toBeAttached();
  const familyTree = ed.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Family Tree/ });
  await expect(familyTree.getByTestId('activity-badge').locator('[aria-hidden="true"]')).toHaveText('1');

  // The sentence leads to the tree's Activity, which lists Grace's change.
  await line.click();
  const activity = ed.getByTestId('activity-dialog');
  await expect(activity).toBeVisible({ timeout: 120_000 });
  await expect(activity.getByText(/Grace Hopper added 2 people/).first()).toBeVisible();
  await ed.keyboard.press('Escape');

  // Back on Home: he has been, so nothing is new and no badge is left.
  await ed.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Home/ }).click();
  await expect(whatsNew.getByText('Nothing new since your last visit.')).toBeVisible();
  await expect(ed.getByTestId('activity-badge')).toHaveCount(0);
});
