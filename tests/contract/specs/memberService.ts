import { expect, it } from 'vitest';
import { ROLE_MESSAGES } from '../../../src/domain/roles.ts';
import { newcomer, type Member, type Site } from '../site.ts';
import { ownTree, save, withChild } from './trees.ts';

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/**
 * MemberService (§6 roles, the Members dialog): the owner lists the tree's members in the one
 * order both backends answer (src/domain/roles.ts compareMembers: the owner first, then by name),
 * gives a member the other role and removes them; nobody else may.
 */
export function memberServiceContract(site: Site) {
  /** Someone named `firstName lastName` joins Ada's tree at `role` through an invitation to a new card. */
  async function joins(ada: Member, graphId: string, firstName: string, lastName: string, role: 'editor' | 'viewer') {
    const tree = await ownTree(ada);
    const { graph, nodeId } = withChild(tree, firstName);
    await save(tree, graph);
    const person = { ...newcomer('kin'), firstName, lastName };
    const link = await ada.browser.invitations.create({ inviterUid: ada.uid, graphUid: graphId, nodeId, email: person.email, role });
    const user = await site.join(site.browser(), tokenOf(link.inviteUrl), person);
    return { ...user, person, nodeId };
  }

  it('lists the owner first, then by name (not by role, nor by when they joined), each with e-mail, role, joined and card', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const zed = await joins(ada, tree.graphId, 'zed', 'abbott', 'editor');
    const bea = await joins(ada, tree.graphId, 'bea', 'young', 'viewer');
    const members = await ada.browser.members.list(tree.graphId);
    expect(members).toEqual([
      { uid: ada.uid, name: 'Ada Lovelace', email: ada.email, role: 'owner', joinedAt: expect.any(String), profileId: ada.uid },
      { uid: bea.uid, name: 'Bea Young', email: bea.person.email, role: 'viewer', joinedAt: expect.any(String), profileId: bea.uid },
      { uid: zed.uid, name: 'Zed Abbott', email: zed.person.email, role: 'editor', joinedAt: expect.any(String), profileId: zed.uid },
    ]);
    for (const m of members) expect(Number.isNaN(Date.parse(m.joinedAt))).toBe(false);
    expect(Date.parse(members[2]!.joinedAt)).toBeLessThanOrEqual(Date.parse(members[1]!.joinedAt));
  });

  it('the owner gives an editor the viewer role and back, and removes a member; the list follows', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const kin = await joins(ada, tree.graphId, 'kim', 'young', 'editor');
    expect(await ada.browser.members.setRole(tree.graphId, kin.uid, 'viewer')).toMatchObject({ uid: kin.uid, name: 'Kim Young', role: 'viewer', profileId: kin.uid });
    expect((await ada.browser.members.list(tree.graphId)).map((m) => [m.uid, m.role])).toEqual([
      [ada.uid, 'owner'],
      [kin.uid, 'viewer'],
    ]);
    expect(await ada.browser.members.setRole(tree.graphId, kin.uid, 'editor')).toMatchObject({ role: 'editor' });
    await ada.browser.members.remove(tree.graphId, kin.uid);
    expect((await ada.browser.members.list(tree.graphId)).map((m) => m.uid)).toEqual([ada.uid]);
  });

  it('only the owner manages members, and never their own role or membership', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const kin = await joins(ada, tree.graphId, 'kim', 'young', 'editor');
    const kinBrowser = site.browser();
    await kinBrowser.auth.signIn(kin.person.email, kin.person.password);
    await expect(kinBrowser.members.list(tree.graphId)).rejects.toMatchObject({ code: 'permission-denied', message: ROLE_MESSAGES.ownerOnly });
    await expect(kinBrowser.members.setRole(tree.graphId, ada.uid, 'viewer')).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(kinBrowser.members.remove(tree.graphId, ada.uid)).rejects.toMatchObject({ code: 'permission-denied' });
    const stranger = await site.member();
    await expect(stranger.browser.members.list(tree.graphId)).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(ada.browser.members.setRole(tree.graphId, ada.uid, 'viewer')).rejects.toMatchObject({ code: 'failed-precondition' });
    await expect(ada.browser.members.remove(tree.graphId, ada.uid)).rejects.toMatchObject({ code: 'failed-precondition' });
    await expect(ada.browser.members.setRole(tree.graphId, kin.uid, 'owner' as 'viewer')).rejects.toMatchObject({ code: 'invalid-argument' });
    expect((await ada.browser.members.list(tree.graphId)).map((m) => [m.uid, m.role])).toEqual([
      [ada.uid, 'owner'],
      [kin.uid, 'editor'],
    ]);
  });
}
