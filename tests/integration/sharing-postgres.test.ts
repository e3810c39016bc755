import { describe, expect, it } from 'vitest';
import { NOT_A_MEMBER } from '../../src/domain/permissions.ts';
import { loadGraph, openStream } from './graphHelpers.ts';
import { PASSWORD, signedInOn, usePostgresSite } from './helpers.ts';
import { hopperFamily, SECRET_BIO } from './sharingHelpers.ts';

/**
 * Sharing on a real PostgreSQL with two app processes: what ends a member's right to a stream on
 * one process ends their streams on the other at once (NOTIFY on the streams channel), and a
 * viewer's stream on one process gets another process's saves redacted.
 */
const site = usePostgresSite({ schemaPrefix: 'kinfolk_sharing', processes: 2 });

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
});
