import { expect, it } from 'vitest';
import { diffGraphs } from '../../../src/domain/changeSet.ts';
import { RELATIONSHIP_MESSAGES } from '../../../src/domain/relationships.ts';
import { PRIVATE_NAME } from '../../../src/domain/privacy.ts';
import type { Site } from '../site.ts';
import { coupleId, type Couple, type FactEvent, type PersonName, type Place } from '../../../src/domain/facts/types.ts';
import { addNew } from '../../integration/graphHelpers.ts';
import { expectInOrder, listen, moveCard, ownTree, primaryId, save, withChild } from './trees.ts';

/** GraphRepository (src/backend/ports.ts): load, save change sets, and the live subscription. */
export function graphRepositoryContract(site: Site) {
  it("opens a new member's Family Tree: their own, empty at revision 0", async () => {
    const ada = await site.member();
    const loaded = await ada.browser.graphs.load();
    expect(loaded).toMatchObject({ graphId: ada.uid, ownerUid: ada.uid, migrations: [] });
    expect(loaded.graph).toMatchObject({ nodes: [], edges: [], revision: 0, version: 1 });
  });

  it('saves a change set as the next revision, with its migration flags; a new load shows it all', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    expect(tree.saved.revision).toBe(1);
    const { graph, nodeId, profileId } = withChild(tree, 'Byron');
    const cs = diffGraphs(tree.saved, graph);
    expect(await ada.browser.graphs.save(tree.graphId, cs, 'tab-a', ['spouses-v1'])).toEqual({ revision: 2 });

    const again = await ada.browser.graphs.load();
    expect(again.graph.revision).toBe(2);
    expect(again.migrations).toEqual(['spouses-v1']);
    expect(again.graph.nodes.map((n) => n.id).sort()).toEqual([primaryId(tree.saved), nodeId].sort());
    expect(again.graph.profiles[profileId]).toMatchObject({ firstName: 'Byron', parents: [ada.uid] });
    expect(again.graph.profiles[ada.uid]).toMatchObject({ children: [profileId] });
    expect(again.graph.edges).toHaveLength(1);
  });

  it("hands on another browser's saves live: every revision once, in order, with the sender's client id", async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const other = site.browser();
    await other.auth.signIn(ada.email, ada.password);
    const live = listen(ada.browser, tree.graphId, tree.saved.revision);
    const card = primaryId(tree.saved);
    const sent = [];
    for (const x of [40, 80, 120]) sent.push(await other.graphs.save(tree.graphId, moveCard(tree.saved, card, x), 'tab-other'));
    const events = await live.received(3);
    expectInOrder(events, tree.saved.revision + 1);
    expect(events.map((e) => e.revision)).toEqual(sent.map((s) => s.revision));
    expect(events.map((e) => [e.clientId, e.actorUid, e.changes.nodes.upsert[0]!.position.x])).toEqual([
      ['tab-other', ada.uid, 40],
      ['tab-other', ada.uid, 80],
      ['tab-other', ada.uid, 120],
    ]);
    await other.graphs.save(tree.graphId, moveCard(tree.saved, card, 160), 'tab-other');
    expectInOrder(await live.received(4), tree.saved.revision + 1);
    expect(live.changes).toHaveLength(4);
    expect(live.reloads).toEqual([]);
    live.stop();
  });

  it('a subscription from an earlier revision first hands on what it missed, then goes on live', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const card = primaryId(tree.saved);
    const from = tree.saved.revision;
    await ada.browser.graphs.save(tree.graphId, moveCard(tree.saved, card, 10), 'tab-a');
    await ada.browser.graphs.save(tree.graphId, moveCard(tree.saved, card, 20), 'tab-a');
    const live = listen(ada.browser, tree.graphId, from);
    expectInOrder(await live.received(2), from + 1);
    await ada.browser.graphs.save(tree.graphId, moveCard(tree.saved, card, 30), 'tab-a');
    const events = await live.received(3);
    expectInOrder(events, from + 1);
    expect(events.map((e) => e.changes.nodes.upsert[0]!.position.x)).toEqual([10, 20, 30]);
    live.stop();
  });

  it("refuses a save to a tree the member is not in, and one that breaks a rule, with the rule's code and words", async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const stranger = await site.member();
    await expect(stranger.browser.graphs.save(tree.graphId, moveCard(tree.saved, primaryId(tree.saved), 5), 'tab-s')).rejects.toMatchObject({
      code: 'permission-denied',
    });
    const withoutPrimary = { ...tree.saved, nodes: [] };
    await expect(save(tree, withoutPrimary)).rejects.toMatchObject({ code: 'permission-denied', message: RELATIONSHIP_MESSAGES.primaryNotDeletable });
    const second = { ...tree.saved, nodes: [...tree.saved.nodes, { ...tree.saved.nodes[0]!, id: 'n1002', data: { profileId: '', parentRole: '' as const, isPrimary: true } }] };
    await expect(save(tree, second)).rejects.toMatchObject({ code: 'invalid-argument', message: "Only the graph owner's own profile can be the primary person" });
    expect((await ada.browser.graphs.load()).graph.revision).toBe(tree.saved.revision);
  });

  it("saves a person's events and names, the tree's places and couples; a new load and the live subscription carry them", async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const spouse = addNew(tree.saved, ada.uid, 'spouse', primaryId(tree.saved), { firstName: 'William' });
    await save(tree, spouse.graph);
    const other = site.browser();
    await other.auth.signIn(ada.email, ada.password);
    const live = listen(other, tree.graphId, tree.saved.revision);
    const marriage: FactEvent = { id: 'ev-marr', type: 'MARR', customType: '', date: '8 JUL 1835', placeId: 'pl-church', description: '', age: '' };
    const places: Record<string, Place> = {
      'pl-county': { id: 'pl-county', name: 'Middlesex', parentId: '', kind: 'county', latitude: null, longitude: null, altNames: [] },
      'pl-church': { id: 'pl-church', name: "St George's", parentId: 'pl-county', kind: 'church', latitude: 51.51, longitude: -0.14, altNames: ['St George Hanover Square'] },
    };
    const couple: Couple = { id: coupleId(ada.uid, spouse.profileId), partners: ada.uid < spouse.profileId ? [ada.uid, spouse.profileId] : [spouse.profileId, ada.uid], events: [marriage] };
    const me = tree.saved.profiles[ada.uid]!;
    const events: FactEvent[] = [{ id: 'ev-occu', type: 'OCCU', customType: '', date: '1843', placeId: 'pl-county', description: 'Mathematician', age: '27y' }];
    const names: PersonName[] = [{ id: 'nm-1', kind: 'birth', prefix: 'Hon.', given: 'Augusta Ada', surnamePrefix: '', surname: 'Byron', suffix: '', nickname: '' }];
    const revision = await save(tree, { ...tree.saved, places, couples: { [couple.id]: couple }, profiles: { ...tree.saved.profiles, [ada.uid]: { ...me, events, names } } });

    const again = (await other.graphs.load(tree.graphId)).graph;
    expect(again.revision).toBe(revision);
    expect(again.places).toEqual(places);
    expect(again.couples).toEqual({ [couple.id]: couple });
    expect(again.profiles[ada.uid]).toMatchObject({ events, names });
    const [event] = await live.received(1);
    expect(event!.changes.places?.upsert).toHaveLength(2);
    expect(event!.changes.couples?.upsert).toEqual([couple]);
    live.stop();
  });

  it('a viewer receives live changes redacted for them (a living relative as Private, with the reason), not a reload per revision', async () => {
    const ada = await site.member();
    const grace = await site.member();
    const tree = await ownTree(ada);
    const { graph, nodeId } = withChild(tree, 'Byron');
    await save(tree, graph);
    const link = await ada.browser.invitations.create({ inviterUid: ada.uid, graphUid: tree.graphId, nodeId, email: grace.email, role: 'viewer' });
    await grace.browser.invitations.accept(new URL(link.inviteUrl).searchParams.get('token')!);
    const viewed = await grace.browser.graphs.load(tree.graphId);
    expect(viewed.role).toBe('viewer');
    tree.saved = (await ada.browser.graphs.load(tree.graphId)).graph;
    const live = listen(grace.browser, tree.graphId, viewed.graph.revision);
    const child = addNew(tree.saved, ada.uid, 'child', primaryId(tree.saved), { firstName: 'Carl', lastName: 'Lovelace', birthYear: '2001' });
    const revision = await save(tree, child.graph);
    const [event] = await live.received(1);
    expect(event!.revision).toBe(revision);
    expect(event!.privacy).toMatchObject({ [child.profileId]: 'living' });
    expect(event!.changes.profiles.upsert.find((p) => p.id === child.profileId)!.set).toMatchObject({ firstName: PRIVATE_NAME, lastName: '', birthYear: '' });
    expect(live.reloads).toEqual([]);
    live.stop();
  });

  it("loads people's events per person (personEvents): as saved for a member, redacted as in the open for a viewer, coded refusals", async () => {
    const ada = await site.member();
    const grace = await site.member();
    const tree = await ownTree(ada);
    const { graph, nodeId, profileId } = withChild(tree, 'Byron');
    const job: FactEvent = { id: 'ev-job', type: 'OCCU', customType: '', date: '2020', placeId: '', description: 'Engineer at the mill', age: '' };
    const me = graph.profiles[ada.uid]!;
    const child = graph.profiles[profileId]!;
    await save(tree, { ...graph, profiles: { ...graph.profiles, [ada.uid]: { ...me, events: [job] }, [profileId]: { ...child, birthYear: '2001', events: [{ ...job, id: 'ev-child' }] } } });

    const own = await ada.browser.graphs.personEvents(tree.graphId, [ada.uid, profileId, 'pr:not-in-tree']);
    expect(own.revision).toBe(tree.saved.revision);
    expect(own.events).toEqual({ [ada.uid]: [job], [profileId]: [{ ...job, id: 'ev-child' }] });

    const link = await ada.browser.invitations.create({ inviterUid: ada.uid, graphUid: tree.graphId, nodeId, email: grace.email, role: 'viewer' });
    await grace.browser.invitations.accept(new URL(link.inviteUrl).searchParams.get('token')!);
    // Ada is living and lets viewers see her name only: no events, in the open as here.
    const viewed = await grace.browser.graphs.load(tree.graphId);
    expect(viewed.graph.profiles[ada.uid]).not.toHaveProperty('events');
    const seen = await grace.browser.graphs.personEvents(tree.graphId, [ada.uid]);
    expect(seen.events).toEqual({ [ada.uid]: [] });

    const stranger = await site.member();
    await expect(stranger.browser.graphs.personEvents(tree.graphId, [ada.uid])).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(ada.browser.graphs.personEvents(tree.graphId, ['not an id!'])).rejects.toMatchObject({ code: 'invalid-argument' });
  });
}
