import { expect, test, type Browser, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../../integration/helpers.ts';
import { hopperFamily, type HopperMembers } from '../../integration/sharingHelpers.ts';
import { signInOn } from '../fixtures.ts';
import { card, fitView, pressCardButton } from './treePage.ts';

/**
 * Issue 24 end to end: an editor deletes a person (permanently, past the 5 s Undo), and the
 * tree's owner brings them back from Recently deleted, with their relationships and details,
 * live on the owner's canvas.
 */

let server: TestServer;
let family: HopperMembers;

test.beforeAll(async () => {
  // Five accounts (argon2 each) and a tree: slow on a loaded machine.
  test.setTimeout(240_000);
  server = await startTestServer(undefined, { serveStatic: true });
  family = await hopperFamily(server);
});

test.afterAll(async () => {
  await server?.close();
});

/** The tree open with its cards (a loaded 2-core machine has taken over 30 s to draw them). */
async function openTree(page: Page) {
  await page.goto('/app/tree');
  await expect(page.locator('[data-node-id]').first()).toBeAttached({ timeout: 120_000 });
}

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: server.url });
  const page = await ctx.newPage();
  await signInOn(page, who);
  return page;
}

test('an editor deletes a person; the owner restores them from Recently deleted', async ({ browser }) => {
  test.setTimeout(300_000);
  const ed = await signedIn(browser, family.ed);
  await openTree(ed);
  await fitView(ed);
  await expect(card(ed, 'Walter Hopper')).toBeAttached();
  await pressCardButton(ed, 'Walter Hopper', 'Delete person');
  await ed.getByRole('dialog', { name: 'Delete person' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await ed.getByRole('button', { name: 'Apply changes' }).click();
  await expect(ed.getByRole('button', { name: 'Apply changes' })).toHaveCount(0);
  await expect(card(ed, 'Walter Hopper')).toHaveCount(0);

  const grace = await signedIn(browser, family.grace);
  await openTree(grace);
  await fitView(grace);
  await expect(card(grace, 'Walter Hopper')).toHaveCount(0);
  await grace.getByRole('button', { name: 'Import or export GEDCOM' }).click();
  await grace.getByRole('menuitem', { name: 'Recently deleted…' }).click();
  const dialog = grace.getByTestId('deleted-dialog');
  await expect(dialog.getByText('Walter Hopper')).toBeVisible();
  await expect(dialog.getByText(/Deleted by Ed Hopper/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Restore Walter Hopper' }).click();
  await expect(grace.getByText('Walter Hopper restored')).toBeVisible();
  await expect(dialog.getByText('Nobody has been deleted in the last 90 days.')).toBeVisible();
  await grace.keyboard.press('Escape');

  // Back on the owner's canvas (through the live stream) and in the stored tree, links and all.
  await fitView(grace);
  await expect(card(grace, 'Walter Hopper')).toBeAttached();
  const stored = await (await grace.request.get(`/api/graphs/${family.tree.graphId}`)).json();
  expect(stored.graph.profiles[family.walter.profileId]).toMatchObject({ firstName: 'Walter', bio: 'Sailed the Atlantic', children: [family.grace.uid] });
  expect(stored.graph.profiles[family.grace.uid].parents).toContain(family.walter.profileId);
  await expect(card(ed, 'Walter Hopper')).toBeAttached();
});
