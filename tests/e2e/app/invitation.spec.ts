import { expect, test, uniqueEmail } from '../fixtures.ts';

test.describe('joining by invitation', () => {
  test('the invitation form checks each §5 rule, then creates the account and signs in', async ({ page, server }) => {
    const email = uniqueEmail('invitee');
    const token = await server.createInvitation({ email });
    await page.goto(`/invite?token=${token}`);
    const form = page.getByRole('form', { name: 'Sign up' });
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(form.getByLabel('Gender').locator('option')).toHaveText(['Select…', 'Female', 'Male', 'Non-binary', 'Prefer not to say']);

    const submit = form.getByRole('button', { name: 'Create account' });
    await submit.click();
    await expect(form.locator('.form-alert-error')).toHaveText('Email and password are required.');
    await expect(form.getByText('First name is required.')).toBeVisible();
    await expect(form.getByText('Last name is required.')).toBeVisible();
    await expect(form.getByText('Please select a gender.')).toBeVisible();

    await form.getByLabel('Password', { exact: true }).fill('a long password');
    await form.getByLabel('Confirm password').fill('a different one');
    await submit.click();
    await expect(form.locator('.form-alert-error')).toHaveText('Passwords do not match.');

    await form.getByLabel('Confirm password').fill('a long password');
    await submit.click();
    await expect(form.locator('.form-alert-error')).toHaveText('First name and last name are required.');

    await form.getByLabel('First name').fill('mARY');
    await form.getByLabel('Last name').fill('seacole');
    await submit.click();
    await expect(form.locator('.form-alert-error')).toHaveText('Gender is required.');

    await form.getByLabel('Gender').selectOption('Non-binary');
    await submit.click();
    await expect(page).toHaveURL(/\/app\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Mary Seacole.');

    // The invitation is spent: the same link now explains itself and offers no form.
    const other = await page.context().browser()!.newPage({ baseURL: server.url });
    await other.goto(`/invite?token=${token}`);
    await expect(other.getByRole('heading', { name: 'This invitation has already been used' })).toBeVisible();
    await expect(other.getByRole('form', { name: 'Sign up' })).toHaveCount(0);
    await other.close();
  });

  test('unknown and malformed tokens get a clear message and no form', async ({ page }) => {
    for (const token of ['0123456789abcdef0123456789abcdef', 'not-a-token', '']) {
      await page.goto(`/invite?token=${token}`);
      await expect(page.getByRole('heading', { name: 'This invitation link is not valid' })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Sign up' })).toHaveCount(0);
    }
  });

  test('an address that already has an account is refused with the server message', async ({ page, server, createMember }) => {
    const member = await createMember();
    const token = await server.createInvitation({ email: member.email });
    await page.goto(`/invite?token=${token}`);
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Again');
    await form.getByLabel('Gender').selectOption('Female');
    await form.getByLabel('Password', { exact: true }).fill('another password');
    await form.getByLabel('Confirm password').fill('another password');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.locator('.form-alert-error')).toBeVisible();
    await expect(page).toHaveURL(/\/invite/);
  });
});
