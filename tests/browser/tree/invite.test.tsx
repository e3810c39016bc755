import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { inviteEffects, INVITE_SUBJECT } from '../../../src/screens/tree/actions/invite.ts';
import { openDialog, treeUi } from '../../../src/screens/tree/treeUi.ts';
import { mountTree } from './harness.tsx';

const INVITE_URL = `https://kinfolk.test/invite?token=${'a'.repeat(32)}`;
const toast = (text: string) => page.getByText(text, { exact: true });

afterEach(() => {
  treeUi.dialog = null;
  vi.restoreAllMocks();
});

function spyEffects() {
  const opened: string[] = [];
  const copied: string[] = [];
  vi.spyOn(inviteEffects, 'openMail').mockImplementation((href) => void opened.push(href));
  vi.spyOn(inviteEffects, 'copy').mockImplementation(async (text) => void copied.push(text));
  return { opened, copied };
}

describe('Invite', () => {
  it('creates the invitation, opens a prefilled mail and copies the link', async () => {
    const { opened, copied } = spyEffects();
    const { tree } = await mountTree();
    openDialog({ kind: 'invite', nodeId: 'n1005' });
    const dialog = page.getByRole('dialog', { name: 'Invite' });
    await expect.element(dialog.getByText(/Invite Charles Babbage to claim their profile/)).toBeVisible();
    await dialog.getByLabelText('Email').fill('  Charles@Example.com ');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect.element(toast('Invitation created. We opened your mail app with a prefilled invite.')).toBeVisible();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(tree.invited).toEqual([{ nodeId: 'n1005', email: 'Charles@Example.com', role: 'editor' }]);
    expect(opened).toHaveLength(1);
    const mail = new URL(opened[0]!);
    expect(mail.protocol).toBe('mailto:');
    expect(decodeURIComponent(mail.pathname)).toBe('Charles@Example.com');
    expect(mail.searchParams.get('subject')).toBe(INVITE_SUBJECT);
    expect(mail.searchParams.get('body')).toContain(INVITE_URL);
    expect(mail.searchParams.get('body')).toContain('Charles Babbage');
    expect(copied).toEqual([INVITE_URL]);
  });

  it('an empty address cancels', async () => {
    const { opened } = spyEffects();
    const { tree } = await mountTree();
    openDialog({ kind: 'invite', nodeId: 'n1005' });
    const dialog = page.getByRole('dialog', { name: 'Invite' });
    await dialog.getByLabelText('Email').fill('   ');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(tree.invited).toEqual([]);
    expect(opened).toEqual([]);
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(0);
  });

  it("an invalid address toasts 'Please enter a valid email address' and stays open", async () => {
    spyEffects();
    const { tree } = await mountTree();
    openDialog({ kind: 'invite', nodeId: 'n1005' });
    const dialog = page.getByRole('dialog', { name: 'Invite' });
    await dialog.getByLabelText('Email').fill('charles@example');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect.element(toast('Please enter a valid email address')).toBeVisible();
    await expect.element(dialog).toBeVisible();
    expect(tree.invited).toEqual([]);
  });

  it('a refused clipboard is ignored', async () => {
    const opened: string[] = [];
    vi.spyOn(inviteEffects, 'openMail').mockImplementation((href) => void opened.push(href));
    vi.spyOn(inviteEffects, 'copy').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await mountTree();
    openDialog({ kind: 'invite', nodeId: 'n1005' });
    const dialog = page.getByRole('dialog', { name: 'Invite' });
    await dialog.getByLabelText('Email').fill('charles@example.com');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect.element(toast('Invitation created. We opened your mail app with a prefilled invite.')).toBeVisible();
    expect(opened).toHaveLength(1);
  });

  it("a failure toasts the error's message", async () => {
    const { opened } = spyEffects();
    await mountTree({ context: { createInvitation: () => Promise.reject(new Error('Invitations are paused')) } });
    openDialog({ kind: 'invite', nodeId: 'n1005' });
    const dialog = page.getByRole('dialog', { name: 'Invite' });
    await dialog.getByLabelText('Email').fill('charles@example.com');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect.element(toast('Invitations are paused')).toBeVisible();
    await expect.element(dialog).toBeVisible();
    expect(opened).toEqual([]);
  });

  it("a failure without a message toasts 'Failed to create invitation'", async () => {
    spyEffects();
    await mountTree({ context: { createInvitation: () => Promise.reject('nope') } });
    openDialog({ kind: 'invite', nodeId: 'n1005' });
    const dialog = page.getByRole('dialog', { name: 'Invite' });
    await dialog.getByLabelText('Email').fill('charles@example.com');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect.element(toast('Failed to create invitation')).toBeVisible();
  });
});
