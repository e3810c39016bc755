import { expect, test } from '../fixtures.ts';

test.describe('landing page and sign-in dialog (signed out)', () => {
  test('landing shows brand, tagline, sign-in form, Create new account and Forgot password', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Kinfolk home' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Connect and share your family's story.");
    const form = page.getByRole('form', { name: 'Sign in' });
    await expect(form.getByLabel('Email')).toBeVisible();
    await expect(form.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create new account' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
    // On the landing page the header has no Sign in / Sign up buttons, and there is no sidebar.
    await expect(page.locator('.app-header').getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('sign-in form asks for both fields', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByRole('alert')).toHaveText('Email and password are required.');
  });

  test('Create new account opens the dialog with Sign up disabled and its tooltip', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Create new account' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    const signUpTab = dialog.getByRole('tab', { name: 'Sign up' });
    await expect(signUpTab).toBeDisabled();
    await expect(dialog.getByText('Sign up is by invitation only.')).toBeVisible();
    await dialog.locator('.tab-tooltip-anchor').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Sign up is by invitation only');
    await expect(dialog.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  });

  test('the dialog closes by its close button, by Escape and by a click on the backdrop', async ({ page }) => {
    await page.goto('/invite?token=nope'); // a page other than the landing: the header offers Sign in
    const header = page.locator('.app-header');
    await expect(header.getByRole('button', { name: 'Sign up' })).toBeVisible();

    await header.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await header.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await header.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.mouse.click(10, 400); // outside the centred dialog, on the backdrop
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('/app routes need sign-in and redirect to the landing page', async ({ page }) => {
    for (const path of ['/app/home', '/app/tree', '/app/profile', '/app/anything']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    }
  });

  test("'Initializing authentication...' shows while the session is being checked", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/app/home');
    await expect(page.getByText('Initializing authentication...')).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/$/);
  });
});
