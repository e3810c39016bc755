import { expect, it } from 'vitest';
import { HISTORY_MESSAGES } from '../../../src/domain/history/types.ts';
import { deletePerson } from '../../../src/domain/relationships.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { newcomer, type Member, type Site } from '../site.ts';
import { ownTree, save, withChild, type Tree } from './trees.ts';

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/**
 * HistoryService (issue 24): every change kept with its values before, a person's history, revert
 * (one change, or everything after a point) as a new change, refused when what it would revert
 * changed since; Recently deleted and restore with links and profile; a viewer reverts nothing.
 */
export function historyServiceContract(site: Site) {
  /** Someone joins Ada's tree at `role` on a new card, signed in in their own browser. */
  async function joins(ada: Member, tree: Tree, firstName: string, role: 'editor' | 'viewer') {
    const { graph, nodeId } = withChild(tree, firstName);
    await save(tree, graph);
    const person = { ...newcomer('kin'), firstName };
    const link = await ada.browser.invitations.create({ inviterUid: ada.uid, graphUid: tree.graphId, nodeId, email: person.email, role });
    const user = await site.join(site.browser(), tokenOf(link.inviteUrl), person);
    const browser = site.browser();
    await browser.auth.signIn(person.email, person.password);
    return { uid: user.uid, browser };
  }

  const renamed = (g: Graph, id: string, set: Record<string, string>): Graph => ({ ...g, profiles: { ...g.profiles, [id]: { ...g.profiles[id]!, ...set } } });

  it('keeps each change with its values before; a person has their history; one change is reverted as a new change', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const { graph, profileId } = withChild(tree, 'Byron');
    const made = await save(tree, graph);
    const edited = await save(tree, renamed(tree.saved, profileId, { firstName: 'George', bio: 'A poet' }));

    const page = await ada.browser.history.list(tree.graphId);
    expect(page.entries[0]).toMatchObject({ revision: edited, actorUid: ada.uid, kind: 'change', profileIds: [profileId] });
    expect(page.entries[0]!.before!.profiles![profileId]!.set).toMatchObject({ firstName: 'Byron', bio: '' });
    expect(page.actors[ada.uid]).toBe('Ada Lovelace');
    const his = await ada.browser.history.list(tree.graphId, { profileId });
    expect(his.entries.map((e) => e.revision)).toEqual([edited, made]);

    expect(await ada.browser.history.previewRevert(tree.graphId, edited, 'one')).toMatchObject({ revisions: [edited], conflicts: [], profileIds: [profileId] });
    const { revision } = await ada.browser.history.revert(tree.graphId, edited, 'one', 'tab-history');
    expect(revision).toBe(edited + 1);
    const loaded = await ada.browser.graphs.load(tree.graphId);
    expect(loaded.graph.profiles[profileId]).toMatchObject({ firstName: 'Byron', bio: '' });
    // The history is never rewritten: the revert is one more entry.
    const after = await ada.browser.history.list(tree.graphId);
    expect(after.entries.map((e) => [e.revision, e.revertOf ?? []])).toEqual([[revision, [edited]], [edited, []], [made, []], [made - 1, []]]);
  });

  it('refuses to revert a change whose field changed since, with the conflict in the preview; reverting everything after a point still works', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const { graph, profileId } = withChild(tree, 'Byron');
    const made = await save(tree, graph);
    const first = await save(tree, renamed(tree.saved, profileId, { firstName: 'George' }));
    await save(tree, renamed(tree.saved, profileId, { firstName: 'Georg' }));
    const plan = await ada.browser.history.previewRevert(tree.graphId, first, 'one');
    expect(plan.conflicts).toEqual([{ kind: 'profiles', id: profileId, field: 'firstName' }]);
    await expect(ada.browser.history.revert(tree.graphId, first, 'one', 'tab-history')).rejects.toMatchObject({ code: 'failed-precondition', message: HISTORY_MESSAGES.conflict });
    expect((await ada.browser.graphs.load(tree.graphId)).graph.profiles[profileId]!.firstName).toBe('Georg');

    await ada.browser.history.revert(tree.graphId, made, 'after', 'tab-history');
    expect((await ada.browser.graphs.load(tree.graphId)).graph.profiles[profileId]!.firstName).toBe('Byron');
  });

  it('an editor deletes a person; the owner finds them in Recently deleted and restores them with their links and profile', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const kim = await joins(ada, tree, 'Kim', 'editor');
    const { graph, nodeId, profileId } = withChild(tree, 'Byron');
    await save(tree, renamed(graph, profileId, { bio: 'A poet', birthYear: '1920' }));

    const seen = await kim.browser.graphs.load(tree.graphId);
    const gone = deletePerson(seen.graph, nodeId);
    if (!gone.ok) throw new Error(gone.message);
    await save({ ...tree, saved: seen.graph as Tree['saved'] }, gone.graph, 'tab-kim', kim.browser);
    const without = await ada.browser.graphs.load(tree.graphId);
    expect(without.graph.profiles[profileId]).toBeUndefined();
    expect(without.graph.profiles[ada.uid]!.children).not.toContain(profileId);

    const deleted = await ada.browser.history.deleted(tree.graphId);
    expect(deleted.people).toMatchObject([{ profileId, firstName: 'Byron', actorUid: kim.uid }]);
    expect(deleted.actors[kim.uid]).toBeTruthy();
    await ada.browser.history.restore(tree.graphId, deleted.people[0]!.revision, profileId, 'tab-ada');

    const back = await ada.browser.graphs.load(tree.graphId);
    expect(back.graph.profiles[profileId]).toMatchObject({ firstName: 'Byron', bio: 'A poet', birthYear: '1920', parents: [ada.uid] });
    expect(back.graph.profiles[ada.uid]!.children).toContain(profileId);
    expect(back.graph.nodes.some((n) => n.id === nodeId && n.data.profileId === profileId)).toBe(true);
    expect(back.graph.edges.some((e) => e.target === nodeId)).toBe(true);
    expect((await ada.browser.history.deleted(tree.graphId)).people).toEqual([]);
    await expect(ada.browser.history.restore(tree.graphId, deleted.people[0]!.revision, profileId, 'tab-ada')).rejects.toMatchObject({ code: 'already-exists' });
  });

  it('a viewer reverts and restores nothing, and reads no history of people privacy keeps from them', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const vic = await joins(ada, tree, 'Vic', 'viewer');
    const { graph, profileId } = withChild(tree, 'Byron');
    const made = await save(tree, graph);
    await expect(vic.browser.history.revert(tree.graphId, made, 'one', 'tab-vic')).rejects.toMatchObject({ code: 'permission-denied', message: HISTORY_MESSAGES.revertRole });
    await expect(vic.browser.history.previewRevert(tree.graphId, made, 'one')).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(vic.browser.history.deleted(tree.graphId)).rejects.toMatchObject({ code: 'permission-denied' });
    // Byron is living and nobody's card: private to viewers, in the history as in the tree.
    expect((await vic.browser.history.list(tree.graphId, { profileId })).entries).toEqual([]);
    const all = await vic.browser.history.list(tree.graphId);
    expect(all.entries.some((e) => e.profileIds.includes(profileId))).toBe(false);
    const stranger = await site.member();
    await expect(stranger.browser.history.list(tree.graphId)).rejects.toMatchObject({ code: 'permission-denied' });
  });
}
