import { describe, expect, it } from 'vitest';
import { emptyChangeSet, type ChangeSet } from '../../src/domain/changeSet.ts';
import { edgeId } from '../../src/domain/ids.ts';
import { NOT_ON_TREE } from '../../src/domain/invitations.ts';
import { RELATIONSHIP_MESSAGES } from '../../src/domain/relationships.ts';
import { createMember, expectError, useTestServer } from './helpers.ts';
import { addNew, inviteAndJoin, loadGraph, openTree, postChanges, primaryNodeId, saveOk, type Tree } from './graphHelpers.ts';

/**
 * Holes found by attacking a running server (issue 8): each change set here was answered 200
 * (stored) or 500 before the one save path; each must be a coded refusal that changes nothing.
 */

const site = useTestServer();

/** The owner with a mother, a father and a child; the child's card is claimed by a member. */
async function family() {
  const owner = await createMember(site.server);
  const tree = await openTree(owner);
  const primary = primaryNodeId(tree.saved);
  const mother = addNew(tree.saved, owner.uid, 'parent', primary, { firstName: 'Anne' }, 'mother');
  const father = addNew(mother.graph, owner.uid, 'parent', primary, { firstName: 'George' }, 'father');
  const child = addNew(father.graph, owner.uid, 'child', primary, { firstName: 'Byron' });
  await saveOk(tree, child.graph);
  const kid = await inviteAndJoin(site.server, tree, child.nodeId, 'kid@example.com');
  tree.saved = (await loadGraph(owner.client)).graph;
  return { owner, tree, primary, mother, father, child, kid };
}

/** Every table the save writes, so "changes nothing" covers the owner's graph and any other. */
async function everything() {
  const tables = ['graphs', 'graph_nodes', 'graph_edges', 'graph_profiles', 'graph_changes', 'profiles'];
  const out: Record<string, unknown[]> = {};
  for (const t of tables) out[t] = await site.db.query(`SELECT * FROM ${t} ORDER BY 1, 2`);
  return out;
}

async function expectRefused(run: () => Promise<unknown>) {
  const before = await everything();
  await run();
  expect(await everything()).toEqual(before);
}

const parentLine = (source: string, target: string) => ({
  id: edgeId(source, target),
  source,
  target,
  sourceHandle: 'bottom',
  targetHandle: 'top',
  type: 'smoothstep',
  hidden: false,
  data: { kind: 'parent' as const },
});

describe('at most two parents, however the lines are drawn', () => {
  it('refuses a card without a profile drawn as a third parent', async () => {
    const { owner, tree, primary } = await family();
    const cs = emptyChangeSet(tree.saved.revision);
    const card = { id: 'n5000', type: 'person' as const, position: { x: 0, y: -400 }, modifiedAt: '', hidden: false, data: { profileId: '', parentRole: '' as const, isPrimary: false } };
    cs.nodes.upsert.push(card);
    cs.edges.upsert.push(parentLine(card.id, primary));
    await expectRefused(async () => {
      expectError(await postChanges(owner.client, tree.graphId, cs), 400, 'invalid-argument', RELATIONSHIP_MESSAGES.tooManyParents);
    });
  });
});

describe("claimed cards are their owner's", () => {
  it('nobody else removes a claimed card', async () => {
    const { owner, tree, child } = await family();
    const cs = emptyChangeSet(tree.saved.revision);
    cs.nodes.remove.push(child.nodeId);
    cs.edges.remove.push(...tree.saved.edges.filter((e) => e.target === child.nodeId).map((e) => e.id));
    await expectRefused(async () => {
      expectError(await postChanges(owner.client, tree.graphId, cs), 403, 'permission-denied', 'You may not remove this person');
    });
  });

  it('nobody else points a claimed card at another profile', async () => {
    const { owner, tree, child, kid } = await family();
    const card = tree.saved.nodes.find((n) => n.id === child.nodeId)!;
    expect(card.data.profileId).toBe(kid.uid);
    // A consistent swap: the card, the parent's list and the member's own list all agree.
    const cs = emptyChangeSet(tree.saved.revision);
    cs.nodes.upsert.push({ ...card, data: { ...card.data, profileId: 'pr:impostor' } });
    cs.profiles.upsert.push(
      { id: 'pr:impostor', create: true, set: { firstName: 'Impostor', createdBy: owner.uid }, add: { parents: [owner.uid] } },
      { id: owner.uid, remove: { children: [kid.uid] }, add: { children: ['pr:impostor'] } },
      { id: kid.uid, remove: { parents: [owner.uid] } },
    );
    await expectRefused(async () => {
      expectError(await postChanges(owner.client, tree.graphId, cs), 403, 'permission-denied', 'You may not re-link this person');
    });
  });

  it("nobody else adds themselves to a claimed person's spouses", async () => {
    const { owner, tree, kid } = await family();
    // The kid also has a tree of their own, which shows their profile: a patch of their lists
    // would be copied there too.
    const own = await postChanges(kid.client, kid.uid, emptyChangeSet(0), 'kid-tab');
    expect(own.status, own.text).toBe(200);
    const cs = emptyChangeSet(tree.saved.revision);
    cs.profiles.upsert.push({ id: owner.uid, add: { spouses: [kid.uid] } }, { id: kid.uid, add: { spouses: [owner.uid] } });
    await expectRefused(async () => {
      expectError(await postChanges(kid.client, tree.graphId, cs), 403, 'permission-denied', "You may not change this person's relatives");
    });
  });
});

