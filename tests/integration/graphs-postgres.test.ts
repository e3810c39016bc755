import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emptyChangeSet } from '../../src/domain/changeSet.ts';
import type { Graph } from '../../src/domain/types.ts';
import { createMember, signedInOn, usePostgresSite } from './helpers.ts';
import { addNew, inviteAndJoin, loadGraph, openStream, openTree, postChanges, primaryNodeId, saveOk } from './graphHelpers.ts';

/**
 * The graph routes on a real PostgreSQL (DATABASE_URL), as a busy site runs them: two app
 * processes (here two servers) on one database, each with a pool of connections, so change sets
 * really do run at the same time and live changes cross processes through LISTEN/NOTIFY.
 */
const site = usePostgresSite({ schemaPrefix: 'kinfolk_graphs', processes: 2 });

describe('graphs on PostgreSQL with two app processes', () => {
  it('concurrent change sets from two clients on two processes: no lost update, one revision each', async () => {
    const [a, b] = site.servers;
    const owner = await createMember(a);
    const tree = await openTree(owner);
    let g: Graph = tree.saved;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const added = addNew(g, owner.uid, 'child', primaryNodeId(g), { firstName: `Child${i}` });
      g = added.graph;
      ids.push(added.nodeId);
    }
    await saveOk(tree, g);
    const base = tree.saved.revision!;
    const clients = [owner.client, signedInOn(b, owner.client)];
    const answers = await Promise.all(
      ids.map((id, i) => {
        const cs = emptyChangeSet(base);
        cs.nodes.upsert.push({ ...g.nodes.find((n) => n.id === id)!, position: { x: i, y: 100 + i } });
        cs.profiles.upsert.push({ id: g.nodes.find((n) => n.id === id)!.data.profileId, set: { bio: `bio ${i}` } });
        cs.profiles.upsert.push({ id: owner.uid, set: { bio: `owner bio ${i}` } });
        return postChanges(clients[i % 2]!, owner.uid, cs, `tab-${i}`);
      }),
    );
    expect(answers.map((r) => r.status)).toEqual(ids.map(() => 200));
    const revisions = answers.map((r) => r.body.revision as number);
    expect([...revisions].sort((x, y) => x - y)).toEqual(ids.map((_, i) => base + 1 + i));
    const loaded = (await loadGraph(signedInOn(b, owner.client))).graph;
    expect(loaded.revision).toBe(base + ids.length);
    ids.forEach((id, i) => {
      const n = loaded.nodes.find((x) => x.id === id)!;
      expect(n.position).toEqual({ x: i, y: 100 + i });
      expect(loaded.profiles[n.data.profileId]!.bio).toBe(`bio ${i}`);
    });
    // The field every change set wrote ends with the value of the one applied last.
    const last = revisions.indexOf(Math.max(...revisions));
    expect(loaded.profiles[owner.uid]!.bio).toBe(`owner bio ${last}`);
  });

  it("delivers a change saved on one process to a member's stream on the other", async () => {
    const [a, b] = site.servers;
    const owner = await createMember(a);
    const tree = await openTree(owner);
    const child = addNew(tree.saved, owner.uid, 'child', primaryNodeId(tree.saved), { firstName: 'Byron' });
    await saveOk(tree, child.graph);
    const kid = await inviteAndJoin(a, tree, child.nodeId, `kid-${randomBytes(3).toString('hex')}@example.com`);
    const stream = await openStream(signedInOn(b, kid.client), `/api/graphs/${owner.uid}/events`);
    try {
      expect(stream.status).toBe(200);
      const cs = emptyChangeSet(0);
      cs.profiles.upsert.push({ id: owner.uid, set: { bio: 'across processes' } });
      const started = Date.now();
      const res = await postChanges(owner.client, owner.uid, cs, 'owner-tab');
      expect(res.status, res.text).toBe(200);
      const e = await stream.next((x) => x.event === 'change', 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(e.data).toMatchObject({ revision: res.body.revision, clientId: 'owner-tab', actorUid: owner.uid });
      expect(e.data.changes.profiles.upsert[0].set.bio).toBe('across processes');
    } finally {
      stream.close();
    }
  });
});
