import { expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../src/domain/validation/auth.ts';
import { INVITATION_INVALID, INVITATION_REVOKED, INVITATION_USED, NOT_ON_TREE, OTHER_EMAIL } from '../../../src/domain/invitations.ts';
import { newcomer, type Member, type Site } from '../site.ts';
import { ownTree, save, withChild } from './trees.ts';

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/**
 * InvitationService (§7 invitation function, the invitation's lifecycle) with the invitation's
 * side of AuthService and the MemberService: the link, what the invited person sees, joining by
 * it (a new account, or an existing member signing in), and what the tree's owner manages.
 */
export function invitationServiceContract(site: Site) {
  /** Ada's tree with a child card, and an invitation to it. */
  async function invited(ada: Member, email: string, role?: 'editor' | 'viewer') {
    const tree = await ownTree(ada);
    const { graph, nodeId } = withChild(tree, 'Byron');
    await save(tree, graph);
    const link = await ada.browser.invitations.create({ inviterUid: ada.uid, graphUid: tree.graphId, nodeId, email, ...(role ? { role } : {}) });
    return { tree, nodeId, link, token: tokenOf(link.inviteUrl) };
  }

  it("invites a relative by e-mail to claim a card: a link on the site's own origin with a 32-hex token; the page says who, to which tree, as whom", async () => {
    const ada = await site.member();
    const { link, token, tree, nodeId } = await invited(ada, 'byron@example.com');
    expect(link.inviteUrl).toMatch(new RegExp(`^${site.origin.replace(/[.]/g, '\\.')}/invite\\?token=[0-9a-f]{32}$`));
    expect(link.invitation).toMatchObject({ graphId: tree.graphId, nodeId, email: 'byron@example.com', role: 'editor', inviterUid: ada.uid, status: 'pending' });
    expect(Date.parse(link.invitation.expiresAt) - Date.parse(link.invitation.createdAt)).toBe(14 * 24 * 60 * 60 * 1000);
    expect(await site.browser().invitations.details(token)).toMatchObject({
      email: 'byron@example.com',
      firstAccount: false,
      inviterName: 'Ada Lovelace',
      treeName: 'Lovelace family tree',
      firstName: 'Byron',
      personName: expect.stringContaining('Byron'),
      role: 'editor',
      expiresAt: link.invitation.expiresAt,
    });
  });

  it('the invited person joins the tree and owns the card; the link works once', async () => {
    const ada = await site.member();
    const person = newcomer('invited');
    const { tree, nodeId, token } = await invited(ada, person.email);
    const browser = site.browser();
    await expect(browser.auth.acceptInvitation(token, { ...person, email: `other-${person.email}` })).rejects.toMatchObject({ code: 'invalid-argument', message: OTHER_EMAIL });
    await expect(browser.auth.acceptInvitation(token, { ...person, lastName: ' ' })).rejects.toMatchObject({ code: 'invalid-argument', message: AUTH_MESSAGES.namesRequired });

    const joined = await site.join(browser, token, person);
    expect(joined).toMatchObject({ email: person.email, displayName: 'Ada Lovelace' });
    const loaded = await browser.graphs.load();
    expect(loaded).toMatchObject({ graphId: tree.graphId, ownerUid: ada.uid, role: 'editor', name: 'Lovelace family tree', privacy: {} });
    expect(loaded.graph.nodes.find((n) => n.id === nodeId)!.data.profileId).toBe(joined.uid);
    expect(loaded.graph.profiles[joined.uid]).toMatchObject({ ownerUid: joined.uid, firstName: 'Ada', parents: [ada.uid] });

    await expect(site.browser().invitations.details(token)).rejects.toMatchObject({ code: 'auth/invitation-used', message: INVITATION_USED });
    await expect(site.browser().auth.acceptInvitation(token, newcomer('late'))).rejects.toMatchObject({ code: 'auth/invitation-used' });
  });

  it('refuses a bad address, a card not on the tree, a tree the inviter is not in, and a role that is not editor or viewer', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const stranger = await site.member();
    const { graph, nodeId } = withChild(tree);
    await save(tree, graph);
    const invite = (by: typeof ada, fields: Partial<{ graphUid: string; nodeId: string; email: string; role: 'editor' | 'viewer' }>) =>
      by.browser.invitations.create({ inviterUid: by.uid, graphUid: tree.graphId, nodeId, email: 'someone@example.com', ...fields });
    await expect(invite(ada, { email: 'not an address' })).rejects.toMatchObject({ code: 'invalid-email', message: AUTH_MESSAGES.invalidEmail });
    await expect(invite(ada, { nodeId: 'n9999' })).rejects.toMatchObject({ code: 'not-found', message: NOT_ON_TREE });
    await expect(invite(stranger, {})).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(invite(ada, { role: 'owner' as 'editor' })).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it('an invitation link that was never made is not valid', async () => {
    await expect(site.browser().invitations.details('0123456789abcdef0123456789abcdef')).rejects.toMatchObject({
      code: 'auth/invitation-invalid',
      message: INVITATION_INVALID,
    });
  });

  it('an invitation without a tree makes a member with their own empty tree', async () => {
    const person = newcomer('first');
    const token = await site.invitationFor(person.email);
    const browser = site.browser();
    expect(await browser.invitations.details(token)).toMatchObject({ email: person.email, firstAccount: false });
    const answer = await browser.auth.acceptInvitation(token, person);
    if (answer.status !== 'signed-in') throw new Error('an invitation without a tree signs in at once');
    expect(await browser.graphs.load()).toMatchObject({ graphId: answer.user.uid, ownerUid: answer.user.uid, role: 'owner' });
  });

  it('the inviter lists pending invitations, renews a link (the earlier one stops working) and revokes it', async () => {
    const ada = await site.member();
    const { tree, link, token } = await invited(ada, 'grace@example.com', 'viewer');
    expect(await ada.browser.invitations.list(tree.graphId)).toEqual([link.invitation]);

    const renewed = await ada.browser.invitations.renewLink(tree.graphId, link.invitation.id);
    expect(renewed.invitation).toMatchObject({ id: link.invitation.id, role: 'viewer', status: 'pending' });
    const fresh = tokenOf(renewed.inviteUrl);
    expect(fresh).not.toBe(token);
    await expect(site.browser().invitations.details(token)).rejects.toMatchObject({ code: 'auth/invitation-invalid' });
    expect(await site.browser().invitations.details(fresh)).toMatchObject({ email: 'grace@example.com', role: 'viewer' });

    const stranger = await site.member();
    await expect(stranger.browser.invitations.list(tree.graphId)).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(stranger.browser.invitations.revoke(tree.graphId, link.invitation.id)).rejects.toMatchObject({ code: 'permission-denied' });

    await ada.browser.invitations.revoke(tree.graphId, link.invitation.id);
    await expect(site.browser().invitations.details(fresh)).rejects.toMatchObject({ code: 'auth/invitation-revoked', message: INVITATION_REVOKED });
    expect(await ada.browser.invitations.list(tree.graphId)).toEqual([]);
    await expect(ada.browser.invitations.revoke(tree.graphId, link.invitation.id)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('an existing member signs in to accept: joins a second tree at the invited role, lists both and opens either', async () => {
    const ada = await site.member();
    const grace = await site.member();
    const own = await ownTree(grace);
    const { tree, token } = await invited(ada, grace.email, 'viewer');
    await expect(ada.browser.invitations.accept(token)).rejects.toMatchObject({ code: 'invalid-argument', message: OTHER_EMAIL });
    expect(await grace.browser.invitations.accept(token)).toEqual({ graphId: tree.graphId });
    await expect(grace.browser.invitations.details(token)).rejects.toMatchObject({ code: 'auth/invitation-used' });

    const trees = await grace.browser.graphs.list();
    expect(trees.map((t) => [t.graphId, t.role]).sort()).toEqual(
      [
        [own.graphId, 'owner'],
        [tree.graphId, 'viewer'],
      ].sort(),
    );
    expect(trees[0]).toMatchObject({ graphId: tree.graphId, current: true, name: 'Lovelace family tree', ownerUid: ada.uid });
    expect(await grace.browser.graphs.load()).toMatchObject({ graphId: tree.graphId, role: 'viewer' });
    expect(await grace.browser.graphs.load(own.graphId)).toMatchObject({ graphId: own.graphId, role: 'owner' });
    expect((await grace.browser.graphs.list())[0]).toMatchObject({ graphId: own.graphId, current: true });
  });

  it('the owner sees the members, changes a role and removes a member, whose next load is refused', async () => {
    const ada = await site.member();
    const person = newcomer('kin');
    const { tree, token } = await invited(ada, person.email);
    const kin = await site.join(site.browser(), token, person);
    const members = await ada.browser.members.list(tree.graphId);
    expect(members.map((m) => [m.uid, m.role]).sort()).toEqual([[ada.uid, 'owner'], [kin.uid, 'editor']].sort());
    expect(members.find((m) => m.uid === kin.uid)).toMatchObject({ email: person.email, name: 'Ada Lovelace', profileId: kin.uid });

    const kinBrowser = site.browser();
    await kinBrowser.auth.signIn(person.email, person.password);
    await expect(kinBrowser.members.list(tree.graphId)).rejects.toMatchObject({ code: 'permission-denied' });
    expect(await ada.browser.members.setRole(tree.graphId, kin.uid, 'viewer')).toMatchObject({ uid: kin.uid, role: 'viewer' });
    expect(await kinBrowser.graphs.load(tree.graphId)).toMatchObject({ role: 'viewer' });
    await expect(ada.browser.members.setRole(tree.graphId, ada.uid, 'viewer')).rejects.toMatchObject({ code: 'failed-precondition' });

    await ada.browser.members.remove(tree.graphId, kin.uid);
    await expect(kinBrowser.graphs.load(tree.graphId)).rejects.toMatchObject({ code: 'permission-denied' });
    expect((await ada.browser.members.list(tree.graphId)).map((m) => m.uid)).toEqual([ada.uid]);
  });

  it('the owner renames the tree; others may not', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    expect(await ada.browser.graphs.rename(tree.graphId, '  The Lovelaces ')).toMatchObject({ graphId: tree.graphId, name: 'The Lovelaces', role: 'owner' });
    expect(await ada.browser.graphs.load(tree.graphId)).toMatchObject({ name: 'The Lovelaces' });
    expect(await ada.browser.graphs.rename(tree.graphId, '')).toMatchObject({ name: 'Lovelace family tree' });
    const stranger = await site.member();
    await expect(stranger.browser.graphs.rename(tree.graphId, 'Mine')).rejects.toMatchObject({ code: 'permission-denied' });
  });
}
