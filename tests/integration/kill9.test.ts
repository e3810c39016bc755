import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { diffGraphs, emptyChangeSet } from '../../src/domain/changeSet.ts';
import { newProfileId } from '../../src/domain/ids.ts';
import { newProfile } from '../../src/domain/profile.ts';
import type { Graph, GraphNode } from '../../src/domain/types.ts';
import { PROJECT_ROOT } from '../../server/app.ts';
import { Client, createPostgresSchema, eventually, PASSWORD, tempDir } from './helpers.ts';
import { loadGraph, openStream, postChanges, randomFill } from './graphHelpers.ts';

/**
 * `kill -9` of the server while save loops run, five times, on PGlite and on PostgreSQL: every
 * save that was answered with a revision is there after the restart, under that revision, and
 * the data folder opens every time.
 */
const KILLS = 5;
const LOOPS = 3;
/** Answered saves per run before the kill: enough that saves are always in flight when it lands. */
const SAVES_PER_RUN = 20;

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<void>;
}

/** `node --import tsx server/start.ts`, as `npm start` runs it, until it says where it listens. */
async function start(env: Record<string, string>, waitFor: RegExp = /^Kinfolk is running at (\S+)$/m): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, SKIP_BUILD: '1', SERVE_STATIC: '0', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (waitFor.test(out) && /^Kinfolk is running at/m.test(out)) resolve();
    };
    child.stdout!.on('data', (d: Buffer) => ((out += d.toString()), check()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    void exited.then(() => reject(new Error(`the server exited:\n${out}`)));
  });
  return { child, url: out.match(/^Kinfolk is running at (\S+)$/m)![1]!, output: () => out, exited };
}

async function kill9(server: Server): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** The first account, through the link the first start prints. */
async function firstAccount(server: Server): Promise<{ uid: string; cookie: string }> {
  const token = server.output().match(/invite\?token=([0-9a-f]{32})/)![1]!;
  const client = new Client(server.url);
  const res = await client.post(`/api/invitations/${token}/accept`, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    gender: 'Female',
    email: 'ada@example.com',
    password: PASSWORD,
  });
  expect(res.status, res.text).toBe(200);
  return { uid: res.body.user.uid, cookie: client.cookie! };
}

function signedIn(url: string, cookie: string): Client {
  const client = new Client(url);
  client.cookie = cookie;
  return client;
}

/** One new person card per save, with a fresh profile: what was answered can be looked for. */
function addOne(base: Graph, uid: string, n: number): { changes: ReturnType<typeof diffGraphs>; nodeId: string } {
  const now = new Date().toISOString();
  const profile = newProfile(newProfileId(randomFill), { firstName: 'Crash', lastName: `Test${n}` }, { uid, now });
  const node: GraphNode = { id: `n${5000 + n}`, type: 'person', position: { x: n * 250, y: 400 }, modifiedAt: now, hidden: false, data: { profileId: profile.id, parentRole: '', isPrimary: false } };
  const changes = diffGraphs(base, { ...base, nodes: [...base.nodes, node], profiles: { ...base.profiles, [profile.id]: profile } });
  return { changes, nodeId: node.id };
}

/**
 * Save loops against `server` until it dies: resolves when `SAVES_PER_RUN` answers came (the
 * caller kills then) and every loop has stopped. A save that fails because the server is gone ends
 * its loop; any other answer than 200 fails the test.
 */
function saveUntilKilled(client: Client, uid: string, base: Graph, counter: { n: number }, answered: Map<number, string>, enough: () => void) {
  let inRun = 0;
  return Promise.all(
    Array.from({ length: LOOPS }, async () => {
      for (;;) {
        const { changes, nodeId } = addOne(base, uid, counter.n++);
        let res;
        try {
          res = await postChanges(client, uid, changes, 'crash-loop');
        } catch {
          return; // killed
        }
        expect(res.status, res.text).toBe(200);
        answered.set(res.body.revision as number, nodeId);
        if (++inRun === SAVES_PER_RUN) enough();
      }
    }),
  );
}

async function crashFiveTimes(env: Record<string, string>) {
  let server = await start(env, /invite\?token=/);
  const { uid, cookie } = await firstAccount(server);
  let client = signedIn(server.url, cookie);
  // The tree screen saves the primary card of an empty tree first.
  const empty = (await loadGraph(client)).graph;
  const primary = emptyChangeSet(0);
  primary.nodes.upsert.push({ id: 'n1001', type: 'person', position: { x: 0, y: 0 }, modifiedAt: new Date().toISOString(), hidden: false, data: { profileId: uid, parentRole: '', isPrimary: true } });
  expect((await postChanges(client, uid, primary)).status).toBe(200);
  const base = (await loadGraph(client)).graph;
  expect(empty.revision).toBe(0);

  const answered = new Map<number, string>();
  const counter = { n: 0 };
  for (let kill = 0; kill < KILLS; kill++) {
    const running = server;
    const loops = saveUntilKilled(client, uid, base, counter, answered, () => void kill9(running));
    await loops;
    await running.exited;
    server = await start(env);
    client = signedIn(server.url, cookie);
  }

  try {
    const graph = (await loadGraph(client)).graph;
    const revisions = [...answered.keys()].sort((x, y) => x - y);
    expect(answered.size).toBeGreaterThanOrEqual(KILLS * SAVES_PER_RUN);
    expect(graph.revision).toBeGreaterThanOrEqual(revisions.at(-1)!);
    const ids = new Set(graph.nodes.map((n) => n.id));
    expect([...answered.values()].filter((id) => !ids.has(id))).toEqual([]);
    // Each answered revision is the change set that was answered with it, in the change log.
    const stream = await openStream(client, `/api/graphs/${uid}/events?since=${base.revision}`);
    try {
      await eventually(() => (stream.events.some((e) => e.id === String(graph.revision)) ? true : undefined), 20_000);
      const logged = new Map(
        stream.events.filter((e) => e.event === 'change').map((e) => {
          const data = JSON.parse(e.data);
          return [data.revision as number, data.changes.nodes.upsert[0]?.id as string];
        }),
      );
      for (const [revision, nodeId] of answered) expect(logged.get(revision), `revision ${revision}`).toBe(nodeId);
    } finally {
      stream.close();
    }
    return { answered: answered.size, unanswered: graph.revision! - base.revision! - answered.size };
  } finally {
    await kill9(server);
  }
}

describe('kill -9 of the server in a save loop', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup) await c();
  });

  it('PGlite: every answered save is there after five restarts, and the data folder opens', { timeout: 300_000 }, async () => {
    const dataDir = await tempDir('kinfolk-kill9-');
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const figures = await crashFiveTimes({ DATA_DIR: dataDir });
    console.info(`PGlite: ${KILLS} kills, ${figures.answered} answered saves all kept, ${figures.unanswered} applied without an answer`);
  });

  it('PostgreSQL: every answered save is there after five restarts', { timeout: 300_000 }, async () => {
    const schema = await createPostgresSchema('kinfolk_kill9');
    const dataDir = await tempDir('kinfolk-kill9-');
    cleanup.push(async () => {
      await schema.drop();
      await rm(dataDir, { recursive: true, force: true });
    });
    const figures = await crashFiveTimes({ DATA_DIR: dataDir, DATABASE_URL: schema.url() });
    console.info(`PostgreSQL: ${KILLS} kills, ${figures.answered} answered saves all kept, ${figures.unanswered} applied without an answer`);
  });
});
