/**
 * How far to believe X-Forwarded-For/-Proto/-Host. Each proxy appends the address it saw to the
 * right of X-Forwarded-For, and anything to the left of what our own proxies wrote is whatever the
 * client sent. So the client's address is read exactly `hops` entries from the right, never
 * further: a forged left part changes nothing.
 */

/** TRUST_PROXY: unset, '' or '0' is off; '1' one proxy (the usual reverse proxy); 'N' that many hops. */
export function parseTrustProxy(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (text === '') return 0;
  if (!/^\d{1,2}$/.test(text)) throw new Error(`TRUST_PROXY must be the number of reverse proxies in front of the server (0, 1, 2 …), not ${value}`);
  return Number(text);
}

/** Fastify's trustProxy for that many hops: the socket peer is hop 0, the last X-Forwarded-For entry hop 1 … */
export function trustProxyOption(hops: number): false | ((address: string, hop: number) => boolean) {
  return hops > 0 ? (_address, hop) => hop < hops : false;
}
