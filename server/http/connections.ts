import type { Server, Socket } from 'node:net';
import { errorBody } from './errors.ts';

/**
 * What one client may hold of the server's connections: slow clients (a byte of body every few
 * seconds) must not keep sockets open for ever, nor one address take them all.
 */
export interface ConnectionLimits {
  /**
   * Time to receive a whole request, headers and body (Node's requestTimeout and headersTimeout);
   * one not in by then is answered 408 and closed. A response may take longer: the live stream
   * (server/routes/events.ts) is a request received at once and answered for hours.
   */
  requestTimeoutMs: number;
  /** Open connections per remote address; 0 for none (behind a proxy every connection is the proxy's). */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 64;

export const TOO_MANY_CONNECTIONS = 'Too many open connections from your address. Close some and try again.';

/**
 * Fastify's options for the request timeout. Node looks for requests past it every
 * connectionsCheckingInterval (30 s by default, which would let a slow body live half a minute
 * longer): at most a second here, less for the short timeouts of tests.
 */
export function timeoutOptions(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    http: { headersTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(requestTimeoutMs / 4))) },
  };
}

const REFUSAL = (() => {
  const body = JSON.stringify(errorBody('resource-exhausted', TOO_MANY_CONNECTIONS));
  return `HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
})();

/**
 * Counts the open sockets of each remote address and answers a connection beyond `max` with a
 * coded 429 before closing it (its request is never read).
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.on('error', () => undefined);
      socket.end(REFUSAL);
      socket.destroySoon();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
