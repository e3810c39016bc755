import { expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../src/domain/validation/auth.ts';
import { INVITATION_INVALID, INVITATION_USED, NOT_ON_TREE, OTHER_EMAIL } from '../../../src/domain/invitations.ts';
import { newcomer, type Site } from '../site.ts';
import { ownTree, save, withChild } from './trees.ts';

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/**
 * InvitationService (§7 invitation function) and the invitation's side of AuthService: the link,
 * what the invited person sees, and joining by it (the only way to an account).
 */
export function invitationServiceContract(site: Site) {
  it("invites a relative by e-mail to claim a card: a link on the site's own origin with a 32-hex token", async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const { graph, nodeId } = withChild(tree, 'Byron');
    await save(tree, graph);
    const { inviteUrl } = await ada.browser.invitations.create({ inviterUid: ada.uid, graphUid: tree.graphId, nodeId, email: 'byron@example.com' });
    expect(inviteUrl).toMatch(new RegExp(`^${site.origin.replace(/[.]/g, '\\.')}/invite\\?token=[0-9a-f]{32}$`));
    expect(await site.browser().auth.getInvitation(tokenOf(inviteUrl))).toEqual({ email: 'byron@example.com', firstAccount: false });
  });

  it('the invited person joins the tree and owns the card; the link works once', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const { graph, nodeId } = withChild(tree, 'Byron');
    await save(tree, graph);
    const person = newcomer('invited');
    const { inviteUrl } = await ada.browser.invitations.create({ inviterUid: ada.uid, graphUid: tree.graphId, nodeId, email: person.email });
    const token = tokenOf(inviteUrl);
    const browser = site.browser();
    await expect(browser.auth.acceptInvitation(token, { ...person, email: `other-${person.email}` })).rejects.toMatchObject({ code: 'invalid-argument', message: OTHER_EMAIL });
    await expect(browser.auth.acceptInvitation(token, { ...person, lastName: ' ' })).rejects.toMatchObject({ code: 'invalid-argument', message: AUTH_MESSAGES.namesRequired });

    const joined = await browser.auth.acceptInvitation(token, person);
    expect(joined).toMatchObject({ email: person.email, displayName: 'Ada Lovelace' });
    const loaded = await browser.graphs.load();
    expect(loaded).toMatchObject({ graphId: tree.graphId, ownerUid: ada.uid });
    expect(loaded.graph.nodes.find((n) => n.id === nodeId)!.data.profileId).toBe(joined.uid);
    expect(loaded.graph.profiles[joined.uid]).toMatchObject({ ownerUid: joined.uid, firstName: 'Ada', parents: [ada.uid] });

    await expect(site.browser().auth.getInvitation(token)).rejects.toMatchObject({ code: 'auth/invitation-used', message: INVITATION_USED });
    await expect(site.browser().auth.acceptInvitation(token, newcomer('late'))).rejects.toMatchObject({ code: 'auth/invitation-used' });
  });

  it('refuses a bad address, a card not on the tree and a tree the inviter is not in', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const stranger = await site.member();
    const { graph, nodeId } = withChild(tree);
    await save(tree, graph);
    const invite = (by: typeof ada, fields: Partial<{ graphUid: string; nodeId: string; email: string }>) =>
      by.browser.invitations.create({ inviterUid: by.uid, graphUid: tree.graphId, nodeId, email: 'someone@example.com', ...fields });
    await expect(invite(ada, { email: 'not an address' })).rejects.toMatchObject({ code: 'invalid-email', message: AUTH_MESSAGES.invalidEmail });
    await expect(invite(ada, { nodeId: 'n9999' })).rejects.toMatchObject({ code: 'not-found', message: NOT_ON_TREE });
    await expect(invite(stranger, {})).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('an invitation link that was never made is not valid', async () => {
    await expect(site.browser().auth.getInvitation('0123456789abcdef0123456789abcdef')).rejects.toMatchObject({
      code: 'auth/invitation-invalid',
      message: INVITATION_INVALID,
    });
  });

  it('an invitation without a tree makes a member with their own empty tree', async () => {
    const person = newcomer('first');
    const token = await site.invitationFor(person.email);
    const browser = site.browser();
    expect(await browser.auth.getInvitation(token)).toEqual({ email: person.email, firstAccount: false });
    const user = await browser.auth.acceptInvitation(token, person);
    expect(await browser.graphs.load()).toMatchObject({ graphId: user.uid, ownerUid: user.uid });
  });
}
