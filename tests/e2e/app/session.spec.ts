import { expect, test, uniqueEmail } from '../fixtures.ts';

test.describe('signing in and out', () => {
  test('a member signs in, sees home, the header menu and the sidebar, and signs out', async ({ page, createMember, signIn, server }) => {
    const foreign: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(server.url) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
    });
    const member = await createMember({ firstName: 'grace', lastName: 'HOPPER' });
    await signIn(page, member);

    // A member who never opened a tree is welcomed, not welcomed back (issue 19, item 17).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Grace Hopper.');
    await expect(page.getByText("Pick up where you left off — add relatives, link profiles, and map your family's story.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open Family Tree' })).toBeVisible();
    await expect(page.getByText(member.email).first()).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Family Tree' }).click();
    await expect(page).toHaveURL(/\/app\/tree$/);
    await page.goto('/app/no-such-screen');
    await expect(page).toHaveURL(/\/app\/home$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/app\/home$/);

    // Default avatars are drawn locally: the header image is an inline SVG, and nothing left the site.
    const avatar = page.locator('.user-menu-trigger img');
    await expect(avatar).toHaveAttribute('src', /^data:image\/svg\+xml/);

    await page.getByRole('button', { name: /Account menu for Grace Hopper/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Grace Hopper')).toBeVisible();
    await expect(menu.getByText(member.email)).toBeVisible();
    await menu.getByRole('menuitem', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(/\/app\/profile$/);

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/app/home');
    await expect(page).toHaveURL(/\/$/);
    expect(foreign).toEqual([]);
  });

  test('wrong credentials get the same answer whether the e-mail exists or not', async ({ page, createMember }) => {
    const member = await createMember();
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(member.email);
    await form.getByLabel('Password').fill('not the password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    const known = await form.getByRole('alert').textContent();

    await form.getByLabel('Email').fill(uniqueEmail('nobody'));
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByRole('alert')).toHaveText(known!);
    expect(known).toBeTruthy();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the dialog signs in and goes home', async ({ page, createMember }) => {
    const member = await createMember();
    await page.goto('/reset-password?token=x');
    await page.locator('.app-header').getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(member.email);
    await dialog.getByLabel('Password').fill(member.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/app\/home$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a failed sign-out shows a red error toast with a close button', async ({ page, createMember, signIn }) => {
    const member = await createMember();
    await signIn(page, member);
    // The server is made unreachable for this one request, as a dropped connection would be.
    await page.route('**/api/session', (route) => (route.request().method() === 'DELETE' ? route.abort('connectionfailed') : route.continue()));
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    const toast = page.locator('[data-sonner-toast][data-type="error"]');
    await expect(toast).toContainText('Authentication error.');
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top');
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-x-position', 'right');
    await toast.getByRole('button', { name: /close/i }).click();
    await expect(toast).toHaveCount(0);
    await expect(page).toHaveURL(/\/app\/home$/);
  });

  test('signing out in one tab signs out the other', async ({ context, createMember, signIn }) => {
    const member = await createMember();
    const first = await context.newPage();
    await signIn(first, member);
    const second = await context.newPage();
    await second.goto('/app/home');
    await expect(second.getByRole('heading', { level: 1 })).toContainText('Welcome');
    await first.getByRole('button', { name: /Account menu/ }).click();
    await first.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(second).toHaveURL(/\/$/);
  });
});
