import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signUpLinkFor } from '../mail.ts';
import { addNewRelative, card, fitView, openTree, pressCardButton, serverGraph, signInAs } from './treePage.ts';

/**
 * Issue 12 item 1: a change the server refuses never wedges the tree. A relative who has joined
 * (a claimed card) can be neither deleted nor unlinked by the owner, and when a save is refused
 * anyway (the delete was made while the card was still unclaimed), the refused part is taken back
 * with its toast and everything else is saved.
 */

const status = (page: Page) => page.getByRole('toolbar', { name: 'Tree' }).getByRole('status');
const SAVES = '**/api/graphs/*/changes';

/**
 * Leo claims his card through an invitation Nora creates (the real API, as the invite page does),
 * finishing with the link mailed to him (issue 11).
 */
async function leoClaimsHisCard(a: Page, serverUrl: string, dataDir: string) {
  const { graph } = await serverGraph(a);
  const leo = graph.nodes.find((n) => graph.profiles[n.data.profileId]?.firstName === 'Leo')!;
  const created = await a.request.post('/api/invitations', { data: { email: 'leo.refused@example.com', nodeId: leo.id }, headers: { Origin: serverUrl } });
  expect(created.status(), await created.text()).toBe(200);
  const { token } = (await created.json()) as { token: string };
  const accepted = await fetch(`${serverUrl}/api/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: serverUrl },
    body: JSON.stringify({ email: 'leo.refused@example.com', password: 'leo password 1', firstName: 'Leo', lastName: 'Quinn', gender: 'Male' }),
  });
  expect(accepted.status, await accepted.text()).toBe(202);
  const confirm = new URL(await signUpLinkFor(dataDir, 'leo.refused@example.com')).searchParams.get('token')!;
  const joined = await fetch(`${serverUrl}/api/signups/${confirm}`, { method: 'POST', headers: { Origin: serverUrl } });
  expect(joined.status, await joined.text()).toBe(200);
}

test.describe('a refused change (issue 12, item 1)', () => {
  test('the claimed card offers no Delete or Unlink; a refused delete is taken back, the rest saved, and Apply & leave works', async ({ browser, server, createMember }) => {
    test.setTimeout(120_000);
    const owner = await createMember({ firstName: 'Nora', lastName: 'Quinn' });
    const a = await signInAs(browser, server.url, owner.email, owner.password);
    await openTree(a);
    await addNewRelative(a, 'Nora Quinn', 'Child', { firstName: 'Leo', lastName: 'Quinn', gender: 'M' });
    await a.getByRole('button', { name: 'Apply changes' }).click();
    await expect(status(a)).toHaveText('All changes saved');

    // While Leo's card is still unclaimed and the server out of reach, Nora deletes it and adds Iris.
    await a.route(SAVES, (route) => route.abort('connectionfailed'));
    await pressCardButton(a, 'Leo Quinn', 'Delete person');
    await a.getByRole('dialog', { name: 'Delete person' }).getByRole('button', { name: 'Delete' }).click();
    await expect(a.locator('[data-sonner-toast]').filter({ hasText: 'Person deleted' })).toBeVisible();
    await addNewRelative(a, 'Nora Quinn', 'Child', { firstName: 'Iris', lastName: 'Quinn', gender: 'F' });

    // Leo joins meanwhile: his card is his now, and the server refuses its removal.
    await leoClaimsHisCard(a, server.url, server.dataDir);
    // A save may be under way when the server comes back: let its handler finish before removing it.
    await a.unrouteAll({ behavior: 'wait' });
    await a.getByRole('button', { name: 'Apply changes' }).click();
    const refused = a.locator('[data-sonner-toast][data-type="error"]').filter({ hasText: 'Failed to delete person' });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('You may not remove this person');
    await expect(status(a)).toHaveText('All changes saved');
    await fitView(a);
    await expect(card(a, 'Leo Quinn')).toBeAttached();
    await expect(card(a, 'Iris Quinn')).toBeAttached();
    const { graph } = await serverGraph(a);
    expect(Object.values(graph.profiles).map((p) => p.firstName).sort()).toEqual(['Iris', 'Leo', 'Nora']);

    // The claimed card offers nothing the server refuses; Iris's still may be deleted.
    await expect(card(a, 'Leo Quinn').getByRole('button', { name: 'Delete person' })).toHaveCount(0);
    await expect(card(a, 'Leo Quinn').getByRole('button', { name: 'Unlink person' })).toHaveCount(0);
    await expect(card(a, 'Iris Quinn').getByRole('button', { name: 'Delete person' })).toHaveCount(1);

    // Not wedged: the next edit is saved by Apply & leave, after a reload too.
    await openTree(a);
    await expect(status(a)).toHaveText('All changes saved');
    await addNewRelative(a, 'Nora Quinn', 'Child', { firstName: 'Ivy', lastName: 'Quinn', gender: 'F' });
    await a.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await a.getByRole('alertdialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Apply & leave' }).click();
    await expect(a).toHaveURL(/\/app\/home$/);
    const after = await serverGraph(a);
    expect(Object.values(after.graph.profiles).map((p) => p.firstName).sort()).toEqual(['Iris', 'Ivy', 'Leo', 'Nora']);
    await a.context().close();
  });

  test('Discard changes asks first, then puts back what was saved and forgets the backup', async ({ page, createMember, signIn }) => {
    const member = await createMember({ firstName: 'Nora', lastName: 'Quinn' });
    await signIn(page, member);
    await openTree(page);
    await page.route(SAVES, (route) => route.abort('connectionfailed'));
    await addNewRelative(page, 'Nora Quinn', 'Child', { firstName: 'Leo', lastName: 'Quinn', gender: 'M' });
    await page.getByRole('toolbar', { name: 'Tree' }).getByRole('button', { name: 'Discard changes' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Leo Quinn')).toBeAttached();
    await page.getByRole('toolbar', { name: 'Tree' }).getByRole('button', { name: 'Discard changes' }).click();
    await confirm.getByRole('button', { name: 'Discard changes' }).click();
    await expect(card(page, 'Leo Quinn')).toHaveCount(0);
    await expect(status(page)).toHaveText('All changes saved');
    await page.unroute(SAVES);
    await openTree(page);
    await expect(card(page, 'Nora Quinn')).toBeAttached();
    await expect(card(page, 'Leo Quinn')).toHaveCount(0);
    await expect(status(page)).toHaveText('All changes saved');
  });
});
