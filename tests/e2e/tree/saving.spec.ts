import { expect, test } from '../fixtures.ts';
import { addNewRelative, card, openTree, serverGraph } from './treePage.ts';

const applied = (page: import('@playwright/test').Page) => page.locator('[data-sonner-toast]').filter({ hasText: 'Changes applied' });

/** The members whose unsaved edits this browser keeps (keys of the backup in IndexedDB). */
function backedUp(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('kinfolk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('pendingEdits')) return resolve([]);
          const keys = db.transaction('pendingEdits').objectStore('pendingEdits').getAllKeys();
          keys.onsuccess = () => resolve(keys.result as string[]);
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

test.describe('saving the tree', () => {
  test('an edit autosaves on its own a few seconds later', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Ada', lastName: 'Byron' }));
    await openTree(page);
    await addNewRelative(page, 'Ada Byron', 'Child', { firstName: 'Byron', lastName: 'King' });
    await expect(page.getByRole('button', { name: 'Apply changes' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
    await expect.poll(async () => (await serverGraph(page)).graph.nodes.length, { timeout: 15_000 }).toBe(2);
    await expect(page.getByRole('button', { name: 'Apply changes' })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  });

  test('leaving with unsaved changes asks first: Stay keeps you, Apply & leave saves then goes', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Mary', lastName: 'Somerville' }));
    // Reached from Home inside the app, so browser Back stays in the app.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Family Tree' }).click();
    await expect(card(page, 'Mary Somerville')).toBeAttached();
    // Saves are held so the change stays unsaved while we try to leave.
    await page.route('**/api/graphs/*/changes', (route) => route.abort('connectionfailed'));
    await addNewRelative(page, 'Mary Somerville', 'Child', { firstName: 'Woronzow', lastName: 'Greig' });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/app\/tree$/);
    await expect(card(page, 'Woronzow Greig')).toBeAttached();

    // Browser Back is held the same way.
    await page.goBack();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/app\/tree$/);
    await page.unroute('**/api/graphs/*/changes');
    await dialog.getByRole('button', { name: 'Apply & leave' }).click();
    await expect(page).not.toHaveURL(/\/app\/tree$/);
    const { graph } = await serverGraph(page);
    expect(Object.values(graph.profiles).map((p) => p.firstName)).toContain('Woronzow');
  });

  test('a failed save keeps every edit, on screen and in the browser, and the next save sends them', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Emmy', lastName: 'Noether' }));
    await openTree(page);
    await page.route('**/api/graphs/*/changes', (route) => route.abort('connectionfailed'));
    await addNewRelative(page, 'Emmy Noether', 'Mother', { firstName: 'Ida', lastName: 'Kaufmann' });
    await page.getByRole('button', { name: 'Apply changes' }).click();
    const failed = page.locator('[data-sonner-toast][data-type="error"]').filter({ hasText: 'Failed to apply changes' });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('The database service is unavailable');
    await expect(card(page, 'Ida Kaufmann')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Apply changes' })).toBeVisible();
    // The pending edits are kept in the browser (IndexedDB), not in localStorage any more.
    await expect.poll(() => backedUp(page)).toHaveLength(1);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('graph:')))).toEqual([]);

    await page.unroute('**/api/graphs/*/changes');
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(applied(page)).toBeVisible();
    const { graph } = await serverGraph(page);
    expect(Object.values(graph.profiles).map((p) => `${p.firstName} ${p.lastName}`)).toContain('Ida Kaufmann');
  });

  test('closing the browser mid-edit loses nothing', async ({ browser, server, createMember, signIn }) => {
    const member = await createMember({ firstName: 'Lise', lastName: 'Meitner' });
    const context = await browser.newContext({ baseURL: server.url });
    let page = await context.newPage();
    await signIn(page, member);
    await openTree(page);
    // The network drops before anything is saved; then the tab is closed.
    await context.setOffline(true);
    await addNewRelative(page, 'Lise Meitner', 'Father', { firstName: 'Philipp', lastName: 'Meitner' });
    const keeper = await context.newPage(); // the browser stays open while the tab closes
    await page.close();
    await context.setOffline(false);
    expect((await serverGraph(keeper)).graph.nodes).toHaveLength(1);

    page = await context.newPage();
    await openTree(page);
    await expect(card(page, 'Philipp Meitner')).toBeAttached();
    await expect.poll(async () => (await serverGraph(page)).graph.nodes.length).toBe(2);
    await context.close();
  });

  test('an unsaved edit survives a reload of the page, and is then saved', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Rosalind', lastName: 'Franklin' }));
    await openTree(page);
    await page.route('**/api/graphs/*/changes', (route) => route.abort('connectionfailed'));
    await addNewRelative(page, 'Rosalind Franklin', 'Child', { firstName: 'Vincent', lastName: 'Yuan' });
    await expect.poll(() => backedUp(page)).toHaveLength(1);
    await page.unroute('**/api/graphs/*/changes');
    await page.reload();
    await expect(card(page, 'Vincent Yuan')).toBeAttached();
    await expect.poll(async () => (await serverGraph(page)).graph.nodes.length).toBe(2);
    await expect.poll(() => backedUp(page)).toEqual([]);
  });
});

test('an edit made offline is saved by itself once the connection returns', async ({ page, context, createMember, signIn }) => {
  await signIn(page, await createMember({ firstName: 'Grace', lastName: 'Hopper' }));
  await openTree(page);
  let failedSaves = 0;
  page.on('requestfailed', (r) => void (r.url().includes('/changes') && failedSaves++));
  await context.setOffline(true);
  await addNewRelative(page, 'Grace Hopper', 'Child', { firstName: 'Mary', lastName: 'Hopper' });
  await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toBeVisible({ timeout: 20_000 });
  // The autosave and its three quick retries have all failed before the connection returns.
  await expect.poll(() => failedSaves, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  await context.setOffline(false);
  // No edit and no Apply: the tree saves what waited as soon as the server can be reached.
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 30_000 });
  const { graph } = await serverGraph(page);
  expect(Object.values(graph.profiles).map((p) => p.firstName)).toContain('Mary');
});
