import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { AppError } from '../../../src/domain/errors.ts';
import { inviteEffects } from '../../../src/screens/tree/actions/invite.ts';
import { invitationsState, loadInvitations, resetInvitations } from '../../../src/screens/tree/invitations/pendingInvitations.ts';
import { treeUi } from '../../../src/screens/tree/treeUi.ts';
import { family, pendingInvitation, UID } from './fixtures.ts';
import { mountTree, toast } from './harness.tsx';

afterEach(() => {
  treeUi.dialog = null;
  treeUi.detailsNodeId = null;
  resetInvitations();
  vi.restoreAllMocks();
});

const panel = () => page.getByRole('complementary', { name: 'Person details' });

function spyEffects() {
  const opened: string[] = [];
  const copied: string[] = [];
  vi.spyOn(inviteEffects, 'openMail').mockImplementation((href) => void opened.push(href));
  vi.spyOn(inviteEffects, 'copy').mockImplementation(async (text) => void copied.push(text));
  return { opened, copied };
}

/** The family with Ada's card shown private, as a viewer's load answers it. */
function redacted() {
  const g = family();
  g.profiles['pr:byronk'] = { ...g.profiles['pr:byronk']!, firstName: 'Private', lastName: '' };
  return g;
}

describe('the details panel by role (§6)', () => {
  it('a viewer: no Edit on another person, no Add Relative, no Collapse Children', async () => {
    await mountTree({ role: 'viewer' });
    treeUi.detailsNodeId = 'n1002';
    await expect.element(panel().getByRole('heading', { name: 'William King' })).toBeVisible();
    // Besides Close, the charts, "How are we related?", the Timeline and the History (looking is
    // every member's, issues 22, 23 and 24; the history as privacy allows), and the relatives'
    // names, which fly to their cards and change nothing.
    const buttons = panel().getByRole('button').elements().filter((b) => !b.classList.contains('facts-relative-name'));
    expect(buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(['Close details', 'Charts', 'How are we related?', 'Timeline', 'Show changes']);
    expect(panel().getByRole('button', { name: 'Ada Lovelace' }).elements()).toHaveLength(1);
  });

  it('a viewer edits their own profile only: Edit on their own card', async () => {
    await mountTree({ role: 'viewer' });
    treeUi.detailsNodeId = 'n1001';
    await expect.element(panel().getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect.element(panel().getByRole('button', { name: 'Add Relative' })).not.toBeInTheDocument();
  });

  it('an editor keeps every button of the panel', async () => {
    await mountTree({ role: 'editor' });
    treeUi.detailsNodeId = 'n1002';
    await expect.element(panel().getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect.element(panel().getByRole('button', { name: 'Add Relative' })).toBeVisible();
    await expect.element(panel().getByRole('button', { name: 'Collapse Children' })).toBeVisible();
  });

  it('a person shown private says why, with the reason the server gave', async () => {
    await mountTree({ role: 'viewer', graph: redacted(), privacy: { 'pr:byronk': 'living', 'pr:anne': 'member-choice' } });
    treeUi.detailsNodeId = 'n1003';
    await expect.element(panel().getByRole('heading', { name: 'Private' })).toBeVisible();
    await expect.element(panel().getByTestId('panel-private')).toHaveTextContent('Private: this person may be living. Only the editors of this family tree see their details.');
    await expect.element(panel().getByTestId('panel-born')).toHaveTextContent(/^—$/);
    treeUi.detailsNodeId = 'n1004';
    await expect.element(panel().getByTestId('panel-private')).toHaveTextContent('Private: this member chose what viewers of this family tree see of them.');
    treeUi.detailsNodeId = 'n1002';
    await expect.element(panel().getByRole('heading', { name: 'William King' })).toBeVisible();
    await expect.element(panel().getByTestId('panel-private')).not.toBeInTheDocument();
  });
});

describe('a card’s pending invitation in its panel', () => {
  async function withInvitation(role: 'owner' | 'editor' | 'viewer' = 'owner') {
    const effects = spyEffects();
    const mounted = await mountTree({ role });
    const store = mounted.tree.invitationStore;
    store.items = [pendingInvitation({ nodeId: 'n1005', email: 'charles@example.com', role: 'viewer', inviterName: 'Ada Lovelace' })];
    await loadInvitations(store, UID);
    treeUi.detailsNodeId = 'n1005';
    return { ...mounted, store, ...effects };
  }

  it('says to whom, as what, when it was sent and when it stops working', async () => {
    await withInvitation();
    const section = panel().getByTestId('pending-invitation');
    await expect.element(section).toHaveTextContent('charles@example.com · Viewer');
    await expect.element(section).toHaveTextContent('Sent 22 Nov 2026 by Ada Lovelace');
    await expect.element(section).toHaveTextContent('Expires 6 Dec 2026 (in 14 days)');
  });

  it('not to a viewer, and not on a card someone already claimed', async () => {
    await withInvitation('viewer');
    await expect.element(panel().getByRole('heading', { name: 'Charles Babbage' })).toBeVisible();
    await expect.element(panel().getByTestId('pending-invitation')).not.toBeInTheDocument();
  });

  it('Copy link makes a new link and copies it', async () => {
    const { store, copied } = await withInvitation();
    await panel().getByRole('button', { name: 'Copy link' }).click();
    await expect.element(toast('Invitation link copied')).toBeVisible();
    await expect.element(toast('It is a new link: the one sent before no longer works.')).toBeVisible();
    expect(store.calls).toEqual(['list', 'renewLink inv1']);
    expect(copied).toEqual([`https://kinfolk.test/invite?token=${'1'.padStart(32, 'b')}`]);
  });

  it('Resend: mailed by the server where it can, else the mail app opens with the new link', async () => {
    const { store, opened, copied } = await withInvitation();
    await panel().getByRole('button', { name: 'Resend' }).click();
    await expect.element(toast('New invitation link ready. We opened your mail app with a prefilled invite.')).toBeVisible();
    expect(opened).toHaveLength(1);
    expect(decodeURIComponent(opened[0]!)).toContain(copied[0]!);
    store.mailed = true;
    await panel().getByRole('button', { name: 'Resend' }).click();
    await expect.element(toast('Invitation sent again to charles@example.com')).toBeVisible();
    expect(opened).toHaveLength(1);
    expect(store.calls).toEqual(['list', 'resend inv1', 'resend inv1']);
  });

  it('Revoke asks first; Cancel keeps it; confirmed, it is gone from the panel', async () => {
    const { store } = await withInvitation();
    await panel().getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke the invitation?' });
    await expect.element(confirm).toHaveTextContent('The link sent to charles@example.com stops working at once. You can invite them again later.');
    await userEvent.keyboard('{Escape}');
    await expect.element(confirm).not.toBeInTheDocument();
    expect(store.calls).toEqual(['list']);
    await panel().getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke invitation' }).click();
    await expect.element(toast('Invitation revoked')).toBeVisible();
    await expect.element(panel().getByTestId('pending-invitation')).not.toBeInTheDocument();
    expect(store.calls).toEqual(['list', 'revoke inv1']);
  });

  it('a refused action toasts the reason and keeps the invitation', async () => {
    const { store } = await withInvitation();
    store.failWith = new AppError('permission-denied', 'You may not invite to this family tree.');
    await panel().getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke invitation' }).click();
    await expect.element(toast('Failed to revoke the invitation')).toHaveTextContent(/You may not invite to this family tree\./);
    // The confirmation stays open for another try; the invitation stays.
    await expect.element(page.getByRole('alertdialog')).toBeVisible();
    expect(invitationsState.items).toHaveLength(1);
  });

  it('inviting from the card shows the new invitation in its panel, with the role chosen', async () => {
    const { tree } = await withInvitation();
    treeUi.detailsNodeId = null;
    treeUi.dialog = { kind: 'invite', nodeId: 'n1002' };
    const dialog = page.getByRole('dialog', { name: 'Invite' });
    await dialog.getByLabelText('Email').fill('william@example.com');
    await dialog.getByRole('radio', { name: 'Viewer' }).click();
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect.element(toast('Invitation created. We opened your mail app with a prefilled invite.')).toBeVisible();
    expect(tree.invited).toEqual([{ nodeId: 'n1002', email: 'william@example.com', role: 'viewer' }]);
    treeUi.detailsNodeId = 'n1002';
    await expect.element(panel().getByTestId('pending-invitation')).toHaveTextContent('william@example.com · Viewer');
  });
});
