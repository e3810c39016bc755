import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TreeSummary } from '../../src/backend/ports.ts';
import { activitySentence } from '../../src/domain/activity/sinceLastVisit.ts';
import type { DigestTimers } from '../../server/activity/digestTimer.ts';
import { addNew, loadGraph, saveOk, type Tree } from './graphHelpers.ts';
import { expectError, startTestServer, useTestServer, type Client, type Member, type TestServer } from './helpers.ts';
import { hopperFamily, type HopperMembers } from './sharingHelpers.ts';
import { readableMail, startSmtpPeer } from './smtp.ts';

/**
 * Activity for the family (issue 24, item 3) on the self-hosted server: what relatives changed
 * since a member's last visit, answered with the trees list (Home's sentences and the badge),
 * cleared by opening the tree or POST …/seen, a viewer's as privacy allows, nothing once a member
 * is removed; and the opt-in digest over a real SMTP peer, its loop fired by the test on an
 * injected timer and clock (no sleeping).
 */

// The family is made on a server whose mail goes to its outbox (the helpers read invitations
// there); the digest runs on a second server over the same database, mailing a real SMTP peer.
const site = useTestServer({ server: { digests: false } });
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let mailSite: TestServer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  mailSite = await startTestServer(site.db, { smtpUrl: smtp.url, digests: { clock, timers } });
});
afterAll(async () => {
  await mailSite?.close();
  await smtp?.close();
});

/** The digest's timer: the test fires it; the clock is the test's. */
let ticks: (() => void)[] = [];
const timers: DigestTimers = {
  setInterval: (run) => {
    ticks.push(run);
    return ticks.length;
  },
  clearInterval: () => undefined,
};
let clockOffsetMs = 0;
const clock = () => new Date(Date.now() + clockOffsetMs);
const HOUR = 60 * 60 * 1000;

beforeEach(() => {
  smtp.received.length = 0;
  clockOffsetMs = 0;
});

async function treesOf(client: Client): Promise<TreeSummary[]> {
  const res = await client.get('/api/graphs');
  expect(res.status, res.text).toBe(200);
  return res.body.trees as TreeSummary[];
}

async function activityOf(member: Member, graphId: string) {
  const tree = (await treesOf(member.client)).find((t) => t.graphId === graphId);
  return tree?.activity;
}

/** Grace adds two relatives of her own card and, in a second save, edits Mary's bio. */
async function graceEdits(h: HopperMembers): Promise<void> {
  const tree: Tree = { member: h.grace, graphId: h.tree.graphId, ownerUid: h.grace.uid, saved: (await loadGraph(h.grace.client)).graph, clientId: 'grace-tab' };
  const one = addNew(tree.saved, h.grace.uid, 'child', h.primary, { firstName: 'Anne', lastName: 'Hopper', birthYear: '1900' });
  const two = addNew(one.graph, h.grace.uid, 'child', h.primary, { firstName: 'Bert', lastName: 'Hopper', birthYear: '1902' });
  await saveOk(tree, two.graph);
  const mary = tree.saved.profiles[h.mary.profileId]!;
  await saveOk(tree, { ...tree.saved, profiles: { ...tree.saved.profiles, [mary.id]: { ...mary, bio: 'Now teaches sailing' } } });
}