describe('text that cannot be stored is a coded 400', () => {
  const bad = ['\u0000', '\ud800', '\udc00'];
  const cases: [string, (cs: ChangeSet, t: Tree, f: Awaited<ReturnType<typeof family>>, s: string) => void][] = [
    ['a bio', (cs, _t, f, s) => cs.profiles.upsert.push({ id: f.mother.profileId, set: { bio: `Born in ${s}` } })],
    ['a first name', (cs, _t, f, s) => cs.profiles.upsert.push({ id: f.mother.profileId, set: { firstName: `An${s}ne` } })],
    ['a date', (cs, _t, f, s) => cs.profiles.upsert.push({ id: f.mother.profileId, set: { death: `19${s}52` } })],
    ['a profile id', (cs, _t, _f, s) => cs.profiles.upsert.push({ id: `pr:new${s}`, create: true, set: {} })],
    ['an id in a list', (cs, _t, f, s) => cs.profiles.upsert.push({ id: f.mother.profileId, add: { spouses: [`pr:x${s}`] } })],
    ['a card', (cs, t, f, s) => cs.nodes.upsert.push({ ...t.saved.nodes.find((n) => n.id === f.mother.nodeId)!, modifiedAt: s })],
    ['an edge id', (cs, _t, _f, s) => cs.edges.remove.push(`e-${s}`)],
  ];
  it.each(cases.flatMap(([name, edit]) => bad.map((s) => [name, JSON.stringify(s), edit, s] as const)))('in %s (%s)', async (_name, _shown, edit, s) => {
    const f = await family();
    const cs = emptyChangeSet(f.tree.saved.revision);
    edit(cs, f.tree, f, s);
    await expectRefused(async () => {
      expectError(await postChanges(f.owner.client, f.tree.graphId, cs), 400, 'invalid-argument');
    });
  });

  it.each(bad)('in the client id (%j)', async (s) => {
    const f = await family();
    const cs = emptyChangeSet(f.tree.saved.revision);
    cs.profiles.upsert.push({ id: f.mother.profileId, set: { bio: 'fine' } });
    await expectRefused(async () => {
      expectError(await postChanges(f.owner.client, f.tree.graphId, cs, `tab${s}`), 400, 'invalid-argument');
    });
  });

  it.each(bad)('in a profile page save (%j)', async (s) => {
    const { owner } = await family();
    await expectRefused(async () => {
      expectError(await owner.client.patch(`/api/profiles/${owner.uid}`, { set: { bio: `x${s}` } }), 400, 'invalid-argument');
    });
  });
});

describe('ids are checked before use', () => {
  it.each(['toString', '__proto__', 'constructor', 'hasOwnProperty'])('refuses %j in a relationship list with a coded 400', async (id) => {
    const { owner, tree, mother } = await family();
    const cs = emptyChangeSet(tree.saved.revision);
    cs.profiles.upsert.push({ id: mother.profileId, add: { spouses: [id] } });
    await expectRefused(async () => {
      expectError(await postChanges(owner.client, tree.graphId, cs), 400, 'invalid-argument', `Profile ${mother.profileId} lists missing profile ${id} in spouses`);
    });
  });
});

describe('a change set reaches only its own graph', () => {
  it('removing a profile the graph does not show is refused and leaves it alone (issue 19: no empty revision)', async () => {
    const { owner, tree } = await family();
    // A profile no graph shows (its graph went, say): not this tree's to delete.
    await site.db.query(`INSERT INTO profiles (id, data) VALUES ('pr:elsewhere', $1)`, [JSON.stringify({ id: 'pr:elsewhere', firstName: 'Elsewhere' })]);
    const cs = emptyChangeSet(tree.saved.revision);
    cs.profiles.remove.push('pr:elsewhere');
    expectError(await postChanges(owner.client, tree.graphId, cs), 404, 'not-found', NOT_ON_TREE);
    expect(await site.db.query(`SELECT id FROM profiles WHERE id = 'pr:elsewhere'`)).toEqual([{ id: 'pr:elsewhere' }]);
  });
});
