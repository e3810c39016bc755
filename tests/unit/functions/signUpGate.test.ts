import { describe, expect, it } from 'vitest';
import { checkSignUp, signUpRefusal, type SignUpFacts, type SignUpSources } from '../../../functions/src/signUpGate.ts';
import { AUTH_MESSAGES } from '../../../src/domain/validation/auth.ts';

const refused = { code: 'auth/signup-disabled', message: AUTH_MESSAGES.signUpDisabled };

describe('signUpRefusal (the blocking function’s decision)', () => {
  it.each<[string, SignUpFacts, boolean]>([
    ['an invited e-mail', { email: 'ann@example.com', invited: true, firstAccountEmail: null, hasAccounts: true }, true],
    ['an e-mail nobody invited', { email: 'ann@example.com', invited: false, firstAccountEmail: null, hasAccounts: true }, false],
    ['no e-mail at all (phone, anonymous)', { email: undefined, invited: false, firstAccountEmail: null, hasAccounts: false }, false],
    ['a blank e-mail, even with an open first-account invitation', { email: '  ', invited: true, firstAccountEmail: '', hasAccounts: false }, false],
    ['the first account, any e-mail', { email: 'first@example.com', invited: false, firstAccountEmail: '', hasAccounts: false }, true],
    ['the first account, the e-mail it names', { email: 'Admin@Example.com', invited: false, firstAccountEmail: 'admin@example.com', hasAccounts: false }, true],
    ['the first account, another e-mail than it names', { email: 'other@example.com', invited: false, firstAccountEmail: 'admin@example.com', hasAccounts: false }, false],
    ['the first-account invitation once an account exists', { email: 'first@example.com', invited: false, firstAccountEmail: '', hasAccounts: true }, false],
  ])('%s → %s', (_name, facts, allowed) => {
    const refusal = signUpRefusal(facts);
    if (allowed) expect(refusal).toBeNull();
    else expect(refusal).toMatchObject(refused);
  });
});

describe('checkSignUp', () => {
  function sources(invited: string[], first: string | null, hasAccounts: boolean) {
    const asked: string[] = [];
    const s: SignUpSources = {
      hasPendingInvitation: async (email) => (asked.push(`invitation:${email}`), invited.includes(email)),
      firstAccountEmail: async () => (asked.push('first'), first),
      hasAccounts: async () => (asked.push('accounts'), hasAccounts),
    };
    return { s, asked };
  }

  it('asks for the invitation of the normalised e-mail and nothing else when there is one', async () => {
    const { s, asked } = sources(['ann@example.com'], '', false);
    expect(await checkSignUp(' Ann@Example.COM ', s)).toBeNull();
    expect(asked).toEqual(['invitation:ann@example.com']);
  });

  it('looks at accounts only when a first-account invitation is pending', async () => {
    const none = sources([], null, true);
    expect(await checkSignUp('bob@example.com', none.s)).toMatchObject(refused);
    expect(none.asked).toEqual(['invitation:bob@example.com', 'first']);
    const first = sources([], '', false);
    expect(await checkSignUp('bob@example.com', first.s)).toBeNull();
    expect(first.asked).toEqual(['invitation:bob@example.com', 'first', 'accounts']);
  });

  it('refuses an account without an e-mail without reading anything', async () => {
    const { s, asked } = sources([], '', false);
    expect(await checkSignUp(undefined, s)).toMatchObject(refused);
    expect(asked).toEqual([]);
  });
});
