import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { emptyChangeSet } from '../../src/domain/changeSet.ts';
import { TOO_MANY_CONNECTIONS } from '../../server/http/connections.ts';
import { createMember, eventually, startTestServer, useTestServer, type TestServer } from './helpers.ts';
import { loadGraph, openStream, postChanges } from './graphHelpers.ts';

const site = useTestServer();

/** A raw connection to the server, with what it received and a promise of its close. */
function rawSocket(server: TestServer): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
  const { hostname, port } = new URL(server.url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  return new Promise((resolve) => socket.once('connect', () => resolve({ socket, received: () => received, closed })));
}

describe('slow clients', () => {
  it('closes a request whose body has not arrived within the request timeout, a byte at a time or not at all', async () => {
    const server = await startTestServer(site.db, { requestTimeoutMs: 300 });
    try {
      const slow = await rawSocket(server);
      const started = Date.now();
      slow.socket.write(`POST /api/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
      // A byte every 50 ms: the connection is never idle, the request never complete.
      const drip = setInterval(() => slow.socket.writable && slow.socket.write(' '), 50);
      const silent = await rawSocket(server);
      try {
        const [slowClosed, silentClosed] = await Promise.all([slow.closed, silent.closed]);
        expect(slowClosed - started).toBeLessThan(5_000);
        expect(silentClosed - started).toBeLessThan(5_000);
        expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
      } finally {
        clearInterval(drip);
      }
      // The server still answers others.
      expect((await server.client().get('/api/session')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('does not cut the live stream, a request received at once and answered for long', async () => {
    const server = await startTestServer(site.db, { requestTimeoutMs: 200, liveKeepAliveMs: 50 });
    try {
      const m = await createMember(server);
      const loaded = await loadGraph(m.client);
      const stream = await openStream(m.client, `/api/graphs/${loaded.graphId}/events?since=${loaded.graph.revision}`);
      try {
        expect(stream.status).toBe(200);
        // Keep-alives for well over five request timeouts (a state, not a fixed wait).
        const started = Date.now();
        while (Date.now() - started < 5 * 200) await stream.next(() => false, 100).catch(() => undefined);
        expect(stream.comments.length).toBeGreaterThan(5);
        const saved = await postChanges(m.client, loaded.graphId, { ...emptyChangeSet(loaded.graph.revision), profiles: { upsert: [], remove: [] } });
        expect(saved.status, saved.text).toBe(200);
        const event = await stream.next((e) => e.event === 'change');
        expect(event.id).toBe(String(saved.body.revision));
      } finally {
        stream.close();
      }
    } finally {
      await server.close();
    }
  });

  it('refuses connections from one address beyond the cap with a coded 429, and takes one again once another closed', async () => {
    const server = await startTestServer(site.db, { maxConnectionsPerAddress: 3 });
    try {
      const held = await Promise.all([rawSocket(server), rawSocket(server), rawSocket(server)]);
      const refused = await rawSocket(server);
      await refused.closed;
      expect(refused.received()).toMatch(/^HTTP\/1\.1 429 /);
      expect(JSON.parse(refused.received().split('\r\n\r\n')[1]!)).toEqual({ error: { code: 'resource-exhausted', message: TOO_MANY_CONNECTIONS } });
      held[0]!.socket.destroy();
      await held[0]!.closed;
      // The server hears of the close a moment after this side: asked again until it has.
      const answer = await eventually(async () => {
        const again = await rawSocket(server);
        again.socket.write('GET /api/session HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
        await again.closed;
        return again.received().startsWith('HTTP/1.1 429') ? undefined : again.received();
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      for (const h of held) h.socket.destroy();
    } finally {
      await server.close();
    }
  });
});
