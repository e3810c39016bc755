import { describe, expect, it } from 'vitest';
import { deletePerson } from '../../src/domain/relationships.ts';
import { addNew, inviteAndJoin, loadGraph, openStream, saveOk, type Stream, type Tree } from './graphHelpers.ts';
import { signedInOn, startTestServer, tempDir, useTestServer } from './helpers.ts';
import { hopperFamily, type HopperMembers } from './sharingHelpers.ts';

/**
 * A viewer may replay a tree's change log from its start (`?since=0`, `Last-Event-ID: 0`). Every
 * patch in it reaches them redacted, also when the person it is about no longer exists (deleted,
 * or a card re-keyed when its member joined): before, such a patch went out as it was written,
 * whenever no cache of the process still held what the person had been.
 */
const site = useTestServer();

type Patch = { id: string; set?: Record<string, string> };

/** Every change a stream replays up to `revision`. */
async function replay(stream: Stream, revision: number): Promise<{ data: { changes: { profiles: { upsert: Patch[] } }; privacy?: Record<string, string | null> } }[]> {
  await stream.next((e) => e.id === String(revision), 10_000);
  return stream.events.filter((e) => e.event === 'change').map((e) => ({ data: JSON.parse(e.data) }));
}

const patchesOf = (events: Awaited<ReturnType<typeof replay>>, id: string) => events.flatMap((e) => e.data.changes.profiles.upsert.filter((p) => p.id === id));

async function graceTree(h: HopperMembers): Promise<Tree> {
  return { member: h.grace, graphId: h.tree.graphId, ownerUid: h.grace.uid, saved: (await loadGraph(h.grace.client)).graph, clientId: 'grace-tab' };
}

const LENA_BIO = 'Lena keeps bees behind the school';

/** Grace adds her living niece Lena (a bio, a birth year), then deletes her. Answers Lena's profile id and the last revision. */
async function addThenDeleteLena(h: HopperMembers): Promise<{ profileId: string; revision: number }> {
  const tree = await graceTree(h);
  const lena = addNew(tree.saved, h.grace.uid, 'child', h.primary, { firstName: 'Lena', lastName: 'Hopper', birthYear: '1994', bio: LENA_BIO });
  await saveOk(tree, lena.graph);
  const gone = deletePerson(tree.saved, lena.nodeId);
  if (!gone.ok) throw new Error(gone.message);
  return { profileId: lena.profileId, revision: await saveOk(tree, gone.graph) };
}

function expectLenaRedacted(events: Awaited<ReturnType<typeof replay>>, profileId: string) {
  expect(JSON.stringify(events)).not.toContain(LENA_BIO);
  const patches = patchesOf(events, profileId);
  expect(patches.length).toBeGreaterThan(0);
  for (const p of patches) expect(p.set).toMatchObject({ firstName: 'Private', lastName: '', birthYear: '', bio: '' });
  expect(events.find((e) => e.data.changes.profiles.upsert.some((p) => p.id === profileId))!.data.privacy).toMatchObject({ [profileId]: 'living' });
}

describe('a viewer replaying the change log gets people who are gone redacted', () => {
  it('a living person saved and then deleted is replayed redacted after a restart (PGlite data folder), with ?since=0 and Last-Event-ID: 0', { timeout: 240_000 }, async () => {
    const dataDir = await tempDir();
    const first = await startTestServer(undefined, { dataDir, keepDataDir: true });
    let h: HopperMembers;
    let lena: { profileId: string; revision: number };
    try {
      h = await hopperFamily(first);
      lena = await addThenDeleteLena(h);
    } catch (e) {
      await first.close();
      throw e;
    }
    await first.close();
    const restarted = await startTestServer(undefined, { dataDir });
    try {
      const vi = signedInOn(restarted, h.vi.client);
      for (const [path, headers] of [
        [`/api/graphs/${h.tree.graphId}/events?since=0`, {}],
        [`/api/graphs/${h.tree.graphId}/events`, { 'last-event-id': '0' }],
      ] as const) {
        const stream = await openStream(vi, path, headers);
        try {
          expectLenaRedacted(await replay(stream, lena.revision), lena.profileId);
        } finally {
          stream.close();
        }
      }
    } finally {
      await restarted.close();
    }
  });

  it('the same process replays a deleted person redacted to a viewer whose stream opens after the deletion', async () => {
    const h = await hopperFamily(site.server);
    const lena = await addThenDeleteLena(h);
    const stream = await openStream(h.vi.client, `/api/graphs/${h.tree.graphId}/events?since=0`);
    try {
      expectLenaRedacted(await replay(stream, lena.revision), lena.profileId);
    } finally {
      stream.close();
    }
  });

  it('a member’s card from before they joined is replayed as they show it now (their name only), not as relatives entered it', async () => {
    const h = await hopperFamily(site.server);
    const tree = await graceTree(h);
    const jo = addNew(tree.saved, h.grace.uid, 'child', h.primary, { firstName: 'Jo', lastName: 'Hopper', birthYear: '1987', bio: 'Jo’s story as Grace tells it' });
    await saveOk(tree, jo.graph);
    const joined = await inviteAndJoin(site.server, tree, jo.nodeId, `jo${Math.random().toString(36).slice(2, 8)}@example.com`, { firstName: 'jo', lastName: 'hopper' }, 'editor');
    const revision = (await loadGraph(h.grace.client)).graph.revision!;
    const stream = await openStream(h.vi.client, `/api/graphs/${h.tree.graphId}/events?since=0`);
    try {
      const events = await replay(stream, revision);
      const text = JSON.stringify(events);
      // Neither Jo's card nor Ed's (both re-keyed when they joined) shows what Grace entered.
      expect(text).not.toContain('Jo’s story as Grace tells it');
      expect(text).not.toContain('Entered by Grace');
      for (const p of [...patchesOf(events, jo.profileId), ...patchesOf(events, h.edCard.profileId)]) expect(p.set).toMatchObject({ bio: '', birthYear: '' });
      // Their own profiles now: their name, as they chose (the default).
      for (const uid of [joined.uid, h.ed.uid]) {
        for (const p of patchesOf(events, uid)) if (p.set) expect(p.set).toMatchObject({ bio: '', birthYear: '' });
      }
      expect(patchesOf(events, joined.uid).find((p) => p.set)!.set).toMatchObject({ firstName: 'Jo', lastName: 'Hopper', bio: '', birthYear: '' });
    } finally {
      stream.close();
    }
  });
});
