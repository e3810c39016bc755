import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/domain/validation/auth.ts';
import { RELATIONSHIP_MESSAGES, deletePerson, parentEdge } from '../../src/domain/relationships.ts';
import { RIGHTS_MESSAGES } from '../../src/domain/permissions.ts';
import type { Graph } from '../../src/domain/types.ts';
import { addNew, loadGraph, saveTree, type Tree } from './graphHelpers.ts';
import { expectError, useTestServer } from './helpers.ts';
import { hopperFamily, putPhoto, type HopperMembers } from './sharingHelpers.ts';

/**
 * Issue 19, items 6–8, with real accounts over HTTP: an editor fixes and removes any unclaimed
 * relative (claimed cards stay their owner's), nobody becomes their own ancestor, and a member's
 * profile keeps a first and last name.
 */
const site = useTestServer();

async function treeOf(h: HopperMembers, who: 'grace' | 'ed' | 'vi'): Promise<Tree> {
  const member = h[who];
  return { member, graphId: h.tree.graphId, ownerUid: h.grace.uid, saved: (await loadGraph(member.client)).graph, clientId: `${who}-tab` };
}

function withProfile(graph: Graph, id: string, set: Record<string, string>): Graph {
  return { ...graph, profiles: { ...graph.profiles, [id]: { ...graph.profiles[id]!, ...set } } };
}

/** A parent line drawn by hand, lists and all: what a client that skips its own checks could send. */
function withParentLink(graph: Graph, parentNodeId: string, childNodeId: string): Graph {
  const pid = (nodeId: string) => graph.nodes.find((n) => n.id === nodeId)!.data.profileId;
  const [parent, child] = [pid(parentNodeId), pid(childNodeId)];
  const profiles = { ...graph.profiles };
  profiles[parent] = { ...profiles[parent]!, children: [...profiles[parent]!.children, child] };
  profiles[child] = { ...profiles[child]!, parents: [...profiles[child]!.parents, parent] };
  return { ...graph, edges: [...graph.edges, parentEdge(parentNodeId, childNodeId)], profiles };
}

describe('editors fix and remove any unclaimed relative in a shared tree (issue 19, item 6)', () => {
  it('an editor edits the details of a person the owner created, on the tree, the profile page and the photo', async () => {
    const h = await hopperFamily(site.server);
    const ed = await treeOf(h, 'ed');
    const res = await saveTree(ed, withProfile(ed.saved, h.mary.profileId, { birthYear: '1991', bio: 'Fixed by Ed' }));
    expect(res.status, res.text).toBe(200);
    const patched = await h.ed.client.patch(`/api/profiles/${encodeURIComponent(h.walter.profileId)}`, { set: { death: '1980' } });
    expect(patched.status, patched.text).toBe(200);
    await putPhoto(site.server, h.ed, h.walter.profileId);
    const seen = (await loadGraph(h.grace.client)).graph.profiles;
    expect(seen[h.mary.profileId]).toMatchObject({ birthYear: '1991', bio: 'Fixed by Ed', createdBy: h.grace.uid });
    expect(seen[h.walter.profileId]!.death).toBe('1980');
  });

  it('an editor deletes a person the owner created', async () => {
    const h = await hopperFamily(site.server);
    const ed = await treeOf(h, 'ed');
    const removed = deletePerson(ed.saved, h.walter.nodeId);
    if (!removed.ok) throw new Error(removed.message);
    const res = await saveTree(ed, removed.graph);
    expect(res.status, res.text).toBe(200);
    expect((await loadGraph(h.grace.client)).graph.profiles[h.walter.profileId]).toBeUndefined();
  });

  it('a claimed card stays its owner’s: an editor (and the owner) may neither edit nor delete it', async () => {
    const h = await hopperFamily(site.server);
    for (const who of ['ed', 'grace'] as const) {
      const tree = await treeOf(h, who);
      expectError(await saveTree(tree, withProfile(tree.saved, h.vi.uid, { bio: `Written by ${who}` })), 403, 'permission-denied', RIGHTS_MESSAGES.edit);
      expectError(await h[who].client.patch(`/api/profiles/${h.vi.uid}`, { set: { bio: 'x' } }), 403, 'permission-denied', RIGHTS_MESSAGES.edit);
      const removed = deletePerson(tree.saved, h.viCard.nodeId);
      if (!removed.ok) throw new Error(removed.message);
      expectError(await saveTree(tree, removed.graph), 403, 'permission-denied', RIGHTS_MESSAGES.remove);
    }
    // The viewer still edits only their own card.
    const vi = await treeOf(h, 'vi');
    expectError(await saveTree(vi, withProfile(vi.saved, h.mary.profileId, { bio: 'Not mine' })), 403, 'permission-denied');
    expect((await saveTree(vi, withProfile(vi.saved, h.vi.uid, { bio: 'Mine' }))).status).toBe(200);
  });
});

