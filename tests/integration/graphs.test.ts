import { describe, expect, it } from 'vitest';
import { applyChangeSet, emptyChangeSet, type ChangeSet } from '../../src/domain/changeSet.ts';
import { deletePerson } from '../../src/domain/relationships.ts';
import { RELATIONSHIP_MESSAGES } from '../../src/domain/relationships.ts';
import { createMember, expectError, useTestServer } from './helpers.ts';
import { addNew, inviteAndJoin, loadGraph, openTree, postChanges, primaryNodeId, saveOk, saveTree, withoutRevision, type Tree } from './graphHelpers.ts';

const site = useTestServer();

/** Owner with a small family: primary, a child and a spouse. */
async function family() {
  const owner = await createMember(site.server);
  const tree = await openTree(owner);
  const primary = primaryNodeId(tree.saved);
  const child = addNew(tree.saved, owner.uid, 'child', primary, { firstName: 'Byron', birthYear: '1990' });
  const spouse = addNew(child.graph, owner.uid, 'spouse', primary, { firstName: 'William' });
  await saveOk(tree, spouse.graph);
  return { owner, tree, primary, child, spouse };
}

async function expectUnchanged(tree: Tree, run: () => Promise<unknown>) {
  const before = await loadGraph(tree.member.client);
  await run();
  const after = await loadGraph(tree.member.client);
  expect(after).toEqual(before);
}

describe('GET /api/graph', () => {
  it("answers the member's own graph, created empty at revision 0 with their profile", async () => {
    const m = await createMember(site.server);
    const loaded = await loadGraph(m.client);
    expect(loaded).toMatchObject({ graphId: m.uid, ownerUid: m.uid, migrations: [] });
    expect(loaded.graph).toMatchObject({ nodes: [], edges: [], version: 1, revision: 0, updatedAt: '' });
    expect(Object.keys(loaded.graph.profiles)).toEqual([m.uid]);
    expect(loaded.graph.profiles[m.uid]).toMatchObject({ id: m.uid, firstName: 'Ada', ownerUid: m.uid });
    expect(await loadGraph(m.client)).toEqual(loaded);
  });

  // Issue 19, item 17: a new member saw their tree marked "Opened last" before ever opening it.
  it('lists a new member\'s own tree, opened last by nobody until they open it', async () => {
    const m = await createMember(site.server);
    const before = (await m.client.get('/api/graphs')).body.trees;
    expect(before).toMatchObject([{ graphId: m.uid, role: 'owner', people: 0, current: false }]);
    await loadGraph(m.client);
    expect((await m.client.get('/api/graphs')).body.trees).toMatchObject([{ graphId: m.uid, current: true }]);
  });

  it('needs a session', async () => {
    expectError(await site.client().get('/api/graph'), 401, 'unauthenticated');
  });
});

