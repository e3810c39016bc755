/**
 * Identifier formats of §3. Node ids are n{number} counted from 1001; parent→child edge ids are
 * e-{source}-{target}; spouse edge ids are sp-{a}-{b} with a and b in canonical order (see
 * `spouseEdgeId`); new profile ids start with 'pr:'; invitation tokens are 32 hex characters.
 */

/** The counter "starts after 1000": the first node is n1001. */
export const FIRST_NODE_NUMBER = 1001;

const NODE_ID = /^n(\d{1,15})$/;

export function isNodeId(id: unknown): id is string {
  return typeof id === 'string' && NODE_ID.test(id);
}

/**
 * The number of a node id, or null for ids not of the n{number} form (`NODE_ID`). Read character by
 * character: it runs for every card of a 100,000-person import, where a match object each was felt.
 */
export function nodeNumber(id: string): number | null {
  const length = id.length;
  if (length < 2 || length > 16 || id.charCodeAt(0) !== 110 /* n */) return null;
  let k = 0;
  for (let i = 1; i < length; i++) {
    const digit = id.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return null;
    k = k * 10 + digit;
  }
  return k;
}

/** Next id: one more than the largest existing node number, and never below n1001. */
export function nextNodeId(nodes: Iterable<{ id: string }>): string {
  return nodeIdAllocator(nodes)();
}

/** Hands out consecutive fresh node ids; for operations that create several nodes at once. */
export function nodeIdAllocator(nodes: Iterable<{ id: string }>): () => string {
  let max = FIRST_NODE_NUMBER - 1;
  for (const n of nodes) {
    const k = nodeNumber(n.id);
    if (k !== null && k > max) max = k;
  }
  return () => `n${++max}`;
}

/**
 * Orders node ids by their number (n999 before n1001), falling back to plain string order for ids
 * of another form, so the order is total and the same on every machine.
 */
export function compareNodeIds(a: string, b: string): number {
  const na = nodeNumber(a);
  const nb = nodeNumber(b);
  if (na !== null && nb !== null && na !== nb) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function edgeId(source: string, target: string): string {
  return `e-${source}-${target}`;
}

/** Canonical: the smaller node id (by `compareNodeIds`) comes first, so both partners agree. */
export function spouseEdgeId(a: string, b: string): string {
  const [lo, hi] = compareNodeIds(a, b) <= 0 ? [a, b] : [b, a];
  return `sp-${lo}-${hi}`;
}

export const PROFILE_ID_PREFIX = 'pr:';

/** Anything shaped like `crypto.getRandomValues`, so callers pass their own source of randomness. */
export type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

const HEX_DIGITS = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
/** The character codes of the string being made (reused: ids are made one at a time). */
const codes: number[] = [];

/**
 * `prefix` and the bytes as hex, made as one string at once: a string grown by `+=` is a chain of
 * a dozen pieces, and a 100,000-person import kept some 20 MB of those chains until it serialised
 * the ids.
 */
function hex(bytes: Uint8Array, from = 0, to = bytes.length, prefix = ''): string {
  codes.length = 0;
  for (let k = 0; k < prefix.length; k++) codes.push(prefix.charCodeAt(k));
  for (let i = from; i < to; i++) codes.push(HEX_DIGITS[bytes[i]! >> 4]!, HEX_DIGITS[bytes[i]! & 15]!);
  return String.fromCharCode.apply(null, codes);
}

/** 'pr:' plus 32 hex characters (128 random bits). */
export function newProfileId(fill: RandomFill): string {
  return hex(fill(new Uint8Array(16)), 0, 16, PROFILE_ID_PREFIX);
}

/**
 * Profile ids for many new people at once (a GEDCOM import makes 100,000): the random bits are
 * drawn `batch` ids at a time, since one call of the source per id costs more than the bits.
 */
export function profileIdSource(fill: RandomFill, batch = 4096): () => string {
  const pool = new Uint8Array(16 * batch);
  let at = pool.length;
  return () => {
    if (at === pool.length) {
      // getRandomValues gives at most 65,536 bytes per call.
      for (let k = 0; k < pool.length; k += 65536) pool.set(fill(pool.subarray(k, Math.min(pool.length, k + 65536))), k);
      at = 0;
    }
    at += 16;
    return hex(pool, at - 16, at, PROFILE_ID_PREFIX);
  };
}

/** Member uids (a member's own profile id) and 'pr:…' ids; no spaces, slashes or control chars. */
const PROFILE_ID = /^(pr:)?[A-Za-z0-9_-]{1,128}$/;

export const PROFILE_ID_INVALID = 'The profile id is not valid.';

export function isProfileId(id: unknown): id is string {
  return typeof id === 'string' && PROFILE_ID.test(id);
}

/** 32 lower-case hexadecimal characters, as made below (the database checks the same pattern). */
const INVITATION_TOKEN = /^[0-9a-f]{32}$/;

export function isInvitationToken(token: unknown): token is string {
  return typeof token === 'string' && INVITATION_TOKEN.test(token);
}

/** 128 random bits as 32 hex characters. */
export function newInvitationToken(fill: RandomFill): string {
  return hex(fill(new Uint8Array(16)));
}
