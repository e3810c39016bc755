import { describe, expect, it } from 'vitest';
import { diffGraphs, stampChangeSet } from '../../../src/domain/changeSet.ts';
import { linkNodeToProfile } from '../../../src/domain/editPerson.ts';
import { canEditProfile, canRemoveProfile, cardRights } from '../../../src/domain/permissions.ts';
import { canEditTree, type TreeRole } from '../../../src/domain/roles.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import { addRelative, deletePerson, relationsOf, unlinkRelation } from '../../../src/domain/relationships.ts';
import { graphLookup, Neighbourhood } from '../../../src/domain/save/neighbourhood.ts';
import { validateChangeSet } from '../../../src/domain/save/validate.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { mayLink, mayLinkProfile, mayRelink, rightsOf, treeRights } from '../../../src/screens/tree/actions/rights.ts';
import { LATER, makeGraph, noOverlapSearch } from './helpers.ts';

const card = (isPrimary = false) => ({ data: { profileId: 'x', parentRole: '' as const, isPrimary } });

describe('cardRights (§6: what the screens offer on a card)', () => {
  it.each([
    ['a card without a profile', card(), undefined, 'u1', { link: true, relink: true, remove: true }],
    ['an unclaimed person', card(), { ownerUid: '' }, 'u1', { link: true, relink: true, remove: true }],
    ['a person I claimed', card(), { ownerUid: 'u1' }, 'u1', { link: true, relink: true, remove: true }],
    ['a person another member claimed', card(), { ownerUid: 'u2' }, 'u1', { link: false, relink: false, remove: false }],
    ['my own primary card', card(true), { ownerUid: 'u1' }, 'u1', { link: true, relink: false, remove: false }],
    ["the owner's primary card, for another member", card(true), { ownerUid: 'u0' }, 'u1', { link: false, relink: false, remove: false }],
    ['a profile to be linked (no card), claimed by another', undefined, { ownerUid: 'u2' }, 'u1', { link: false, relink: false, remove: false }],
  ])('%s', (_n, node, profile, uid, expected) => expect(cardRights(node, profile, uid)).toEqual(expected));
});

/**
 * Issue 19 (owner's decision): an owner or editor edits and removes any unclaimed person, whoever
 * created them (editors could remove the owner's people but not fix their dates); a claimed card
 * is its claimant's alone; a viewer edits only their own profile and removes nobody. `edit` is
 * `canEditProfile`, which the server's validation and the profile save ask too; `remove` is what
 * the screens offer (the role's `build`, then `cardRights`), the server's `canRemoveProfile`
 * after its viewer gate.
 */
describe('who edits and removes a person (§6, issue 19)', () => {
  const me = 'u-me';
  const own = { id: me, ownerUid: me, createdBy: me };
  const claimedByMe = { id: 'pr:a', ownerUid: me, createdBy: 'u-other' };
  const madeByMe = { id: 'pr:b', ownerUid: '', createdBy: me };
  const madeByOther = { id: 'pr:c', ownerUid: '', createdBy: 'u-other' };
  const claimedByOther = { id: 'pr:d', ownerUid: 'u-other', createdBy: me };
  const leftMember = { id: 'u-left', ownerUid: '', createdBy: 'u-left' };
  it.each<[string, typeof own, TreeRole, { edit: boolean; remove: boolean }]>([
    ['own profile, viewer', own, 'viewer', { edit: true, remove: false }],
    ['a card I claimed, viewer', claimedByMe, 'viewer', { edit: true, remove: false }],
    ['an unclaimed card I made as an editor, now a viewer', madeByMe, 'viewer', { edit: false, remove: false }],
    ['an unclaimed card someone else made, viewer', madeByOther, 'viewer', { edit: false, remove: false }],
    ['an unclaimed card I made, editor', madeByMe, 'editor', { edit: true, remove: true }],
    ['an unclaimed card the owner made, editor', madeByOther, 'editor', { edit: true, remove: true }],
    ['an unclaimed card an editor made, owner', madeByOther, 'owner', { edit: true, remove: true }],
    ['the card of a member who left (unclaimed now), editor', leftMember, 'editor', { edit: true, remove: true }],
    ['a card I claimed, editor', claimedByMe, 'editor', { edit: true, remove: true }],
    ['a card another member claimed, editor who made it', claimedByOther, 'editor', { edit: false, remove: false }],
    ['a card another member claimed, owner', claimedByOther, 'owner', { edit: false, remove: false }],
    ['own profile, owner', own, 'owner', { edit: true, remove: true }],
  ])('%s', (_n, profile, role, expected) => {
    const edit = canEditProfile(profile, me, role);
    const remove = treeRights(role).build && cardRights(card(), profile, me).remove;
    expect({ edit, remove }).toEqual(expected);
    // The server: the viewer gate, then the same rule (the graph owner here is someone else).
    expect(treeRights(role).build && canRemoveProfile(profile, me, 'u-graph-owner')).toBe(expected.remove);
  });
});

