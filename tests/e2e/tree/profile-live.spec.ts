import { expect, test } from '../fixtures.ts';
import { signUpLinkFor } from '../mail.ts';
import sharp from 'sharp';
import { addNewRelative, card, fitView, openTree, pressCardButton, signInAs } from './treePage.ts';

/** Issue 5 point 6: a member's new name and photo reach their card in relatives' open trees. */
test('a new name and photo saved on the profile page show live on the card in a relative’s tree', async ({ browser, server, createMember }, testInfo) => {
  test.setTimeout(120_000);
  const owner = await createMember({ firstName: 'Hedy', lastName: 'Kiesler' });
  const a = await signInAs(browser, server.url, owner.email, owner.password);
  await openTree(a);
  await addNewRelative(a, 'Hedy Kiesler', 'Child', { firstName: 'Tony', lastName: 'Loder' });
  await a.getByRole('button', { name: 'Apply changes' }).click();
  await expect(a.getByRole('button', { name: 'Apply changes' })).toHaveCount(0);
  await pressCardButton(a, 'Tony Loder', 'Invite');
  const created = a.waitForResponse((r) => r.url().endsWith('/api/invitations') && r.request().method() === 'POST');
  await a.getByRole('dialog', { name: 'Invite' }).getByLabel('Email').fill('tony@example.com');
  await a.getByRole('dialog', { name: 'Invite' }).getByRole('button', { name: 'Send invite' }).click();
  const { inviteUrl } = (await (await created).json()) as { inviteUrl: string };

  const b = await (await browser.newContext({ baseURL: server.url })).newPage();
  await b.goto(inviteUrl);
  const form = b.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('First name').fill('Tony');
  await form.getByLabel('Last name').fill('Loder');
  await form.getByLabel('Gender').selectOption('Male');
  await form.getByLabel('Password', { exact: true }).fill('tony password 1');
  await form.getByLabel('Confirm password').fill('tony password 1');
  await form.getByRole('button', { name: 'Create account' }).click();
  // Issue 11: the account is made once the invited address opens the link mailed to it.
  await expect(b.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await b.goto(await signUpLinkFor(server.dataDir, 'tony@example.com'));
  await expect(b).toHaveURL(/\/app\/tree$/);

  // Tony changes his name and photo on his profile page while Hedy has the tree open.
  await fitView(a);
  await expect(card(a, 'Tony Loder')).toBeAttached();
  await b.goto('/app/profile?edit=1');
  const editor = b.getByRole('form', { name: /Edit profile/i });
  await editor.getByLabel('First name').fill('Anthony');
  const photo = testInfo.outputPath('tony.png');
  await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 120, b: 90 } } }).png().toFile(photo);
  await b.locator('input[type="file"]').setInputFiles(photo);
  await b.getByRole('dialog', { name: 'Adjust your photo' }).getByRole('button', { name: 'Use photo' }).click();
  // Hedy's canvas will draw the new small photo: her page fetches it from the site.
  const photoFetched = a.waitForRequest(/\/files\/profiles\/.+\/avatar_170\.(webp|jpg)\?v=/);
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(b.locator('[data-sonner-toast]').filter({ hasText: 'Profile updated' })).toBeVisible();

  await expect(card(a, 'Anthony Loder')).toBeAttached({ timeout: 5_000 });
  await photoFetched;
  const photoUrl = await a.evaluate(async () => {
    const res = await fetch('/api/graph');
    const { graph } = (await res.json()) as { graph: { profiles: Record<string, { firstName: string; photoURLSmall: string }> } };
    return Object.values(graph.profiles).find((p) => p.firstName === 'Anthony')?.photoURLSmall ?? '';
  });
  expect(photoUrl).toMatch(/\/files\/profiles\/.+\/avatar_170\.(webp|jpg)\?v=/);
  await a.context().close();
  await b.context().close();
});
