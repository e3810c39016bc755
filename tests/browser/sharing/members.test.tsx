import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { toast as sonner } from 'sonner';
import '../../../src/styles/tokens.css';
import '../../../src/styles/base.css';
import '../../../src/styles/components.css';
import type { MemberService, TreeMember } from '../../../src/backend/ports.ts';
import { Toaster } from '../../../src/components/Toaster.tsx';
import { AppError } from '../../../src/domain/errors.ts';
import type { MemberRole } from '../../../src/domain/roles.ts';
import { MembersDialog } from '../../../src/screens/members/MembersDialog.tsx';

const member = (uid: string, name: string, role: TreeMember['role']): TreeMember => ({
  uid,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  role,
  joinedAt: '2026-11-02T09:00:00.000Z',
  profileId: uid,
});

/** The owner's member service in memory, recording what the dialog asked. */
class MemoryMembers implements MemberService {
  calls: string[] = [];
  failWith: Error | null = null;
  constructor(public members: TreeMember[]) {}
  async list() {
    this.calls.push('list');
    if (this.failWith) throw this.failWith;
    return this.members.map((m) => ({ ...m }));
  }
  async setRole(_graphId: string, uid: string, role: MemberRole) {
    this.calls.push(`setRole ${uid} ${role}`);
    if (this.failWith) throw this.failWith;
    const m = this.members.find((x) => x.uid === uid)!;
    m.role = role;
    return { ...m };
  }
  async remove(_graphId: string, uid: string) {
    this.calls.push(`remove ${uid}`);
    if (this.failWith) throw this.failWith;
    this.members = this.members.filter((x) => x.uid !== uid);
  }
}

const family = () => [member('u2', 'Mary Hopper', 'editor'), member('u1', 'Grace Hopper', 'owner'), member('u3', 'Charles Babbage', 'viewer')];
const toast = (text: string) => page.getByRole('listitem').filter({ hasText: text });

async function mount(service: MemoryMembers) {
  sonner.dismiss();
  let closed = 0;
  await render(
    <>
      <MembersDialog graphId="u1" treeName="Hopper family tree" uid="u1" service={service} onClose={() => closed++} />
      <Toaster />
    </>,
  );
  return { closed: () => closed };
}

afterEach(() => sonner.dismiss());

describe('Members dialog (the owner)', () => {
  it('lists the owner first, then by name, with e-mail, role and the day they joined', async () => {
    await mount(new MemoryMembers(family()));
    const dialog = page.getByRole('dialog', { name: 'Members' });
    await expect.element(dialog.getByText('Who shares the Hopper family tree, and what each of them may do.')).toBeVisible();
    const rows = dialog.getByTestId('member-row');
    await expect.element(rows.nth(2)).toBeVisible();
    expect(rows.elements().map((r) => r.querySelector('th')!.textContent)).toEqual(['Grace Hopper (you)', 'Charles Babbage ', 'Mary Hopper ']);
    await expect.element(rows.nth(0)).toHaveTextContent('grace@example.comOwner2 Nov 2026');
    // The owner's own row has no role menu and no Remove.
    expect(rows.nth(0).element().querySelectorAll('button')).toHaveLength(0);
    await expect.element(dialog.getByRole('button', { name: 'Change the role of Mary Hopper' })).toHaveTextContent('Editor');
  });

  it('says what each role may do (§6, issue 19)', async () => {
    await mount(new MemoryMembers(family()));
    const roles = page.getByRole('dialog', { name: 'Members' }).getByRole('region', { name: 'What each role may do' });
    await expect.element(roles).toBeVisible();
    expect([...roles.element().querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Owner', 'Editor', 'Viewer']);
    await expect.element(roles.getByText('Adds, links, edits and removes any relative nobody has claimed, and invites. A claimed card is its member’s alone.')).toBeVisible();
    await expect.element(roles.getByText('Sees the tree (living relatives stay private) and edits only their own profile.')).toBeVisible();
  });

  it('changes a role from the menu and says so', async () => {
    const service = new MemoryMembers(family());
    await mount(service);
    await page.getByRole('button', { name: 'Change the role of Charles Babbage' }).click();
    await page.getByRole('menuitemradio', { name: /^Editor/ }).click();
    await expect.element(toast('Charles Babbage is now an editor')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Change the role of Charles Babbage' })).toHaveTextContent('Editor');
    expect(service.calls).toEqual(['list', 'setRole u3 editor']);
  });

  it('removes a member only after the confirmation', async () => {
    const service = new MemoryMembers(family());
    await mount(service);
    await page.getByRole('button', { name: 'Remove Mary Hopper' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Mary Hopper?' });
    await expect.element(confirm).toHaveTextContent(/Mary Hopper will no longer see or change the Hopper family tree/);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(service.calls).toEqual(['list']);
    await page.getByRole('button', { name: 'Remove Mary Hopper' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
    await expect.element(toast('Mary Hopper was removed from the family tree')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Remove Mary Hopper' })).not.toBeInTheDocument();
    expect(service.calls).toEqual(['list', 'remove u2']);
  });

  it('a refused change keeps the list as it was and toasts the reason', async () => {
    const service = new MemoryMembers(family());
    await mount(service);
    await expect.element(page.getByTestId('member-row').nth(2)).toBeVisible();
    service.failWith = new AppError('permission-denied', 'Only the owner of this family tree can do that.');
    await page.getByRole('button', { name: 'Change the role of Mary Hopper' }).click();
    await page.getByRole('menuitemradio', { name: /^Viewer/ }).click();
    await expect.element(toast('Failed to change the role')).toHaveTextContent(/Only the owner of this family tree can do that\./);
    await expect.element(page.getByRole('button', { name: 'Change the role of Mary Hopper' })).toHaveTextContent('Editor');
  });

  it('a list that cannot be loaded says so and tries again', async () => {
    const service = new MemoryMembers(family());
    service.failWith = new AppError('unavailable', 'The server could not be reached.');
    await mount(service);
    await expect.element(page.getByText('The members could not be loaded.')).toBeVisible();
    service.failWith = null;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.element(page.getByTestId('member-row').nth(2)).toBeVisible();
  });

  it('alone in the tree: says how others join', async () => {
    await mount(new MemoryMembers([member('u1', 'Grace Hopper', 'owner')]));
    await expect.element(page.getByText('Nobody else has joined yet. Invite relatives from their cards on the tree.')).toBeVisible();
  });
});