/** The owner's card, their spouse, a child and grandchild, a joined member (claimed), a spare profile. */
const family = (): Graph => {
  const g = makeGraph({
    people: [
      { node: 'n1001', profile: 'u-owner', primary: true, fields: { ownerUid: 'u-owner', createdBy: 'u-owner' } },
      { node: 'n1002', profile: 'pr:mine', fields: { createdBy: 'u-member' } },
      { node: 'n1003', profile: 'pr:theirs', fields: { createdBy: 'u-owner' } },
      { node: 'n1004', profile: 'u-member', fields: { ownerUid: 'u-member', createdBy: 'u-owner' } },
      { node: 'n1005', profile: 'pr:grandkid', fields: { createdBy: 'u-owner' } },
    ],
    parents: [
      ['n1001', 'n1003'],
      ['n1003', 'n1005'],
      ['n1001', 'n1004'],
    ],
    spouses: [['n1001', 'n1002']],
  });
  g.profiles['pr:spare'] = { ...emptyProfile('pr:spare'), createdBy: 'u-owner' };
  return { ...g, revision: 3 };
};

const CARDS = ['n1001', 'n1002', 'n1003', 'n1004', 'n1005'];
const MEMBERS = ['u-owner', 'u-member'];

/** Whether the server accepts the change set of an edit of the family, sent by `uid` in `role`. */
async function serverAccepts(edit: Graph, uid: string, role: TreeRole = uid === 'u-owner' ? 'owner' : 'editor'): Promise<boolean> {
  const g = family();
  const changes = stampChangeSet(diffGraphs(g, edit), { uid, now: LATER });
  const refusal = await validateChangeSet(changes, { neighbourhood: new Neighbourhood(graphLookup(g)), actingUid: uid, role, graphOwnerUid: 'u-owner', currentYear: 2025 });
  if (refusal && refusal.code !== 'permission-denied') throw new Error(`refused for another reason: ${refusal.message}`);
  return refusal === null;
}

/**
 * The screens and the server agree: every edit of every card of the family, by the owner and by
 * the member, is offered exactly when the server's validation accepts its change set.
 */
describe('the screens offer exactly what the server accepts', () => {
  for (const uid of MEMBERS) {
    for (const nodeId of CARDS) {
      it(`${uid}: editing the details of ${nodeId}`, async () => {
        const g = family();
        const profileId = g.nodes.find((n) => n.id === nodeId)!.data.profileId;
        g.profiles[profileId] = { ...g.profiles[profileId]!, birthYear: '1901', bio: 'Fixed by a relative' };
        const role = uid === 'u-owner' ? 'owner' : 'editor';
        expect(await serverAccepts(g, uid)).toBe(canEditProfile(family().profiles[profileId]!, uid, role));
      });

      it(`${uid}: deleting ${nodeId}`, async () => {
        const result = deletePerson(family(), nodeId);
        if (!result.ok) return expect(rightsOf(family(), nodeId, uid).remove).toBe(false);
        expect(await serverAccepts(result.graph, uid)).toBe(rightsOf(family(), nodeId, uid).remove);
      });

      it(`${uid}: unlinking each relative of ${nodeId}`, async () => {
        for (const relation of relationsOf(family(), nodeId)) {
          const result = unlinkRelation(family(), { nodeId, relation });
          if (!result.ok) continue;
          expect(await serverAccepts(result.graph, uid), `${relation.kind} ${relation.nodeId}`).toBe(mayLink(family(), nodeId, relation.nodeId, uid));
        }
      });

      it(`${uid}: linking ${nodeId} with each other card`, async () => {
        for (const other of CARDS) {
          for (const kind of ['child', 'spouse'] as const) {
            const g = family();
            const profileId = g.nodes.find((n) => n.id === other)!.data.profileId;
            const result = addRelative(g, { kind, referenceNodeId: nodeId, person: { existingProfileId: profileId }, now: LATER, findFree: noOverlapSearch });
            if (!result.ok) continue;
            expect(await serverAccepts(result.graph, uid), `${kind} ${other}`).toBe(mayLink(family(), nodeId, other, uid));
          }
        }
      });

      it(`${uid}: pointing ${nodeId} at another profile`, async () => {
        for (const profileId of ['pr:spare', 'u-member']) {
          const result = linkNodeToProfile(family(), { nodeId, profileId, ownUid: uid, uid, now: LATER });
          if (!result.ok || !result.linked) continue;
          const offered = mayRelink(family(), nodeId, uid) && mayLinkProfile(family().profiles[profileId]!, uid);
          expect(await serverAccepts(result.graph, uid), profileId).toBe(offered);
        }
      });
    }
  }
});

