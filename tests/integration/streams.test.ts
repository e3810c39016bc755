import { describe, expect, it } from 'vitest';
import { loadGraph, openStream } from './graphHelpers.ts';
import { PASSWORD, takeMail, useTestServer } from './helpers.ts';
import { hopperFamily } from './sharingHelpers.ts';

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
});