describe('nobody becomes their own ancestor (issue 19, item 7)', () => {
  it('a grandparent made the child of a grandchild is refused, by name', async () => {
    const h = await hopperFamily(site.server);
    const grace = await treeOf(h, 'grace');
    const before = grace.saved.revision;
    // Walter → Grace → Mary: Walter as Mary's child closes the loop.
    const res = await saveTree(grace, withParentLink(grace.saved, h.mary.nodeId, h.walter.nodeId));
    expectError(res, 400, 'invalid-argument', RELATIONSHIP_MESSAGES.ownAncestor('Walter Hopper'));
    expect((await loadGraph(h.grace.client)).graph.revision).toBe(before);
  });

  it('A and B each other’s parent is refused, for the owner and an editor', async () => {
    const h = await hopperFamily(site.server);
    const grace = await treeOf(h, 'grace');
    // Grace is Mary's mother; Mary as Grace's parent.
    expectError(await saveTree(grace, withParentLink(grace.saved, h.mary.nodeId, h.primary)), 400, 'invalid-argument', RELATIONSHIP_MESSAGES.ownAncestor('Grace Hopper'));
    // Two people nobody claimed, for an editor: Mary's new daughter Ann as Mary's parent.
    const ann = addNew(grace.saved, h.grace.uid, 'child', h.mary.nodeId, { firstName: 'Ann', lastName: 'Hopper' });
    expect((await saveTree(grace, ann.graph)).status).toBe(200);
    const ed = await treeOf(h, 'ed');
    expectError(await saveTree(ed, withParentLink(ed.saved, ann.nodeId, h.mary.nodeId)), 400, 'invalid-argument', RELATIONSHIP_MESSAGES.ownAncestor('Mary Hopper'));
  });

  it('a parent who is no descendant is still accepted', async () => {
    const h = await hopperFamily(site.server);
    const grace = await treeOf(h, 'grace');
    // Walter, Mary's grandfather, as her second parent: a shortcut, not a loop.
    const res = await saveTree(grace, withParentLink(grace.saved, h.walter.nodeId, h.mary.nodeId));
    expect(res.status, res.text).toBe(200);
  });
});

describe('a member’s profile keeps a first and last name (issue 19, item 8)', () => {
  it('PATCH /api/profiles/{uid} refuses an empty first or last name with the §5 message', async () => {
    const h = await hopperFamily(site.server);
    const path = `/api/profiles/${h.grace.uid}`;
    const named = (await loadGraph(h.grace.client)).graph.profiles[h.grace.uid]!;
    expectError(await h.grace.client.patch(path, { set: { firstName: '' } }), 400, 'invalid-argument', AUTH_MESSAGES.firstNameRequired);
    expectError(await h.grace.client.patch(path, { set: { firstName: '   ', bio: 'x' } }), 400, 'invalid-argument', AUTH_MESSAGES.firstNameRequired);
    expectError(await h.grace.client.patch(path, { set: { lastName: '' } }), 400, 'invalid-argument', AUTH_MESSAGES.lastNameRequired);
    expect((await loadGraph(h.grace.client)).graph.profiles[h.grace.uid]).toMatchObject({ firstName: named.firstName, lastName: named.lastName, bio: named.bio });
    expect((await h.grace.client.patch(path, { set: { firstName: 'Amazing Grace' } })).status).toBe(200);
  });

  it('the tree’s change path refuses it on a member’s own card too; an unclaimed relative may stay unnamed', async () => {
    const h = await hopperFamily(site.server);
    const ed = await treeOf(h, 'ed');
    expectError(await saveTree(ed, withProfile(ed.saved, h.ed.uid, { firstName: '' })), 400, 'invalid-argument', AUTH_MESSAGES.firstNameRequired);
    expect((await saveTree(ed, withProfile(ed.saved, h.mary.profileId, { firstName: '' }))).status).toBe(200);
  });
});
