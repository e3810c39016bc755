import { describe, expect, it } from 'vitest';
import { parseTrustProxy, trustProxyOption } from '../../../server/http/proxy.ts';

describe('TRUST_PROXY: the number of reverse proxies in front of the server', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['1', 1],
    [' 2 ', 2],
    ['10', 10],
  ])('%j → %d hops', (value, hops) => expect(parseTrustProxy(value)).toBe(hops));

  it.each(['true', 'yes', '-1', '1.5', '127.0.0.1', '100'])('%j is refused with a message naming the variable', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY must be the number of reverse proxies/);
  });

  it('trusts exactly that many hops, counting the socket peer as hop 0', () => {
    expect(trustProxyOption(0)).toBe(false);
    const two = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => two('10.0.0.1', hop))).toEqual([true, true, false, false]);
  });
});