describe('POST /api/graphs/:graphId/changes', () => {
  it('applies change sets in order, bumps the revision and stores what the screens built', async () => {
    const { owner, tree } = await family();
    const loaded = await loadGraph(owner.client);
    expect(loaded.graph.revision).toBe(2);
    expect(loaded.graph.updatedAt).not.toBe('');
    expect(withoutRevision(loaded.graph).nodes).toEqual(tree.saved.nodes);
    expect(loaded.graph.edges).toEqual(tree.saved.edges);
    for (const [id, p] of Object.entries(tree.saved.profiles)) {
      // The server stamps every written profile (§7): updatedBy and updatedAt are its own.
      expect(loaded.graph.profiles[id]).toEqual({ ...p, updatedBy: owner.uid, updatedAt: expect.any(String) });
    }
  });

  it('stamps updatedBy/updatedAt itself and createdBy/createdAt of new people when missing', async () => {
    const { owner, child } = await family();
    const p = (await loadGraph(owner.client)).graph.profiles[child.profileId]!;
    expect(p.createdBy).toBe(owner.uid);
    expect(p.updatedBy).toBe(owner.uid);
    expect(Date.now() - Date.parse(p.updatedAt)).toBeLessThan(60_000);
  });

  it('moving one card sends and writes one node', async () => {
    const { tree, child } = await family();
    const nodes = tree.saved.nodes.map((n) => (n.id === child.nodeId ? { ...n, position: { x: 480, y: 520 } } : n));
    const before = await site.db.query<{ id: string; data: unknown }>('SELECT id, data FROM graph_nodes WHERE graph_id = $1 ORDER BY id', [tree.graphId]);
    const res = await saveTree(tree, { ...tree.saved, nodes });
    expect(res.status).toBe(200);
    const after = await site.db.query<{ id: string; data: any }>('SELECT id, data FROM graph_nodes WHERE graph_id = $1 ORDER BY id', [tree.graphId]);
    expect(after.filter((r, i) => JSON.stringify(r) !== JSON.stringify(before[i])).map((r) => r.id)).toEqual([child.nodeId]);
    expect(after.find((r) => r.id === child.nodeId)!.data.position).toEqual({ x: 480, y: 520 });
  });

  it('deletes a person with their edges and profile, and strips references (§4)', async () => {
    const { owner, tree, child, primary } = await family();
    const out = deletePerson(tree.saved, child.nodeId);
    if (!out.ok) throw new Error(out.message);
    await saveOk(tree, out.graph);
    const g = (await loadGraph(owner.client)).graph;
    expect(g.nodes.map((n) => n.id)).not.toContain(child.nodeId);
    expect(g.edges).toEqual([]);
    expect(g.profiles[child.profileId]).toBeUndefined();
    expect(g.profiles[owner.uid]!.children).toEqual([]);
    expect(await site.db.query('SELECT 1 FROM profiles WHERE id = $1', [child.profileId])).toEqual([]);
    expect(primary).toBe(g.nodes[0]!.id);
  });

  it('records one-time migration flags sent with a save', async () => {
    const { owner, tree } = await family();
    const res = await postChanges(owner.client, tree.graphId, emptyChangeSet(2), 'tab', ['spouses-v1', 'parents-children-v1', 'spouses-v1']);
    expect(res.status, res.text).toBe(200);
    expect((await loadGraph(owner.client)).migrations).toEqual(['parents-children-v1', 'spouses-v1']);
    expectError(await postChanges(owner.client, tree.graphId, emptyChangeSet(3), 'tab', ['people-v9']), 400, 'invalid-argument');
  });

  it('only members of a graph may write it', async () => {
    const { tree, child } = await family();
    const stranger = await createMember(site.server);
    const move: ChangeSet = emptyChangeSet(2);
    move.nodes.upsert.push({ ...tree.saved.nodes.find((n) => n.id === child.nodeId)!, position: { x: 9, y: 9 } });
    await expectUnchanged(tree, async () => {
      expectError(await postChanges(stranger.client, tree.graphId, move), 403, 'permission-denied', 'You are not a member of this family tree.');
      expectError(await postChanges(site.client(), tree.graphId, move), 401, 'unauthenticated');
    });
    expectError(await postChanges(stranger.client, 'no such graph!', move), 400, 'invalid-argument');
  });

  it('refuses removing the primary person, or re-linking its card', async () => {
    const { tree, primary } = await family();
    const remove = emptyChangeSet(2);
    remove.nodes.remove.push(primary);
    const relink = emptyChangeSet(2);
    const node = tree.saved.nodes.find((n) => n.id === primary)!;
    relink.nodes.upsert.push({ ...node, data: { ...node.data, isPrimary: false } });
    const removeProfile = emptyChangeSet(2);
    removeProfile.profiles.remove.push(tree.member.uid);
    await expectUnchanged(tree, async () => {
      for (const cs of [remove, relink, removeProfile]) {
        expectError(await postChanges(tree.member.client, tree.graphId, cs), 403, 'permission-denied', RELATIONSHIP_MESSAGES.primaryNotDeletable);
      }
    });
  });

  it('refuses a third parent', async () => {
    const { owner, tree, primary } = await family();
    const mother = addNew(tree.saved, owner.uid, 'parent', primary, { firstName: 'Anne' }, 'mother');
    const father = addNew(mother.graph, owner.uid, 'parent', primary, { firstName: 'George' }, 'father');
    await saveOk(tree, father.graph);
    // A third parent, written by hand past the screens' own check.
    const third = addNew(tree.saved, owner.uid, 'child', mother.nodeId, { firstName: 'Intruder' });
    const cs = emptyChangeSet(tree.saved.revision);
    const newNode = third.graph.nodes.find((n) => n.id === third.nodeId)!;
    cs.nodes.upsert.push({ ...newNode });
    cs.edges.upsert.push({ id: `e-${third.nodeId}-${primary}`, source: third.nodeId, target: primary, sourceHandle: 'bottom', targetHandle: 'top', type: 'smoothstep', hidden: false, data: { kind: 'parent' } });
    cs.profiles.upsert.push({ id: third.profileId, create: true, set: { ...third.graph.profiles[third.profileId]!, }, add: { children: [owner.uid] } } as never);
    cs.profiles.upsert.push({ id: owner.uid, add: { parents: [third.profileId] } });
    // `set` may only carry plain fields.
    delete (cs.profiles.upsert[0] as any).set.id;
    for (const f of ['spouses', 'parents', 'children']) delete (cs.profiles.upsert[0] as any).set[f];
    await expectUnchanged(tree, async () => {
      expectError(await postChanges(owner.client, tree.graphId, cs), 400, 'invalid-argument', RELATIONSHIP_MESSAGES.tooManyParents);
    });
  });

  it.each([
    ['a node id not of the form n{number}', (cs: ChangeSet, t: Tree) => cs.nodes.upsert.push({ ...t.saved.nodes[0]!, id: 'x1', data: { ...t.saved.nodes[0]!.data, isPrimary: false, profileId: '' } }), /n\{number\}/],
    ['an edge to a node that does not exist', (cs: ChangeSet) => cs.edges.upsert.push({ id: 'e-n1001-n9999', source: 'n1001', target: 'n9999', sourceHandle: 'bottom', targetHandle: 'top', type: 'smoothstep', hidden: false, data: { kind: 'parent' } }), /n9999/],
    ['a card showing a profile that does not exist', (cs: ChangeSet) => cs.nodes.upsert.push({ id: 'n5000', type: 'person', position: { x: 0, y: 0 }, modifiedAt: '', hidden: false, data: { profileId: 'pr:ghost', parentRole: '', isPrimary: false } }), /pr:ghost/],
    ['a birth month of 13', (cs: ChangeSet, _t: Tree, f: Awaited<ReturnType<typeof family>>) => cs.profiles.upsert.push({ id: f.child.profileId, set: { birthMonth: '13' } }), /^Invalid month$/],
    ['a malformed profile id', (cs: ChangeSet) => cs.profiles.upsert.push({ id: 'pr:has space', create: true, set: {} }), /Profile id is invalid/],
    ['a list entry for a missing person', (cs: ChangeSet, _t: Tree, f: Awaited<ReturnType<typeof family>>) => cs.profiles.upsert.push({ id: f.child.profileId, add: { spouses: ['pr:nobody'] } }), /pr:nobody/],
    ['a position that is not a number', (cs: ChangeSet, t: Tree) => cs.nodes.upsert.push({ ...t.saved.nodes[0]!, position: { x: 'left', y: 0 } as never }), /invalid position/],
    ['a change set without its lists', (cs: ChangeSet) => delete (cs as Partial<ChangeSet>).edges, /edges/],
  ])('refuses %s whole and changes nothing', async (_name, edit, message) => {
    const f = await family();
    const cs = emptyChangeSet(2);
    // A valid change in the same set proves nothing is half-applied.
    const child = f.tree.saved.nodes.find((n) => n.id === f.child.nodeId)!;
    cs.nodes.upsert.push({ ...child, position: { x: 777, y: 777 } });
    edit(cs, f.tree, f);
    await expectUnchanged(f.tree, async () => {
      expectError(await postChanges(f.owner.client, f.tree.graphId, cs), 400, 'invalid-argument', message);
    });
  });

  it('refuses bodies that are not change sets', async () => {
    const { owner, tree } = await family();
    expectError(await owner.client.post(`/api/graphs/${tree.graphId}/changes`, { clientId: 'x' }), 400, 'invalid-argument', 'changes: a change set is required.');
    expectError(await owner.client.post(`/api/graphs/${tree.graphId}/changes`, { changes: emptyChangeSet(0) }), 400, 'invalid-argument', /clientId/);
    expectError(await owner.client.post(`/api/graphs/${tree.graphId}/changes`, '[]', { 'content-type': 'application/json' }), 400, 'invalid-argument');
  });

  it('applies §6 rights to another member of the graph', async () => {
    const { owner, tree, child, spouse } = await family();
    const kid = await inviteAndJoin(site.server, tree, child.nodeId, 'kid@example.com');
    const kidTree = await openTree(kid);
    expect(kidTree.graphId).toBe(owner.uid);

    // The spouse's profile was created by the owner: an editor fixes it all the same (issue 19)…
    const edit = emptyChangeSet(kidTree.saved.revision);
    edit.profiles.upsert.push({ id: spouse.profileId, set: { bio: 'fixed by an editor' } });
    const edited = await postChanges(kid.client, kidTree.graphId, edit);
    expect(edited.status, edited.text).toBe(200);
    kidTree.saved = (await loadGraph(kid.client)).graph;
    // …but may not write the owner's own (claimed) profile, nor remove a profile another member claimed.
    const ownerCard = emptyChangeSet(kidTree.saved.revision);
    ownerCard.profiles.upsert.push({ id: owner.uid, set: { bio: 'not mine to write' } });
    await expectUnchanged(tree, async () => {
      expectError(await postChanges(kid.client, kidTree.graphId, ownerCard), 403, 'permission-denied', 'You may not edit this person');
    });
    const removeOwner = emptyChangeSet(kidTree.saved.revision);
    removeOwner.profiles.remove.push(owner.uid);
    expectError(await postChanges(kid.client, kidTree.graphId, removeOwner), 403, 'permission-denied');
    // Their own profile and people they create are theirs to edit.
    const own = emptyChangeSet(kidTree.saved.revision);
    own.profiles.upsert.push({ id: kid.uid, set: { bio: 'my own words' } });
    expect((await postChanges(kid.client, kidTree.graphId, own)).status).toBe(200);
    const added = addNew((await loadGraph(kid.client)).graph, kid.uid, 'child', child.nodeId, { firstName: 'Grandchild' });
    kidTree.saved = (await loadGraph(kid.client)).graph;
    await saveOk(kidTree, added.graph);
    const g = (await loadGraph(owner.client)).graph;
    expect(g.profiles[kid.uid]!.bio).toBe('my own words');
    expect(g.profiles[added.profileId]).toMatchObject({ firstName: 'Grandchild', createdBy: kid.uid });
    // The owner edits the person the member added (unclaimed), but not the member's own profile.
    const ownerEdit = emptyChangeSet(g.revision!);
    ownerEdit.profiles.upsert.push({ id: added.profileId, set: { bio: 'owner was here' } });
    expect((await postChanges(owner.client, tree.graphId, ownerEdit)).status).toBe(200);
    const claimedEdit = emptyChangeSet(g.revision! + 1);
    claimedEdit.profiles.upsert.push({ id: kid.uid, set: { bio: 'owner was here' } });
    expectError(await postChanges(owner.client, tree.graphId, claimedEdit), 403, 'permission-denied', 'You may not edit this person');
  });
});

