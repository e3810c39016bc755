import { describe, expect, it } from 'vitest';
import { emptyChangeSet } from '../../src/domain/changeSet.ts';
import type { GraphNode } from '../../src/domain/types.ts';
import { createMember, listenPid as listenPidOf, signedInOn, usePostgresSite } from './helpers.ts';
import { openStream, openTree, postChanges, primaryNodeId, type Stream } from './graphHelpers.ts';

/**
 * The change log is the replication contract: two app processes (two servers, each with its own
 * pool and LISTEN connection) on one PostgreSQL, save loops hammering one graph through both, and
 * live streams open on both. Every stream must see every revision exactly once and in order,
 * without a reload, also when a process's LISTEN connection is killed in the middle.
 */
const site = usePostgresSite({ schemaPrefix: 'kinfolk_live', processes: 2 });

/** The LISTEN connection of process `i` (0 is a, 1 is b). */
const listenPid = (i: number) => listenPidOf(site, i);

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

interface Run {
  base: number;
  answered: number[];
  streams: { name: string; stream: Stream }[];
}

/**
 * `loops` concurrent save loops, `perLoop` saves each, alternating between the two processes; each
 * save moves the primary card. `during(done)` is called after every answered save.
 */
async function hammer(loops: number, perLoop: number, during: (done: number) => Promise<void> | void = () => undefined): Promise<Run> {
  const [a, b] = site.servers;
  const owner = await createMember(a);
  const tree = await openTree(owner);
  const base = tree.saved.revision!;
  const primary: GraphNode = tree.saved.nodes.find((n) => n.id === primaryNodeId(tree.saved))!;
  const clients = [owner.client, signedInOn(b, owner.client)];
  const path = `/api/graphs/${owner.uid}/events`;
  const streams = [
    { name: 'a1', stream: await openStream(clients[0]!, path) },
    { name: 'a2', stream: await openStream(clients[0]!, path) },
    { name: 'b1', stream: await openStream(clients[1]!, path) },
    { name: 'b2', stream: await openStream(clients[1]!, path) },
  ];
  for (const s of streams) expect(s.stream.status).toBe(200);
  const answered: number[] = [];
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let i = 0; i < perLoop; i++) {
        const cs = emptyChangeSet(base);
        cs.nodes.upsert.push({ ...primary, position: { x: i, y: loop } });
        const res = await postChanges(clients[(loop + i) % 2]!, owner.uid, cs, `loop-${loop}`);
        expect(res.status, res.text).toBe(200);
        answered.push(res.body.revision as number);
        await during(answered.length);
      }
    }),
  );
  return { base, answered, streams };
}

/** Waits until every stream got the last revision (or a while passed), then checks each one. */
async function expectEveryRevisionOnceInOrder(run: Run) {
  const total = run.answered.length;
  const expected = Array.from({ length: total }, (_, i) => run.base + 1 + i);
  expect([...run.answered].sort((x, y) => x - y)).toEqual(expected);
  const last = String(run.base + total);
  await until(() => run.streams.every((s) => s.stream.events.some((e) => e.id === last)), 20_000);
  const outcomes = run.streams.map(({ name, stream }) => {
    stream.close();
    const received = stream.events.filter((e) => e.event === 'change').map((e) => Number(e.id));
    const reloads = stream.events.filter((e) => e.event === 'reload').length;
    const seen = new Set(received);
    const lost = expected.filter((r) => !seen.has(r)).length;
    return { name, received, reloads, lost, twice: received.length - seen.size };
  });
  console.info(`${total} saves; ${outcomes.map((o) => `${o.name}: ${o.received.length} delivered, ${o.lost} lost, ${o.twice} twice, ${o.reloads} reloads`).join('; ')}`);
  for (const o of outcomes) expect(o).toEqual({ name: o.name, received: expected, reloads: 0, lost: 0, twice: 0 });
}

describe('live streams on two PostgreSQL processes', () => {
  it('every subscriber on either process receives every revision of 2,000 concurrent saves once, in order', { timeout: 240_000 }, async () => {
    const run = await hammer(8, 250);
    await expectEveryRevisionOnceInOrder(run);
  });

  it('a LISTEN connection killed mid-run loses nothing', { timeout: 240_000 }, async () => {
    const killed: number[] = [];
    const kill = async (process: number) => {
      const pid = await listenPid(process);
      expect(pid, `process ${process}'s LISTEN connection`).toBeDefined();
      await site.admin.query('SELECT pg_terminate_backend($1)', [pid]);
      killed.push(pid!);
    };
    const run = await hammer(6, 100, async (done) => {
      if (done === 150) await kill(0);
      if (done === 350) await kill(1);
    });
    expect(killed).toHaveLength(2);
    await expectEveryRevisionOnceInOrder(run);
    // Both processes listen again, on new connections.
    expect(await until(async () => !killed.includes((await listenPid(0)) ?? killed[0]!) && !killed.includes((await listenPid(1)) ?? killed[0]!), 10_000)).toBe(true);
  });

  it('after a LISTEN reconnect, each subscribed graph catches up with its latest revision from the log', async () => {
    const owner = await createMember(site.server);
    const tree = await openTree(owner);
    const stream = await openStream(owner.client, `/api/graphs/${owner.uid}/events`);
    try {
      const cs = emptyChangeSet(tree.saved.revision!);
      cs.profiles.upsert.push({ id: owner.uid, set: { bio: 'joined' } });
      const saved = await postChanges(owner.client, owner.uid, cs);
      expect((await stream.next((x) => x.event === 'change')).data.revision).toBe(saved.body.revision);
      // A revision committed without a notification reaching this process: what it misses while
      // its LISTEN connection is down. Nothing else happens on this graph afterwards.
      const revision = saved.body.revision + 1;
      await site.admin.query(`UPDATE ${site.schema}.graphs SET revision = $2 WHERE id = $1`, [owner.uid, revision]);
      await site.admin.query(`INSERT INTO ${site.schema}.graph_changes (graph_id, revision, client_id, actor_uid, changes) VALUES ($1, $2, 'elsewhere', $1, $3)`, [
        owner.uid,
        revision,
        JSON.stringify(emptyChangeSet(revision - 1)),
      ]);
      await site.admin.query('SELECT pg_terminate_backend($1)', [await listenPid(0)]);
      const e = await stream.next((x) => x.event === 'change', 15_000);
      expect(e.data).toMatchObject({ revision, clientId: 'elsewhere' });
    } finally {
      stream.close();
    }
  });
});
