import { describe, expect, it } from 'vitest';
import { loadGraph, openStream } from './graphHelpers.ts';
import { PASSWORD, takeMail, useTestServer } from './helpers.ts';
import type { Queryable } from '../../server/db/database.ts';
import { hopperFamily, type HopperMembers } from './sharingHelpers.ts';

const site = useTestServer();

/**
 * What ends a member's right to a live stream ends the stream at once (before, a stream kept
 * delivering after sign-out): signing out (that session's streams only) and a password reset
 * (all of the member's). Removal from a tree and password changes: roles.test.ts, account.test.ts.
 */
describe('live streams end with the right to them', () => {
  it('signing out closes that session’s streams at once; another session’s go on', async () => {
    const h = await hopperFamily(site.server);
    const phone = site.client();
    await phone.post('/api/session', { email: h.ed.email, password: PASSWORD });
    const since = (await loadGraph(h.ed.client)).graph.revision;
    const onPhone = await openStream(phone, `/api/graphs/${h.tree.graphId}/events?since=${since}`);
    const onLaptop = await openStream(h.ed.client, `/api/graphs/${h.tree.graphId}/events?since=${since}`);
    try {
      expect((await phone.delete('/api/session')).status).toBe(204);
      expect((await onPhone.next((e) => e.event === 'closed')).data).toEqual({ code: 'unauthenticated', message: 'You must be signed in.' });
      await onPhone.ended;
      await h.grace.client.patch(`/api/profiles/${h.grace.uid}`, { set: { bio: 'Still delivered to the laptop' } });
      expect((await onLaptop.next((e) => e.event === 'change')).data.changes.profiles.upsert[0].set.bio).toBe('Still delivered to the laptop');
      expect(onPhone.events.filter((e) => e.event === 'change')).toEqual([]);
    } finally {
      onPhone.close();
      onLaptop.close();
    }
  });

  it('a password reset closes every stream of the member', async () => {
    const h = await hopperFamily(site.server);
    const stream = await openStream(h.vi.client, `/api/graphs/${h.tree.graphId}/events`);
    try {
      expect((await site.client().post('/api/password-resets', { email: h.vi.email })).status).toBe(202);
      const token = await takeMail(site.server, h.vi.email, /\/reset-password\?token=([A-Za-z0-9_-]{43})/);
      expect((await site.client().post(`/api/password-resets/${token}`, { password: 'a brand new password' })).status).toBe(204);
      expect((await stream.next((e) => e.event === 'closed')).data.code).toBe('unauthenticated');
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  /**
   * A notice is only the fast way: a right lost where no notice went out (here written to the
   * database directly, as another process whose notice was missed would leave it) ends or reloads
   * the stream before its next change, and a right that still holds keeps it going.
   */
  it.each([
    ['the session ended', (db: Queryable, h: HopperMembers) => db.query('DELETE FROM sessions WHERE uid = $1', [h.ed.uid]), { event: 'closed', data: { code: 'unauthenticated' } }],
    ['the membership ended', (db: Queryable, h: HopperMembers) => db.query('DELETE FROM graph_members WHERE graph_id = $1 AND uid = $2', [h.tree.graphId, h.ed.uid]), { event: 'closed', data: { code: 'permission-denied' } }],
    ['the editor became a viewer', (db: Queryable, h: HopperMembers) => db.query(`UPDATE graph_members SET role = 'viewer' WHERE graph_id = $1 AND uid = $2`, [h.tree.graphId, h.ed.uid]), { event: 'reload' }],
    ['the editor became the owner (reads the same: goes on)', (db: Queryable, h: HopperMembers) => db.query(`UPDATE graph_members SET role = 'owner' WHERE graph_id = $1 AND uid = $2`, [h.tree.graphId, h.ed.uid]), { event: 'change' }],
  ] as const)('%s, without a notice: the stream acts on it before its next change', async (_, lose, expected) => {
    const h = await hopperFamily(site.server);
    const since = (await loadGraph(h.ed.client)).graph.revision;
    const stream = await openStream(h.ed.client, `/api/graphs/${h.tree.graphId}/events?since=${since}`);
    try {
      await lose(site.db, h);
      await h.grace.client.patch(`/api/profiles/${h.mary.profileId}`, { set: { bio: 'After the right changed' } });
      expect(await stream.next((e) => e.event !== 'message')).toMatchObject(expected);
      if (expected.event !== 'change') {
        await stream.ended;
        expect(JSON.stringify(stream.events)).not.toContain('After the right changed');
      }
    } finally {
      stream.close();
    }
  });
});
