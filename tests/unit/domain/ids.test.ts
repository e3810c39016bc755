import { describe, expect, it } from 'vitest';
import {
  compareNodeIds,
  edgeId,
  isInvitationToken,
  isNodeId,
  isProfileId,
  newInvitationToken,
  newProfileId,
  profileIdSource,
  nextNodeId,
  nodeIdAllocator,
  spouseEdgeId,
} from '../../../src/domain/ids.ts';

const ids = (...list: string[]) => list.map((id) => ({ id }));

describe('nextNodeId', () => {
  it.each([
    [[], 'n1001'],
    [['n1001'], 'n1002'],
    [['n1001', 'n1007', 'n1003'], 'n1008'],
    [['n5', 'n999'], 'n1001'],
    [['n1000'], 'n1001'],
    [['x', 'n-3', 'nabc', 'n1002'], 'n1003'],
    [['n20000'], 'n20001'],
  ])('%j → %s', (existing, expected) => expect(nextNodeId(ids(...existing))).toBe(expected));

  it('allocates consecutive ids', () => {
    const next = nodeIdAllocator(ids('n1004'));
    expect([next(), next(), next()]).toEqual(['n1005', 'n1006', 'n1007']);
  });
});

describe('node id format', () => {
  it.each([
    ['n1001', true],
    ['n0', true],
    ['N1001', false],
    ['n', false],
    ['n10a', false],
    ['e-n1-n2', false],
    ['', false],
  ])('%s → %s', (id, ok) => expect(isNodeId(id)).toBe(ok));
});

describe('edge ids', () => {
  it('parent → child', () => expect(edgeId('n1001', 'n1002')).toBe('e-n1001-n1002'));

  it.each([
    ['n1001', 'n1002', 'sp-n1001-n1002'],
    ['n1002', 'n1001', 'sp-n1001-n1002'],
    ['n999', 'n1001', 'sp-n999-n1001'],
    ['n1001', 'n999', 'sp-n999-n1001'],
    ['n10000', 'n9999', 'sp-n9999-n10000'],
    ['b', 'a', 'sp-a-b'],
  ])('spouse %s + %s → %s (numeric order, either way round)', (a, b, expected) => expect(spouseEdgeId(a, b)).toBe(expected));

  it('orders numerically, not as text', () => {
    expect(['n10000', 'n1001', 'n999'].sort(compareNodeIds)).toEqual(['n999', 'n1001', 'n10000']);
  });
});

describe('profile ids', () => {
  const counting = (bytes: Uint8Array) => bytes.map((_, i) => i * 17);

  it('starts with pr: and takes its randomness from the caller', () => {
    const id = newProfileId(counting);
    expect(id).toBe('pr:00112233445566778899aabbccddeeff');
    expect(isProfileId(id)).toBe(true);
  });

  it('differs with a real random source', () => {
    const fill = (b: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(b);
    expect(newProfileId(fill)).not.toBe(newProfileId(fill));
  });

  it('in batches: ids of the same form, one call of the source per batch', () => {
    let calls = 0;
    const next = profileIdSource((b) => (calls++, counting(b)), 3);
    const ids = Array.from({ length: 7 }, next);
    expect(ids[0]).toBe('pr:00112233445566778899aabbccddeeff');
    expect(ids[1]).toBe(`pr:${Array.from({ length: 16 }, (_, i) => (((16 + i) * 17) & 255).toString(16).padStart(2, '0')).join('')}`);
    expect(ids.every(isProfileId)).toBe(true);
    expect(calls).toBe(3);
    const random = profileIdSource((b) => crypto.getRandomValues(b));
    expect(new Set(Array.from({ length: 10_000 }, random)).size).toBe(10_000);
  });

  it.each([
    ['pr:abc', true],
    ['u_8f3A-x', true],
    ['', false],
    ['pr:', false],
    ['has space', false],
    ['a/b', false],
    ['x'.repeat(129), false],
  ])('isProfileId(%j) → %s', (id, ok) => expect(isProfileId(id)).toBe(ok));
});

describe('invitation tokens', () => {
  it.each([
    ['0123456789abcdef0123456789abcdef', true],
    ['0123456789ABCDEF0123456789ABCDEF', false],
    ['0123456789abcdef0123456789abcde', false],
    ['0123456789abcdef0123456789abcdef0', false],
    ['0123456789abcdeg0123456789abcdef', false],
    ['', false],
    [42, false],
  ])('%j → %s', (token, ok) => expect(isInvitationToken(token)).toBe(ok));

  it('new tokens are 32 lower-case hex characters, all different', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newInvitationToken((b) => crypto.getRandomValues(b))));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[0-9a-f]{32}$/);
  });
});
