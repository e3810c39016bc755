import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '../../../src/styles/tokens.css';
import '../../../src/styles/base.css';
import '../../../src/styles/components.css';
import { backend } from '../../../src/backend/index.ts';
import type { TreeMember, TreeSummary } from '../../../src/backend/ports.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { DeleteAccountDialog } from '../../../src/screens/account/DeleteAccountDialog.tsx';

/** The deletion dialog's choices and request, with the backend's answers given here (the real one: tests/e2e/app/sharing.spec.ts). */
const summary = (graphId: string, name: string, role: TreeSummary['role'], people: number): TreeSummary => ({ graphId, name, ownerUid: 'u1', ownerName: 'Grace Hopper', role, people, joinedAt: '', current: false });
const member = (uid: string, name: string, role: TreeMember['role']): TreeMember => ({ uid, name, email: `${uid}@example.com`, role, joinedAt: '', profileId: uid });

afterEach(() => vi.restoreAllMocks());

async function open() {
  vi.spyOn(backend.graphs, 'list').mockResolvedValue([summary('g1', 'Hopper family tree', 'owner', 12), summary('g2', 'Lab family tree', 'owner', 3), summary('g3', 'Babbage family tree', 'viewer', 4)]);
  vi.spyOn(backend.members, 'list').mockImplementation(async (graphId) =>
    graphId === 'g1' ? [member('u1', 'Grace Hopper', 'owner'), member('u3', 'Charles Babbage', 'viewer'), member('u2', 'Mary Hopper', 'editor')] : [member('u1', 'Grace Hopper', 'owner')],
  );
  const remove = vi.spyOn(backend.account, 'deleteAccount');
  const router = createMemoryRouter(
    [
      { path: '/app/account', element: <DeleteAccountDialog uid="u1" onClose={() => undefined} /> },
      { path: '/', element: <p>landing</p> },
    ],
    { initialEntries: ['/app/account'] },
  );
  await render(<RouterProvider router={router} />);
  return { remove, router };
}

describe('deleting one’s account', () => {
  it('asks for each owned tree (not the ones only shared), the heir among its members, editors first', async () => {
    await open();
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    await expect.element(dialog.getByRole('group', { name: /^Hopper family tree · 12 people/ })).toBeVisible();
    await expect.element(dialog.getByRole('group', { name: /^Lab family tree · 3 people/ })).toBeVisible();
    expect(dialog.getByText('Babbage family tree').elements()).toHaveLength(0);
    await expect.element(dialog.getByText('Nobody else belongs to it, so it is deleted with your account.')).toBeVisible();
    await expect.element(dialog.getByText('3 people on the trees you delete will be gone for good, with their relationships.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Hand it to another member' }).click();
    const heir = dialog.getByLabelText('New owner');
    expect([...(heir.element() as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Choose a member…', 'Mary Hopper (u2@example.com)', 'Charles Babbage (u3@example.com)']);
  });

  it('refuses to send until every choice is made, then sends them all and signs out', async () => {
    const { remove, router } = await open();
    remove.mockResolvedValue(undefined);
    const signOut = vi.spyOn(backend.auth, 'signOut').mockResolvedValue(undefined);
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    const submit = dialog.getByRole('button', { name: 'Delete my account' });
    await submit.click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('Choose what stays of your card.');
    await dialog.getByRole('radio', { name: 'Remove my details' }).click();
    await submit.click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('Choose what becomes of the Hopper family tree.');
    await dialog.getByRole('radio', { name: 'Hand it to another member' }).click();
    await submit.click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('Choose who takes over the Hopper family tree.');
    await dialog.getByLabelText('New owner').selectOptions('u2');
    await submit.click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('Enter your password to confirm.');
    expect(remove).not.toHaveBeenCalled();
    await dialog.getByLabelText('Your password').fill('pw');
    await submit.click();
    await expect.element(page.getByText('landing')).toBeVisible();
    expect(remove).toHaveBeenCalledWith({
      password: 'pw',
      card: 'remove',
      trees: [
        { graphId: 'g1', action: 'transfer', toUid: 'u2' },
        { graphId: 'g2', action: 'delete' },
      ],
    });
    expect(signOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a refusal (a wrong password) keeps the dialog and every choice', async () => {
    const { remove } = await open();
    remove.mockRejectedValue(new AppError('permission-denied', 'The password is not right.'));
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    await dialog.getByRole('radio', { name: 'Keep my name only' }).click();
    await dialog.getByRole('radio', { name: 'Delete this tree' }).click();
    await dialog.getByLabelText('Your password').fill('wrong');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('The password is not right.');
    await expect.element(dialog.getByRole('radio', { name: 'Keep my name only' })).toHaveAttribute('aria-checked', 'true');
    await expect.element(dialog.getByText('15 people on the trees you delete will be gone for good, with their relationships.')).toBeVisible();
  });
});
