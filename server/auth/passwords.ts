import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/** @node-rs/argon2 defaults to argon2id, m=19 MiB, t=2, p=1 (the OWASP recommendation). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash; with no hash (unknown e-mail) it still spends the
 * same time on a dummy hash so the answer's timing does not tell whether the account exists.
 */
export async function checkPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