describe('concurrent change sets', () => {
  it('two clients saving different people at once both keep their edits', async () => {
    const { owner, tree, child, spouse } = await family();
    const kid = await inviteAndJoin(site.server, tree, child.nodeId, 'kid2@example.com');
    const base = (await loadGraph(owner.client)).graph;
    const a = emptyChangeSet(base.revision!);
    a.profiles.upsert.push({ id: spouse.profileId, set: { bio: 'edited by the owner' } });
    a.nodes.upsert.push({ ...base.nodes.find((n) => n.id === spouse.nodeId)!, position: { x: 11, y: 12 } });
    const b = emptyChangeSet(base.revision!);
    b.profiles.upsert.push({ id: kid.uid, set: { bio: 'edited by the kid' } });
    b.nodes.upsert.push({ ...base.nodes.find((n) => n.id === child.nodeId)!, position: { x: 21, y: 22 } });
    const [ra, rb] = await Promise.all([postChanges(owner.client, owner.uid, a, 'owner-tab'), postChanges(kid.client, owner.uid, b, 'kid-tab')]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect([ra.body.revision, rb.body.revision].sort()).toEqual([base.revision! + 1, base.revision! + 2]);
    const g = (await loadGraph(owner.client)).graph;
    expect(g.profiles[spouse.profileId]!.bio).toBe('edited by the owner');
    expect(g.profiles[kid.uid]!.bio).toBe('edited by the kid');
    expect(g.nodes.find((n) => n.id === spouse.nodeId)!.position).toEqual({ x: 11, y: 12 });
    expect(g.nodes.find((n) => n.id === child.nodeId)!.position).toEqual({ x: 21, y: 22 });
  });

  it('the same person edited in two places: per field, the change set applied last wins', async () => {
    const { owner, tree, child } = await family();
    const base = tree.saved.revision!;
    const a = emptyChangeSet(base);
    a.profiles.upsert.push({ id: child.profileId, set: { bio: 'bio from tab A', mothersMaidenName: 'Milbanke' } });
    const b = emptyChangeSet(base);
    b.profiles.upsert.push({ id: child.profileId, set: { bio: 'bio from tab B', death: '1852' } });
    const [ra, rb] = await Promise.all([postChanges(owner.client, owner.uid, a, 'tab-a'), postChanges(owner.client, owner.uid, b, 'tab-b')]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const lastBio = ra.body.revision > rb.body.revision ? 'bio from tab A' : 'bio from tab B';
    const p = (await loadGraph(owner.client)).graph.profiles[child.profileId]!;
    expect(p).toMatchObject({ bio: lastBio, mothersMaidenName: 'Milbanke', death: '1852' });
  });

  it('many simultaneous saves: no lost update and one revision each', async () => {
    const { owner, tree } = await family();
    let g = tree.saved;
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const added = addNew(g, owner.uid, 'child', primaryNodeId(g), { firstName: `Child${i}` });
      g = added.graph;
      ids.push(added.nodeId);
    }
    await saveOk(tree, g);
    const base = tree.saved.revision!;
    const answers = await Promise.all(
      ids.map((id, i) => {
        const cs = emptyChangeSet(base);
        cs.nodes.upsert.push({ ...g.nodes.find((n) => n.id === id)!, position: { x: i * 1000, y: 1 } });
        return postChanges(owner.client, owner.uid, cs, `tab-${i}`);
      }),
    );
    expect(answers.map((r) => r.status)).toEqual(ids.map(() => 200));
    expect(answers.map((r) => r.body.revision).sort((x, y) => x - y)).toEqual(ids.map((_, i) => base + 1 + i));
    const loaded = (await loadGraph(owner.client)).graph;
    expect(loaded.revision).toBe(base + ids.length);
    ids.forEach((id, i) => expect(loaded.nodes.find((n) => n.id === id)!.position).toEqual({ x: i * 1000, y: 1 }));
    // Replaying the logged change sets on the first state gives the stored graph.
    const rows = await site.db.query<{ changes: string }>('SELECT changes FROM graph_changes WHERE graph_id = $1 AND revision > $2 ORDER BY revision', [tree.graphId, base]);
    const replayed = rows.reduce((acc, r) => applyChangeSet(acc, JSON.parse(r.changes)), tree.saved);
    expect(replayed.nodes).toEqual(loaded.nodes);
  });
});
