import { expect, test, uniqueEmail } from '../fixtures.ts';
import { outboxMessages, recipientsOf, resetLinkIn } from '../mail.ts';

const SENT = 'If an account exists for that email, a reset link has been sent.';

test.describe('forgot password (outbox)', () => {
  test('needs an e-mail, answers the same for unknown addresses and sends them nothing', async ({ page, server }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(form.getByRole('alert')).toHaveText('Enter your email to reset your password.');

    const before = (await outboxMessages(server.dataDir)).length;
    const nobody = uniqueEmail('nobody');
    await form.getByLabel('Email').fill(nobody);
    await form.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(form.getByRole('status')).toHaveText(SENT);
    const after = await outboxMessages(server.dataDir);
    expect(after.length).toBe(before);
    expect(after.some((m) => recipientsOf(m).includes(nobody))).toBe(false);
  });

  test('a known address gets a single-use link that changes the password', async ({ page, server, createMember }) => {
    const member = await createMember();
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(member.email.toUpperCase());
    await form.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(form.getByRole('status')).toHaveText(SENT);

    let link: string | null = null;
    await expect
      .poll(async () => {
        const mail = (await outboxMessages(server.dataDir)).find((m) => recipientsOf(m).includes(member.email));
        link = mail ? resetLinkIn(mail) : null;
        return link;
      })
      .not.toBeNull();
    expect(link!.startsWith(server.url)).toBe(true);

    await page.goto(link!);
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await reset.getByLabel('Confirm new password').fill('not the same');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await expect(reset.getByRole('alert')).toHaveText('Passwords do not match.');
    await reset.getByLabel('Confirm new password').fill('a brand new secret');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();

    // The link is dead now.
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'This reset link can no longer be used' })).toBeVisible();

    // The old password no longer works; the new one does.
    await page.goto('/');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(member.email);
    await signIn.getByLabel('Password').fill(member.password);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect(signIn.getByRole('alert')).toBeVisible();
    await signIn.getByLabel('Password').fill('a brand new secret');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/app\/home$/);
  });
});
