import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '../../../src/styles/tokens.css';
import '../../../src/styles/base.css';
import '../../../src/styles/components.css';
import { backend } from '../../../src/backend/index.ts';
import type { InvitationInfo } from '../../../src/backend/ports.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { InviteScreen } from '../../../src/screens/invite/InviteScreen.tsx';
import { authState } from '../../../src/state/auth.ts';

/**
 * The invitation page's own logic, with the backend's answers given here (the real server answers
 * them in tests/e2e/app/sharing.spec.ts).
 */
const TOKEN = '0123456789abcdef0123456789abcdef';
const INFO: InvitationInfo = {
  email: 'mary@example.com',
  firstAccount: false,
  inviterName: 'Grace Hopper',
  treeName: 'Hopper family tree',
  firstName: 'Mary',
  lastName: 'Hopper',
  personName: 'Mary Hopper',
  role: 'editor',
  expiresAt: '2026-12-06T10:00:00.000Z',
};

afterEach(() => {
  vi.restoreAllMocks();
  authState.user = null;
});

async function open(token = TOKEN) {
  const router = createMemoryRouter(
    [
      { path: '/invite', element: <InviteScreen /> },
      { path: '/app/tree', element: <p>tree</p> },
    ],
    { initialEntries: [`/invite?token=${token}`] },
  );
  await render(<RouterProvider router={router} />);
  return router;
}

describe('the invitation page', () => {
  it('says who invites whom to which tree as whom, and offers both ways to accept', async () => {
    vi.spyOn(backend.invitations, 'details').mockResolvedValue(INFO);
    await open();
    await expect.element(page.getByText('Grace Hopper invites you to join the Hopper family tree as Mary Hopper.')).toBeVisible();
    await expect.element(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByRole('tab', { name: 'Sign in to accept' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Sign up' });
    await expect.element(form.getByLabelText('First name')).toHaveValue('Mary');
    await expect.element(form.getByLabelText('Last name')).toHaveValue('Hopper');
    await expect.element(form.getByLabelText('Email')).toHaveValue('mary@example.com');
    await expect.element(form.getByLabelText('Email')).toHaveAttribute('readonly');
  });

  it.each([
    ['auth/invitation-used', 'This invitation has already been used'],
    ['auth/invitation-revoked', 'This invitation was withdrawn'],
    ['auth/invitation-expired', 'This invitation has expired'],
    ['auth/invitation-invalid', 'This invitation link is not valid'],
  ] as const)('%s: its own message, no form', async (code, title) => {
    vi.spyOn(backend.invitations, 'details').mockRejectedValue(new AppError(code, 'x'));
    await open();
    await expect.element(page.getByRole('heading', { name: title })).toBeVisible();
    expect(page.getByRole('form').elements()).toHaveLength(0);
    await expect.element(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  it('a malformed token is never sent', async () => {
    const details = vi.spyOn(backend.invitations, 'details');
    await open('not-a-token');
    await expect.element(page.getByRole('heading', { name: 'This invitation link is not valid' })).toBeVisible();
    expect(details).not.toHaveBeenCalled();
  });

  it('no connection: try again, and then the invitation', async () => {
    const details = vi.spyOn(backend.invitations, 'details').mockRejectedValueOnce(new AppError('unavailable', 'x')).mockResolvedValue(INFO);
    await open();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.element(page.getByRole('tab', { name: 'Sign in to accept' })).toBeVisible();
    expect(details).toHaveBeenCalledTimes(2);
  });

  it('"Create account" for a relative: the page says to check the mail', async () => {
    vi.spyOn(backend.invitations, 'details').mockResolvedValue(INFO);
    const accept = vi.spyOn(backend.auth, 'acceptInvitation').mockResolvedValue({ status: 'confirm-email', email: 'mary@example.com' });
    await open();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabelText('Gender').selectOptions('Female');
    await form.getByLabelText('Password', { exact: true }).fill('mary password 1');
    await form.getByLabelText('Confirm password').fill('mary password 1');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect.element(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect.element(page.getByTestId('check-email')).toHaveTextContent(/We sent a link to mary@example.com\. Open it to finish creating your account and join the Hopper family tree\./);
    expect(accept).toHaveBeenCalledWith(TOKEN, { firstName: 'Mary', lastName: 'Hopper', gender: 'Female', email: 'mary@example.com', password: 'mary password 1' });
  });

  it('signed in with the invited address: one button joins and lands on the tree', async () => {
    authState.user = { uid: 'u2', email: 'Mary@Example.com', displayName: 'Mary Hopper', photoURL: '' };
    vi.spyOn(backend.invitations, 'details').mockResolvedValue(INFO);
    vi.spyOn(backend.graphs, 'list').mockResolvedValue([]);
    const accept = vi.spyOn(backend.invitations, 'accept').mockResolvedValue({ graphId: 'g-hopper' });
    const router = await open();
    await page.getByRole('tab', { name: 'Sign in to accept' }).click();
    await expect.element(page.getByText('You are signed in as Mary@Example.com.')).toBeVisible();
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await expect.element(page.getByText('tree')).toBeVisible();
    expect(accept).toHaveBeenCalledWith(TOKEN);
    expect(router.state.location.search).toBe('?tree=g-hopper');
    expect(router.state.location.state).toEqual({ showOwnCard: true });
  });

  it('a refusal of "Accept invitation" shows the server’s sentence and keeps the button', async () => {
    authState.user = { uid: 'u2', email: 'mary@example.com', displayName: 'Mary Hopper', photoURL: '' };
    vi.spyOn(backend.invitations, 'details').mockResolvedValue(INFO);
    vi.spyOn(backend.invitations, 'accept').mockRejectedValue(new AppError('already-exists', 'You are already a member of this family tree.'));
    await open();
    await page.getByRole('tab', { name: 'Sign in to accept' }).click();
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await expect.element(page.getByRole('alert')).toHaveTextContent('You are already a member of this family tree.');
    await expect.element(page.getByRole('button', { name: 'Accept invitation' })).toBeEnabled();
  });

  it('signed in as someone else: the sign-in form says it switches accounts', async () => {
    authState.user = { uid: 'u9', email: 'other@example.com', displayName: 'Other', photoURL: '' };
    vi.spyOn(backend.invitations, 'details').mockResolvedValue(INFO);
    await open();
    await page.getByRole('tab', { name: 'Sign in to accept' }).click();
    await expect.element(page.getByText('You are signed in as other@example.com. Signing in here switches to the invited account.')).toBeVisible();
    await expect.element(page.getByRole('form', { name: 'Sign in' }).getByLabelText('Email')).toHaveValue('mary@example.com');
  });
});
