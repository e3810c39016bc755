import { describe, expect, it } from 'vitest';
import { signInHeld, type SignInCounts } from '../../../server/http/rateLimit.ts';

/** Limits as the defaults: 10 attempts per account and address, 100 on an account in all. */
const PER_ADDRESS = 10;
const ANYWHERE = 100;

describe('signInHeld', () => {
  const cases: [string, SignInCounts, ReturnType<typeof signInHeld>][] = [
    ['a first attempt', { account: 1, here: 1, anywhere: 1 }, null],
    ['the tenth attempt from one address', { account: 10, here: 10, anywhere: 10 }, null],
    ['the eleventh attempt from one address', { account: 11, here: 11, anywhere: 11 }, 'here'],
    ['the owner from a new address after eleven guesses elsewhere', { account: 12, here: 1, anywhere: 12 }, null],
    ['a second attempt from an address once the account has had more than ten', { account: 12, here: 2, anywhere: 12 }, 'account'],
    ['a second attempt while the account has had ten', { account: 10, here: 2, anywhere: 10 }, null],
    ['a new address past the cap on the account', { account: 101, here: 1, anywhere: 101 }, 'anywhere'],
    ['the cap counts its own window: the account may have cooled', { account: 1, here: 1, anywhere: 101 }, 'anywhere'],
  ];
  it.each(cases)('%s', (_name, counts, expected) => expect(signInHeld(counts, PER_ADDRESS, ANYWHERE)).toBe(expected));
});