/**
 * Roles (issue 11): the screens offer a viewer no edit of the tree at all (`canEditTree`, checked
 * before `cardRights`), and the server accepts none of them; a viewer's only write is the plain
 * fields of their own profile. The issue-12 leftover ("a person removed by unlinking still shows
 * in Link existing") is decided by the same rules: the profile stays on the tree on purpose (§4,
 * to be linked again), Link existing lists it to whoever may link it (`mayLinkProfile`: owners
 * and editors, not a profile another member claimed), and never to a viewer, who gets no Link
 * existing at all.
 */
describe('a viewer: nothing offered, nothing accepted but their own details', () => {
  const viewer = 'u-member';
  it('the screens offer a viewer no edit of the tree', () => {
    expect(canEditTree('viewer')).toBe(false);
    expect(canEditTree('editor')).toBe(true);
  });

  for (const nodeId of CARDS) {
    it(`deleting, unlinking, linking and re-linking ${nodeId} are refused`, async () => {
      const removed = deletePerson(family(), nodeId);
      if (removed.ok) expect(await serverAccepts(removed.graph, viewer, 'viewer')).toBe(false);
      for (const relation of relationsOf(family(), nodeId)) {
        const result = unlinkRelation(family(), { nodeId, relation });
        if (result.ok) expect(await serverAccepts(result.graph, viewer, 'viewer'), `${relation.kind} ${relation.nodeId}`).toBe(false);
      }
      for (const other of CARDS) {
        const g = family();
        const result = addRelative(g, { kind: 'child', referenceNodeId: nodeId, person: { existingProfileId: g.nodes.find((n) => n.id === other)!.data.profileId }, now: LATER, findFree: noOverlapSearch });
        if (result.ok) expect(await serverAccepts(result.graph, viewer, 'viewer'), other).toBe(false);
      }
      const relinked = linkNodeToProfile(family(), { nodeId, profileId: 'pr:spare', ownUid: viewer, uid: viewer, now: LATER });
      if (relinked.ok && relinked.linked) expect(await serverAccepts(relinked.graph, viewer, 'viewer')).toBe(false);
    });
  }

  it('moving a card is refused, editing their own bio is accepted, anyone else’s refused', async () => {
    const moved = family();
    moved.nodes = moved.nodes.map((n) => (n.id === 'n1004' ? { ...n, position: { x: 999, y: 999 } } : n));
    expect(await serverAccepts(moved, viewer, 'viewer')).toBe(false);
    const own = family();
    own.profiles[viewer] = { ...own.profiles[viewer]!, bio: 'My own words' };
    expect(await serverAccepts(own, viewer, 'viewer')).toBe(true);
    const theirs = family();
    theirs.profiles['pr:mine'] = { ...theirs.profiles['pr:mine']!, bio: 'Not mine to write' };
    expect(await serverAccepts(theirs, viewer, 'viewer')).toBe(false);
    // The same edit as an editor who created that card is accepted.
    expect(await serverAccepts(theirs, viewer, 'editor')).toBe(true);
  });
});
