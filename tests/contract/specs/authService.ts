import { expect, it } from 'vitest';
import type { AuthListener } from '../../../src/backend/ports.ts';
import type { AuthUser } from '../../../src/domain/types.ts';
import { AUTH_FAILURES, AUTH_MESSAGES, PASSWORD_TOO_SHORT } from '../../../src/domain/validation/auth.ts';
import { eventually } from '../../integration/helpers.ts';
import type { AuthSite, Browser } from '../site.ts';

/** What a listener has been told, in order ('none' for signed out). */
function follow(browser: Browser) {
  const heard: (string | null)[] = [];
  const users: (AuthUser | null)[] = [];
  const listener: AuthListener = (user) => {
    users.push(user);
    heard.push(user?.email ?? null);
  };
  const stop = browser.auth.onAuthStateChanged(listener);
  return { heard, users, stop, last: () => users.at(-1) };
}

/** Resolves once the listener has been told `count` times. */
const told = (list: unknown[], count: number) => eventually(() => (list.length >= count ? true : undefined));

const NEW_PASSWORD = 'a brand new secret';

/** AuthService (src/backend/ports.ts): sign-in, sign-out, the listener, reset e-mails, display name and photo. */
export function authServiceContract(site: AuthSite) {
  it('tells the listener once who is signed in (no one), then each sign-in and sign-out', async () => {
    const account = await site.addAccount();
    const browser = site.browser();
    const heard = follow(browser);
    await told(heard.heard, 1);
    expect(heard.heard).toEqual([null]);
    await browser.auth.signIn(account.email, account.password);
    await told(heard.heard, 2);
    await browser.auth.signOut();
    await told(heard.heard, 3);
    expect(heard.heard).toEqual([null, account.email, null]);
    heard.stop();
  });

  it('signs in with e-mail and password and answers the member (uid, e-mail, display name, photo)', async () => {
    const account = await site.addAccount();
    const browser = site.browser();
    expect(await browser.auth.signIn(account.email, account.password)).toEqual(account.user);
    const late = follow(browser);
    await told(late.users, 1);
    expect(late.users).toEqual([account.user]);
  });

  it('§8: a wrong password and an unknown address are refused alike, with the message the form shows', async () => {
    const account = await site.addAccount();
    const browser = site.browser();
    const refusal = { code: 'auth/invalid-credential', message: AUTH_FAILURES.invalidCredential };
    await expect(browser.auth.signIn(account.email, 'not the password')).rejects.toMatchObject(refusal);
    await expect(browser.auth.signIn(`nobody-${account.email}`, account.password)).rejects.toMatchObject(refusal);
    await expect(browser.auth.signIn('', account.password)).rejects.toMatchObject({ code: 'invalid-argument', message: AUTH_MESSAGES.emailAndPasswordRequired });
    await expect(browser.auth.signIn(account.email, '')).rejects.toMatchObject({ code: 'invalid-argument', message: AUTH_MESSAGES.emailAndPasswordRequired });
  });

  it('sends a reset e-mail to a known address; an unknown one resolves the same and gets nothing', async () => {
    const account = await site.addAccount();
    const browser = site.browser();
    const unknown = `nobody-${account.email}`;
    await browser.auth.sendPasswordResetEmail(unknown);
    await browser.auth.sendPasswordResetEmail(account.email);
    await site.resetCode(account.email);
    expect(await site.resetsSentTo(unknown)).toBe(0);
  });

  it("a reset e-mail's code sets a new password (§5's rules first) once; the old password stops working", async () => {
    const account = await site.addAccount();
    const browser = site.browser();
    await browser.auth.sendPasswordResetEmail(account.email);
    const code = await site.resetCode(account.email);
    await browser.auth.checkPasswordResetToken(code);
    await expect(browser.auth.confirmPasswordReset(code, 'short')).rejects.toMatchObject({ code: 'invalid-argument', message: PASSWORD_TOO_SHORT });
    await browser.auth.confirmPasswordReset(code, NEW_PASSWORD);
    const spent = { code: 'auth/reset-link-invalid', message: AUTH_FAILURES.resetLinkInvalid };
    await expect(browser.auth.checkPasswordResetToken(code)).rejects.toMatchObject(spent);
    await expect(browser.auth.confirmPasswordReset(code, 'another new secret')).rejects.toMatchObject(spent);
    await expect(browser.auth.signIn(account.email, account.password)).rejects.toMatchObject({ code: 'auth/invalid-credential' });
    expect((await browser.auth.signIn(account.email, NEW_PASSWORD)).uid).toBe(account.user.uid);
  });

  it('refuses a reset code it never sent', async () => {
    const browser = site.browser();
    await expect(browser.auth.checkPasswordResetToken('not-a-code-it-sent-0123456789abcdefghijklmno')).rejects.toMatchObject({
      code: 'auth/reset-link-invalid',
      message: AUTH_FAILURES.resetLinkInvalid,
    });
  });

  it('updates the display name and photo, tells the listener, and keeps them for the next sign-in', async () => {
    const account = await site.addAccount();
    const browser = site.browser();
    await browser.auth.signIn(account.email, account.password);
    const heard = follow(browser);
    await told(heard.users, 1);
    const photoURL = 'https://example.com/photos/ada.webp';
    const updated = await browser.auth.updateProfile({ displayName: 'Ada King', photoURL });
    expect(updated).toEqual({ ...account.user, displayName: 'Ada King', photoURL });
    await told(heard.users, 2);
    expect(heard.last()).toEqual(updated);
    expect(await browser.auth.updateProfile({ displayName: 'Countess of Lovelace' })).toEqual({ ...updated, displayName: 'Countess of Lovelace' });

    const another = site.browser();
    expect(await another.auth.signIn(account.email, account.password)).toEqual({ ...updated, displayName: 'Countess of Lovelace' });
  });

  it('refuses to update the profile of no one', async () => {
    await expect(site.browser().auth.updateProfile({ displayName: 'Nobody' })).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('§1: self-service sign-up is off, so accounts come only by invitation', async () => {
    const browser = site.browser();
    const input = { firstName: 'Ada', lastName: 'Lovelace', gender: 'Female' as const, email: 'walk-in@example.com', password: 'correct horse battery' };
    await expect(browser.auth.signUp(input)).rejects.toMatchObject({ code: 'auth/signup-disabled', message: AUTH_MESSAGES.signUpDisabled });
    await expect(browser.auth.signIn(input.email, input.password)).rejects.toMatchObject({ code: 'auth/invalid-credential' });
  });
}
