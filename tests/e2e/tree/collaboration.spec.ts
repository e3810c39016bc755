import { expect, test } from '../fixtures.ts';
import { signUpLinkFor } from '../mail.ts';
import { addNewRelative, card, fitView, openTree, pressCardButton, serverGraph, signInAs } from './treePage.ts';

test.describe('a shared tree', () => {
  test('a relative invited to a card joins the tree; both see each other’s edits live', async ({ browser, server, createMember }) => {
    test.setTimeout(120_000);
    const owner = await createMember({ firstName: 'Nora', lastName: 'Quinn' });
    const a = await signInAs(browser, server.url, owner.email, owner.password);
    await openTree(a);
    await addNewRelative(a, 'Nora Quinn', 'Child', { firstName: 'Leo', lastName: 'Quinn', gender: 'M' });
    await a.getByRole('button', { name: 'Apply changes' }).click();
    await expect(a.getByRole('button', { name: 'Apply changes' })).toHaveCount(0);

    // Invite Leo to claim his card.
    await pressCardButton(a, 'Leo Quinn', 'Invite');
    const dialog = a.getByRole('dialog', { name: 'Invite' });
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect(a.locator('[data-sonner-toast][data-type="error"]').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();
    await dialog.getByLabel('Email').fill('Leo.Quinn@Example.com');
    const created = a.waitForResponse((r) => r.url().endsWith('/api/invitations') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    const { inviteUrl } = (await (await created).json()) as { inviteUrl: string };
    expect(inviteUrl).toMatch(new RegExp(`^${server.url}/invite\\?token=[0-9a-f]{32}$`));
    await expect(a.locator('[data-sonner-toast]').filter({ hasText: 'Invitation created. We opened your mail app with a prefilled invite.' })).toBeVisible();

    // Leo accepts; his Family Tree is Nora's tree, and the card is his.
    const b = await (await browser.newContext({ baseURL: server.url })).newPage();
    await b.goto(inviteUrl);
    const form = b.getByRole('form', { name: 'Sign up' });
    await expect(form.getByLabel('Email')).toHaveValue('leo.quinn@example.com');
    await form.getByLabel('First name').fill('Leo');
    await form.getByLabel('Last name').fill('Quinn');
    await form.getByLabel('Gender').selectOption('Male');
    await form.getByLabel('Password', { exact: true }).fill('leo password 1');
    await form.getByLabel('Confirm password').fill('leo password 1');
    await form.getByRole('button', { name: 'Create account' }).click();
    // Issue 11: the account is made once the invited address opens the link mailed to it.
    await expect(b.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await b.goto(await signUpLinkFor(server.dataDir, 'leo.quinn@example.com'));
    await expect(b).toHaveURL(/\/app\/tree$/);
    const leoUid = ((await (await b.request.get('/api/session')).json()) as { user: { uid: string } }).user.uid;
    await openTree(b);
    await fitView(b);
    await expect(card(b, 'Nora Quinn')).toBeAttached();
    await expect(card(b, 'Leo Quinn')).toBeAttached();
    // The claimed card has an e-mail now: no Invite button on it for Nora any more.
    await expect(card(a, 'Leo Quinn').getByRole('button', { name: 'Invite' })).toHaveCount(0);

    // Nora adds Leo's spouse; Leo sees the card arrive without reloading.
    await addNewRelative(a, 'Leo Quinn', 'Spouse', { firstName: 'Maya', lastName: 'Quinn', gender: 'F' });
    await a.getByRole('button', { name: 'Apply changes' }).click();
    await fitView(b);
    await expect(card(b, 'Maya Quinn')).toBeAttached({ timeout: 5_000 });

    // Leo adds a child; Nora sees it.
    await addNewRelative(b, 'Leo Quinn', 'Child', { firstName: 'Ada', lastName: 'Quinn', gender: 'F' });
    await b.getByRole('button', { name: 'Apply changes' }).click();
    await fitView(a);
    await expect(card(a, 'Ada Quinn')).toBeAttached({ timeout: 5_000 });

    // Nora may not edit Leo's own details any more: they open read-only for her…
    const leo = (await card(a, 'Leo Quinn').boundingBox())!;
    await a.mouse.click(leo.x + 20, leo.y + 20);
    await a.getByRole('complementary', { name: 'Person details' }).getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = a.getByRole('dialog', { name: 'Edit Person' });
    await expect(edit.getByText(/Read only: only .* can edit these details\./)).toBeVisible();
    await expect(edit.getByLabel('First name')).toBeDisabled();
    await a.keyboard.press('Escape');
    // …and the server refuses such a change whoever sends it.
    const refused = await a.request.patch(`/api/profiles/${encodeURIComponent(leoUid)}`, { data: { set: { bio: 'Written by Nora' } }, headers: { Origin: server.url } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('permission-denied');

    const { graph } = await serverGraph(a);
    const names = Object.values(graph.profiles).map((p) => `${p.firstName} ${p.lastName}`).sort();
    expect(names).toEqual(['Ada Quinn', 'Leo Quinn', 'Maya Quinn', 'Nora Quinn']);
    await a.context().close();
    await b.context().close();
  });
});
