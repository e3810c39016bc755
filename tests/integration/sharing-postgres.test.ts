import { describe, expect, it } from 'vitest';
import { NOT_A_MEMBER } from '../../src/domain/permissions.ts';
import { loadGraph, openStream } from './graphHelpers.ts';
import { eventually, listenPid, PASSWORD, signedInOn, usePostgresSite, type Client } from './helpers.ts';
import { hopperFamily, SECRET_BIO } from './sharingHelpers.ts';

/**
 * Sharing on a real PostgreSQL with two app processes: what ends a member's right to a stream on
 * one process ends their streams on the other at once (NOTIFY on the streams channel), and a
 * viewer's stream on one process gets another process's saves redacted.
 */
const site = usePostgresSite({ schemaPrefix: 'kinfolk_sharing', processes: 2 });

/**
 * Runs `action` while process `i` hears no notification: its LISTEN connection is killed, and
 * killed again each time it comes back, until `action` is done; then it listens again.
 */
async function whileDeaf(i: number, action: () => Promise<void>): Promise<void> {
  const kill = () =>
    site.admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN %'`, [site.applicationName(i)]);
  await eventually(async () => (await listenPid(site, i)) ?? undefined);
  let deaf = true;
  const killing = (async () => {
    while (deaf) {
      await kill();
      await new Promise((r) => setImmediate(r));
    }
  })();
  try {
    await eventually(async () => ((await listenPid(site, i)) === undefined ? true : undefined));
    await action();
  } finally {
    deaf = false;
    await killing;
  }
  await eventually(async () => (await listenPid(site, i)) ?? undefined);
}

describe('sharing across two app processes', () => {
  it('sign-out, removal and a password change on one process close the streams open on the other', async () => {
    const [a, b] = site.servers;
    const h = await hopperFamily(a!);
    const edOnB = signedInOn(b!, h.ed.client);
    const viOnB = signedInOn(b!, h.vi.client);
    const laptop = b!.client();
    await laptop.post('/api/session', { email: h.grace.email, password: PASSWORD });
    const ed = await openStream(edOnB, `/api/graphs/${h.tree.graphId}/events`);
    const vi = await openStream(viOnB, `/api/graphs/${h.tree.graphId}/events`);
    const grace = await openStream(laptop, `/api/graphs/${h.tree.graphId}/events`);
    try {
      // Ed signs out on process A: his stream on B ends.
      expect((await h.ed.client.delete('/api/session')).status).toBe(204);
      expect((await ed.next((e) => e.event === 'closed')).data.code).toBe('unauthenticated');
      // Grace removes Vi on A: Vi's stream on B ends, her next call on B is refused.
      expect((await h.grace.client.delete(`/api/graphs/${h.tree.graphId}/members/${h.vi.uid}`)).status).toBe(204);
      expect((await vi.next((e) => e.event === 'closed')).data).toEqual({ code: 'permission-denied', message: NOT_A_MEMBER });
      expect((await viOnB.get(`/api/graphs/${h.tree.graphId}`)).status).toBe(403);
      // Grace changes her password on A: her other session's stream on B ends.
      expect((await h.grace.client.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'a new password 2' })).status).toBe(204);
      expect((await grace.next((e) => e.event === 'closed')).data.code).toBe('unauthenticated');
      await Promise.all([ed.ended, vi.ended, grace.ended]);
    } finally {
      ed.close();
      vi.close();
      grace.close();
    }
  });

  it('a viewer’s stream on one process gets another process’s saves redacted', async () => {
    const [a, b] = site.servers;
    const h = await hopperFamily(a!);
    const viOnB = signedInOn(b!, h.vi.client);
    const since = (await loadGraph(viOnB)).graph.revision;
    const stream = await openStream(viOnB, `/api/graphs/${h.tree.graphId}/events?since=${since}`);
    try {
      expect((await h.grace.client.patch(`/api/profiles/${h.mary.profileId}`, { set: { bio: `${SECRET_BIO}, again` } })).status).toBe(200);
      const e = await stream.next((x) => x.event === 'change');
      expect(JSON.stringify(e.data)).not.toContain(SECRET_BIO);
      expect(e.data.privacy).toEqual({ [h.mary.profileId]: 'living' });
    } finally {
      stream.close();
    }
  });

  /**
   * What ends or changes a member's right while the process holding their stream hears no
   * notification (its LISTEN connection dropped just then): the stream must not deliver the next
   * change under the old right. Before, an editor demoted or removed on another process kept
   * receiving every change whole.
   */
  it.each([
    ['demoted to viewer', (c: Client, graphId: string, uid: string) => c.patch(`/api/graphs/${graphId}/members/${uid}`, { role: 'viewer' }), 'reload'],
    ['removed from the tree', (c: Client, graphId: string, uid: string) => c.delete(`/api/graphs/${graphId}/members/${uid}`), 'closed'],
  ] as const)('an editor %s on one process while the other’s LISTEN connection is down gets no more changes whole there', async (_, change, ending) => {
    const [a, b] = site.servers;
    const h = await hopperFamily(a!);
    const edOnB = signedInOn(b!, h.ed.client);
    const since = (await loadGraph(edOnB)).graph.revision;
    const stream = await openStream(edOnB, `/api/graphs/${h.tree.graphId}/events?since=${since}`);
    try {
      await whileDeaf(1, async () => {
        const res = await change(h.grace.client, h.tree.graphId, h.ed.uid);
        expect(res.status, res.text).toBeLessThan(300);
      });
      const secret = `${SECRET_BIO}, told after Ed’s role changed`;
      expect((await h.grace.client.patch(`/api/profiles/${h.mary.profileId}`, { set: { bio: secret } })).status).toBe(200);
      const next = await stream.next((e) => e.event !== 'message', 15_000);
      expect(JSON.stringify(stream.events)).not.toContain(secret);
      expect(next.event).toBe(ending);
      if (ending === 'closed') expect(next.data).toEqual({ code: 'permission-denied', message: NOT_A_MEMBER });
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it('a sign-out on one process while the other’s LISTEN connection is down ends that session’s stream there before the next change', async () => {
    const [a, b] = site.servers;
    const h = await hopperFamily(a!);
    const edOnB = signedInOn(b!, h.ed.client);
    const stream = await openStream(edOnB, `/api/graphs/${h.tree.graphId}/events`);
    try {
      await whileDeaf(1, async () => {
        expect((await h.ed.client.delete('/api/session')).status).toBe(204);
      });
      const secret = `${SECRET_BIO}, told after Ed signed out`;
      expect((await h.grace.client.patch(`/api/profiles/${h.mary.profileId}`, { set: { bio: secret } })).status).toBe(200);
      const next = await stream.next((e) => e.event !== 'message', 15_000);
      expect(JSON.stringify(stream.events)).not.toContain(secret);
      expect(next).toMatchObject({ event: 'closed', data: { code: 'unauthenticated' } });
      await stream.ended;
    } finally {
      stream.close();
    }
  });
});