describe('since the last visit (Home and the badge)', () => {
  it("tells a member what others changed since they last opened the tree, never their own, and opening it clears it", async () => {
    const h = await hopperFamily(site.server);
    const graphId = h.tree.graphId;
    await loadGraph(h.ed.client);
    expect(await activityOf(h.ed, graphId)).toMatchObject({ count: 0, lines: [] });
    await graceEdits(h);
    const ed = (await activityOf(h.ed, graphId))!;
    expect(ed.count).toBe(2);
    expect(ed.lines.map(activitySentence)).toEqual(['Grace Hopper added 2 people and edited a person']);
    expect(ed.lines[0]!.actorUid).toBe(h.grace.uid);
    // Grace's own changes are not news to her.
    expect((await activityOf(h.grace, graphId))!.count).toBe(0);
    // Opening the tree is a visit: the badge clears.
    await loadGraph(h.ed.client);
    expect((await activityOf(h.ed, graphId))!.count).toBe(0);
  });

  it('POST …/seen clears it too (the tree screen closing after watching changes come live); only for members', async () => {
    const h = await hopperFamily(site.server);
    const graphId = h.tree.graphId;
    await loadGraph(h.ed.client);
    await graceEdits(h);
    expect((await activityOf(h.ed, graphId))!.count).toBe(2);
    const seen = await h.ed.client.post(`/api/graphs/${graphId}/seen`, {});
    expect(seen.status, seen.text).toBe(204);
    expect((await activityOf(h.ed, graphId))!.count).toBe(0);
    expectError(await h.stranger.client.post(`/api/graphs/${graphId}/seen`, {}), 403, 'permission-denied');
  });

  it("a viewer's activity leaves out what privacy keeps from them (Mary is living: her bio edit is not theirs to see)", async () => {
    const h = await hopperFamily(site.server);
    const graphId = h.tree.graphId;
    await loadGraph(h.vi.client);
    await graceEdits(h);
    const vi = (await activityOf(h.vi, graphId))!;
    expect(vi.count).toBe(1);
    expect(vi.lines.map(activitySentence)).toEqual(['Grace Hopper added 2 people']);
  });

  it('a member removed from the tree is told nothing more of it', async () => {
    const h = await hopperFamily(site.server);
    const graphId = h.tree.graphId;
    await loadGraph(h.ed.client);
    await graceEdits(h);
    expect((await activityOf(h.ed, graphId))!.count).toBe(2);
    expect((await h.grace.client.delete(`/api/graphs/${graphId}/members/${h.ed.uid}`)).status).toBe(204);
    expect(await activityOf(h.ed, graphId)).toBeUndefined();
    expect((await treesOf(h.ed.client)).every((t) => !t.activity?.count)).toBe(true);
  });
});

describe('the e-mail digest', () => {
  async function fire() {
    expect(ticks.length).toBeGreaterThan(0);
    for (const t of ticks) t();
    return mailSite.digests!.tick();
  }

  it('is off by default; a bad choice is a coded 400', async () => {
    const h = await hopperFamily(site.server);
    expect((await h.ed.client.get('/api/account')).body).toEqual({ viewerVisibility: 'name', digest: 'off' });
    expectError(await h.ed.client.patch('/api/account', { digest: 'hourly' }), 400, 'invalid-argument', /digest must be off, daily or weekly\./);
  });

  it('daily: a day after choosing it, one mail over SMTP with what relatives changed and a link to the Activity; nothing when nothing changed; nothing once removed', async () => {
    const h = await hopperFamily(site.server);
    const graphId = h.tree.graphId;
    await loadGraph(h.ed.client);
    const chosen = await h.ed.client.patch('/api/account', { digest: 'daily' });
    expect(chosen.body).toEqual({ viewerVisibility: 'name', digest: 'daily' });
    await graceEdits(h);

    // Not a day yet: nothing.
    clockOffsetMs = 2 * HOUR;
    await fire();
    expect(smtp.received.filter((m) => m.to.includes(h.ed.email))).toEqual([]);

    clockOffsetMs = 25 * HOUR;
    const run = await fire();
    expect(run?.sent).toBeGreaterThanOrEqual(1);
    const mails = smtp.received.filter((m) => m.to.includes(h.ed.email));
    expect(mails).toHaveLength(1);
    const text = readableMail(mails[0]!.raw);
    expect(text).toMatch(/^Subject: Your daily Kinfolk digest: 2 changes by your relatives$/m);
    expect(text).toContain('Hopper family tree');
    // (readableMail reads bytes, so the bullet before it is not compared.)
    expect(text).toContain(' Grace Hopper added 2 people and edited a person');
    expect(text).toContain(`${mailSite.url}/app/tree?tree=${graphId}&show=activity`);
    // Grace chose none: she gets none.
    expect(smtp.received.filter((m) => m.to.includes(h.grace.email))).toEqual([]);

    // The next day with nothing new: nothing is sent.
    smtp.received.length = 0;
    clockOffsetMs = 50 * HOUR;
    await fire();
    expect(smtp.received.filter((m) => m.to.includes(h.ed.email))).toEqual([]);

    // Removed from the tree: Grace's later changes never reach Ed.
    expect((await h.grace.client.delete(`/api/graphs/${graphId}/members/${h.ed.uid}`)).status).toBe(204);
    await graceEdits(h);
    clockOffsetMs = 75 * HOUR;
    await fire();
    expect(smtp.received.filter((m) => m.to.includes(h.ed.email))).toEqual([]);
  });
});
